"""The coach at the one table, through the real app and a room of its process: hint, tracker, undo, review,
record, statistics, replay; and Mexican Train's tracker and undo at the train table."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from unittest.mock import patch

from domino_tui.ai.expert import ExpertBot
from domino_tui.coach import review as review_module
from domino_tui.coach.hint import units_of
from domino_tui.coach.review import choices, rate_choices
from domino_tui.coach.tracker import track
from domino_tui.engine import GameState, observe
from domino_tui.net.room import Status
from domino_tui.records import Records
from domino_tui.records.stats import HEADERS
from domino_tui.records.store import GameRecord
from domino_tui.tui import settings as settings_store
from domino_tui.tui.app import DominoApp
from domino_tui.tui.coach_desk import ReviewJob
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.screens.replay import ReplayScreen
from domino_tui.tui.screens.review import ReviewScreen
from domino_tui.tui.screens.stats import StatsScreen
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.widgets.hint_panel import HintPanel
from domino_tui.tui.widgets.snake import SnakeView
from domino_tui.tui.widgets.tracker_panel import TrackerPanel
from domino_tui.tui.widgets.tracker_panel import render as tracker_text

from .coachseat_helpers import sat_down, seated, until
from .conftest import COACH, HUMAN, make_app, play_heaviest, settle, the_game, the_room
from .snaps_helpers import train_keys
from .test_one_train_table import choose


def text_of(widget) -> str:
    return str(widget.render())


async def wait_for(pilot, done, limit: float = 20.0) -> None:
    await until([pilot], done, limit)


async def play_out(pilot) -> None:
    """Your heaviest moves, bots between, until the game is over and its dialog is up."""
    app = pilot.app
    await sat_down(pilot)
    while the_room(app).status is Status.PLAYING:
        # A stopped app leaves the room playing for good: this loop would wait on it forever.
        assert app.is_running, f"the app stopped before the hand was over (return code {app.return_code})"
        await play_heaviest(pilot, 1)
    await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))


async def test_the_hint_ranks_your_moves_as_the_expert_would_is_noted_and_the_review_takes_it_as_it_is():
    # One game for the hint and for the review that takes the hint's ranking of that decision: the review needs a
    # decision hinted, and the game played out after it.
    app = make_app("allfives", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await sat_down(pilot)
        await play_heaviest(pilot, 2)
        table = app.table
        assert isinstance(table, LineTable)
        assert len(table.observation.legal) > 1  # a decision the review rates
        ply = len(table.observation.history)
        room = the_room(app)
        obs = room.match.observe(HUMAN)  # the room's: what the seat may know
        seed = f"hint:local:{room.matches}:{room.game_number}:{room.position}"
        await pilot.press("h")
        panel = table.query_one(HintPanel)
        assert panel.wanted and panel.display
        await wait_for(pilot, lambda: panel.ranking is not None)
        hint = tuple(panel.ranking)
        expert = ExpertBot(random.Random(seed), **COACH)
        assert panel.ranking[0].move == expert.choose(obs)
        assert {r.move for r in panel.ranking} == set(obs.legal)
        shown = text_of(panel)
        assert "chance to win the match" in shown and f"★ {panel.ranking[0].move}" in shown
        assert table.coach_use.of(1, 1) == (1, 0)  # noted for the record of this game
        # A move makes the hint stale: it goes away.
        await play_heaviest(pilot, 1)
        assert not panel.wanted and not panel.display
        await play_out(pilot)
        job = app.coach.job
        await wait_for(pilot, lambda: job.result is not None)
    # The review took the hinted decision's ranking as it was, and searched the others.
    (decision,) = [d for d in job.result.decisions if d.ply == ply]
    assert decision.ranking == hint and decision.guesses == 0  # not searched again
    assert all(d.guesses > 0 for d in job.result.decisions if d.ply != ply)


async def test_a_coach_that_thinks_for_a_time_reviews_in_other_processes_started_while_the_hand_is_played():
    # Two processes even on one core: what is tested is that they start inside the app (Textual stands in for
    # stderr, which the processes' start once tripped on) and that the review comes back from them.
    app = DominoApp(variant="block", seed=3, pause=0.0, opponents=("hyperskill",))  # the coach at its own budget
    with patch.object(review_module, "free_cores", lambda: 2):
        async with app.run_test(size=(120, 40)) as pilot:
            await sat_down(pilot)
            await play_out(pilot)
            assert app.coach.warmed and review_module._POOL is not None
            job = app.coach.job
            await wait_for(pilot, lambda: job.result is not None or job.problem is not None, limit=60)
            assert job.problem is None and job.result.decisions
            assert all(d.guesses >= 4 for d in job.result.decisions)  # searched
    review_module.stop_pool()


async def test_an_app_closed_while_its_review_thinks_in_processes_leaves_no_review_waiting():
    # A review's thread once waited on the stopped pool for good, and kept the app's loop from closing (a hung
    # test run): it now gives up within a moment of the pool's stop.
    app = DominoApp(variant="classic", seed=3, pause=0.0, opponents=("hyperskill",))  # the coach at its own budget
    with patch.object(review_module, "free_cores", lambda: 2):
        async with app.run_test(size=(120, 40)) as pilot:
            await sat_down(pilot)
            await play_out(pilot)
            job = app.coach.job
            assert job is not None
        # Closed: the pool is stopped, and the review either came back before or says it was stopped.
        assert review_module._POOL is None
        done = asyncio.get_running_loop().run_in_executor(None, lambda: job.finished.wait(10))
        assert await done, "the review's thread still waits on the stopped pool"
        assert job.result is not None or "stopped" in (job.problem or "")


async def test_processes_that_cannot_start_leave_the_game_going_and_the_review_says_why():
    def cannot_start(jobs: int) -> None:
        raise OSError("no processes here")

    app = DominoApp(variant="block", seed=3, pause=0.0, opponents=("hyperskill",))  # the coach at its own budget
    with (
        patch.object(review_module, "free_cores", lambda: 2),
        patch.object(review_module, "warm_pool", cannot_start),
        patch.object(review_module, "review_pool", cannot_start),
    ):
        async with app.run_test(size=(120, 40)) as pilot:
            await play_out(pilot)  # the warm-up failed on the first move
            assert app.coach.warmed
            job = app.coach.job
            await wait_for(pilot, lambda: job.finished.is_set())
            assert job.result is None and "no processes here" in (job.problem or "")
            assert app.is_running


async def test_the_table_answers_while_the_hint_is_thought_out():
    app = make_app("partnership", seed=3)
    # A coach thinking 5 s (the pilot waits up to 1 s for a busy process after each key).
    app.coach.options = {"budget": 5.0, "samples": 10**9}
    async with app.run_test(size=(120, 40)) as pilot:
        await sat_down(pilot)
        table = app.table
        while len(the_game(app).legal_moves()) < 3:
            await play_heaviest(pilot, 1)
        await pilot.press("h")
        panel = table.query_one(HintPanel)
        assert panel.thinking
        logged = table.has_class("-log-hidden")
        await pilot.press("l")  # the log toggles at once, while the coach thinks
        assert table.has_class("-log-hidden") != logged
        assert panel.thinking
        await wait_for(pilot, lambda: not panel.thinking)
        await pilot.press("escape")
        assert not panel.wanted and not panel.display


async def test_the_tracker_shows_what_your_observation_allows():
    app = make_app("partnership", seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await sat_down(pilot)
        await play_heaviest(pilot, 3)
        table = app.table
        assert table.has_class("-tracker-hidden")  # narrower than 160 columns: off until asked
        await pilot.press("t")
        assert not table.has_class("-tracker-hidden")
        tracker = track(the_room(app).match.observe(HUMAN))
        names = ("You", "West", "Partner", "East")
        shown = text_of(table.query_one(TrackerPanel))
        assert shown == tracker_text(tracker, lambda seat: names[seat]).plain
        assert " ".join(f"{n:>2}" for n in tracker.unseen) in shown
        for seat in (1, 2, 3):
            assert names[seat] in shown
        await pilot.press("t")
        assert table.has_class("-tracker-hidden")
    wide = make_app("partnership", seed=5)
    async with wide.run_test(size=(170, 40)) as pilot:
        await sat_down(pilot)
        assert not wide.table.has_class("-tracker-hidden")


async def test_undo_takes_back_your_move_and_the_bots_replies():
    app = make_app("block", seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await sat_down(pilot)
        table = app.table
        await pilot.press("u")
        assert "Nothing to undo" in text_of(table.query_one("#message"))
        # Your decisions (a choice of moves), as the room had them before each of your moves.
        decisions: list[GameState] = []
        while len(decisions) < 2:
            game = the_game(app)
            if len(game.legal_moves()) > 1:
                decisions.append(game.copy())
            await play_heaviest(pilot, 1)
        assert the_game(app) != decisions[-1]
        for back_to in reversed(decisions):
            entries = the_room(app).seq
            assert len(the_game(app).moves) >= len(back_to.moves) + 2  # your move, and a bot's reply at least
            await pilot.press("u")
            await wait_for(pilot, lambda entries=entries: the_room(app).seq > entries)
            await settle(pilot)
            # One undo entry of the room's log takes your move and every bot's reply after it back: your decision
            # as it was.
            assert app.game is not None and app.game.room.store.entries[-1]["e"] == "undo"
            assert the_game(app) == back_to
            assert the_game(app).to_json() == back_to.to_json()
        assert table.coach_use.of(1, 1) == (0, 2)
        app.toggle_undo()  # "Undo on/off" in the palette
        await play_heaviest(pilot, 1)
        position = the_room(app).position
        await pilot.press("u")
        assert "Undo is off" in text_of(table.query_one("#message"))
        assert table.coach_use.of(1, 1) == (0, 2) and the_room(app).position == position
    assert settings_store.load()[0].undo is False


async def test_a_finished_game_is_recorded_reviewed_move_by_move_and_replayed_from_the_statistics():
    # One game played out for its review, its record and the statistics, which all read the same finished game.
    app = make_app("classic", seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_out(pilot)
        job = app.coach.job
        assert job is not None  # the hand's review, which joins the game's row of the record (below)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.has_class("-ready"), limit=60)
        result = job.result
        assert result is not None and result.decisions
        options = screen.query_one("OptionList")
        assert options.option_count == len(result.decisions)
        ranking = text_of(screen.query_one("#review-ranking-text"))
        assert "◆ yours" in ranking or f"★ {result.decisions[0].made}" in ranking
        await pilot.press("down")
        assert options.highlighted == min(1, len(result.decisions) - 1)
        # The table as it was at the decision browsed to.
        shown = screen.query_one(SnakeView)
        await wait_for(pilot, lambda: shown.board == result.decisions[options.highlighted].obs.board)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert text_of(app.screen.query_one(".dialog-title")) == "Match over"  # its dialog again (one game: the match)
        # The review joins the game's row once it is worked out (after the screen has it).
        await wait_for(pilot, lambda: [r.review_decisions for r in Records().games()[0]] == [len(result.decisions)])
        game = the_game(app)
        # The statistics list the game, and replay it.
        await pilot.press("escape")  # close the game-over dialog: the palette's commands are the table's
        await wait_for(pilot, lambda: isinstance(app.screen, LineTable) and not app.coach.outbox)
        app.coach.open_stats()
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.has_class("-ready"))
        screen = app.screen
        summary = screen.query_one("#stats-table")
        assert summary.row_count == 1
        rating = summary.get_row_at(0)[HEADERS.index("rating")]
        assert "±" in rating and rating != "25.0 ± 8.3"  # the game finished moved it
        assert "mu - 3 sigma" in str(screen.query_one("#stats-more").render())
        assert screen.query_one("#stats-games").row_count == 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        await pilot.press("right", "right")
        assert replay.index == 2
        await pilot.press("end")
        assert replay.states[replay.index] == the_game(app)
        assert "You" in text_of(replay.query_one("#replay-hands"))
    ((record,), _) = Records().games()
    assert record.review_decisions == len(result.decisions)
    assert abs(record.review_loss - result.average_loss) < 1e-9
    assert GameState.from_json(record.game) == game


async def test_the_review_shows_its_progress_until_ready():
    app = make_app("classic", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await sat_down(pilot)
        # A review still being worked out, as the screen reads it (whatever computes it).
        job = SimpleNamespace(index=0, done=2, total=5, result=None, problem=None, rated={}, seen=(0, None, [], None))
        app.push_screen(ReviewScreen(job))  # type: ignore[arg-type]
        await pilot.pause(0.1)
        screen = app.screen
        assert screen.has_class("-waiting")
        assert "2 of 5 decisions" in text_of(screen.query_one("#review-summary"))
        assert screen.query_one("ProgressBar").progress == 2


def a_hand_rated():
    """A classic hand of two quick experts (seed 4), its first seat's decisions and their ratings by a quick coach."""
    state = GameState.new("classic", random.Random(4))
    bots = [ExpertBot(random.Random(s), budget=None, samples=4) for s in range(2)]
    while not state.over:
        state.apply(bots[state.turn].choose(observe(state, state.turn)))
    todo = choices(state, 0)
    units = units_of(todo[0][1])
    return todo, units, rate_choices(0, units, todo, ExpertBot(random.Random(1), budget=None, samples=4))


async def test_the_review_fills_in_decision_by_decision_as_they_are_rated():
    # A hand's decisions, rated by a quick coach; the review screen is shown them one by one, as the worker
    # rating them in parallel would hand them over (the last first).
    todo, units, review = a_hand_rated()
    assert len(todo) >= 3
    job = ReviewJob(0, (0, units, todo, lambda seat: f"seat {seat}"), total=len(todo))
    app = make_app("classic", seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await sat_down(pilot)
        app.push_screen(ReviewScreen(job))
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and bool(app.screen.query("OptionList")))
        screen = app.screen
        options = screen.query_one("OptionList")
        assert options.option_count == 0  # nothing rated yet
        last = len(todo) - 1
        job.rated[last], job.done = review.decisions[last], 1
        await wait_for(pilot, lambda: options.option_count == len(todo))
        # The rated decision's row shows its verdict, and is the one shown; the others wait for theirs.
        assert screen.has_class("-waiting") and screen.query_one("#review-body").display
        assert not options.get_option_at_index(last).disabled
        assert str(options.get_option_at_index(last).prompt).startswith(("✓", "✗"))
        assert all(options.get_option_at_index(i).disabled for i in range(last))
        assert str(options.get_option_at_index(0).prompt).startswith("…")
        assert options.highlighted == last
        await wait_for(pilot, lambda: f"you: {todo[last][2]}" in text_of(screen.query_one("#review-hand")))
        job.rated[0], job.done = review.decisions[0], 2
        await wait_for(pilot, lambda: not options.get_option_at_index(0).disabled)
        assert str(options.get_option_at_index(0).prompt).startswith(("✓", "✗"))
        assert options.get_option_at_index(1).disabled
        job.rated.update(enumerate(review.decisions))
        job.done, job.result = len(todo), review
        await wait_for(pilot, lambda: screen.has_class("-ready"))
        assert not any(options.get_option_at_index(i).disabled for i in range(len(todo)))
        assert options.highlighted == last  # where the player was browsing


async def test_a_game_played_online_is_listed_but_has_no_replay(private_config):
    online = GameRecord(  # as the table records a room's game: the server keeps the deal
        variant="block",
        seats=("You", "people"),
        opponent="people",
        seed=0,
        game_no=1,
        result="won",
        points_for=20,
        points_against=0,
        game={},
    )
    assert Records().add(online) is None
    app = make_app("block", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await seated(pilot)
        app.coach.open_stats()
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen) and app.screen.has_class("-ready"))
        assert app.screen.query_one("#stats-games").row_count == 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert not replay.states and replay.problem
        assert text_of(replay.query_one("#replay-step")) == replay.problem


async def test_mexican_train_at_this_keyboard_has_the_tracker_and_undo():
    """The train table of a game at this keyboard: the tracker shows what your seat may know, and undo takes
    your move back (a person alone with bots), where the old local train table had neither."""
    app = DominoApp(variant="mexicantrain", seed=5, pause=0.0, opponents=("greedy",), players=3, coach=COACH)
    async with app.run_test(size=(140, 40)) as pilot:
        table = await seated(pilot)
        assert isinstance(table, TrainTable) and table.local and table.coach_here
        await wait_for(pilot, lambda: table.my_turn and the_room(app).to_act() == table.mine)
        await pilot.press("t")
        await wait_for(pilot, lambda: not table.has_class("-tracker-hidden"))
        room = the_room(app)
        expected = tracker_text(track(room.match.observe(table.mine)), lambda seat: table.names[seat])
        assert text_of(table.query_one(TrackerPanel)) == expected.plain
        decisions = []  # your observations where you had a choice, as the room had them
        while not (decisions and table.seat_view is not None and table.seat_view.can_undo):
            seen = the_room(app).match.observe(table.mine)
            if len(seen.legal) > 1:
                decisions.append(seen)
            view = table.seat_view
            for key in train_keys(table, choose(table)):
                await pilot.press(key)
            await wait_for(pilot, lambda view=view: table.seat_view is not view)
            await wait_for(pilot, lambda: table.my_turn and the_room(app).to_act() == table.mine, limit=30)
        view = table.seat_view
        await pilot.press("u")
        await wait_for(pilot, lambda: table.seat_view is not view and table.my_turn)
        after = the_room(app).match.observe(table.mine)
        assert (after.hand, after.history) == (decisions[-1].hand, decisions[-1].history)  # your decision again
        assert table.coach_use.of(1, 0) == (0, 1)


def test_the_trackers_names_never_run_into_what_follows_them() -> None:
    """A name of eight letters ("Computer", the bot at a game for two) keeps a space before its voids or its dash."""
    rng = random.Random(3)
    game = GameState.new("classic", rng)
    text = tracker_text(track(observe(game, 0)), lambda seat: ("You", "Computer")[seat]).plain
    line = next(line for line in text.splitlines() if line.startswith("Computer"))
    assert line[len("Computer")] == " ", line


async def test_a_review_finished_between_the_screens_two_looks_at_it_is_listed_whole():
    """The screen read the job's result twice, once to choose to list what was rated so far and once for the moves
    of the rows still waiting: the worker finishing in between left no moves for those rows (IndexError)."""
    todo, units, review = a_hand_rated()
    job = ReviewJob(0, (0, units, todo, lambda seat: f"seat {seat}"), total=len(todo))
    app = make_app("classic", seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await sat_down(pilot)
        screen = ReviewScreen(job)
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen and bool(screen.query("OptionList")))
        last = len(todo) - 1
        rated_so_far = {last: review.decisions[last]}  # what the screen's poll saw while the result was None
        job.rated.update(enumerate(review.decisions))
        job.done, job.result = len(todo), review
        screen.fill(rated_so_far)
        assert screen.query_one("OptionList").option_count == len(todo)
        await wait_for(pilot, lambda: screen.has_class("-ready"))
