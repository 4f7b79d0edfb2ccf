"""The server killed with SIGKILL mid-match and started again: every room resumes where it was, the clients
come back by themselves, and the match goes on to its end with no acknowledged move lost."""

from __future__ import annotations

import asyncio
import json

from domino_tui.net.botclient import play_seat
from domino_tui.net.client import RoomClient

from .conftest import ServerProcess, free_port


async def test_a_match_survives_sigkill_and_restart(tmp_path) -> None:
    port = free_port()
    server = ServerProcess(tmp_path / "rooms.sqlite3", port)
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
