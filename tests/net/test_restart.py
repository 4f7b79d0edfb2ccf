"""The server killed with SIGKILL mid-match and started again: every room resumes where it was, the clients
come back by themselves, and the match goes on to its end with no acknowledged move lost; seats swapped in the
lobby and a token given anew stay as they were."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from domino_tui.net.botclient import play_seat
from domino_tui.net.client import Connection, NetError, RoomClient, RoomInfo, Welcome
from domino_tui.net.storage import is_database_url

from .conftest import ServerProcess, free_port
from .events import wait_for

PASSWORD = "kept-out-of-the-log-3141"


@pytest.fixture(params=["sqlite", "postgresql"])
def served_db(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """The server's rooms in a SQLite file, or in a fresh PostgreSQL database whose URL holds a password (which the
    server, trusting local connections, never needs: it is there to be kept out of the log)."""
    if request.param == "sqlite":
        return tmp_path / "rooms.sqlite3"
    return request.getfixturevalue("postgres_server").new_database(password=PASSWORD)


async def test_a_match_survives_sigkill_and_restart(served_db: Path | str, tmp_path: Path) -> None:
    port = free_port()
    server = ServerProcess(served_db, port, tmp_path)
    await server.start()
    url = f"ws://127.0.0.1:{port}"
    a, b = RoomClient(url, retry=(0.05, 0.2)), RoomClient(url, retry=(0.05, 0.2))
    a.raw, b.raw = [], []
    try:
        welcome = await a.create("Ana", "partnership", seats=[None, "random", None, "greedy"], target=80, between=0)
        await b.join(welcome.room, "Ben")
        await a.start()
        players = asyncio.gather(play_seat(a, "greedy"), play_seat(b, "random"))
        while a.observation is None or a.observation.position < 12:
            await asyncio.sleep(0.005)
        server.kill()
        before = a.observation
        killed_at = len(a.raw)
        await server.start()
        results = await asyncio.wait_for(players, 20)
    finally:
        await a.close()
        await b.close()
        await server.stop()
    assert results[0].match_over and results[0] == results[1]
    # The first table Ana is sent after the restart is the one she last saw, or later in the same match: every
    # move she had been told of is still there.
    after = next(json.loads(t) for t in a.raw[killed_at:] if json.loads(t)["type"] == "obs")
    assert after["match"] == before.match and after["position"] >= before.position
    if after["game"] == before.game:
        history = [ev[:4] for ev in after["obs"]["history"]]
        assert history[: len(before.observation.history)] == [
            [ev.seat, ev.kind.value, None if ev.tile is None else [ev.tile.low, ev.tile.high], ev.end]
            for ev in before.observation.history
        ]
    else:
        assert after["game"] > before.game
    log = (tmp_path / "server.log").read_text()
    # From SQLite every room is resumed at the start; from PostgreSQL, which several processes may share, a room
    # is taken when a client names it.
    if is_database_url(served_db):
        assert f"room {welcome.room} taken from postgresql://" in log
    else:
        assert "resumed 1 rooms from" in log
    assert PASSWORD not in log


async def test_a_swap_and_a_new_token_survive_sigkill_and_restart(tmp_path) -> None:
    port = free_port()
    server = ServerProcess(tmp_path / "rooms.sqlite3", port)
    await server.start()
    url = f"ws://127.0.0.1:{port}"
    clients: list[RoomClient] = []

    def client() -> RoomClient:
        clients.append(RoomClient(url, retry=(0.05, 0.2)))
        return clients[-1]

    ana, ben = client(), client()
    try:
        welcome = await ana.create("Ana", "fivesandthrees", seats=[None, None, None])
        old = (await ben.join(welcome.room, "Ben")).token
        await ana.swap(0, 2)  # Ana moves to seat 2 and takes her creator's mark with her; the empty seat 0 comes here
        await ana.swap(1, 0)  # and Ben to seat 0
        await wait_for(ben, lambda e: isinstance(e, Welcome) and e.seat == 0)
        await ana.start()
        await ben.close()  # his machine is lost, and his token with it
        await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.status == "playing" and not e.seats[0].present)
        knocking = asyncio.create_task(client().join(welcome.room, "Ben"))
        await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.knocks)
        await ana.admit(0)
        new = (await asyncio.wait_for(knocking, 5)).token
        server.kill()
        await server.start()
        # Ana's client comes back by itself to seat 2, still the creator; Ben's new token takes seat 0, the old none.
        await wait_for(ana, lambda e: isinstance(e, Connection) and e.state == "connected")
        info = await wait_for(ana, lambda e: isinstance(e, RoomInfo))
        assert [(s.name, s.kind) for s in info.seats][::2] == [("Ben", "person"), ("Ana", "person")]
        assert info.seats[1].kind == "bot" and info.creator == 2 and ana.welcome.seat == 2
        again = await client().rejoin(welcome.room, new)
        assert (again.seat, again.name) == (0, "Ben")
        with pytest.raises(NetError) as void:
            await client().rejoin(welcome.room, old)
        assert void.value.code == "token"
    finally:
        for c in clients:
            await c.close()
        await server.stop()
