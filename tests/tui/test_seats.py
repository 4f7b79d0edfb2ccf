"""Every seat around the table says what it did last, in words, after a round of bot moves."""

from __future__ import annotations

from domino_tui.tui.screens.table import PLACES

from domino_tui.engine import End, Kind
from domino_tui.tui.widgets.seat import SeatView, tiles_text
from domino_tui.tui.widgets.status import StatusBar, StatusInfo

from .conftest import make_app, play_heaviest


def seat_text(table, seat: int) -> str:
    place = PLACES[table.session.players][seat]
    return str(table.query_one(f"#seat-{place}", SeatView).render())


def expected(session, seat: int) -> str:
    """The seat's latest turn in the words the issue asks for, read straight off the history."""
    history = session.game.history
    turn = []
    for ev in reversed(history):
        if ev.seat != seat:
            if turn:
                break
            continue
        turn.append(ev)
    turn.reverse()
    draws = sum(ev.kind is Kind.DRAW for ev in turn)
    words = [f"drew {draws}"] if draws else []
    last = turn[-1]
    if last.kind is Kind.PASS:
        words.append("passed")
    elif last.kind is Kind.PLAY:
        first = last.ends_before[0] == -1
        arm = " arm" if last.end in (End.UP, End.DOWN) else ""
        words.append(f"led {last.tile}" if first else f"{last.tile} on the {End(last.end).label}{arm}")
        if last.scored:
            words[-1] += f" +{last.scored}"
    return ", ".join(words)


async def test_four_seats_say_what_they_did_after_a_round_of_bot_moves():
    app = make_app("partnership", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_heaviest(pilot, 4)
        table = app.table
        session = table.session
        kinds = set()
        for seat in (1, 2, 3):
            text = seat_text(table, seat)
            assert session.name(seat) in text
            n = len(session.game.hands[seat])
            assert (f"{n} tile" if n == 1 else f"{n} tiles") in text
            assert expected(session, seat) in text
            kinds.add(expected(session, seat).split()[0])
        assert kinds


async def test_all_fives_seat_shows_draws_and_points():
    app = make_app("allfives", seed=1, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        seen: set[str] = set()
        for _ in range(25):
            await play_heaviest(pilot, 1)
            session = app.table.session
            if session.game.over:
                break
            text = seat_text(app.table, 1)
            words = expected(session, 1)
            assert words in text
            seen.update(w for w in ("drew", "+", "on the") if w in words)
            assert session.last_action(0) in str(app.table.query_one("#hand-box").border_title)
        assert {"drew", "on the"} <= seen


def test_the_status_bar_breaks_between_parts_never_inside_one():
    bar = StatusBar()
    info = StatusInfo("⠋ West is thinking…", 14, "You & Partner 120 · West & East 95 (to 200)")
    parts = {p.plain.strip() for p in bar.parts(info)}
    for width in (40, 60, 78, 90, 120):
        lines = bar.layout_text(info, width).plain.split("\n")
        assert len(lines) == (1 if width >= 90 else 2)
        for line in lines:
            assert {s.strip() for s in line.split("   ") if s.strip()} <= parts, line


def test_one_tile_is_a_tile():
    assert tiles_text(1) == "1 tile" and tiles_text(0) == "0 tiles" and tiles_text(7) == "7 tiles"
