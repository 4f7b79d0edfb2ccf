"""A game at this keyboard, hosted by a room in the app's process at the one table, goes to the record by the same
path as a game online, with what only this keyboard's room can give: the seed and the game, so that the
statistics replay it."""

from __future__ import annotations

import asyncio

import pytest

from domino_tui.records import Records
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.replay import ReplayScreen
from domino_tui.tui.screens.stats import StatsScreen

from .conftest import COACH
from .test_line_table import play_turn
from .test_one_table_every_face import the_table, until


def local_app(variant: str = "classic", seed: int = 7) -> DominoApp:
    return DominoApp(variant=variant, seed=seed, pause=0.0, opponents=("dummy",), players=2, coach=COACH)


async def play_to_the_end(pilot, table: LineTable) -> None:
    waited = 0.0
    while table.over is None:
        assert waited < 120, "the game never ended"
        if pilot.app.screen is table and table.my_turn:
            await play_turn(pilot, table)
        else:
            await pilot.pause()
            await asyncio.sleep(0.01)
            waited += 0.01


def recorded() -> list:
    return Records().games()[0]


async def test_a_local_game_at_the_one_table_is_recorded_with_its_seed_and_replays(
    monkeypatch: pytest.MonkeyPatch, private_config
) -> None:
    monkeypatch.setattr(DominoApp, "local_rooms", True)
    app = local_app()
    async with app.run_test(size=(140, 40)) as pilot:
        await until(pilot, lambda: the_table(app) is not None and the_table(app).status == "playing")
        table = the_table(app)
        assert isinstance(table, LineTable) and table.local
        await play_to_the_end(pilot, table)
        await until(pilot, lambda: len(recorded()) == 1)
        row = recorded()[0]
        assert app.game is not None
        room = app.game.room.room
        assert row.seed == room.seed == 7
        assert row.game == room.match.to_json()["games"][0]  # the game itself: its deal and every move
        assert (row.seats, row.opponent, row.game_no) == (("You", "dummy"), "dummy", 1)
        await until(pilot, lambda: table.dialog is not None)
        await pilot.press("escape")  # the table again, then the statistics over it
        await until(pilot, lambda: app.screen is table)
        app.coach.open_stats()
        await until(pilot, lambda: isinstance(app.screen, StatsScreen) and bool(app.screen.query("#stats-games")))
        assert app.screen.query_one("#stats-games").row_count == 1
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert not replay.problem
        moves = len(room.match.match.games[0].history)
        assert moves > 0 and len(replay.states) >= moves
        await pilot.press("end")
        assert replay.states[replay.index].to_json() == row.game
