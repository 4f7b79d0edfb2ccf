"""People at a table online, with real processes: a `domino-tui serve` process and each person's `domino-tui join`
in a terminal of its own (people_processes.py). A person whose app is killed mid-hand, and one who leaves with `q`,
each come back to their own seat and their own hand by joining again from the same computer, the bot that stood in
for them handing the seat back; from another computer the same name is refused with words saying how to get in."""

from __future__ import annotations

from pathlib import Path

import pytest

from .people_processes import People, hand_of, needs_tmux, running_people, until

pytestmark = [needs_tmux, pytest.mark.slow]


# Per room: its variant, its create options, and Ann's and Bob's seats as `join --seat` counts them (from 1).
ROOMS = {
    # Ann and Bob are opponents here (seats 1 and 3); the seats nobody takes get bots at the start.
    "partnership": ("partnership", {}, 2, 4),
    "mexican train of eight": ("mexicantrain", {"players": 8}, 2, 6),
}


def seat_is(people: People, seat: int, name: str, present: bool, away: bool | None = None) -> bool:
    assert people.creator is not None
    seats = people.creator.seats()
    if len(seats) <= seat:
        return False
    held = seats[seat]
    return held[:3] == (name, "person", present) and (away is None or held[3] == away)


@pytest.mark.parametrize("room_kind", list(ROOMS))
async def test_a_killed_app_and_a_left_one_come_back_to_their_seats_and_hands(tmp_path: Path, room_kind: str) -> None:
    variant, options, ann_seat, bob_seat = ROOMS[room_kind]
    ann_at, bob_at = ann_seat - 1, bob_seat - 1
    async with running_people(tmp_path) as people:
        creator, server = people.creator, people.server
        assert creator is not None
        # A stand-in takes an absent person's turn after half a second, so the test need not wait out a minute.
        room = await creator.create(variant, away=0.5, **options)
        address = server.address(room)
        ann = people.app("ann", "ann-computer", address, "--name", "Ann", "--seat", str(ann_seat))
        bob = people.app("bob", "bob-computer", address, "--name", "Bob", "--seat", str(bob_seat))
        await until(
            lambda: seat_is(people, ann_at, "Ann", True) and seat_is(people, bob_at, "Bob", True), "Ann and Bob seated"
        )
        await creator.client.start()
        for app, seat in ((ann, ann_at), (bob, bob_at)):
            await app.until(lambda app=app, seat=seat: app.hand() == hand_of(server.room(room), seat), "the hand shown")

        # Mid-hand Ann's app is killed (nothing said to the server) and Bob leaves with q, confirmed. Bots stand in
        # for both; from then on the creator's seat holds its move, so the hand waits for them to come back.
        def both_stood_in() -> bool:
            return seat_is(people, ann_at, "Ann", False, True) and seat_is(people, bob_at, "Bob", False, True)

        def a_bot_played_for_them() -> bool:
            return any(e.get("by") == "stand-in" for e in server.log_entries(room))

        # The creator plays its turns until a bot standing in has moved in the place of one who left, then holds.
        creator.holds = lambda: both_stood_in() and a_bot_played_for_them()
        ann.kill()
        bob.keys("q")
        await bob.shows("stays yours")
        bob.keys("y")
        await until(bob.gone, "Bob's app to end")
        await until(both_stood_in, "a bot to stand in for each")
        await until(a_bot_played_for_them, "a move by a bot standing in")
        creator.holds = lambda: True  # still, once they are back: their hands stay as they are

        # Each joins again from the same computer (its config folder), by name only: the seat's token is kept there.
        ann = people.app("ann", "ann-computer", address, "--name", "Ann")
        bob = people.app("bob", "bob-computer", address, "--name", "Bob")
        await until(
            lambda: seat_is(people, ann_at, "Ann", True, False) and seat_is(people, bob_at, "Bob", True, False),
            "both back at their seats, no bot standing in",
        )
        live = server.room(room)
        assert live.status.value == "playing"
        for app, seat in ((ann, ann_at), (bob, bob_at)):
            await app.until(lambda app=app, seat=seat: app.hand() == hand_of(live, seat), "their own hand shown again")
            assert "Traceback" not in app.screen()

        # From another computer (no token) the same name is refused, in words that say how to get in, every one
        # of them shown in the smallest terminal.
        elsewhere = people.app("ann-elsewhere", "another-computer", address, "--name", "Ann", size=(80, 24))
        said = " ".join((await elsewhere.shows("q leaves.")).split())
        assert "Traceback" not in said
        assert "Ann sat down at" in said and "creator" in said and "or watch" in said
        assert seat_is(people, ann_at, "Ann", True, False)
