"""A hostile player against the seats of a real server on 127.0.0.1, with raw JSON over the `websockets` library:
tokens probed with `held` and `rejoin`, knocks that vanish, an old token racing its seat's new one, seats moved
with messages no client sends, a token carried from one room to another."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from domino_tui.net import credentials
from domino_tui.net.client import RoomClosed, RoomInfo, ServerError

from .conftest import Running, start_server
from .events import wait_for
from .test_seats import knocks_are, started_with_absent


@asynccontextmanager
async def serving(tmp_path: Path, **config: object) -> AsyncIterator[Running]:
    running = await start_server(tmp_path / "rooms.sqlite3", **config)
    try:
        yield running
    finally:
        for client in running.clients:
            await client.close()
        await running.server.stop()


async def answers(running: Running, first: dict[str, object]) -> list[dict[str, object]]:
    """Everything the server says to a connection whose first message is ``first``, until it closes it."""
    said: list[dict[str, object]] = []
    async with connect(running.url) as ws:
        await ws.send(json.dumps({"v": 1, **first}))
        try:
            async for raw in ws:
                said.append(json.loads(raw))
        except ConnectionClosed:
            pass
    return said


async def refusal(running: Running, first: dict[str, object]) -> str:
    """The code of the error the server answers ``first`` with (a knock let through would wait: 5 s, then fails)."""
    async with connect(running.url) as ws:
        await ws.send(json.dumps({"v": 1, **first}))
        said = json.loads(await asyncio.wait_for(ws.recv(), 5))
    assert said["type"] == "error", said
    return str(said["code"])


async def test_tokens_that_hold_no_seat_are_guessed_no_faster_than_wrong_passwords(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with serving(tmp_path, misses=0.001, misses_burst=3) as running:
        welcome = await running.client().create("Ana", "block", password="secret")
        room, token = welcome.room, welcome.token
        made_up = "A" * 24
        (held,) = await answers(running, {"type": "held", "room": room, "token": made_up})
        assert held["seat"] is None
        assert await refusal(running, {"type": "rejoin", "room": room, "token": made_up}) == "token"
        assert await refusal(running, {"type": "rejoin", "room": room, "token": made_up + "B"}) == "token"
        # Out of guesses: even the true token is answered too_fast, as a right password is after wrong ones.
        assert await refusal(running, {"type": "held", "room": room, "token": made_up + "C"}) == "too_fast"
        assert await refusal(running, {"type": "held", "room": room, "token": token}) == "too_fast"
        assert await refusal(running, {"type": "rejoin", "room": room, "token": token}) == "too_fast"
    assert token and not [r for r in caplog.records if made_up in r.getMessage() or token in r.getMessage()]


async def test_held_tells_a_token_that_holds_no_seat_nothing_of_a_room_with_a_password(running: Running) -> None:
    ana = running.client()
    welcome = await ana.create("Ana", "block", password="secret", seats=[None, "Easy"])
    await ana.start()
    (stranger,) = await answers(running, {"type": "held", "room": welcome.room, "token": "A" * 24})
    assert stranger == {"type": "held", "room": welcome.room, "seat": None, "status": None}
    (holder,) = await answers(running, {"type": "held", "room": welcome.room, "token": welcome.token})
    assert holder == {"type": "held", "room": welcome.room, "seat": 0, "status": "playing"}


async def test_a_knock_whose_connection_closes_spends_a_guess(tmp_path: Path) -> None:
    async with serving(tmp_path, misses=0.001, misses_burst=2) as running:
        ana, room, _ = await started_with_absent(running, "block", ["Ana", "Ben"])
        for _ in range(2):  # knock, and vanish before the creator answers: over and over, a flood of knocks
            async with connect(running.url) as ws:
                await ws.send(json.dumps({"type": "join", "v": 1, "room": room, "name": "Ben"}))
                assert json.loads(await ws.recv())["type"] == "knocking"
                await wait_for(ana, knocks_are((1, "Ben")))
            await wait_for(ana, knocks_are())
        assert await refusal(running, {"type": "join", "room": room, "name": "Ben"}) == "too_fast"


class WatchedLock(asyncio.Lock):
    """A room's lock that says how many have asked for it, so a test can line messages up behind it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = 0
        self.changed = asyncio.Event()

    async def acquire(self) -> bool:
        self.asked += 1
        self.changed.set()
        return await super().acquire()

    async def until_asked(self, times: int) -> None:
        while self.asked < times:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 5)


async def test_an_old_token_takes_nothing_back_when_it_asks_just_as_the_seat_is_given_a_new_one(
    room_db: Path | str,
) -> None:
    running = await start_server(room_db)
    try:
        await old_token_behind_an_admit(running)
    finally:
        for client in running.clients:
            await client.close()
        await running.server.stop()


async def old_token_behind_an_admit(running: Running) -> None:
    ana, room, (_, old) = await started_with_absent(running, "block", ["Ana", "Ben"])
    knocker = await connect(running.url)
    await knocker.send(json.dumps({"type": "join", "v": 1, "room": room, "name": "Ben"}))
    assert json.loads(await knocker.recv())["type"] == "knocking"
    await wait_for(ana, knocks_are((1, "Ben")))
    host = running.server.rooms[room.replace("-", "")]
    lock = host.lock = WatchedLock()
    async with lock:  # the room busy (a move being written, say): the admit, then the old token, wait in turn
        await ana.admit(1)
        await lock.until_asked(2)
        old_token = await connect(running.url)
        await old_token.send(json.dumps({"type": "rejoin", "v": 1, "room": room, "token": old}))
        await lock.until_asked(3)
    said = json.loads(await asyncio.wait_for(old_token.recv(), 5))
    assert (said["type"], said.get("code")) == ("error", "token"), said
    await old_token.close()
    welcome = json.loads(await asyncio.wait_for(knocker.recv(), 5))
    assert welcome["type"] == "welcome" and welcome["seat"] == 1 and welcome["token"]
    info = await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.seats[1].present)
    assert info.knocks == ()
    assert host.seated[1] is not None and running.room().seat_of_token(welcome["token"]) == 1
    await knocker.close()


async def test_seats_are_moved_by_no_message_a_client_could_forge(running: Running) -> None:
    ana = running.client()
    welcome = await ana.create("Ana", "partnership")
    room = welcome.room
    async with connect(running.url) as ben:
        await ben.send(json.dumps({"type": "join", "v": 1, "room": room, "name": "Ben"}))
        assert json.loads(await ben.recv())["seat"] == 1

        async def refused(message: dict[str, object]) -> str:
            await ben.send(json.dumps(message))
            while (said := json.loads(await asyncio.wait_for(ben.recv(), 5)))["type"] != "error":
                assert said["type"] in ("room", "obs"), said  # no welcome: nobody moved
            return str(said["code"])

        assert await refused({"type": "sit", "seat": 0}) == "seat"  # Ana's
        assert await refused({"type": "swap", "seats": [0, 1]}) == "not_creator"
        assert await refused({"type": "admit", "seat": 1}) == "not_creator"
        for seat in (4, 1 << 30):
            assert await refused({"type": "sit", "seat": seat}) == "seat"
        for seat in (-1, 1 << 31, "2", 2.0, 2.5, None, [2], True, {"seat": 2}):
            assert await refused({"type": "sit", "seat": seat}) == "bad_message"
        assert await refused({"type": "sit", "seat": 2, "as": 0}) == "bad_message"
        # Sitting in a second seat: the sit is a move, never a copy.
        await ben.send(json.dumps({"type": "sit", "seat": 2}))
        moved = json.loads(await asyncio.wait_for(ben.recv(), 5))
        assert (moved["type"], moved["seat"], moved["token"]) == ("welcome", 2, None)
        seats = (await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.seats[2].kind == "person")).seats
        assert [s.kind for s in seats] == ["person", "open", "person", "open"]
        await ana.start()
        await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.status == "playing")
        assert await refused({"type": "sit", "seat": 1}) == "not_now"
    await ana.swap(0, 1)
    assert (await wait_for(ana, lambda e: isinstance(e, ServerError))).code == "not_now"
    # Nobody knocks: the words count seats from 1, as every refusal's do.
    for answer in (ana.admit, ana.refuse):
        await answer(1)
        nobody = await wait_for(ana, lambda e: isinstance(e, ServerError))
        assert nobody.code == "not_now" and "seat 2" in nobody.message, nobody


async def test_a_token_holds_only_its_own_room_and_nothing_in_a_new_room_of_the_same_code(
    running: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana, ben = running.client(), running.client()
    first = await ana.create("Ana", "block")
    second = await ben.create("Ben", "block")
    (other,) = await answers(running, {"type": "held", "room": second.room, "token": first.token})
    assert other["seat"] is None
    assert await refusal(running, {"type": "rejoin", "room": second.room, "token": first.token}) == "token"
    await ana.close_room()
    await wait_for(ana, lambda e: isinstance(e, RoomClosed))
    assert await refusal(running, {"type": "held", "room": first.room, "token": first.token}) == "no_room"
    # The closed room's code comes up again for a new room: the old token is nobody's there.
    monkeypatch.setattr(credentials, "new_room_code", lambda: first.room.replace("-", ""))
    again = await running.client().create("Cy", "block")
    assert again.room == first.room
    (stale,) = await answers(running, {"type": "held", "room": first.room, "token": first.token})
    assert stale["seat"] is None
    assert await refusal(running, {"type": "rejoin", "room": first.room, "token": first.token}) == "token"


async def test_a_knock_at_a_room_with_a_password_needs_the_password(running: Running) -> None:
    ana, ben = running.client(), running.client()
    room = (await ana.create("Ana", "block", password="secret", seats=[None, None])).room
    await ben.join(room, "Ben", "secret")
    await ana.start()
    await ben.close()
    await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.status == "playing" and not e.seats[1].present)
    for password in (None, "wrong"):
        knock = {"type": "join", "room": room, "name": "Ben", **({"password": password} if password else {})}
        assert await refusal(running, knock) == "password"
    assert running.server.rooms[room.replace("-", "")].knocks == {} and not running.server.knocking
    assert ana.info is not None and ana.info.knocks == ()
