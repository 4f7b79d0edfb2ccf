"""Snapshots of the coach's panels and screens at 80x24 and 120x40, over a game at this keyboard in its room at
the one line table, and the hint at the train table at 80x24 (--snapshot-update redraws them)."""

from __future__ import annotations

import random

import pytest
from textual.widgets import DataTable

from domino_tui.engine import GameState
from domino_tui.records import GameRecord, Records
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.screens.replay import ReplayScreen
from domino_tui.tui.screens.review import ReviewScreen
from domino_tui.tui.screens.stats import StatsScreen
from domino_tui.tui.widgets.hint_panel import HintPanel

from .conftest import COACH, make_app, play_heaviest
from .snaps_helpers import play_train, seated, until

SIZES = [(80, 24), (120, 40)]
at_size = pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])


@at_size
def test_hint(snap_compare, size):
    async def run_before(pilot):
        table = await seated(pilot)
        await play_heaviest(pilot, 2)
        await pilot.press("h")
        panel = table.query_one(HintPanel)
        await until(pilot, lambda: panel.ranking is not None and not table.has_class("-hint-hidden"))
        await pilot.pause()

    assert snap_compare(make_app("allfives", seed=7), terminal_size=size, run_before=run_before)


def test_train_hint(snap_compare):
    """The hint at the Mexican Train table for two at 80x24: over the trains' right side, the hand below it."""

    async def run_before(pilot):
        await play_train(pilot, 4)
        table = pilot.app.screen
        await pilot.press("h")
        panel = table.query_one(HintPanel)
        await until(pilot, lambda: panel.ranking is not None and not table.has_class("-hint-hidden"))
        await pilot.pause()

    app = DominoApp(variant="mexicantrain", players=2, seed=3, pause=0.0, opponents=("greedy",), coach=COACH)
    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@at_size
def test_tracker(snap_compare, size):
    async def run_before(pilot):
        table = await seated(pilot)
        await play_heaviest(pilot, 4)
        await pilot.press("t")
        await until(pilot, lambda: not table.has_class("-tracker-hidden"))
        await pilot.pause()

    assert snap_compare(make_app("partnership", seed=5), terminal_size=size, run_before=run_before)


@at_size
def test_review(snap_compare, size):
    async def run_before(pilot):
        await seated(pilot)
        await play_heaviest(pilot, 40)
        await until(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))
        await pilot.press("r")
        await until(pilot, lambda: isinstance(screen := pilot.app.screen, ReviewScreen) and screen.has_class("-ready"))
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(make_app("classic", seed=4), terminal_size=size, run_before=run_before)


def recorded(results: str, table: bool = False) -> None:
    """Games with fixed dates in the record, for pictures that do not change with the day; ``table``: first a
    Mexican Train match among four (every seat's place)."""
    records = Records()
    if table:
        seats = ("You", "Hard", "Hard", "Easy")
        records.add(
            GameRecord(
                *("mexicantrain", seats, "Easy/Hard", 99, 1, "lost", 120, 610, {}),
                played_at="2026-11-09T20:00:00+00:00",
                places=(1, 0, 2, 3),
            )
        )
    for i, result in enumerate(results):
        rng = random.Random(i)
        variant = ("classic", "partnership")[i % 2]
        game = GameState.new(variant, rng)
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
        seats = ("You", "Hard") if variant == "classic" else ("You", "Hard", "Master", "Hard")
        records.add(
            GameRecord(
                variant=variant,
                seats=seats,
                opponent="Hard",
                seed=100 + i,
                game_no=1,
                result={"w": "won", "l": "lost", "d": "drawn"}[result],
                points_for=10 * (result == "w"),
                points_against=10 * (result == "l"),
                game=game.to_json(),
                hints=i % 3,
                undos=int(i == 2),
                played_at=f"2026-11-{10 + i:02d}T20:00:00+00:00",
                review_loss=0.5 + 0.1 * i,
                review_decisions=5,
            )
        )


def listed(app) -> bool:
    """The statistics in front with the record's games listed (the record is read in a worker thread)."""
    screen = app.screen
    return isinstance(screen, StatsScreen) and any(t.row_count for t in screen.query("#stats-games").results(DataTable))


@at_size
def test_statistics(snap_compare, size):
    recorded("wwldw", table=True)

    async def run_before(pilot):
        await seated(pilot)  # the statistics open over the table of the game in play
        pilot.app.coach.open_stats()
        await until(pilot, lambda: listed(pilot.app))
        await pilot.pause()

    assert snap_compare(make_app("classic", seed=4), terminal_size=size, run_before=run_before)


@at_size
def test_replay(snap_compare, size):
    recorded("wl")

    async def run_before(pilot):
        await seated(pilot)
        pilot.app.coach.open_stats()
        await until(pilot, lambda: listed(pilot.app))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen))
        await pilot.press("right", "right", "right", "right")
        await until(pilot, lambda: pilot.app.screen.index == 4)
        await pilot.pause()

    assert snap_compare(make_app("classic", seed=4), terminal_size=size, run_before=run_before)
