"""Snapshots of the main screens at 80x24 and 120x40 (pytest-textual-snapshot; --snapshot-update redraws)."""

from __future__ import annotations

import pytest

from domino_tui.tui.app import DominoApp

from .conftest import make_app, play_heaviest, settle

SIZES = [(80, 24), (120, 40)]


at_size = pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])


@at_size
@pytest.mark.parametrize("variant,moves", [("classic", 4), ("allfives", 6), ("partnership", 3)])
def test_table(snap_compare, size, variant, moves):
    async def run_before(pilot):
        await play_heaviest(pilot, moves)

    assert snap_compare(make_app(variant, seed=7), terminal_size=size, run_before=run_before)


@at_size
def test_choosing_an_end(snap_compare, size):
    async def run_before(pilot):
        await settle(pilot)
        await pilot.press("2")  # [5|6] fits both ends of the [6|6] in this deal

    app = make_app("classic", seed=1)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


@at_size
@pytest.mark.parametrize("key", ["n", "question_mark", "s"], ids=["new-game", "help", "score-sheet"])
def test_screens(snap_compare, size, key):
    async def run_before(pilot):
        await play_heaviest(pilot, 2)
        await pilot.press(key)
        await pilot.pause(0.3)

    assert snap_compare(make_app("allfives", seed=7), terminal_size=size, run_before=run_before)


@at_size
@pytest.mark.parametrize("variant,seed,bot", [("classic", 4, "hyperskill"), ("allfives", 1, "greedy")])
def test_end_of_hand_summary(snap_compare, size, variant, seed, bot):
    async def run_before(pilot):
        await play_heaviest(pilot, 60)
        await pilot.pause(0.3)

    assert snap_compare(make_app(variant, seed=seed, bot=bot), terminal_size=size, run_before=run_before)


def test_too_small(snap_compare):
    async def run_before(pilot):
        await pilot.pause(0.2)  # the game waits: no settling, the bots hold their moves

    assert snap_compare(make_app("classic", seed=4), terminal_size=(50, 16), run_before=run_before)


@at_size
def test_crowded_all_fives(snap_compare, size):
    """The spinner's arms with tiles hidden from their middles at 80x24, the count, the points beside tiles."""

    async def run_before(pilot):
        await play_heaviest(pilot, 16)

    assert snap_compare(make_app("allfives", seed=1, bot="greedy"), terminal_size=size, run_before=run_before)


@at_size
def test_abandon_question(snap_compare, size):
    async def run_before(pilot):
        await play_heaviest(pilot, 2)
        await pilot.press("n", "ctrl+s")
        await pilot.pause(0.3)

    assert snap_compare(make_app("block", seed=1), terminal_size=size, run_before=run_before)


@at_size
def test_first_run_tour(snap_compare, size, monkeypatch):
    monkeypatch.setattr(DominoApp, "first_run_tour", True)

    async def run_before(pilot):
        await pilot.pause(0.3)

    assert snap_compare(make_app("classic", seed=1), terminal_size=size, run_before=run_before)
