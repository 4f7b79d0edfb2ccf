"""A game at this keyboard, hosted by a room in the app's process at the one table, goes to the record by the same
path as a game online, with what only this keyboard's room can give: the seed and the game, so that the
statistics replay it."""

from __future__ import annotations

import asyncio

import pytest

from domino_tui.records import Records
from domino_tui.stored_file import StoredFile
from domino_tui.tui.app import DominoApp
from domino_tui.tui.coach_use import FILE, CoachUse
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.replay import ReplayScreen
from domino_tui.tui.screens.stats import StatsScreen
from domino_tui.tui.screens.train_table import TrainTable

from .conftest import COACH, until
from .conftest import table_of as the_table
from .snaps_helpers import train_keys as keys_for
from .test_line_table import play_turn
from .test_one_train_table import choose


def local_app(variant: str = "classic", seed: int = 7, bot: str = "dummy") -> DominoApp:
    return DominoApp(variant=variant, seed=seed, pause=0.0, opponents=(bot,), players=2, coach=COACH)


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
        await until(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.has_class("-ready"))
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


async def test_hints_and_undos_at_the_one_table_are_recorded_and_outlive_a_quit(
    monkeypatch: pytest.MonkeyPatch, private_config
) -> None:
    """A hint and an undo in the first game, a quit, the game resumed at the next start and played out: the
    record has them, from the app's own file beside the room's."""
    app = local_app()
    async with app.run_test(size=(140, 40)) as pilot:
        await until(pilot, lambda: the_table(app) is not None and the_table(app).my_turn)
        table = the_table(app)
        assert isinstance(table, LineTable)
        await pilot.press("h")
        await play_turn(pilot, table)
        await until(pilot, lambda: table.my_turn and table.seat_view is not None and table.seat_view.can_undo)
        before = table.seat_view
        await pilot.press("u")
        await until(pilot, lambda: table.seat_view is not before and table.my_turn)
        assert table.coach_use.of(1, 1) == (1, 1)
    assert (private_config / FILE).exists()  # beside the room's file, never in its log
    assert "hint" not in (private_config / "room.json").read_text()

    again = DominoApp(pause=0.0, coach=COACH)
    async with again.run_test(size=(140, 40)) as pilot:
        await until(pilot, lambda: the_table(again) is not None and the_table(again).status == "playing")
        table = the_table(again)
        assert isinstance(table, LineTable) and table.coach_use.of(1, 1) == (1, 1)
        await play_to_the_end(pilot, table)
        await until(pilot, lambda: len(recorded()) == 1)
        row = recorded()[0]
        assert (row.hints, row.undos, row.seed) == (1, 1, 7)


def test_the_counts_of_another_room_or_a_damaged_file_count_nothing(tmp_path) -> None:
    path = tmp_path / FILE
    use = CoachUse("ROOM1", file=StoredFile(path))
    use.hint(1, 2)
    use.hint(1, 2)
    use.undo(2, 1)
    kept, problem = CoachUse.load(path, "ROOM1")
    assert problem is None and kept.of(1, 2) == (2, 0) and kept.of(2, 0) == (0, 1) and kept.of(1, 0) == (2, 0)
    other, problem = CoachUse.load(path, "ROOM2")
    assert problem is None and other.of(1, 2) == (0, 0)
    path.write_text('{"format": "domino-tui coach use", "room": "ROOM1", "hints": [[1, 2, "many"]]}')
    damaged, problem = CoachUse.load(path, "ROOM1")
    assert damaged.of(1, 2) == (0, 0) and problem is not None and "could not be read" in problem
    assert not path.exists()  # moved aside, with the message saying where


@pytest.mark.parametrize("family", ["line", "train"])
async def test_the_settings_undo_switch_decides_at_a_local_table(
    family: str, monkeypatch: pytest.MonkeyPatch, private_config
) -> None:
    """The room offers undo to a person alone with bots; the palette's Undo on/off still has the last word."""
    app = local_app() if family == "line" else local_app("mexicantrain", bot="greedy")
    async with app.run_test(size=(140, 40)) as pilot:
        await until(pilot, lambda: the_table(app) is not None and the_table(app).my_turn)
        table = the_table(app)
        if isinstance(table, LineTable):
            await play_turn(pilot, table)
        else:
            assert isinstance(table, TrainTable)
            view = table.seat_view
            for key in keys_for(table, choose(table)):
                await pilot.press(key)
            await until(pilot, lambda: table.seat_view is not view)
        await until(pilot, lambda: table.my_turn and table.seat_view is not None and table.seat_view.can_undo)
        app.toggle_undo()
        assert not app.settings.undo
        before = table.seat_view
        await pilot.press("u")
        assert table.message_is_error and "Undo is off" in table.message
        assert table.coach_use.of(1, 0) == (0, 0)  # nothing asked of the room
        assert table.seat_view is before
        app.toggle_undo()
        await pilot.press("u")
        await until(pilot, lambda: table.seat_view is not before and table.my_turn)
        assert table.coach_use.of(1, 0) == (0, 1)
