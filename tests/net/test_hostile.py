"""Hostile clients against a real server: each is refused with a message, and none stops a room."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from domino_tui.net.botclient import play_seat
from domino_tui.net.client import NetError

from .conftest import start_server


async def a_room_playing(running):
    """A room of one person and a bot, playing a match out in the background; its person's client."""
    person = running.client()
    welcome = await person.create("Ana", "block", seats=[None, "random"], target=60, between=0)
    await person.start()
    return welcome, asyncio.create_task(play_seat(person, "greedy"))


async def replies(ws, count: int) -> list[dict]:
    return [json.loads(await asyncio.wait_for(ws.recv(), 5)) for _ in range(count)]


async def closed_with(ws) -> tuple[int, str]:
    with pytest.raises(ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), 5)
    return ws.close_code, ws.close_reason


async def test_malformed_frames_are_answered_and_the_room_goes_on(running) -> None:
    welcome, playing = await a_room_playing(running)
    async with connect(running.url) as ws:
        await ws.send(json.dumps({"type": "watch", "v": 1, "room": welcome.room}))
        await replies(ws, 2)  # welcome, room (and the table follows)
        frames = ["not json", "[1, 2]", '{"type": "fly"}', '{"type": "move"}', b"\x00\x01binary", "[" * 3000]
        for frame in frames:
            await ws.send(frame)
        errors = []
        while len(errors) < len(frames):
            msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if msg["type"] == "error":
                errors.append(msg)
        assert [e["code"] for e in errors] == ["bad_message"] * len(frames)
        assert len({e["message"] for e in errors}) >= 4  # each says what was wrong with it
    result = await asyncio.wait_for(playing, 30)
    assert result.match_over


async def test_a_first_message_that_is_not_one_gets_a_message_and_the_door(running) -> None:
    async with connect(running.url) as ws:
        await ws.send(json.dumps({"type": "move", "position": 0, "move": ["pass"]}))
        (msg,) = await replies(ws, 1)
        assert msg["type"] == "error" and "first create, join, rejoin or watch" in msg["message"]
        code, reason = await closed_with(ws)
        assert code == 1008 and reason
    async with connect(running.url) as ws:
        await ws.send(json.dumps({"type": "join", "v": 99, "room": "ABCD-EFGH", "name": "x"}))
        (msg,) = await replies(ws, 1)
        assert msg["code"] == "version" and "version 1" in msg["message"]


async def test_an_oversized_message_closes_that_connection_only(running) -> None:
    welcome, playing = await a_room_playing(running)
    async with connect(running.url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "watch", "v": 1, "room": welcome.room, "password": "x" * 100_000}))
        code, reason = await closed_with(ws)
    assert code == 1009 and "4096" in reason
    assert (await asyncio.wait_for(playing, 30)).match_over


async def test_a_flood_is_refused_then_disconnected_and_the_room_goes_on(tmp_path) -> None:
    running = await start_server(tmp_path / "r.sqlite3", rate=20.0)
    try:
        welcome, playing = await a_room_playing(running)
        async with connect(running.url) as ws:
            await ws.send(json.dumps({"type": "watch", "v": 1, "room": welcome.room}))
            for _ in range(500):
                await ws.send(json.dumps({"type": "chat", "text": "spam"}))
            codes = []
            with pytest.raises(ConnectionClosed):
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    if msg["type"] == "error":
                        codes.append(msg["code"])
            assert "too_fast" in codes and ws.close_code == 1008 and "too many refused" in ws.close_reason
        # Chat within the rate went through; the room played on.
        assert (await asyncio.wait_for(playing, 30)).match_over
    finally:
        for c in running.clients:
            await c.close()
        await running.server.stop()


async def test_nobody_takes_or_moves_for_another_seat(running) -> None:
    owner = running.client()
    welcome = await owner.create("Ana", "block", seats=[None, None], target=60, between=0)
    ben = running.client()
    await ben.join(welcome.room, "Ben")
    # A made-up token, another room's code, a taken seat: each refused with its reason.
    for enter, code in [
        (lambda c: c.rejoin(welcome.room, "x" * 24), "token"),
        # One character changed (to "A", or "B" where it was "A": the same token would be no forgery).
        (lambda c: c.rejoin(welcome.room, welcome.token[:-1] + ("B" if welcome.token.endswith("A") else "A")), "token"),
        (lambda c: c.join("ZZZZ-ZZZZ", "Eve"), "no_room"),
        (lambda c: c.join(welcome.room, "Eve", seat=0), "not_now"),
    ]:
        with pytest.raises(NetError) as refused:
            await enter(running.client())
        assert refused.value.code in (code, "seat") and refused.value.message
    await owner.start()
    # Ben moves out of turn (seat 0 leads block), and as if he were the creator.
    first = await asyncio.wait_for(_table(ben), 5)
    await ben.move(first.observation.legal[0] if first.observation.legal else _any_play(first), first.position)
    await ben.restart()
    heard = []
    while len(heard) < 2:
        event = await asyncio.wait_for(_next_error(ben), 5)
        heard.append(event.code)
    assert heard == ["not_now", "not_creator"]
    results = await asyncio.wait_for(asyncio.gather(play_seat(owner, "greedy"), play_seat(ben, "random")), 30)
    assert results[0].match_over


async def _table(client):
    from domino_tui.net.client import SeatView

    async for event in client.events():
        if isinstance(event, SeatView):
            return event


async def _next_error(client):
    from domino_tui.net.client import ServerError

    async for event in client.events():
        if isinstance(event, ServerError):
            return event


def _any_play(view):
    from domino_tui.engine import End, Move

    return Move.play(view.observation.hand[0], End.LEFT)


async def test_a_room_password_is_needed_and_never_stored_in_clear(running) -> None:
    owner = running.client()
    welcome = await owner.create("Ana", "block", password="open sesame")
    for password in (None, "open sesam"):
        with pytest.raises(NetError) as refused:
            await running.client().join(welcome.room, "Eve", password=password)
        assert refused.value.code == "password"
    assert (await running.client().join(welcome.room, "Ben", password="open sesame")).seat == 1
    await running.server.storage.drain()
    db = Path(running.server.storage.path)
    data = b"".join(f.read_bytes() for f in db.parent.glob(db.name + "*"))  # the database and its WAL
    assert b"Ana" in data  # what is stored is there to read
    assert b"open sesame" not in data
    assert welcome.token.encode() not in data


async def test_thousands_of_idle_connections_are_closed_and_a_room_plays_on(tmp_path) -> None:
    running = await start_server(tmp_path / "r.sqlite3", hello_timeout=1.0, per_address=5000)
    try:
        _, playing = await a_room_playing(running)
        idle = await asyncio.gather(*(connect(running.url, open_timeout=20) for _ in range(2000)))
        reasons = await asyncio.wait_for(asyncio.gather(*(closed_with(ws) for ws in idle)), 30)
        assert {r for r in reasons} == {(1008, "no message within 1 s")}
        assert (await asyncio.wait_for(playing, 30)).match_over
    finally:
        for c in running.clients:
            await c.close()
        await running.server.stop()


async def test_connections_past_the_limits_are_refused_with_a_message(tmp_path) -> None:
    running = await start_server(tmp_path / "r.sqlite3", per_address=3)
    try:
        held = [await connect(running.url) for _ in range(3)]
        with pytest.raises(InvalidStatus) as refused:
            await connect(running.url)
        assert refused.value.response.status_code == 429
        assert b"Too many connections from your address" in refused.value.response.body
        for ws in held:
            await ws.close()
    finally:
        await running.server.stop()
