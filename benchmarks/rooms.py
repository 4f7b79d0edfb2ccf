"""Many rooms of four bot clients on loopback: the room server's moves a second and the time from a move to the
other seats' updates, beside a bare websockets relay measured in the same run.

    python benchmarks/rooms.py [--rooms 1000] [--seconds 20]

Each server runs in a process of its own pinned to one core (os.sched_setaffinity); the clients run in this
process, pinned to another core when there is one. Ours: `domino-tui serve` with partnership rooms, four
clients each (RoomClient and a random bot), every move checked, stored (SQLite, WAL, fsync'd group commits)
and sent as each seat's observation. The reference: a bare websockets server that relays each message of a
room's turn to the room's other three connections, with messages of the size of an observation and clients
that take turns the same way, so it costs what websockets and asyncio cost and nothing of ours. Latency is
measured from the moment a client sends its move to the moment each other seat of its room has its update.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domino_tui.net.cli import raise_file_limit  # noqa: E402
from domino_tui.net.client import RoomClient, SeatView  # noqa: E402
from domino_tui.net.thinking import make  # noqa: E402

PAYLOAD = 1_400  # bytes: about a partnership observation in mid-game


def pin(pid: int, core: int) -> None:
    cores = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(pid, {cores[core % len(cores)]})


class Meter:
    """Send times of moves and receive times of the updates they caused, matched by (room, position)."""

    def __init__(self) -> None:
        self.sent: dict[tuple[int, int], float] = {}
        self.latencies: list[float] = []
        self.moves = 0
        self.counting = False

    def moved(self, room: int, position: int) -> None:
        if self.counting:
            self.moves += 1
            self.sent[(room, position)] = time.perf_counter()

    def updated(self, room: int, position: int) -> None:
        start = self.sent.get((room, position))
        if start is not None and self.counting:
            self.latencies.append(time.perf_counter() - start)

    async def measure(self, name: str, seconds: float, stop: asyncio.Event) -> dict[str, float]:
        """Let every room get going, count for ``seconds``, then stop the clients."""
        await asyncio.sleep(3)
        self.counting = True
        await asyncio.sleep(seconds)
        self.counting = False
        stop.set()
        return self.report(name, seconds)

    def report(self, name: str, seconds: float) -> dict[str, float]:
        lat = sorted(self.latencies)
        p50 = lat[len(lat) // 2] * 1000 if lat else float("nan")
        p99 = lat[int(len(lat) * 0.99)] * 1000 if lat else float("nan")
        return {"name": name, "moves_per_s": self.moves / seconds, "p50_ms": p50, "p99_ms": p99, "n": len(lat)}


# ----- ours -----


async def our_seat(client: RoomClient, room: int, meter: Meter, stop: asyncio.Event) -> None:
    bot = make("random", random.Random(room))
    async for event in client.events():
        if stop.is_set():
            return
        if isinstance(event, SeatView):
            # The update for the position this view shows, caused by the move that made it.
            meter.updated(room, event.position)
            if event.observation.legal:
                meter.moved(room, event.position + 1)
                await client.move(bot.choose(event.observation), event.position)
        elif type(event).__name__ == "GameOver":
            await client.next_game()


async def ours(url: str, rooms: int, seconds: float) -> dict[str, float]:
    meter, stop = Meter(), asyncio.Event()
    clients: list[RoomClient] = []
    tasks = []

    creators: list[RoomClient] = []

    async def make_room(i: int) -> None:
        seats = [RoomClient(url, retry=(0.5, 5)) for _ in range(4)]
        clients.extend(seats)
        welcome = await seats[0].create("P0", "partnership", target=10_000, between=0)
        for k, c in enumerate(seats[1:], 1):
            await c.join(welcome.room, f"P{k}")
        tasks.extend(asyncio.create_task(our_seat(c, i, meter, stop)) for c in seats)
        creators.append(seats[0])

    # Every room is made and filled first, then all start: a server busy with games would keep newcomers waiting
    # (that is what the measured p99 is about, not the setup).
    for chunk in range(0, rooms, 50):
        await asyncio.gather(*(make_room(i) for i in range(chunk, min(rooms, chunk + 50))))
    await asyncio.gather(*(c.start() for c in creators))
    result = await meter.measure("domino-tui rooms", seconds, stop)
    for c in clients:
        c.drop()
    for t in tasks:
        t.cancel()
    return result


# ----- the reference: a bare relay -----


def relay_server(port: int) -> None:
    """A websockets server that puts each connection in the room its first message names and sends each later
    message to the room's other connections."""
    from websockets.asyncio.server import broadcast, serve
    from websockets.exceptions import ConnectionClosed

    rooms: dict[str, set] = {}

    async def handler(ws) -> None:
        members: set = set()
        try:
            members = rooms.setdefault(await ws.recv(), members)
            members.add(ws)
            async for message in ws:
                broadcast([m for m in members if m is not ws], message)
        except ConnectionClosed:
            pass  # the clients leave without goodbyes at the end of the run
        finally:
            members.discard(ws)

    async def main() -> None:
        async with serve(handler, "127.0.0.1", port, compression=None, max_size=1 << 16):
            print("serving", flush=True)
            await asyncio.Future()

    asyncio.run(main())


async def relay_seat(url: str, room: int, seat: int, meter: Meter, stop: asyncio.Event, ready) -> None:
    async with connect(url, compression=None, max_size=1 << 16, open_timeout=60) as ws:
        await ws.send(str(room))
        ready.append(1)
        pad = "x" * PAYLOAD
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 1)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            position = msg["position"]
            meter.updated(room, position)
            if msg["turn"] == seat:
                # Take the turn: the others are told, and the next seat's turn comes with it.
                meter.moved(room, position + 1)
                nxt = {"position": position + 1, "turn": (seat + 1) % 4, "pad": pad}
                await ws.send(json.dumps(nxt))


async def relay(url: str, rooms: int, seconds: float) -> dict[str, float]:
    meter, stop = Meter(), asyncio.Event()
    ready: list[int] = []
    tasks = []
    for chunk in range(0, rooms, 50):  # connected 50 rooms at a time, as ours are
        tasks += [
            asyncio.create_task(relay_seat(url, r, s, meter, stop, ready))
            for r in range(chunk, min(rooms, chunk + 50))
            for s in range(4)
        ]
        while len(ready) < 4 * min(rooms, chunk + 50):
            await asyncio.sleep(0.01)
    # Seat 0 of each room starts the game: it sends the first move as if it had been told it was its turn.
    async with asyncio.TaskGroup() as group:
        for r in range(rooms):
            group.create_task(_kick(url, r))
    result = await meter.measure("bare websockets relay", seconds, stop)
    for t in tasks:
        t.cancel()
    return result


async def _kick(url: str, room: int) -> None:
    """A fifth connection that says "seat 1, your turn" once and leaves: the seats then take turns."""
    async with connect(url, compression=None) as ws:
        await ws.send(str(room))
        await ws.send(json.dumps({"position": 0, "turn": 1, "pad": ""}))
        await asyncio.sleep(0.5)


# ----- running both -----


def start(command: list[str], ready: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    pin(proc.pid, 0)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert ready in line, line
    return proc


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--relay-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.relay_server:
        relay_server(args.relay_server)
        return
    raise_file_limit()
    pin(0, 1)  # the clients on the other core
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        limits = ["--max-connections", "100000", "--per-address", "100000", "--max-rooms", "100000"]
        server = start(
            [
                sys.executable,
                "-m",
                "domino_tui",
                "serve",
                "--port",
                str(port),
                "--db",
                f"{tmp}/rooms.sqlite3",
                "--quiet",
                "--rate",
                "100000",
                *limits,
            ],
            "serving on",
        )
        try:
            results.append(asyncio.run(ours(f"ws://127.0.0.1:{port}", args.rooms, args.seconds)))
        finally:
            server.terminate()
            server.wait()
        port = free_port()
        echo = start([sys.executable, __file__, "--relay-server", str(port)], "serving")
        try:
            results.append(asyncio.run(relay(f"ws://127.0.0.1:{port}", args.rooms, args.seconds)))
        finally:
            echo.terminate()
            echo.wait()
    print(f"{args.rooms} rooms of 4 clients, {args.seconds:g} s measured, each server pinned to one core")
    print(f"{'':24} {'moves/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'updates':>9}")
    for r in results:
        print(f"{r['name']:24} {r['moves_per_s']:9.0f} {r['p50_ms']:8.2f} {r['p99_ms']:8.2f} {r['n']:9d}")
    ratio = results[0]["p99_ms"] / results[1]["p99_ms"]
    print(f"our p99 is {ratio:.1f}x the relay's (goal: within 5x)")


if __name__ == "__main__":
    main()
