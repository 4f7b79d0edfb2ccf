"""Mexican Train at this keyboard: a room in the app's process shown by the train table (`TrainTable`, the same
as online). Whole rounds of 2 and 8 players played by keys at 80x24 and 140x40 in turn, every train's end on
screen after every move of yours; a train chosen by its key and by a click; the round's end, the score sheet, the
room kept and resumed; a finished match in the record and the statistics. Every rule is checked against the
room's own match (train_helpers.the_round), never read through the table."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from textual.widgets import Select

from domino_tui.ai import make_bot
from domino_tui.engine import TrainMatch, TrainPlay, observe_match, places_of
from domino_tui.net.local import LocalRoom
from domino_tui.net.room import Status
from domino_tui.records import Records
from domino_tui.records.ratings import result_of
from domino_tui.records.stats import HEADERS, result_shown
from domino_tui.tui import local_game
from domino_tui.tui.app import DominoApp
from domino_tui.tui.local_game import in_progress, room_path
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.over_dialog import TrainRoundOverScreen
from domino_tui.tui.screens.replay import ReplayScreen
from domino_tui.tui.screens.score_sheet import TrainScoreSheetScreen
from domino_tui.tui.screens.stats import StatsScreen
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.table_options import room_options
from domino_tui.tui.train_words import train_key
from domino_tui.tui.widgets.trains import TrainsView

from .conftest import COACH, HUMAN, make_app, settle, the_room, until
from .fast_input import catch_up, send_key, type_keys
from .train_helpers import (
    assert_every_train_end_visible,
    at_the_table,
    heaviest,
    keys_for_train,
    make_train_app,
    my_turn_shown,
    resize,
    round_over_shown,
    settle_train,
    the_played,
    the_round,
    the_train_match,
    train_table,
    trains_for,
)

SIZES = [(80, 24), (140, 40)]


# Seeds whose first round is short for a table of that size (fewer than twenty of your moves), so that whole
# rounds stay a few seconds each.
SHORT_ROUNDS = {2: 32, 8: 23}
ROUNDS = 2  # a short match's: more than one round, not the thirteen of a match played whole


async def seated(pilot) -> TrainTable:
    """The app's train table once the room's first deal is on it and it is your turn."""
    await settle_train(pilot)
    table = train_table(pilot.app)
    assert table is not None and table.local
    return table


# The fewest and the most trains through the pilot; test_train_layout.py checks 2, 4 and 8 at every size headless.
@pytest.mark.parametrize("players", [2, 8])
async def test_a_whole_round_by_keys_with_every_train_end_in_view(players):
    """Keys are typed as the terminal sends them and the app catches up without drawing every frame (the random
    walk's way: drawing costs far more than the game), and after every move the ends are checked on the layout."""
    app = make_train_app(players, seed=SHORT_ROUNDS[players])
    drawn = []
    async with app.run_test(size=SIZES[0]) as pilot:
        table = await seated(pilot)
        assert the_round(app).players == players
        original = table.redraw

        def redraw_and_note() -> None:
            # After every move (yours and the bots') the table redraws.
            original()
            drawn.append(len(table.observation.history) if table.observation else 0)

        table.redraw = redraw_and_note  # type: ignore[method-assign]
        moves = 0
        while the_room(app).status is Status.PLAYING:
            if moves % 4 == 2:
                resize(app, SIZES[(moves // 4) % 2 ^ 1])  # 140x40 and 80x24 in turn, four moves each
                await catch_up(pilot)
            assert_every_train_end_visible(table)
            before = len(the_round(app).moves)
            for key in keys_for_train(table, heaviest(app)):
                send_key(app, key)
            await until_your_turn(pilot, table)
            assert len(the_round(app).moves) > before, "the keys made no move"
            if app.screen is table:
                assert_every_train_end_visible(table)
            moves += 1
        await settle_train(pilot)
        over = app.screen
        assert isinstance(over, TrainRoundOverScreen)
        # The round's points are the hands' pips as the engine scores them, on the sheet and in the dialog.
        match = the_train_match(app)
        points = the_round(app).points()
        assert match.sheet[0] == points
        assert [p for _, _, p, _ in over.about.hands] == list(points)
        # A match at this keyboard is the rules' thirteen rounds.
        assert the_played(app).rounds == 13 and over.about.title == "Round 1 of 13 over"
        assert moves > 3 and len(drawn) > moves and max(drawn) == len(the_round(app).history)
        # Enter deals the next round, one double lower.
        await pilot.press("enter")
        await settle_train(pilot)
        assert the_room(app).game_number == 2 and the_round(app).engine == 11 and app.screen is table


async def until_your_turn(pilot, table, limit: int = 4000) -> None:
    for _ in range(limit):
        await catch_up(pilot)
        if my_turn_shown(table) or round_over_shown(table):
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the bots never gave the turn back")


async def reach_a_choice_of_trains(pilot, table: TrainTable) -> TrainPlay:
    """Play on until a tile of yours fits more than one train; a play of it on the last of them."""
    app = pilot.app
    await settle_train(pilot)
    for _ in range(200):
        assert the_room(app).status is Status.PLAYING, "no choice of trains came up"
        plays = [m for m in the_round(app).legal_moves() if isinstance(m, TrainPlay)]
        for m in plays:
            if len(trains_for(app, m)) > 1:
                return max((p for p in plays if p.tile == m.tile), key=lambda p: p.train)
        await type_keys(pilot, *keys_for_train(table, heaviest(app)))
        await settle_train(pilot)
    raise AssertionError("no choice of trains came up")


async def test_a_train_is_chosen_by_its_key_and_one_the_tile_does_not_fit_changes_nothing():
    """The tile's key asks which train, the trains it fits marked; a key for a train it does not fit says so and
    changes nothing; Esc gives up the choice; the tile's key and then its train's key play it there."""
    app = make_train_app(4, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot)
        move = await reach_a_choice_of_trains(pilot, table)
        rules = the_round(app).rules
        fits = set(trains_for(app, move))
        *tile_keys, train = keys_for_train(table, move)
        await type_keys(pilot, *tile_keys)
        assert table.choosing is not None and set(table.choosing[1]) == fits
        assert set(table.query_one(TrainsView).targets) == fits
        # A train the tile does not fit: said, and nothing changes.
        wrong = next(t for t in range(rules.trains) if t not in fits)
        position = the_room(app).position
        await type_keys(pilot, train_key(rules, wrong))
        await pilot.pause()
        assert the_room(app).position == position and table.choosing is not None
        assert table.message_is_error and str(move.tile) in table.message
        await pilot.press("escape")
        assert table.choosing is None and not table.query_one(TrainsView).targets
        # The tile again, and its train by key.
        count = len(the_round(app).train(move.train))
        await type_keys(pilot, *tile_keys, train)
        await settle_train(pilot)
        assert the_round(app).train(move.train)[count] == move.tile


async def test_a_train_is_chosen_by_a_click_on_its_row():
    app = make_train_app(4, seed=11)
    async with app.run_test(size=(140, 40)) as pilot:
        table = await seated(pilot)
        move = await reach_a_choice_of_trains(pilot, table)
        await type_keys(pilot, *keys_for_train(table, move)[:-1])
        assert table.choosing is not None
        view = table.query_one(TrainsView)
        x, y, w, h = view.picture().rows[move.train]
        count = len(the_round(app).train(move.train))
        assert await pilot.click(TrainsView, offset=(x + w - 2, y + view._offset[1] + h // 2))
        await settle_train(pilot)
        assert the_round(app).train(move.train)[count] == move.tile


async def test_the_score_sheet_and_a_saved_round_resumed(private_config):
    """s opens the score sheet of the round in play; on quitting, the room's file keeps the round, and the next
    start sits you down at the same round, your hand and every train as they were."""
    app = make_train_app(3, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot)
        for _ in range(3):
            await type_keys(pilot, *keys_for_train(table, heaviest(app)))
            await settle_train(pilot)
        await pilot.press("s")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, TrainScoreSheetScreen)
        assert sheet.about.rounds == ((1, 12, (None, None, None)),) and sheet.about.totals == (0, 0, 0)
        assert sheet.query_one("#sheet").row_count == 2  # the round in play and the totals
        await pilot.press("escape")
        assert app.screen is table
        kept = the_train_match(app).to_json()
        seed = the_room(app).seed
        hand = table.observation.hand
    assert room_path().exists() and seed == 5
    again = DominoApp(coach=COACH)  # nothing asked for on the command line: the game kept is resumed
    async with again.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot)
        assert the_train_match(again).to_json() == kept and the_room(again).seed == 5
        assert the_round(again).players == 3 and table.observation.hand == hand
        assert_every_train_end_visible(table)


async def open_new_game(pilot) -> None:
    """The new-game screen, as the command palette's New game opens it."""
    pilot.app.action_new_game()
    await pilot.pause()


async def test_the_new_game_screen_starts_mexican_train_for_six_and_back_to_a_line_game():
    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await at_the_table(pilot)
        await open_new_game(pilot)
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#variant", Select).value = "mexicantrain"
        await pilot.pause()
        assert screen.query_one("#players").display and not screen.query_one("#seat-0").display
        # Only the levels and bots that play trains are offered, and no person at this keyboard.
        levels = [value for _, value in screen.query_one("#level", Select)._options]
        assert "person" not in levels and "greedy" in levels
        screen.query_one("#players", Select).value = 6
        screen.query_one("#level", Select).value = "greedy"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle_train(pilot)
        table = app.screen
        assert isinstance(table, TrainTable)
        state = the_round(app)
        assert state.players == 6 and state.rules.trains == 7 and len(table.observation.trains) == 7
        assert app.settings.players == 6 and app.settings.bots == ("greedy",) * 5
        assert [s.level for s in the_room(app).seats[1:]] == ["greedy"] * 5
        await type_keys(pilot, *keys_for_train(table, heaviest(app)))
        await settle_train(pilot)
        # Back to a line game: its own table takes the train table's place (after asking to abandon this one).
        await open_new_game(pilot)
        screen = app.screen
        screen.query_one("#variant", Select).value = "block"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")  # abandon the match in progress
        await settle(pilot)
        assert isinstance(app.screen, LineTable) and the_room(app).options.variant == "block"
        assert not any(isinstance(s, TrainTable) for s in app.screen_stack)


async def test_the_match_ends_after_its_last_round_with_the_lowest_total_winning(private_config, monkeypatch):
    """A match of the room's length: thirteen rounds unless the room is made for fewer (its ``games``), here two,
    your moves made by the greedy bot's choice as the table's keys make them, the bots' in the room, Enter in each
    round's dialog dealing the next. At the end the dialog says who won with the lowest total and offers another
    match, the score sheet has every round; the match is in your record and on the statistics screen, and the
    room's file keeps a match no longer in progress."""
    monkeypatch.setattr(local_game, "room_options", lambda settings: replace(room_options(settings), games=ROUNDS))
    # Seed 46's two rounds take the greedy seats about 130 moves (seed 9's, about 330).
    app = make_train_app(3, seed=46)
    me = make_bot("greedy", None)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await seated(pilot)
        assert the_played(app).rounds == ROUNDS and table.rounds == ROUNDS
        while the_room(app).status is not Status.OVER:
            if the_room(app).status is Status.BETWEEN and round_over_shown(table) and app.screen is not table:
                assert isinstance(app.screen, TrainRoundOverScreen) and app.screen.about.buttons[0][0] == "next"
                send_key(app, "enter")  # the next round
            elif my_turn_shown(table):
                table._move(me.choose_train(observe_match(the_train_match(app), HUMAN)))  # as its keys do
            await catch_up(pilot)
            await asyncio.sleep(0.001)
        await settle_train(pilot)
        match = the_train_match(app)
        assert len(match.rounds) == ROUNDS and the_played(app).over and the_round(app).engine == 12 - ROUNDS + 1
        totals = match.totals
        assert totals == tuple(sum(row[s] for row in match.sheet) for s in range(3))
        over = app.screen
        assert isinstance(over, TrainRoundOverScreen) and over.about.buttons[0][0] == "again"
        names = ("You", "Ana", "Ben")
        winners = [names[s] for s in range(3) if totals[s] == min(totals)]
        text = " ".join(over.about.lines)
        assert all(name in text for name in winners) and f"{min(totals)} points, the lowest total" in text
        await pilot.press("s")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, TrainScoreSheetScreen)
        assert sheet.query_one("#sheet").row_count == ROUNDS + 1  # every round and the totals
        assert sheet.about.totals == totals
        # The match is in your record, every seat ranked by its total, and on the statistics screen.
        while app.coach.outbox:
            await pilot.pause(0.02)
        [record] = Records().games()[0]
        assert record.places == places_of(totals, lowest_wins=True) and record.seats == ("You", "greedy", "greedy")
        assert record.result == result_of(record.places, 0) and record.points_for == totals[0]
        assert TrainMatch.from_json(record.game).totals == totals  # kept whole: nothing lost
        app.coach.open_stats()
        await until(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.has_class("-ready"))
        stats = app.screen
        row = stats.query_one("#stats-table").get_row_at(0)
        assert row[:3] == ["mexicantrain", "greedy", "1"] and row[HEADERS.index("rating")] != "25.0 ± 8.3"
        assert stats.query_one("#stats-games").get_row_at(0)[4] == result_shown(record)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert isinstance(app.screen, ReplayScreen) and app.screen.problem and not app.screen.states
    # The room's file keeps the match over: nothing in progress, so a new match starts without asking.
    kept, problem = LocalRoom.restore(room_path())
    assert problem is None and kept is not None and kept.room.status is Status.OVER and not in_progress(kept)
