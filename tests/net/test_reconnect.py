"""A player who drops gets the seat back with the same hand; an absent one is played for by a bot after the
room's away time, until they return; a move clock has a bot move for a player whose time is up."""

from __future__ import annotations

import asyncio
import json
import sqlite3

from domino_tui.net.botclient import play_seat
from domino_tui.net.client import Connection, RoomClient, RoomInfo, SeatView

from .events import wait_for


def movers(db) -> list[tuple[int, str]]:
    """(position, who) of every stored move: "person", "bot" or "stand-in"."""
    con = sqlite3.connect(db)
    entries = [json.loads(e) for (e,) in con.execute("SELECT entry FROM log ORDER BY seq")]
    con.close()
    return [e["by"] for e in entries if e["e"] == "move"]


async def two_people(running, **options) -> tuple[RoomClient, RoomClient, str]:
    a, b = running.client(), running.client()
    welcome = await a.create("Ana", "block", seats=[None, None], target=20, between=0, **options)
    await b.join(welcome.room, "Ben")
    await a.start()
    return a, b, welcome.room


def turn_of(seat: int):
    return lambda e: isinstance(e, SeatView) and e.observation.turn == seat


async def test_a_dropped_player_reconnects_by_itself_to_the_same_seat_and_hand(running) -> None:
    a, b, _ = await two_people(running)
    before = await wait_for(b, lambda e: isinstance(e, SeatView))
    b.drop()  # the connection dies as on a network failure
    await wait_for(b, lambda e: isinstance(e, Connection) and e.state == "reconnecting")
    await wait_for(b, lambda e: isinstance(e, Connection) and e.state == "connected")
    after = await wait_for(b, lambda e: isinstance(e, SeatView))
    assert after.observation.seat == before.observation.seat == 1
    assert after.observation.hand == before.observation.hand and after.position == before.position
    results = await asyncio.wait_for(asyncio.gather(play_seat(a, "greedy"), play_seat(b, "random")), 30)
    assert results[0].match_over and results[0] == results[1]


async def test_a_bot_plays_for_an_absent_player_until_they_return(running) -> None:
    a, b, room = await two_people(running, away=0.1)
    token = b.welcome.token
    await b.close()  # Ben is gone; his seat is kept
    # Ana plays on; once Ben's turn has waited the away time, a stand-in plays it.
    playing = asyncio.create_task(play_seat(a, "greedy", until_over=False))
    for _ in range(200):
        if "stand-in" in movers(running.server.storage.path):
            break
        await asyncio.sleep(0.02)
    seat = running.room().seats[1]
    assert "stand-in" in movers(running.server.storage.path)
    assert seat.kind == "person" and seat.away and not seat.present
    ben = running.client()
    welcome = await ben.rejoin(room, token)
    assert welcome.seat == 1
    back = await wait_for(ben, lambda e: isinstance(e, RoomInfo))
    assert back.seats[1].present and not back.seats[1].away
    stand_ins = movers(running.server.storage.path).count("stand-in")
    result = await asyncio.wait_for(play_seat(ben, "random"), 30)
    playing.cancel()
    assert result.match_over
    later = movers(running.server.storage.path)
    assert later.count("stand-in") == stand_ins and "person" in later[-5:]  # Ben himself played after return


async def test_the_move_clock_has_a_bot_move_for_a_player_whose_time_is_up(running) -> None:
    a, _, _ = await two_people(running, clock=1)  # the fastest clock a room may have
    # Nobody moves by hand: every move is the clock's stand-in, both players present all along. A move for each
    # of the two shows it (each waits out the clock: three took 3 s). The deal is position 1.
    await wait_for(a, lambda e: isinstance(e, SeatView) and e.position >= 3, timeout=10)
    log = movers(running.server.storage.path)
    assert len(log) >= 2 and set(log) == {"stand-in"}
    assert running.room().seats[0].present and running.room().seats[1].present


async def test_a_seat_taken_up_with_its_token_elsewhere_is_not_taken_back_in_turn(running) -> None:
    """Two windows with one seat's token: the newer holds the seat; the older is told why and stops, rather than
    reconnect and take the seat back (the two would take it from each other for ever)."""
    from domino_tui.net.client import RoomClosed

    first = running.client()
    welcome = await first.create("Ana", "block", bots="dummy")
    second = running.client()
    assert (await second.rejoin(welcome.room, welcome.token)).seat == welcome.seat
    closed = await wait_for(first, lambda e: isinstance(e, RoomClosed))
    assert closed.seat_kept and "another window" in closed.message
    await wait_for(first, lambda e: isinstance(e, Connection) and e.state == "closed")
    host = next(iter(running.server.rooms.values()))
    holder = host.seated[welcome.seat]
    for _ in range(20):  # a reconnecting client would be back within its first retry (0.05 s)
        await asyncio.sleep(0.02)
        assert host.seated.get(welcome.seat) is holder
