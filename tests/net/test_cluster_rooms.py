"""Three `serve` processes on one PostgreSQL database behind HAProxy (docs/network.md, Several processes): rooms
are made and played through the proxy by people (first legal moves) and bots; one process is killed with SIGKILL
mid-hand; its rooms' clients come back through the proxy to the processes left, which take the rooms' leases at
once; and every room ends with the moves and scores of a control run of the same seeds with nothing killed (on
one process, on SQLite): no move lost, none made twice. Prints how long the clients took to come back."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest

from domino_tui.net.client import Connection, GameOver, RoomClient, RoomClosed, RoomInfo, SeatView

from .conftest import free_port, start_server
from .events import wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("haproxy") is None, reason="needs HAProxy (apt-get install haproxy)"),
]

ROOMS = int(os.environ.get("DOMINO_TUI_CLUSTER_ROOMS", "50"))  # more, to measure: the test's own knob
PROCESSES = 3
OPTIONS: dict[str, object] = {"seats": [None, "random", None, "greedy"], "target": 40, "between": 0}
VARIANT = "partnership"
NO_CAPS = ["--per-address", "100000", "--rooms-per-address", "100000", "--max-connections", "100000"]
DOCS_CONFIG = Path(__file__).parents[2] / "docs" / "haproxy.cfg"


class Serve:
    """``domino-tui serve`` in a process of its own, on the shared database, named in it (application_name)."""

    def __init__(self, url: str, port: int, folder: Path, name: str) -> None:
        self.url, self.port, self.folder, self.name = f"{url}?application_name={name}", port, folder, name
        self.proc: subprocess.Popen[str] | None = None

    async def start(self) -> None:
        self.folder.mkdir(exist_ok=True)
        env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(self.folder)}
        command = [sys.executable, "-m", "domino_tui", "serve", "--port", str(self.port), "--db", self.url]
        with open(self.folder / "server.log", "a") as log:
            self.proc = subprocess.Popen(
                [*command, "--rate", "1000", "--bot-pace", "0", *NO_CAPS],
                stderr=log,
                stdout=subprocess.PIPE,
                text=True,
                env=env,
            )
        assert self.proc.stdout is not None
        line = await asyncio.to_thread(self.proc.stdout.readline)
        assert line.startswith("serving on ws://"), line

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def proxy_config(port: int, servers: list[Serve]) -> str:
    """docs/haproxy.cfg with this test's ports: the sample is what is tested."""
    text = DOCS_CONFIG.read_text().replace("bind 127.0.0.1:8765", f"bind 127.0.0.1:{port}")
    for n, serve in enumerate(servers, 1):
        text = text.replace(f"127.0.0.1:900{n}", f"127.0.0.1:{serve.port}")
    return text


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


@dataclass
class Person:
    client: RoomClient
    connections: list[tuple[float, str]] = field(default_factory=list)  # (when, "reconnecting" or "connected")
    last: GameOver | None = None


async def play_first_legal(person: Person) -> GameOver | None:
    """A person who plays the first legal move, says next after each game, and notes the connection's ups and
    downs."""
    client = person.client
    async for event in client.events():
        if isinstance(event, SeatView) and event.observation.legal:
            await client.move(event.observation.legal[0], event.position)
        elif isinstance(event, GameOver):
            person.last = event
            if event.match_over:
                return event
            await client.next_game()
        elif isinstance(event, Connection):
            person.connections.append((time.monotonic(), event.state))
        elif isinstance(event, RoomClosed):
            break
    return person.last


async def open_room(url: str) -> tuple[Person, Person, str]:
    """Two people in a new room, started: the creator through the proxy's "/" (any process), the other by the
    room's path (the process the proxy hashes it to, which asks the creator's process for the room)."""
    ana, ben = Person(RoomClient(url, retry=(0.05, 0.2))), Person(RoomClient(url, retry=(0.05, 0.2)))
    welcome = await ana.client.create("Ana", VARIANT, **OPTIONS)
    await ben.client.join(welcome.room, "Ben")
    while True:
        info = await wait_for(ana.client, lambda e: isinstance(e, RoomInfo) and e.seats[2].present, 20)
        if info.seats[0].present and await ana.client.start():
            return ana, ben, welcome.room


def the_log(entries: list[dict[str, object]]) -> list[tuple[object, ...]]:
    """What was played: the start, every move (and by whom), each next game; not the seats' tokens."""
    return [(e["e"], json.dumps(e.get("move")), e.get("by")) for e in entries if e["e"] in ("start", "move", "next")]


async def test_rooms_survive_a_killed_process_behind_haproxy(postgres_server, tmp_path: Path) -> None:
    database = postgres_server.new_database()
    servers = [Serve(database, free_port(), tmp_path / f"serve{n}", f"serve{n}") for n in range(1, PROCESSES + 1)]
    proxy_port = free_port()
    (tmp_path / "haproxy.cfg").write_text(proxy_config(proxy_port, servers))
    proxy: subprocess.Popen[str] | None = None
    people: list[Person] = []
    try:
        await asyncio.gather(*(serve.start() for serve in servers))
        with open(tmp_path / "haproxy.log", "w") as log:
            proxy = subprocess.Popen(["haproxy", "-db", "-f", str(tmp_path / "haproxy.cfg")], stdout=log, stderr=log)
        while not listening(proxy_port):
            assert proxy.poll() is None, (tmp_path / "haproxy.log").read_text()
            await asyncio.sleep(0.02)
        url = f"ws://127.0.0.1:{proxy_port}"

        began = time.monotonic()
        rooms = await asyncio.gather(*(open_room(url) for _ in range(ROOMS)))
        people = [person for ana, ben, _ in rooms for person in (ana, ben)]
        playing = asyncio.gather(*(play_first_legal(person) for person in people))
        # Mid-hand in every room: then the process serving the most rooms is killed.
        while not all(p.client.observation is not None and p.client.observation.position >= 6 for p in people):
            await asyncio.sleep(0.01)
        with psycopg.connect(database) as db:
            held = db.execute(
                "SELECT a.application_name, count(*) FROM room_leases AS l JOIN pg_stat_activity AS a "
                "ON a.pid = l.owner_pid GROUP BY 1 ORDER BY 2 DESC"
            ).fetchall()
        victim = next(serve for serve in servers if serve.name == held[0][0])
        killed_at = time.monotonic()
        victim.kill()
        results = await asyncio.wait_for(playing, 60)
        played_for = time.monotonic() - began
    finally:
        for person in people:
            await person.client.close()
        for serve in servers:
            serve.stop()
        if proxy is not None:
            proxy.kill()
            proxy.wait()

    assert all(result is not None and result.match_over for result in results)
    # How long each client cut off by the kill took to be back in its room, through the proxy.
    back = []
    for person in people:
        after = [(t, state) for t, state in person.connections if t >= killed_at]
        if after and after[0][1] == "reconnecting":
            back.append(next(t for t, state in after if state == "connected") - killed_at)
    assert back, "the killed process served no room's clients"
    print(
        f"\n{ROOMS} rooms on {PROCESSES} processes, {held[0][1]} rooms on the one killed; {len(back)} clients came "
        f"back in {statistics.median(back):.3f} s (median), {max(back):.3f} s at most; all played in {played_for:.1f} s"
    )

    # The control: the same rooms, seeds and players on one process, nothing killed.
    with psycopg.connect(database) as db:
        stored = db.execute("SELECT code, seed FROM rooms ORDER BY created").fetchall()
        entries = "SELECT entry FROM log WHERE code = %s ORDER BY seq"
        killed_run = {seed: the_log([json.loads(e) for (e,) in db.execute(entries, (code,))]) for code, seed in stored}
    seed_of = dict(stored)
    killed_scores = {seed_of[code.replace("-", "")]: results[2 * n].scores for n, (_, _, code) in enumerate(rooms)}
    seeds = [seed for _, seed in stored]
    control = await start_server(tmp_path / "control.sqlite3", per_address=100_000, rooms_per_address=100_000)
    control_people: list[Person] = []
    try:
        control.server.new_seed = lambda: seeds.pop()  # each seed once, in whatever order the rooms are made
        control_rooms = await asyncio.gather(*(open_room(control.url) for _ in stored))
        control_people = [person for ana, ben, _ in control_rooms for person in (ana, ben)]
        control_results = await asyncio.wait_for(
            asyncio.gather(*(play_first_legal(person) for person in control_people)), 60
        )
        await control.server.storage.drain()
        control_run = {room.seed: the_log(room.entries) for room in control.server.storage.rooms()}
        control_seed_of = {room.code: room.seed for room in control.server.storage.rooms()}
    finally:
        for person in control_people:
            await person.client.close()
        await control.server.stop()
    assert control_run == killed_run
    control_scores = {
        control_seed_of[code.replace("-", "")]: control_results[2 * n].scores
        for n, (_, _, code) in enumerate(control_rooms)
    }
    assert control_scores == killed_scores
