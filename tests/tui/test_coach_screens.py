"""The coach at the table, through the real app: hint, tracker, undo, review, record, statistics, replay."""

from __future__ import annotations

import random

from domino_tui.ai.expert import ExpertBot
from domino_tui.coach.tracker import track
from domino_tui.engine import GameState
from domino_tui.records import Records
from domino_tui.records.stats import HEADERS
from domino_tui.tui import settings as settings_store
from domino_tui.tui.screens.replay import ReplayScreen
from domino_tui.tui.screens.review import ReviewScreen
from domino_tui.tui.screens.stats import StatsScreen
from domino_tui.tui.session import HUMAN
from domino_tui.tui.widgets.hint_panel import HintPanel
from domino_tui.tui.widgets.tracker_panel import TrackerPanel

from .conftest import COACH, make_app, play_heaviest, settle


async def wait_for(pilot, done, limit: float = 20.0) -> None:
    waited = 0.0
    while not done():
        assert waited < limit, "timed out"
        await pilot.pause(0.05)
        waited += 0.05


def text_of(widget) -> str:
    return str(widget.render())


async def test_the_hint_ranks_your_moves_as_the_expert_would_and_is_noted():
    app = make_app("allfives", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_heaviest(pilot, 2)
        table = app.table
        session = table.session
        obs = session.observation(HUMAN)
        seed = f"hint:{session.seed}:{session.game_index}:{len(session.game.moves)}"
        await pilot.press("h")
        panel = table.query_one(HintPanel)
        assert panel.wanted and panel.display
        await wait_for(pilot, lambda: panel.ranking is not None)
        expert = ExpertBot(random.Random(seed), **COACH)
        assert panel.ranking[0].move == expert.choose(obs)
        assert {r.move for r in panel.ranking} == set(obs.legal)
        shown = text_of(panel)
        assert "chance to win the match" in shown and f"★ {panel.ranking[0].move}" in shown
        assert session.hints == {0: 1}
        # A move makes the hint stale: it goes away.
        await play_heaviest(pilot, 1)
        assert not panel.wanted and not panel.display


async def test_the_table_answers_while_the_hint_is_thought_out():
    app = make_app("partnership", seed=3)
    # A coach thinking 5 s (the pilot waits up to 1 s for a busy process after each key).
    app.coach.options = {"budget": 5.0, "samples": 10**9}
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.table
        while len(table.session.game.legal_moves()) < 3:
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
        await play_heaviest(pilot, 3)
        table = app.table
        assert table.has_class("-tracker-hidden")  # narrower than 160 columns: off until asked
        await pilot.press("t")
        assert not table.has_class("-tracker-hidden")
        tracker = track(table.session.observation(HUMAN))
        shown = text_of(table.query_one(TrackerPanel))
        assert " ".join(f"{n:>2}" for n in tracker.unseen) in shown
        for seat in (1, 2, 3):
            assert table.session.name(seat) in shown
        await pilot.press("t")
        assert table.has_class("-tracker-hidden")
    wide = make_app("partnership", seed=5)
    async with wide.run_test(size=(170, 40)) as pilot:
        await settle(pilot)
        assert not wide.table.has_class("-tracker-hidden")


async def test_undo_takes_back_your_move_and_the_bots_replies():
    app = make_app("block", seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.table
        await pilot.press("u")
        assert "Nothing to undo" in text_of(table.query_one("#message"))
        before = table.session.game.copy()
        await play_heaviest(pilot, 2)
        assert table.session.game != before
        await pilot.press("u")
        await settle(pilot)
        await pilot.press("u")
        await settle(pilot)
        assert table.session.game == before
        assert table.session.undos == {0: 2}
        app.toggle_undo()  # "Undo on/off" in the palette
        await play_heaviest(pilot, 1)
        await pilot.press("u")
        assert "Undo is off" in text_of(table.query_one("#message"))
        assert table.session.undos == {0: 2}
    assert settings_store.load()[0].undo is False


async def test_a_finished_game_is_recorded_and_reviewed_move_by_move():
    app = make_app("classic", seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_heaviest(pilot, 40)
        await pilot.pause(0.2)
        job = app.coach.job
        assert job is not None and job.record_uid is not None
        await pilot.press("r")
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await wait_for(pilot, lambda: screen.has_class("-ready"))
        result = job.result
        assert result is not None and result.decisions
        options = screen.query_one("OptionList")
        assert options.option_count == len(result.decisions)
        ranking = text_of(screen.query_one("#review-ranking-text"))
        assert "◆ yours" in ranking or f"★ {result.decisions[0].made}" in ranking
        await pilot.press("down")
        assert options.highlighted == min(1, len(result.decisions) - 1)
        await pilot.press("escape")
        await pilot.pause(0.2)
        assert "Game over" in text_of(app.screen.query_one(".dialog-title"))
    (record,) = Records().games()[0]
    assert record.review_decisions == len(result.decisions)
    assert abs(record.review_loss - result.average_loss) < 1e-9
    assert GameState.from_json(record.game) == app.session.game


async def test_the_review_shows_its_progress_until_ready():
    from domino_tui.tui.coach_desk import ReviewJob
    from domino_tui.tui.session import Session
    from domino_tui.tui.settings import Settings

    app = make_app("classic", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        job = ReviewJob(Session(Settings(), 1), 0, None, done=2, total=5)
        app.push_screen(ReviewScreen(job))
        await pilot.pause(0.1)
        screen = app.screen
        assert screen.has_class("-waiting")
        assert "2 of 5 decisions" in text_of(screen.query_one("#review-summary"))
        assert screen.query_one("ProgressBar").progress == 2


async def test_statistics_list_the_record_and_replay_a_game(private_config):
    app = make_app("classic", seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await play_heaviest(pilot, 40)
        await pilot.press("escape")  # close the game-over dialog: the palette's commands are the table's
        await pilot.pause(0.1)
        app.coach.open_stats()
        await pilot.pause(0.2)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        summary = screen.query_one("#stats-table")
        assert summary.row_count == 1
        rating = summary.get_row_at(0)[HEADERS.index("rating")]
        assert "±" in rating and rating != "25.0 ± 8.3"  # the game finished moved it
        assert "mu - 3 sigma" in str(screen.query_one("#stats-more").render())
        assert screen.query_one("#stats-games").row_count == 1
        await pilot.press("enter")
        await pilot.pause(0.1)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("right", "right")
        assert replay.index == 2
        await pilot.press("end")
        assert replay.states[replay.index] == app.session.game
        assert "You" in text_of(replay.query_one("#replay-hands"))
