"""The one line table in a room, against a real server on 127.0.0.1: the coach where the room allows it (hint,
tracker, the review of the hand from what the seat saw), and none where another person sits; and the table's
decisions, without a pilot. (Two people's seats at one keyboard: tests/tui/test_hot_seat.py, in a room of the
app's process.)"""

from __future__ import annotations

from domino_tui.coach.review import seen_choices
from domino_tui.engine import DRAW, PASS, End, Move, Tile
from domino_tui.net.client import RoomInfo, SeatInfo
from domino_tui.net.heard import coach_allowed
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.screens.review import ReviewScreen
from domino_tui.tui.screens.room_table import bot_to_move, only_draw_or_pass
from domino_tui.tui.widgets.hint_panel import HintPanel
from tests.net.conftest import Running

from .coachseat_helpers import online_app, play_to_the_end, play_turn, table, until


def room(kinds: tuple[str, ...], options: dict[str, object] | None = None, away: int | None = None) -> RoomInfo:
    seats = tuple(SeatInfo(f"S{i}", kind, None, True, i == away) for i, kind in enumerate(kinds))
    return RoomInfo("ROOM", "playing", options or {}, 0, seats, 1, 1, ())


def test_the_coach_helps_where_the_room_allows_it() -> None:
    # Said by the room: as it says.
    assert coach_allowed(room(("person", "person"), {"coach": True}), {0})
    assert not coach_allowed(room(("person", "bot"), {"coach": False}), {0})
    # Not said: only while no other person sits at the table; people at this keyboard share it.
    assert coach_allowed(room(("person", "bot", "bot", "bot")), {0})
    assert not coach_allowed(room(("person", "person", "bot", "bot")), {0})
    assert coach_allowed(room(("person", "person")), {0, 1})
    # A spectator has no hand to coach.
    assert not coach_allowed(room(("person", "bot")), set())


def test_a_bot_thinks_for_a_bot_s_seat_and_for_a_person_away() -> None:
    info = room(("person", "bot", "person"), away=2)
    assert [bot_to_move(info, seat) for seat in range(3)] == [False, True, True]
    assert not bot_to_move(None, 1)


def test_auto_pass_makes_only_a_lone_draw_or_pass() -> None:
    class Seen:
        def __init__(self, legal: tuple[Move, ...]) -> None:
            self.legal = legal

    play = Move.play(Tile(1, 2), End.LEFT)
    assert only_draw_or_pass(Seen((DRAW,))) is DRAW  # type: ignore[arg-type]
    assert only_draw_or_pass(Seen((PASS,))) is PASS  # type: ignore[arg-type]
    assert only_draw_or_pass(Seen((play,))) is None  # type: ignore[arg-type]
    assert only_draw_or_pass(Seen((DRAW, play))) is None  # type: ignore[arg-type]


async def test_a_seated_game_with_the_coach_shows_hint_tracker_and_review(server: Running) -> None:
    """Ana against a bot: the hint ranks her moves, the tracker shows what she may know, and at the hand's end
    the review rates the decisions her seat saw, each with the move she made."""
    ana = online_app(Connect.create(f"127.0.0.1:{server.port}", "Ana", "classic", "dummy"))
    async with ana.run_test(size=(140, 40)) as pa:
        a = table(ana)
        await until([pa], lambda: a.welcome is not None)
        await pa.press("s")
        await until([pa], lambda: a.my_turn)
        assert a.coach_here
        await pa.press("h")
        hint = a.query_one(HintPanel)
        await until([pa], lambda: hint.ranking is not None, limit=30)
        assert hint.display and not a.has_class("-hint-hidden")
        assert {rated.move for rated in hint.ranking or ()} <= set(a.observation.legal)
        await pa.press("t")
        assert not a.has_class("-tracker-hidden")
        assert "Unseen tiles" in str(a.query_one("#tracker").render())
        await play_turn(pa, a)
        assert not hint.wanted  # the hint was for a position that is gone
        await play_to_the_end([pa], [a])
        await until([pa], lambda: isinstance(ana.screen, GameOverScreen))
        assert ("review", "Review") in ana.screen.about.buttons
        seen = a.here[0].seen
        history = a.observation.history
        await pa.click("#review")
        await until([pa], lambda: isinstance(ana.screen, ReviewScreen))
        job = ana.coach.job
        assert job is not None and job.seen is not None  # reviewed from what the seat saw: no deal
        await until([pa], lambda: job.result is not None or job.problem is not None, limit=60)
        assert job.problem is None and job.result is not None
        # Every decision is one the seat saw, with the move its hand's history says it made.
        assert [(d.ply, d.obs, d.made) for d in job.result.decisions] == seen_choices(seen, history)
        assert all(d.obs.seat == a.mine for d in job.result.decisions)
        await pa.press("escape")
        await until([pa], lambda: isinstance(ana.screen, GameOverScreen))


async def test_no_coach_where_another_person_sits(server: Running) -> None:
    """Ana and Ben at a partnership table: neither has the hint or the tracker, even where the tracker would
    show by the terminal's width alone."""
    # Every seat playing its first legal move (the people's choice here, and the dummy bot's) ends seed 202's game
    # in 18 moves; the server's own random seed took about 26 on average (seeds 0 to 299), up to 34.
    server.server.new_seed = lambda: 202
    ana = online_app(Connect.create(f"127.0.0.1:{server.port}", "Ana", "partnership", "dummy", target=1))
    async with ana.run_test(size=(170, 40)) as pa:
        a = table(ana)
        await until([pa], lambda: a.welcome is not None)
        assert a.welcome is not None
        ben = online_app(Connect.join(f"127.0.0.1:{server.port}/{a.welcome.room}", "Ben"))
        async with ben.run_test(size=(170, 40)) as pb:
            b = table(ben)
            await until([pa, pb], lambda: a.info is not None and a.info.seats[1].kind == "person")
            await pa.press("s")
            await until([pa, pb], lambda: a.my_turn or b.my_turn)
            for pilot, t in ((pa, a), (pb, b)):
                assert not t.coach_here
                assert t.has_class("-tracker-hidden") and t.has_class("-hint-hidden")
                await pilot.press("h", "t")
                assert not t.query_one(HintPanel).wanted
                assert t.has_class("-tracker-hidden")
            await play_to_the_end([pa, pb], [a, b])
            await until([pa], lambda: isinstance(ana.screen, GameOverScreen))
            assert "review" not in {choice for choice, _ in ana.screen.about.buttons}
            assert ana.coach.job is None  # nothing reviewed
