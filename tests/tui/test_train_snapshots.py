"""Snapshots of the Mexican Train table with 2, 4 and 8 players at 80x24 and 140x40, a few moves in, a game at this
keyboard in its room (pytest-textual-snapshot; --snapshot-update redraws them)."""

from __future__ import annotations

import pytest

from domino_tui.tui.app import DominoApp

from .conftest import COACH
from .snaps_helpers import play_train

SIZES = [(80, 24), (140, 40)]


def make_train_app(players: int, seed: int) -> DominoApp:
    return DominoApp(variant="mexicantrain", players=players, seed=seed, pause=0.0, opponents=("greedy",), coach=COACH)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players,seed,moves", [(2, 3, 6), (4, 7, 5), (8, 2, 3)])
def test_train_table(snap_compare, size, players, seed, moves):
    async def run_before(pilot):
        await play_train(pilot, moves)

    assert snap_compare(make_train_app(players, seed), terminal_size=size, run_before=run_before)
