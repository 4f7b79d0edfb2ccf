"""Every seat around the table says what it did last, in words, after a round of bot moves."""

from __future__ import annotations

from domino_tui.engine import End, GameState, Kind
from domino_tui.tui.screens.line_table import PLACES
from domino_tui.tui.table_options import local_names
from domino_tui.tui.widgets.seat import SeatView, tiles_text
from domino_tui.tui.widgets.status import StatusBar, StatusInfo

from .conftest import HUMAN, make_app, play_heaviest, the_game
from .tablekeys_helpers import seated


def seat_text(table, seat: int) -> str:
    place = PLACES[table.players][seat]  # you sit at the bottom: the others by their offset from your seat
    return str(table.query_one(f"#seat-{place}", SeatView).render())


def expected(game: GameState, seat: int) -> str:
    """The seat's latest turn in the words the issue asks for, read straight off the room's history."""
    history = game.history
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
        await seated(pilot)
        await play_heaviest(pilot, 4)
        table = app.table
        game = the_game(app)
        names = local_names("partnership", 4, False)
        kinds = set()
        for seat in (1, 2, 3):
            text = seat_text(table, seat)
            assert names[seat] in text
            n = len(game.hands[seat])
            assert (f"{n} tile" if n == 1 else f"{n} tiles") in text
            assert expected(game, seat) in text
            kinds.add(expected(game, seat).split()[0])
        assert kinds


async def test_all_fives_seat_shows_draws_and_points():
    app = make_app("allfives", seed=1, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        seen: set[str] = set()
        for _ in range(25):
            await play_heaviest(pilot, 1)
            game = the_game(app)
            if game.over:
                break
            words = expected(game, 1)
            assert words in seat_text(app.table, 1)
            seen.update(w for w in ("drew", "+", "on the") if w in words)
            assert expected(game, HUMAN) in str(app.table.query_one("#hand-box").border_title)
        assert {"drew", "on the"} <= seen


def test_the_status_bar_breaks_between_parts_never_inside_one():
    bar = StatusBar()
    info = StatusInfo("⠋ West is thinking…", 14, "You & Partner 120 · West & East 95 (to 200)")
    parts = {p.plain.strip() for p in bar.parts(info)}
    for width in (60, 78, 90, 120):
        lines = bar.layout_text(info, width).plain.split("\n")
        assert len(lines) == (1 if width >= 90 else 2)
        for line in lines:
            assert {s.strip() for s in line.split("   ") if s.strip()} <= parts, line


def test_a_part_wider_than_the_status_bar_breaks_between_its_items():
    """The score of many seats is wider than 80 columns: it goes on to the next line after a seat's score, each
    seat's name with its number, the · left at the end of the line it breaks."""
    bar = StatusBar()
    info = StatusInfo("⠋ West is thinking…", 14, "You & Partner 120 · West & East 95 (to 200)")
    assert bar.layout_text(info, 40).plain.split("\n") == [
        " ⠋ West is thinking…    Stock 14",
        "Score: You & Partner 120 ·",
        "West & East 95 (to 200)",
    ]
    seats = " · ".join(f"{name} 0" for name in ("You", "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"))
    lines = bar.layout_text(StatusInfo("Your turn", 10, f"{seats} (lowest wins)", "Boneyard"), 78).plain.split("\n")
    assert len(lines) == 2 and all(len(line) <= 78 for line in lines)
    assert lines[0].endswith(" 0 ·") and lines[1].endswith("Gus 0 (lowest wins)")


def test_one_tile_is_a_tile():
    assert tiles_text(1) == "1 tile" and tiles_text(0) == "0 tiles" and tiles_text(7) == "7 tiles"
