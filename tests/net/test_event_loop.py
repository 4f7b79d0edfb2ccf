"""`serve` runs on uvloop's event loop where uvloop is installed, and on asyncio's where it is not; on uvloop's,
it seats players and plays as on asyncio's."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from domino_tui.net import cli
from domino_tui.net.protocol import VERSION
from domino_tui.net.server import ServerConfig

from .conftest import ServerProcess, free_port


def loop_serve_runs_on(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """The module of the event loop `domino-tui serve` runs its server on (the server itself left out)."""
    seen: list[str] = []

    async def run(config: ServerConfig, ready: object = None) -> int:
        seen.append(type(asyncio.get_running_loop()).__module__)
        return 0

    monkeypatch.setattr(cli, "run", run)
    assert cli.main(["--port", "0", "--db", str(tmp_path / "rooms.sqlite3")]) == 0
    return seen[0]


def test_serve_runs_on_uvloop_where_it_is_installed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert loop_serve_runs_on(monkeypatch, tmp_path).startswith("uvloop")


def test_serve_runs_on_asyncios_loop_where_uvloop_is_missing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # its import fails, as where it is not installed
    assert loop_serve_runs_on(monkeypatch, tmp_path).startswith("asyncio")


async def test_a_server_on_uvloop_seats_players_and_plays(tmp_path: Path) -> None:
    """The whole way on uvloop's transports: a connection counted and read, a room made, joined, started and
    played a move of."""
    port = free_port()
    server = ServerProcess(tmp_path / "rooms.sqlite3", port)
    await server.start()
    try:
        url = f"ws://127.0.0.1:{port}"
        async with connect(url) as creator, connect(url) as other:
            await creator.send(json.dumps({"type": "create", "v": VERSION, "name": "Ann", "variant": "classic"}))
            welcome = await _next(creator, "welcome")
            await other.send(json.dumps({"type": "join", "v": VERSION, "room": welcome["room"], "name": "Bo"}))
            await _next(other, "welcome")
            await creator.send(json.dumps({"type": "start"}))
            seen = {ws: await _next(ws, "obs") for ws in (creator, other)}
            mover = next(ws for ws, obs in seen.items() if obs["obs"]["legal"])
            obs = seen[mover]
            await mover.send(json.dumps({"type": "move", "position": obs["position"], "move": obs["obs"]["legal"][0]}))
            waiting = other if mover is creator else creator
            assert (await _next(waiting, "obs"))["position"] == obs["position"] + 1
    finally:
        await server.stop()


async def _next(ws: object, kind: str) -> dict[str, object]:
    """The next message of type ``kind`` (those before it skipped); an error fails the test."""
    while True:
        msg = json.loads(await ws.recv())  # type: ignore[attr-defined]
        assert msg["type"] != "error", msg
        if msg["type"] == kind:
            return dict(msg)
