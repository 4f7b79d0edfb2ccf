"""The server killed with SIGKILL while it is saturated: many rooms whose clients answer every turn at once, so
that many moves wait in each group commit. After a restart every room holds every move any of its seats had been
told of: a move is stored before anyone hears of it."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from domino_tui.net.protocol import VERSION

from .conftest import ServerProcess, free_port

ROOMS = 40
TOLD = 600  # moves the seats have been told of, all rooms together, before the kill
UNLIMITED = ["--max-connections", "10000", "--per-address", "10000", "--max-rooms", "10000"]
UNLIMITED += ["--rooms-per-address", "10000"]


async def enter(ws: ClientConnection, hello: dict[str, object]) -> dict[str, Any]:
    """Send the first message; the welcome (a room message may come before it)."""
    await ws.send(json.dumps({"v": VERSION, **hello}))
    while True:
        msg = json.loads(await ws.recv())
        assert msg["type"] != "error", msg
        if msg["type"] == "welcome":
            return dict(msg)


class Told:
    """The latest observation each room's seats have been told of, and how many moves they were told of."""

    def __init__(self) -> None:
        self.latest: dict[str, dict[str, Any]] = {}
        self.moves = 0
        self.enough = asyncio.Event()

    def heard(self, room: str, obs: dict[str, Any]) -> None:
        last = self.latest.get(room)
        if last is None or (obs["match"], obs["position"]) > (last["match"], last["position"]):
            if last is not None:
                self.moves += 1
            self.latest[room] = obs
            if self.moves >= TOLD:
                self.enough.set()


async def seat(ws: ClientConnection, room: str, told: Told, choose: random.Random) -> None:
    """Play at once on every turn, as fast as the server answers."""
    async for raw in ws:
        msg = json.loads(raw)
        if msg["type"] != "obs":
            continue
        told.heard(room, msg)
        legal = msg["obs"]["legal"]
        if legal:
            await ws.send(json.dumps({"type": "move", "position": msg["position"], "move": choose.choice(legal)}))


async def test_no_move_anyone_was_told_of_is_lost_when_the_saturated_server_is_killed(tmp_path: Path) -> None:
    port = free_port()
    server = ServerProcess(tmp_path / "rooms.sqlite3", port, options=UNLIMITED)
    await server.start()
    url = f"ws://127.0.0.1:{port}"
    sockets: list[ClientConnection] = []
    tokens: dict[str, str] = {}
    told = Told()
    players: list[asyncio.Task[None]] = []

    async def opened() -> ClientConnection:
        sockets.append(await connect(url, compression=None, max_size=1 << 20))
        return sockets[-1]

    async def make_room(number: int) -> ClientConnection:
        creator = await opened()
        welcome = await enter(creator, {"type": "create", "name": "P0", "variant": "partnership", "target": 10_000})
        room = welcome["room"]
        tokens[room] = welcome["token"]
        seats = [creator]
        for k in range(1, 4):
            seats.append(await opened())
            await enter(seats[-1], {"type": "join", "room": room, "name": f"P{k}"})
        choose = random.Random(number)
        players.extend(asyncio.create_task(seat(ws, room, told, choose)) for ws in seats)
        return creator

    try:
        creators = await asyncio.gather(*(make_room(n) for n in range(ROOMS)))
        for creator in creators:
            await creator.send(json.dumps({"type": "start"}))
        await asyncio.wait_for(told.enough.wait(), 120)
        server.kill()
        # What was read after the kill had been sent before it: told too. Then nothing more is heard.
        for task in players:
            task.cancel()
        await asyncio.gather(*players, return_exceptions=True)
        before = dict(told.latest)
        assert len(before) == ROOMS and told.moves >= TOLD
        await server.start()
        for room, last in before.items():
            ws = await opened()
            await enter(ws, {"type": "rejoin", "room": room, "token": tokens[room]})
            while (now := json.loads(await ws.recv()))["type"] != "obs":
                pass
            assert now["match"] == last["match"] and now["position"] >= last["position"], room
            if now["game"] == last["game"]:
                history = last["obs"]["history"]
                assert now["obs"]["history"][: len(history)] == history, room
            else:
                assert now["game"] > last["game"], room
    finally:
        for task in players:
            task.cancel()
        for ws in sockets:
            ws.transport.abort()
        await server.stop()
