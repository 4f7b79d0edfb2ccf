"""Rooms of a PostgreSQL store shared by several server processes: each room's writes are the lease holder's
only (lease.py), so two processes never both append to one room's log, and a process killed lets its rooms go."""

from __future__ import annotations

import asyncio
import json

import psycopg
import pytest

from domino_tui.net.botclient import play_seat
from domino_tui.net.client import Connection, RoomClient
from domino_tui.net.lease import RoomElsewhere
from domino_tui.net.postgres_storage import PostgresStorage

from .conftest import ServerProcess, free_port, start_server
from .events import wait_for

ROOM = "RACE2345"


def log_of(url: str, code: str) -> list[tuple[int, dict[str, object]]]:
    with psycopg.connect(url) as db:
        rows = db.execute("SELECT seq, entry FROM log WHERE code = %s ORDER BY seq", (code,)).fetchall()
    return [(seq, json.loads(entry)) for seq, entry in rows]


async def test_a_write_after_another_process_took_the_lease_is_refused(postgres_server) -> None:
    url = postgres_server.new_database()
    first, second = PostgresStorage(url), PostgresStorage(url)
    try:
        assert await first.take_new_code(ROOM)
        assert not await second.take_new_code(ROOM)
        await first.create_room(ROOM, 0.0, 7, {"variant": "block"}, None)
        await first.append(ROOM, 0, {"by": "first"})
        with pytest.raises(RoomElsewhere):
            await second.take_room(ROOM)  # its owner lives and its lease runs: not to be taken
        with psycopg.connect(url, autocommit=True) as db:
            db.execute("UPDATE room_leases SET expires = now() - interval '1 second'")  # the first process hung
        stored = await second.take_room(ROOM)
        assert stored is not None and stored.entries == [{"by": "first"}]
        with pytest.raises(RoomElsewhere):
            await first.append(ROOM, 1, {"by": "first"})
        await second.append(ROOM, 1, {"by": "second"})
        assert await first.renew_leases() == {ROOM}  # the first hears it lost the room, and lets it go
        assert await second.renew_leases() == set()
    finally:
        first.close()
        second.close()
    assert log_of(url, ROOM) == [(0, {"by": "first"}), (1, {"by": "second"})]


async def test_two_processes_racing_for_one_room_never_both_append(postgres_server) -> None:
    """Leases that expire at once: each store takes the room from the other all the time, and appends what its
    copy of the log says comes next. Every append acknowledged is in the log, once, in order; none refused is."""
    url = postgres_server.new_database()
    stores = {name: PostgresStorage(url, lease_seconds=0.0) for name in ("a", "b")}
    acknowledged: dict[str, list[int]] = {"a": [], "b": []}
    refused = 0
    try:
        assert await stores["a"].take_new_code(ROOM)
        await stores["a"].create_room(ROOM, 0.0, 7, {"variant": "block"}, None)

        async def race(name: str) -> None:
            nonlocal refused
            store = stores[name]
            for n in range(60):
                try:
                    stored = await store.take_room(ROOM)
                except RoomElsewhere:
                    continue
                assert stored is not None
                try:
                    await store.append(ROOM, len(stored.entries), {"by": name, "n": n})
                except RoomElsewhere:
                    refused += 1
                    continue
                acknowledged[name].append(n)

        await asyncio.gather(race("a"), race("b"))
    finally:
        for store in stores.values():
            store.close()
    log = log_of(url, ROOM)
    assert [seq for seq, _ in log] == list(range(len(log)))
    for name, ns in acknowledged.items():
        assert [entry["n"] for _, entry in log if entry["by"] == name] == ns
    assert len(log) == len(acknowledged["a"]) + len(acknowledged["b"]) > 0


async def test_a_room_of_a_killed_process_is_taken_by_another_at_once(postgres_server, tmp_path) -> None:
    url = postgres_server.new_database()
    ports = [free_port(), free_port()]
    processes = []
    for name, port in zip("ab", ports, strict=True):
        (tmp_path / name).mkdir()
        processes.append(ServerProcess(url, port, tmp_path / name))
        await processes[-1].start()
    ana = RoomClient(f"ws://127.0.0.1:{ports[0]}", retry=(0.05, 0.2))
    again = RoomClient(f"ws://127.0.0.1:{ports[1]}", retry=(0.05, 0.2))
    try:
        welcome = await ana.create("Ana", "block", seats=[None, "random"], target=30, between=0)
        await ana.start()
        playing = asyncio.create_task(play_seat(ana, "random"))
        while ana.observation is None or ana.observation.position < 4:
            await asyncio.sleep(0.005)
        processes[0].kill()
        playing.cancel()
        await ana.close()
        assert welcome.token is not None
        back = await asyncio.wait_for(again.rejoin(welcome.room, welcome.token), 5)
        assert back.seat == 0
        result = await asyncio.wait_for(play_seat(again, "random"), 30)
    finally:
        await ana.close()
        await again.close()
        for process in processes:
            await process.stop()
    assert result is not None and result.match_over
    log = log_of(url, welcome.room.replace("-", ""))
    assert [seq for seq, _ in log] == list(range(len(log)))


async def test_a_client_names_its_room_in_the_path_it_connects_to(running) -> None:
    """So that a proxy in front of several processes sends every connection of a room to one (docs/network.md);
    a connection to create a room names none."""
    ana, ben = running.client(), running.client()
    welcome = await ana.create("Ana", "block", seats=[None, None])
    await ben.join(welcome.room.lower(), "Ben")  # as typed: the path holds the code as the server keeps it
    (host,) = running.server.rooms.values()
    assert [client.ws.request.path for client in host.clients] == ["/", f"/room/{welcome.room.replace('-', '')}"]
    ana.drop()
    await wait_for(ana, lambda e: isinstance(e, Connection) and e.state == "reconnecting")
    await wait_for(ana, lambda e: isinstance(e, Connection) and e.state == "connected")
    assert [client.ws.request.path for client in host.clients] == [f"/room/{welcome.room.replace('-', '')}"] * 2


async def test_a_process_whose_room_was_taken_sends_its_clients_away_and_they_get_it_back(postgres_server) -> None:
    """The first process hung past its lease and the second took the room: the first's next write is refused, it
    drops the room and sends its client away; the client, back at the first, gets the room handed back (the first
    asks, the second lets it go), and the match goes on to its end with every move in the log once."""
    url = postgres_server.new_database()
    first, second = await start_server(url), await start_server(url)
    ana = first.client()
    try:
        welcome = await ana.create("Ana", "block", seats=[None, "random"], target=30, between=0)
        code = welcome.room.replace("-", "")
        await ana.start()
        while ana.observation is None or not ana.observation.observation.legal:
            await asyncio.sleep(0.005)  # Ana's turn: the room waits for her move (left in her events, for play_seat)
        with psycopg.connect(url, autocommit=True) as db:
            db.execute("UPDATE room_leases SET expires = now() - interval '1 second'")
        assert await second.server._take(code) is not None
        result = await asyncio.wait_for(play_seat(ana, "random"), 30)
    finally:
        for running in (first, second):
            for client in running.clients:
                await client.close()
            await running.server.stop()
    assert result is not None and result.match_over
    log = log_of(url, code)
    assert [seq for seq, _ in log] == list(range(len(log)))
