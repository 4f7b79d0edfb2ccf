"""A hostile network against a real server: what a client sends or fails to read costs the server a bounded amount
(a close, a buffer, a room), never memory or time that grows with the attack."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket

import pytest
from websockets.asyncio.server import ServerConnection

from domino_tui.net.client import NetError, RoomClosed, SeatView

from .conftest import start_server
from .events import wait_for
from .raw import RawClient, frame


async def until(condition, timeout: float = 5.0, every=None) -> None:
    """Wait for ``condition()`` (checking each loop turn or so), calling ``every()`` at each look."""
    async with asyncio.timeout(timeout):
        while not condition():
            if every is not None:
                every()
            await asyncio.sleep(0.005)


async def test_junk_past_the_strikes_is_closed_once_and_no_longer_read(tmp_path) -> None:
    running = await start_server(tmp_path / "r.sqlite3", strikes=20)
    server = running.server
    spawned = []
    spawn = server._spawn

    def counting(coro):
        spawned.append(coro)
        return spawn(coro)

    server._spawn = counting  # every close a client's connection starts goes through the server's task set
    try:
        raw = await RawClient.open(running.port)
        raw.send({"type": "create", "v": 1, "name": "Junk", "variant": "block"})
        await until(lambda: len(server.rooms) == 1)
        peak = 0

        async def sample() -> None:
            nonlocal peak
            while True:
                peak = max(peak, len(server._tasks))
                await asyncio.sleep(0)

        sampler = asyncio.create_task(sample())
        # One-byte junk frames, far past the strikes, all at once; the server's close is never answered.
        raw.writer.write(b"".join(frame(b"x") for _ in range(5000)))
        messages, code = await raw.until_closed()
        assert code == 1008 and len([m for m in messages if m["type"] == "error"]) == 20  # each strike answered
        # Someone else is served meanwhile (and the server has had many turns to read more of the junk).
        honest = running.client()
        await honest.create("Ana", "block")
        await honest.close()
        sampler.cancel()
        assert len(spawned) == 1, f"{len(spawned)} closes started for one connection"
        assert peak <= 2, f"the server held {peak} tasks at once"
        raw.close()
        await until(lambda: server.connections == 0)
    finally:
        await server.stop()


def queued(server) -> int:
    """Bytes the server holds for its connections, unsent."""
    return sum(c.transport.get_write_buffer_size() for c in server.server.all_connections)


def small_send_buffers(monkeypatch) -> None:
    """Give each new connection of the server a small kernel send buffer, so that what a reader does not take
    waits in the server's own memory after seconds rather than after megabytes."""
    made = ServerConnection.connection_made

    def connection_made(self, transport) -> None:
        transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        made(self, transport)

    monkeypatch.setattr(ServerConnection, "connection_made", connection_made)


async def test_a_chat_flood_from_spectators_who_never_read_stays_bounded(tmp_path, monkeypatch) -> None:
    small_send_buffers(monkeypatch)
    # The real message rate (20 a second): every spectator chats within it.
    running = await start_server(tmp_path / "r.sqlite3", rate=20.0)
    server = running.server
    try:
        player = running.client()
        player.raw = []  # every text it is sent
        welcome = await player.create("Ana", "block", seats=[None, "random"], target=500, between=0)
        spectators = []
        for _ in range(30):
            raw = await RawClient.open(running.port, receive_buffer=2048)
            raw.send({"type": "watch", "v": 1, "room": welcome.room})
            spectators.append(raw)
        await until(lambda: len(running.server.rooms[next(iter(server.rooms))].clients) == 31)
        await player.start()
        most = 0

        async def sample() -> None:
            nonlocal most
            while True:
                most = max(most, queued(server))
                await asyncio.sleep(0.01)

        async def chat(raw: RawClient) -> None:
            for _ in range(40):  # two seconds of it
                raw.send({"type": "chat", "text": "x" * 200})
                await asyncio.sleep(1 / 19)  # just within the rate, as the flood came

        sampler = asyncio.create_task(sample())
        floods = asyncio.gather(*(chat(raw) for raw in spectators))
        # Ana plays on meanwhile, a move every tenth of a second or so: each answered promptly, through the flood.
        waits = []
        loop = asyncio.get_running_loop()
        while not floods.done():
            view = await wait_for(player, lambda e: isinstance(e, SeatView) and e.observation.legal, timeout=10)
            began = loop.time()
            await player.move(view.observation.legal[0], view.position)
            await wait_for(player, lambda e, p=view.position: isinstance(e, SeatView) and e.position > p)
            waits.append(loop.time() - began)
            await asyncio.wait([floods], timeout=0.1)
        sampler.cancel()
        # 30 never-reading spectators: each one's chat stops at 64 KiB unsent (plus the game's few views).
        assert most < 30 * 96 * 1024, f"{most} bytes queued"
        assert len(waits) > 5 and max(waits) < 1.0, waits
        # Ana, who reads, had chat at her allowance and was told once that the rest was dropped.
        heard = [json.loads(t) for t in player.raw]
        chats = [m for m in heard if m["type"] == "chat"]
        assert [m for m in chats if m["name"] == "the server"] == [
            {
                "type": "chat",
                "seat": None,
                "name": "the server",
                "text": "chat is coming faster than it reaches you: some messages were dropped",
            }
        ]
        assert 20 <= len(chats) < 30 * 40 / 4
        for raw in spectators:
            raw.close()
    finally:
        for c in running.clients:
            await c.close()
        await server.stop()


async def test_handshakes_left_unfinished_are_capped_per_address(tmp_path) -> None:
    running = await start_server(tmp_path / "r.sqlite3", per_address=4, handshakes_per_address=2)
    server = running.server
    try:
        # Two connections that never send their request hold their slots; a third is dropped at once.
        idle = [await asyncio.open_connection("127.0.0.1", running.port) for _ in range(2)]
        reader, writer = await asyncio.open_connection("127.0.0.1", running.port)
        with contextlib.suppress(ConnectionResetError):  # dropped: the end of the stream, or a reset
            assert await asyncio.wait_for(reader.read(), 2) == b""
        writer.close()
        # Once one of them goes, a WebSocket opens again.
        idle[0][1].close()
        await until(lambda: server.opening.get("127.0.0.1", 0) < 2)
        honest = running.client()
        await honest.create("Ana", "block")
        await honest.close()
        idle[1][1].close()
        await until(lambda: not server.sockets)
    finally:
        await server.stop()


async def test_an_idle_lobby_expires_with_its_log_and_its_people_are_told(room_db) -> None:
    running = await start_server(room_db, idle_lobby=0.3)
    server = running.server
    try:
        ana = running.client()
        await ana.create("Ana", "block")
        closed = await wait_for(ana, lambda e: isinstance(e, RoomClosed))
        assert "expired" in closed.message and "lobby" in closed.message
        assert not server.rooms
        await server.storage.drain()
        assert server.storage.rooms() == []
    finally:
        for c in running.clients:
            await c.close()
        await server.stop()


async def test_rooms_left_idle_are_not_resumed_and_leave_no_server_full(room_db) -> None:
    db = room_db
    running = await start_server(db, max_rooms=1)
    ana = running.client()
    await ana.create("Ana", "block")
    with pytest.raises(NetError) as full:
        await running.client().create("Ben", "block")
    assert full.value.code == "server_full"
    for c in running.clients:
        await c.close()
    await running.server.stop()
    # Started again with a lobby's idle time shorter than the time since: the room is gone, and there is room.
    again = await start_server(db, max_rooms=1, idle_lobby=0.001)
    try:
        assert not again.server.rooms and again.server.storage.rooms() == []
        assert (await again.client().create("Ben", "block")).seat == 0
    finally:
        for c in again.clients:
            await c.close()
        await again.server.stop()


async def test_live_rooms_are_capped_per_address(room_db) -> None:
    running = await start_server(room_db, rooms_per_address=2)
    try:
        makers = [running.client() for _ in range(3)]
        await makers[0].create("Ana", "block")
        await makers[1].create("Ben", "block")
        with pytest.raises(NetError) as refused:
            await makers[2].create("Cy", "block")
        assert refused.value.code == "too_fast" and "2 rooms on this server" in refused.value.message
        # A room closed makes way for another.
        await makers[0].close_room()
        await until(lambda: len(running.server.rooms) == 1)
        again = running.client()
        assert (await again.create("Cy", "block")).seat == 0
    finally:
        for c in running.clients:
            await c.close()
        await running.server.stop()
    # The rooms are kept with the address that made them: a restart of the server does not forget the cap.
    restarted = await start_server(room_db, rooms_per_address=2)
    try:
        with pytest.raises(NetError) as refused:
            await restarted.client().create("Dee", "block")
        assert refused.value.code == "too_fast" and "2 rooms on this server" in refused.value.message
    finally:
        for c in restarted.clients:
            await c.close()
        await restarted.server.stop()


async def test_a_restart_compacts_the_log_and_the_room_resumes_numbered_as_before(room_db) -> None:
    """Match after match in one room: the log keeps the persons' seats, the start and the last restart (not every
    match's moves), and a server started again on it resumes the same match, at the same match number and
    position, with the same seat for its person's token."""
    db = room_db
    running = await start_server(db)
    ana = running.client()
    welcome = await ana.create("Ana", "block", bots="dummy")
    await ana.start()
    for match in range(2, 5):
        await wait_for(ana, lambda e: isinstance(e, SeatView) and e.observation.legal)
        before = running.room().position
        await ana.restart()
        await until(lambda m=match: running.room().matches == m and running.room().seq == 3)
        assert running.room().position > before  # never back to a position a move may still quote
    room = running.room()
    await running.server.storage.drain()
    (stored,) = running.server.storage.rooms()
    assert [e["e"] for e in stored.entries] == ["seat", "start", "restart"]
    assert room.seq == len(stored.entries)
    kept = (room.matches, room.position, room.match.to_json(), [s.to_json() for s in room.seats])
    await ana.close()
    await running.server.stop()

    again = await start_server(db)
    try:
        if again.server.storage.shared:
            await again.server._take(welcome.room.replace("-", ""))  # a shared store's room: taken when named
        resumed = again.room()
        assert (resumed.matches, resumed.position, resumed.match.to_json()) == kept[:3]
        assert [s.kind for s in resumed.seats] == [s.kind for s in room.seats]
        back = again.client()
        assert (await back.rejoin(welcome.room, welcome.token)).seat == welcome.seat
        # The log goes on from the compacted one: the next entries are numbered after it.
        await back.restart()
        await until(lambda: again.room().matches == 5 and again.room().seq == 3)  # compacted once written
        await again.server.storage.drain()
        (stored,) = again.server.storage.rooms()
        assert [e["e"] for e in stored.entries] == ["seat", "start", "restart"]
    finally:
        for c in again.clients:
            await c.close()
        await again.server.stop()
