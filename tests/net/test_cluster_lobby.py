"""The lobby and quick match behind HAProxy (docs/haproxy.cfg, as test_cluster_rooms runs it) over three `serve`
processes on one PostgreSQL database: seekers of a variant, connecting through the proxy, reach the one process
that keeps the variant's queue and are seated together; each takes the seat through the room's path, wherever it
leads; the lobby, asked through the proxy of any process, lists a public room made through it."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

import pytest

from domino_tui.net.client import RoomClient, lobby, quick_match

from .conftest import free_port
from .test_cluster_rooms import Serve, listening, proxy_config

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("haproxy") is None, reason="needs HAProxy (apt-get install haproxy)"),
]


async def test_quick_match_and_the_lobby_across_processes_behind_haproxy(postgres_server, tmp_path: Path) -> None:
    database = postgres_server.new_database()
    servers = [Serve(database, free_port(), tmp_path / f"serve{n}", f"serve{n}") for n in range(1, 4)]
    proxy_port = free_port()
    (tmp_path / "haproxy.cfg").write_text(proxy_config(proxy_port, servers))
    proxy: subprocess.Popen[str] | None = None
    clients: list[RoomClient] = []
    try:
        await asyncio.gather(*(serve.start() for serve in servers))
        with open(tmp_path / "haproxy.log", "w") as log:
            proxy = subprocess.Popen(["haproxy", "-db", "-f", str(tmp_path / "haproxy.cfg")], stdout=log, stderr=log)
        while not listening(proxy_port):
            assert proxy.poll() is None, (tmp_path / "haproxy.log").read_text()
            await asyncio.sleep(0.02)
        url = f"ws://127.0.0.1:{proxy_port}"
        first, second = await asyncio.wait_for(
            asyncio.gather(quick_match(url, "block", "Ana"), quick_match(url, "block", "Ben")), 20
        )
        assert first.room == second.room and {first.seat, second.seat} == {0, 1}
        for matched in (first, second):
            client = RoomClient(url, retry=(0.05, 0.2))
            clients.append(client)
            assert (await client.rejoin(matched.room, matched.token)).seat == matched.seat
        creator = RoomClient(url, retry=(0.05, 0.2))
        clients.append(creator)
        public = await creator.create("Cleo", "classic", public=True)
        for _ in range(6):  # round robin: each process answers in turn, all alike
            listed, _ = await lobby(url)
            assert [(room.room, room.people) for room in listed] == [(public.room, (("Cleo", None, None),))]
    finally:
        for client in clients:
            await client.close()
        for serve in servers:
            serve.stop()
        if proxy is not None:
            proxy.kill()
            proxy.wait()
