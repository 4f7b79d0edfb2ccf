"""Snapshots of the main screens at 80x24 and 120x40, a game at this keyboard played in its room at the one line
table (pytest-textual-snapshot; --snapshot-update redraws them, docs/snapshots.md says how to look at them)."""

from __future__ import annotations

import pytest
from textual.widgets import Markdown

from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.confirm import ConfirmScreen
from domino_tui.tui.screens.help import HelpScreen
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.screens.score_sheet import ScoreSheetScreen
from domino_tui.tui.screens.tour import TourScreen

from .conftest import HUMAN, caught_up, make_app, play_heaviest, reach_a_choice, the_game, the_room
from .snaps_helpers import seated, table_of, until

SIZES = [(80, 24), (120, 40)]


at_size = pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])


@at_size
@pytest.mark.parametrize("variant,moves", [("classic", 4), ("allfives", 6), ("partnership", 3)])
def test_table(snap_compare, size, variant, moves):
    async def run_before(pilot):
        await seated(pilot)
        await play_heaviest(pilot, moves)

    assert snap_compare(make_app(variant, seed=7), terminal_size=size, run_before=run_before)


@at_size
def test_choosing_an_end(snap_compare, size):
    """A tile that fits ends coming to different things: the table asks which, the footer has the end keys."""

    async def run_before(pilot):
        table = await seated(pilot)
        tile = await reach_a_choice(pilot)
        await pilot.press(str(the_game(pilot.app).hand(HUMAN).index(tile) + 1))
        await until(pilot, lambda: table.choosing is not None)

    assert snap_compare(make_app("classic", seed=1), terminal_size=size, run_before=run_before)


SCREENS = {"n": NewGameScreen, "question_mark": HelpScreen, "s": ScoreSheetScreen}


def drawn(app, kind: type) -> bool:
    """Whether a screen of ``kind`` is in front and drawn (the help's Markdown makes its blocks after mounting)."""
    screen = app.screen
    if not isinstance(screen, kind) or not screen.is_mounted:
        return False
    return all(markdown.children for markdown in screen.query(Markdown))


@at_size
@pytest.mark.parametrize("key", ["n", "question_mark", "s"], ids=["new-game", "help", "score-sheet"])
def test_screens(snap_compare, size, key):
    async def run_before(pilot):
        await seated(pilot)
        await play_heaviest(pilot, 2)
        await pilot.press(key)
        await until(pilot, lambda: drawn(pilot.app, SCREENS[key]))
        await pilot.pause()

    assert snap_compare(make_app("allfives", seed=7), terminal_size=size, run_before=run_before)


@at_size
@pytest.mark.parametrize("variant,seed,bot", [("classic", 4, "hyperskill"), ("allfives", 1, "greedy")])
def test_end_of_hand_summary(snap_compare, size, variant, seed, bot):
    async def run_before(pilot):
        await seated(pilot)
        await play_heaviest(pilot, 60)
        await until(pilot, lambda: drawn(pilot.app, GameOverScreen))
        await pilot.pause()

    assert snap_compare(make_app(variant, seed=seed, bot=bot), terminal_size=size, run_before=run_before)


def test_too_small(snap_compare):
    async def run_before(pilot):
        # The game waits under the notice: no settling, the bots hold their moves.
        await seated(pilot, settled=False)
        await until(pilot, lambda: table_of(pilot.app).has_class("-too-small"))

    assert snap_compare(make_app("classic", seed=4), terminal_size=(50, 16), run_before=run_before)


@at_size
def test_crowded_all_fives(snap_compare, size):
    """The spinner's arms with tiles hidden from their middles at 80x24, the count, the points beside tiles."""

    async def run_before(pilot):
        await seated(pilot)
        await play_heaviest(pilot, 16)

    # A deal that, played so against the greedy scorer, still goes on with 22 tiles laid.
    assert snap_compare(make_app("allfives", seed=6, bot="greedy"), terminal_size=size, run_before=run_before)


@at_size
def test_abandon_question(snap_compare, size):
    async def run_before(pilot):
        await seated(pilot)
        await play_heaviest(pilot, 2)
        await pilot.press("n")
        await until(pilot, lambda: drawn(pilot.app, NewGameScreen))
        await pilot.press("ctrl+s")
        await until(pilot, lambda: drawn(pilot.app, ConfirmScreen))
        await pilot.pause()

    assert snap_compare(make_app("block", seed=1), terminal_size=size, run_before=run_before)


@at_size
def test_first_run_tour(snap_compare, size, monkeypatch):
    """The tour over the table of the first game (dealt behind it, the bots waiting for your first move)."""
    monkeypatch.setattr(DominoApp, "first_run_tour", True)

    async def run_before(pilot):
        table = await seated(pilot, settled=False)
        # The bot's lead shown behind the tour: your turn, as the room has it.
        await until(pilot, lambda: caught_up(table) and the_room(pilot.app).to_act() == HUMAN)
        await until(pilot, lambda: drawn(pilot.app, TourScreen))
        await pilot.pause()

    assert snap_compare(make_app("classic", seed=1), terminal_size=size, run_before=run_before)
