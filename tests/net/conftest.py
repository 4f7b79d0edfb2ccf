"""A real room server on 127.0.0.1 (in this test's event loop, or in a process of its own) and real clients."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from domino_tui.net.client import RoomClient
from domino_tui.net.server import RoomServer, ServerConfig

if TYPE_CHECKING:
    from .postgres import PostgresServer


class Running:
    def __init__(self, server: RoomServer, port: int) -> None:
        self.server = server
        self.url = f"ws://127.0.0.1:{port}"
        self.port = port
        self.clients: list[RoomClient] = []

    def client(self) -> RoomClient:
        c = RoomClient(self.url, retry=(0.05, 0.2))
        self.clients.append(c)
        return c

    def room(self):
        (live,) = self.server.rooms.values()
        return live.room


async def start_server(db: Path | str, **config: object) -> Running:
    # Bots playing bots send moves faster than any person: the message rate is raised (tests of the limit
    # itself set their own).
    # Bots answer at once unless a test is of their pace (the default hides how long they think).
    config = {"rate": 1000.0, "bot_pace": 0.0, **config}
    server = RoomServer(ServerConfig(port=0, db=db, workers=2, **config))  # type: ignore[arg-type]
    return Running(server, await server.start())


@pytest.fixture
async def running(tmp_path: Path) -> AsyncIterator[Running]:
    r = await start_server(tmp_path / "rooms.sqlite3")
    yield r
    for c in r.clients:
        await c.close()
    await r.server.stop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session (for each xdist worker), stopped at its end."""
    from .postgres import PostgresServer  # psycopg is imported only where a test needs it

    server = PostgresServer(free_port())
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def room_db(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Where a server keeps its rooms, once in each store: a SQLite file, then a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "rooms.sqlite3"
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return server.new_database()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``domino-tui serve`` in a process of its own, as a user starts it."""

    def __init__(self, db: Path | str, port: int, folder: Path | None = None, options: Sequence[str] = ()) -> None:
        """``db``: a SQLite file (its log beside it) or a PostgreSQL URL (its log in ``folder``); ``options``: more
        of serve's options."""
        self.db, self.port, self.options = db, port, list(options)
        self.folder = folder if folder is not None else Path(db).parent
        self.proc: subprocess.Popen[str] | None = None

    async def start(self) -> None:
        # Its bots answer at once: these tests are of what survives a restart, not of the bots' pace.
        env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(self.folder)}
        command = [sys.executable, "-m", "domino_tui", "serve", "--port", str(self.port), "--db", str(self.db)]
        with open(self.folder / "server.log", "a") as log:  # the child keeps its own copy of the file
            self.proc = subprocess.Popen(
                [*command, "--rate", "1000", "--bot-pace", "0", *self.options],
                stderr=log,
                stdout=subprocess.PIPE,
                text=True,
                env=env,
            )
        assert self.proc.stdout is not None
        line = await asyncio.to_thread(self.proc.stdout.readline)
        assert line.startswith("serving on ws://127.0.0.1:"), line

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()  # SIGKILL: no goodbye, no flush
        self.proc.wait()

    async def stop(self) -> None:
        """SIGTERM, as a service manager stops it; waited for off the event loop, which the clients need to
        answer the server's goodbye."""
        proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                await asyncio.to_thread(proc.wait, 10)
            if proc.poll() is None:
                proc.kill()
                proc.wait()
