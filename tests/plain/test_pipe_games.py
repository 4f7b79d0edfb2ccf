"""Whole games through a pipe, as graders play them: every screen read, checked, and answered from what it shows."""

from __future__ import annotations

import pytest

from .driver import play_game


@pytest.mark.parametrize("stage", [1, 2])
@pytest.mark.parametrize("seed", [4, 5, 6])
def test_deal_and_first_screen(stage, seed):
    typed, printed = play_game(stage, seed)
    assert typed == [] and printed


@pytest.mark.parametrize("stage", [3, 4, 5])
@pytest.mark.parametrize("seed", range(11, 19))
def test_whole_game(stage, seed):
    _typed, printed = play_game(stage, seed)
    assert printed.splitlines()[-1].startswith("Status: The game is over.")
