"""The Mexican Train table: whole rounds of 2, 4 and 8 players played by keys at 80x24 and 140x40 in turn, every
train's end on screen after every move of yours and every bot's; a train chosen by its key and by a click; the
round's end, the score sheet, saving and resuming; a finished match in the record and the statistics."""

from __future__ import annotations

import asyncio

import pytest
from domino_tui.tui.screens.local_train_table import TrainTableScreen

from domino_tui.engine import TrainMatch, TrainPlay, places_of
from domino_tui.records import Records
from domino_tui.records.ratings import result_of
from domino_tui.records.stats import HEADERS, result_shown
from domino_tui.tui import saved_game
from domino_tui.tui.screens.replay import ReplayScreen
from domino_tui.tui.screens.stats import StatsScreen
from domino_tui.tui.screens.train_round_over import TrainRoundOverScreen
from domino_tui.tui.screens.train_score_sheet import TrainScoreSheetScreen
from domino_tui.tui.widgets.trains import TrainsView

from .fast_input import catch_up, send_key, type_keys
from .random_walk import resize
from .train_helpers import (
    assert_every_train_end_visible,
    heaviest,
    keys_for_train,
    make_train_app,
    settle_train,
)

SIZES = [(80, 24), (140, 40)]


# Seeds whose first round is short for a table of that size (fewer than twenty of your moves), so that whole
# rounds stay a few seconds each.
SHORT_ROUNDS = {2: 1, 8: 20}


# The fewest and the most trains through the pilot; test_train_layout.py checks 2, 4 and 8 at every size headless.
@pytest.mark.parametrize("players", [2, 8])
async def test_a_whole_round_by_keys_with_every_train_end_in_view(players):
    """Keys are typed as the terminal sends them and the app catches up without drawing every frame (the random
    walk's way: drawing costs far more than the game), and after every move the ends are checked on the layout."""
    app = make_train_app(players, seed=SHORT_ROUNDS[players])
    checked = []
    async with app.run_test(size=SIZES[0]) as pilot:
        table = app.screen
        assert isinstance(table, TrainTableScreen)
        original = table.redraw

        def redraw_and_note() -> None:
            # After every move (yours and each bot's) the table redraws.
            original()
            checked.append(table.session.moves_made)

        table.redraw = redraw_and_note  # type: ignore[method-assign]
        await settle_train(pilot)
        moves = 0
        while not table.session.round_over:
            if moves % 4 == 2:
                resize(app, SIZES[(moves // 4) % 2 ^ 1])  # 140x40 and 80x24 in turn, four moves each
                await catch_up(pilot)
            assert_every_train_end_visible(table)
            before = table.session.moves_made
            for key in keys_for_train(table, heaviest(table)):
                send_key(app, key)
            await until_your_turn(pilot, table)
            assert table.session.moves_made > before, "the keys made no move"
            if app.screen is table:
                assert_every_train_end_visible(table)
            moves += 1
        await pilot.pause(0.2)
        assert isinstance(app.screen, TrainRoundOverScreen)
        # The round's points are the hands' pips as the engine scores them, and they are on the score sheet.
        assert table.session.match.sheet[0] == table.session.round.points()
        assert moves > 3 and len(checked) > moves
        # Enter deals the next round, one double lower.
        await pilot.press("enter")
        await settle_train(pilot)
        assert table.session.round_index == 1 and table.session.hub == 11 and app.screen is table


async def until_your_turn(pilot, table, limit: int = 2000) -> None:
    for _ in range(limit):
        await catch_up(pilot)
        session = table.session
        if session.round_over or (table.thinking is None and session.human_to_act):
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the bots never gave the turn back")


async def test_a_train_is_chosen_by_its_key():
    app = make_train_app(4, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen
        move = await reach_a_choice_of_trains(pilot, table)
        session = table.session
        await type_keys(pilot, *keys_for_train(table, move)[:-1])
        await pilot.pause()
        assert table.choosing is not None and set(table.choosing[1]) == set(session.trains_for(move.tile))
        assert set(table.query_one(TrainsView).targets) == set(table.choosing[1])
        count = len(session.round.train(move.train))
        await pilot.press(session.train_key_of(move.train))
        await settle_train(pilot)
        assert session.round.train(move.train)[count] == move.tile


async def test_a_train_is_chosen_by_a_click_on_its_row():
    app = make_train_app(4, seed=11)
    async with app.run_test(size=(140, 40)) as pilot:
        table = app.screen
        move = await reach_a_choice_of_trains(pilot, table)
        session = table.session
        await type_keys(pilot, *keys_for_train(table, move)[:-1])
        await pilot.pause()
        view = table.query_one(TrainsView)
        x, y, w, h = view.picture().rows[move.train]
        count = len(session.round.train(move.train))
        assert await pilot.click(TrainsView, offset=(x + w - 2, y + view._offset[1] + h // 2))
        await settle_train(pilot)
        assert session.round.train(move.train)[count] == move.tile


async def reach_a_choice_of_trains(pilot, table) -> TrainPlay:
    """Play on until a tile of yours fits more than one train; a play of it on the last of them."""
    await settle_train(pilot)
    for _ in range(200):
        session = table.session
        assert not session.round_over, "no choice of trains came up"
        for m in session.legal():
            if isinstance(m, TrainPlay) and len(session.trains_for(m.tile)) > 1:
                return max((p for p in session.legal() if p.tile == m.tile), key=lambda p: p.train)
        await type_keys(pilot, *keys_for_train(table, heaviest(table)))
        await settle_train(pilot)
    raise AssertionError("no choice of trains came up")


async def test_a_key_for_a_train_the_tile_does_not_fit_says_so_and_changes_nothing():
    app = make_train_app(4, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen
        move = await reach_a_choice_of_trains(pilot, table)
        session = table.session
        await type_keys(pilot, *keys_for_train(table, move)[:-1])
        wrong = next(t for t in range(session.rules.trains) if t not in table.choosing[1])
        before = session.moves_made
        await pilot.press(session.train_key_of(wrong))
        await pilot.pause()
        assert session.moves_made == before and table.choosing is not None
        assert "-error" in table.query_one("#message").classes
        await pilot.press("escape")
        assert table.choosing is None


async def test_the_score_sheet_and_a_saved_round_resumed(private_config):
    app = make_train_app(3, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.screen
        await settle_train(pilot)
        for _ in range(3):
            await type_keys(pilot, *keys_for_train(table, heaviest(table)))
            await settle_train(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TrainScoreSheetScreen)
        await pilot.press("escape")
        history = [e.to_json() for e in table.session.round.history]
    resumed, problem = saved_game.load()
    assert problem is None and resumed is not None
    assert [e.to_json() for e in resumed.round.history] == history
    assert resumed.players == 3 and resumed.seed == 5


async def test_the_new_game_screen_starts_mexican_train_for_six_and_back_to_a_line_game():
    from domino_tui.tui.screens.table import TableScreen
    from textual.widgets import Select

    from domino_tui.tui.screens.new_game import NewGameScreen

    from .conftest import make_app, settle

    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("n")
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
        assert isinstance(table, TrainTableScreen)
        assert table.session.players == 6 and table.session.rules.trains == 7
        assert app.settings.players == 6 and app.settings.bots == ("greedy",) * 5
        await type_keys(pilot, *keys_for_train(table, heaviest(table)))
        await settle_train(pilot)
        # Back to a line game: its own table takes the train table's place (after asking to abandon this one).
        await pilot.press("n")
        screen = app.screen
        screen.query_one("#variant", Select).value = "block"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")  # abandon the match in progress
        await settle(pilot)
        assert isinstance(app.screen, TableScreen) and app.session.rules.name == "block"
        assert not any(isinstance(s, TrainTableScreen) for s in app.screen_stack)


async def test_the_match_ends_after_thirteen_rounds_with_the_lowest_total_winning(private_config):
    """A whole match, every seat played by the greedy bot through the session, then the end-of-match dialog."""
    from domino_tui.ai import make_bot
    from domino_tui.engine.train_observation import observe_match

    app = make_train_app(3, seed=9)
    async with app.run_test(size=(100, 30)) as pilot:
        table = app.screen
        await settle_train(pilot)
        table.workers.cancel_group(table, "bot")
        table.token += 1  # the table's own bots stand aside while this test plays every seat
        session = table.session
        me = make_bot("greedy", None)
        while not session.match_over:
            if session.round_over:
                session.next_round()
            seat = session.round.turn
            session.round.apply(me.choose_train(observe_match(session.match, seat)))
        assert len(session.match.rounds) == 13 and session.hub == 0
        totals = session.totals()
        assert totals == tuple(sum(row[s] for row in session.match.sheet) for s in range(3))
        winners = [session.name(s) for s in range(3) if totals[s] == min(totals)]
        text = session.match_text()
        assert all(name in text for name in winners) and str(min(totals)) in text
        table.advance()
        await pilot.pause(0.2)
        over = app.screen
        assert isinstance(over, TrainRoundOverScreen) and over.primary == "again"
        await pilot.press("s")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, TrainScoreSheetScreen)
        assert sheet.query_one("#sheet").row_count == 14  # thirteen rounds and the totals
        # The match is in your record, every seat ranked by its total, and on the statistics screen.
        while app.coach.outbox:
            await pilot.pause(0.02)
        [record] = Records().games()[0]
        assert record.places == places_of(totals, lowest_wins=True) and record.seats == ("You", "greedy", "greedy")
        assert record.result == result_of(record.places, 0) and record.points_for == totals[0]
        assert TrainMatch.from_json(record.game).totals == totals  # kept whole: nothing lost
        app.coach.open_stats()
        await pilot.pause(0.3)
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        row = stats.query_one("#stats-table").get_row_at(0)
        assert row[:3] == ["mexicantrain", "greedy", "1"] and row[HEADERS.index("rating")] != "25.0 ± 8.3"
        assert stats.query_one("#stats-games").get_row_at(0)[4] == result_shown(record)
        await pilot.press("enter")
        await pilot.pause(0.1)
        assert isinstance(app.screen, ReplayScreen) and app.screen.problem and not app.screen.states
    assert saved_game.load()[0] is None  # a finished match leaves no save behind
