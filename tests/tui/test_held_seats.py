"""The app's start offers back only a seat its server still holds: a kept seat whose room has closed, whose match
is over or whose token holds no seat any more is forgotten (seats.json no longer lists it) and never offered; one
still held is offered; a server that cannot be reached leaves the seat kept and says it could not check. Against
a real server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import time

from domino_tui.net.client import seat_held
from domino_tui.tui.app import DominoApp
from domino_tui.tui.kept_seats import KeptSeat, KeptSeats
from tests.net.conftest import Running, free_port

from .conftest import COACH, settle
from .test_one_table_every_face import until


def keep(server: str, room: str, token: str, seat: int = 0) -> None:
    seats = KeptSeats()
    seats.load()
    seats.keep(KeptSeat(server, room, token, "Ana", seat, "classic", time.time()))


def kept_rooms() -> list[str]:
    seats = KeptSeats()
    seats.load()
    return [s.room for s in seats.seats]


async def notices_at_start() -> list[str]:
    app = DominoApp(pause=0.0, coach=COACH)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)  # the table up, and the turn this keyboard's
        await until(pilot, lambda: not any(w.group == "held-seat" for w in app.workers))
        return [n.message for n in app._notifications]


async def test_a_seat_in_a_closed_room_is_forgotten_and_not_offered(server: Running) -> None:
    ana = server.client()
    welcome = await ana.create("Ana", "classic")
    assert welcome.token is not None
    keep(server.url, welcome.room, welcome.token)
    assert await seat_held(server.url, welcome.room, welcome.token) == (0, "lobby")
    await ana.close_room()
    await until_gone(server, welcome.room)
    said = await notices_at_start()
    assert not any(welcome.room in m for m in said), said
    assert kept_rooms() == []


async def until_gone(server: Running, room: str) -> None:
    code = room.replace("-", "")
    for _ in range(500):
        if code not in server.server.rooms:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the room never closed")


async def test_a_seat_whose_token_holds_none_is_forgotten_and_one_held_is_offered(server: Running) -> None:
    ana = server.client()
    welcome = await ana.create("Ana", "classic")
    assert welcome.token is not None
    keep(server.url, welcome.room, "not-the-token")
    assert await seat_held(server.url, welcome.room, "not-the-token") == (None, None)
    said = await notices_at_start()
    assert not any(welcome.room in m for m in said) and kept_rooms() == []
    keep(server.url, welcome.room, welcome.token)
    said = await notices_at_start()
    assert any(welcome.room in m and "could not" not in m for m in said), said
    assert kept_rooms() == [welcome.room]


async def test_a_seat_on_a_server_out_of_reach_is_kept_and_said_unchecked() -> None:
    keep(f"ws://127.0.0.1:{free_port()}", "K7QM-3XPA", "a-token")
    said = await notices_at_start()
    assert any("K7QM-3XPA" in m and "could not say" in m for m in said), said
    assert kept_rooms() == ["K7QM-3XPA"]


async def test_a_seat_in_a_match_over_is_forgotten_and_not_offered(server: Running) -> None:
    from domino_tui.net.botclient import play_seat

    ana = server.client()
    welcome = await ana.create("Ana", "classic", games=1)
    assert welcome.token is not None
    keep(server.url, welcome.room, welcome.token)
    await ana.start()
    over = await play_seat(ana, "random")
    assert over is not None and over.match_over
    assert await seat_held(server.url, welcome.room, welcome.token) == (0, "over")
    said = await notices_at_start()
    assert not any(welcome.room in m for m in said), said
    assert kept_rooms() == []
