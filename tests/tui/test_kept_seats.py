"""The seats a player holds in rooms online, kept on disk: one owner writes them atomically, readable by the user
only; whatever is found in the file (cut short, edited, of a newer version, too many) never locks the player out."""

from __future__ import annotations

import json
import stat

import pytest

from domino_tui.stored_file import StoredFile
from domino_tui.tui.kept_seats import MOST, KeptSeat, KeptSeats, path


def seat(room: str = "K7QM-3XPA", token: str = "t0k3n", kept: float = 1.0, server: str = "ws://h:1") -> KeptSeat:
    return KeptSeat(server, room, token, "Ann", 2, "partnership", kept)


def test_a_kept_seat_is_found_again_by_its_room_however_its_code_is_written(private_config) -> None:
    seats = KeptSeats()
    assert seats.keep(seat()) is None
    again = KeptSeats()
    assert again.load() is None
    assert again.find("ws://h:1", "k7qm3xpa") == seat()
    assert again.find("ws://other:1", "K7QM-3XPA") is None
    assert stat.S_IMODE(path().stat().st_mode) == 0o600  # a token takes a seat: the owner's alone


def test_a_room_keeps_one_seat_the_latest_is_offered_first_and_a_forgotten_one_goes(private_config) -> None:
    seats = KeptSeats()
    seats.keep(seat(token="old", kept=1.0))
    seats.keep(seat(token="new", kept=2.0))
    seats.keep(seat(room="AAAA-BBBB", kept=3.0))
    assert [s.token for s in seats.seats if s.room == "K7QM-3XPA"] == ["new"]
    assert seats.latest() == seat(room="AAAA-BBBB", kept=3.0)
    seats.forget("ws://h:1", "AAAA-BBBB")
    reread = KeptSeats()
    reread.load()
    assert [s.room for s in reread.seats] == ["K7QM-3XPA"]


def test_at_most_so_many_seats_are_kept_the_oldest_go(private_config) -> None:
    seats = KeptSeats()
    for n in range(MOST + 5):
        seats.keep(seat(room=f"ROOM{n:04d}", kept=float(n + 1)))
    assert len(seats.seats) == MOST and seats.find("ws://h:1", "ROOM0000") is None


def test_settings_not_saved_keep_seats_in_memory_only(private_config) -> None:
    seats = KeptSeats(keep=False)
    seats.keep(seat())
    assert seats.find("ws://h:1", "K7QM-3XPA") is not None and not path().exists()


GOOD = {"version": 1, "seats": [{**seat().__dict__}]}

HOSTILE = {
    "cut short": json.dumps(GOOD)[:40],
    "not JSON": "seats",
    "a newer version": json.dumps({**GOOD, "version": 2}),
    "seats not a list": json.dumps({**GOOD, "seats": {"a": 1}}),
    "a seat not an object": json.dumps({**GOOD, "seats": ["K7QM"]}),
    "a seat number of the wrong kind": json.dumps({**GOOD, "seats": [{**GOOD["seats"][0], "seat": "2"}]}),
    "a seat number out of range": json.dumps({**GOOD, "seats": [{**GOOD["seats"][0], "seat": 99}]}),
    "a token missing": json.dumps({**GOOD, "seats": [{**GOOD["seats"][0], "token": None}]}),
    "an empty token": json.dumps({**GOOD, "seats": [{**GOOD["seats"][0], "token": ""}]}),
    "a boolean for a time": json.dumps({**GOOD, "seats": [{**GOOD["seats"][0], "kept": True}]}),
    "a name too long": json.dumps({**GOOD, "seats": [{**GOOD["seats"][0], "name": "A" * 500}]}),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_seats_file_that_cannot_be_used_is_moved_aside_with_a_message(private_config, case: str) -> None:
    path().parent.mkdir(parents=True, exist_ok=True)
    path().write_text(HOSTILE[case])
    seats = KeptSeats()
    problem = seats.load()
    assert problem is not None and "could not be read" in problem and "moved to" in problem
    assert seats.seats == [] and not path().exists()
    assert seats.keep(seat()) is None  # and the next seat is kept afresh
    assert KeptSeats(StoredFile(path())).load() is None


def test_a_good_file_reads_back_as_it_was_written(private_config) -> None:
    path().parent.mkdir(parents=True, exist_ok=True)
    path().write_text(json.dumps(GOOD))
    seats = KeptSeats()
    assert seats.load() is None and seats.seats == [seat()]
