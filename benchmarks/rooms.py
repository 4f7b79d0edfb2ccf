"""Many rooms of four bot clients on loopback: the room server's moves a second and the time from a move to the
other seats' updates, on SQLite, on PostgreSQL and as two processes behind HAProxy, beside a bare websockets relay
measured in the same run.

    python benchmarks/rooms.py [--rooms 1000] [--seconds 20] [--warmup 3] [--only sqlite,postgresql,haproxy-2,relay]
        [--clients light|full] [--variant partnership]

The setups, one after the other, each with the same rooms and clients:

- sqlite: one `domino-tui serve` on a SQLite file (WAL, fsync'd group commits).
- postgresql: one `serve` on a private PostgreSQL server the script starts in a temporary folder (as `nobody`
  when run as root: its programs refuse root), with PostgreSQL's defaults: fsync and synchronous commits on.
- haproxy-2: two `serve` processes on one database of that server, behind HAProxy on docs/haproxy.cfg (its
  ports changed, its third process left out); rooms are created through "/" and joined by their path, as the
  client does, so most rooms move once to the process their path hashes to before they start.
- relay: a bare websockets server that relays each message of a room's turn to the room's other three
  connections, with messages of the size of an observation and clients that take turns the same way, so it
  costs what websockets and asyncio cost and nothing of ours.

Each `serve` (and the relay) runs in a process of its own pinned to a core that is not the clients'
(os.sched_setaffinity; on two cores both processes of haproxy-2 share core 0); the clients run in this process,
pinned to core 1 when there is one; PostgreSQL and HAProxy run wherever the system puts them. Ours: partnership
rooms (or ``--variant``'s, of four players), four clients each (raw websockets, or RoomClient and a random bot),
every move checked, stored and sent as each seat's observation. Latency is measured from the moment a client sends
its move to the moment each other seat of its room has its update. Everything the script starts is stopped again,
and its folders removed, however the run ends (an error, Ctrl-C).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domino_tui.bot_registry import make  # noqa: E402
from domino_tui.games import GameChoiceError, match_kind  # noqa: E402
from domino_tui.net.cli import raise_file_limit  # noqa: E402
from domino_tui.net.client import RoomClient, SeatView, room_url  # noqa: E402
from domino_tui.net.protocol import VERSION  # noqa: E402

PAYLOAD = 1_400  # bytes: about a partnership observation in mid-game
VARIANT = "partnership"  # --variant: the rooms' game, four players


def room_options(variant: str) -> dict[str, object]:
    """A room of ``variant`` for four that goes on from game to game for the whole run: a game played to a target
    is played to one it never reaches (a train game's rounds outlast a run)."""
    kind = match_kind(variant, 4)
    try:
        kind.length(10_000, None)
    except GameChoiceError:  # played for rounds or a number of games
        return {"variant": variant, "players": 4, "between": 0}
    return {"variant": variant, "players": 4, "target": 10_000, "between": 0}


ALL_CORES = frozenset(os.sched_getaffinity(0))


def pin(pid: int, core: int) -> None:
    cores = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(pid, {cores[core % len(cores)]})


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Meter:
    """Send times of moves and receive times of the updates they caused, matched by (room, position); and the CPU
    the server's processes and the clients' used while counting (a share of one core: 1.0 is a core kept busy),
    which says which side the figure measures."""

    def __init__(self, servers: tuple[int, ...] = ()) -> None:
        self.sent: dict[tuple[int, int], float] = {}
        self.latencies: list[float] = []
        self.moves = 0
        self.counting = False
        self.servers = servers
        self.cpu = {"server_cpu": float("nan"), "clients_cpu": float("nan")}

    def _cpu_now(self) -> tuple[float, float]:
        return sum(cpu_seconds(pid) for pid in self.servers), cpu_seconds(os.getpid())

    def moved(self, room: int, position: int) -> None:
        if self.counting:
            self.moves += 1
            self.sent[(room, position)] = time.perf_counter()

    def updated(self, room: int, position: int) -> None:
        start = self.sent.get((room, position))
        if start is not None and self.counting:
            self.latencies.append(time.perf_counter() - start)

    async def measure(self, name: str, seconds: float, warmup: float, stop: asyncio.Event) -> dict[str, Any]:
        """Let every room get going for ``warmup`` seconds, count for ``seconds``, then stop the clients."""
        await asyncio.sleep(warmup)
        server, clients = self._cpu_now()
        self.counting = True
        await asyncio.sleep(seconds)
        self.counting = False
        server_after, clients_after = self._cpu_now()
        if self.servers:
            self.cpu["server_cpu"] = (server_after - server) / seconds
        self.cpu["clients_cpu"] = (clients_after - clients) / seconds
        stop.set()
        return self.report(name, seconds)

    def report(self, name: str, seconds: float) -> dict[str, Any]:
        lat = sorted(self.latencies)
        p50 = lat[len(lat) // 2] * 1000 if lat else float("nan")
        p99 = lat[int(len(lat) * 0.99)] * 1000 if lat else float("nan")
        moves = self.moves / seconds
        return {"name": name, "moves_per_s": moves, "p50_ms": p50, "p99_ms": p99, "n": len(lat), **self.cpu}


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


async def start_when_full(creator: RoomClient) -> None:
    """Start the room once its four seats are present. Behind HAProxy the creator came in by "/" and the others by
    the room's path, so the room may move to another process meanwhile and the creator reconnect: it asks again
    until the room has started."""
    while creator.info is None or creator.info.status == "lobby":
        if creator.info is not None and all(seat.present for seat in creator.info.seats):
            await creator.start()
            await asyncio.sleep(0.2)
        await asyncio.sleep(0.02)


async def ours(
    url: str, rooms: int, seconds: float, warmup: float, light: bool = True, servers: tuple[int, ...] = ()
) -> dict[str, Any]:
    meter, stop = Meter(servers), asyncio.Event()
    if light:
        return await _ours_light(url, rooms, seconds, warmup, meter, stop)
    clients: list[RoomClient] = []
    tasks: list[asyncio.Task[None]] = []

    creators: list[RoomClient] = []

    async def make_room(i: int) -> None:
        seats = [RoomClient(url, retry=(0.5, 5)) for _ in range(4)]
        clients.extend(seats)
        options = room_options(VARIANT)
        welcome = await seats[0].create("P0", str(options.pop("variant")), **options)
        for k, c in enumerate(seats[1:], 1):
            await c.join(welcome.room, f"P{k}")
        tasks.extend(asyncio.create_task(our_seat(c, i, meter, stop)) for c in seats)
        creators.append(seats[0])

    # Every room is made and filled first, then all start: a server busy with games would keep newcomers waiting
    # (that is what the measured p99 is about, not the setup).
    for chunk in range(0, rooms, 50):
        await asyncio.gather(*(make_room(i) for i in range(chunk, min(rooms, chunk + 50))))
    await asyncio.wait_for(asyncio.gather(*(start_when_full(c) for c in creators)), 120)
    result = await meter.measure("domino-tui rooms", seconds, warmup, stop)
    for c in clients:
        c.drop()
    for t in tasks:
        t.cancel()
    return result


# ----- ours, with clients as light as the relay's -----


async def _welcomed(ws: ClientConnection, hello: dict[str, object]) -> dict[str, Any]:
    """Send the first message and read up to the welcome (the room message that may come first is skipped)."""
    await ws.send(json.dumps(hello))
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == "welcome":
            return dict(msg)
        if msg["type"] == "error":
            raise RuntimeError(f"the server refused {hello['type']}: {msg}")


async def light_seat(ws: ClientConnection, room: int, meter: Meter, stop: asyncio.Event, choose: random.Random) -> None:
    """A seat that reads of each observation only what a random bot needs, as the relay's clients read their
    messages: the position (at the front of the message) always, and the whole JSON only when its legal moves
    are not empty (its turn), to send one of them at random."""
    while not stop.is_set():
        try:
            raw = await asyncio.wait_for(ws.recv(), 1)
        except TimeoutError:
            continue
        assert isinstance(raw, str)
        if not raw.startswith('{"type":"obs"'):
            continue
        at = raw.index('"position":') + 11
        position = int(raw[at : raw.index(",", at)])
        meter.updated(room, position)
        if '"legal":[]' not in raw:
            legal = json.loads(raw)["obs"]["legal"]
            meter.moved(room, position + 1)
            await ws.send(json.dumps({"type": "move", "position": position, "move": choose.choice(legal)}))


async def _ours_light(
    url: str, rooms: int, seconds: float, warmup: float, meter: Meter, stop: asyncio.Event
) -> dict[str, Any]:
    """Ours with the relay's kind of client: a raw websocket per seat. The creator makes its room through the
    server's URL and comes back at the room's own (with its seat's token) before the others join there, so that
    behind HAProxy the whole room is on the process its path hashes to."""
    sockets: list[ClientConnection] = []
    tasks: list[asyncio.Task[None]] = []

    async def open_at(where: str) -> ClientConnection:
        ws = await connect(where, compression=None, max_size=1 << 20, open_timeout=60)
        sockets.append(ws)
        return ws

    async def make_room(i: int) -> ClientConnection:
        ws = await open_at(url)
        welcome = await _welcomed(ws, {"type": "create", "v": VERSION, "name": "P0", **room_options(VARIANT)})
        await ws.close()
        code, there = welcome["room"], room_url(url, welcome["room"])
        creator = await open_at(there)
        await _welcomed(creator, {"type": "rejoin", "v": VERSION, "room": code, "token": welcome["token"]})
        seats = [creator]
        for k in range(1, 4):
            seats.append(await open_at(there))
            await _welcomed(seats[-1], {"type": "join", "v": VERSION, "room": code, "name": f"P{k}"})
        choose = random.Random(i)
        tasks.extend(asyncio.create_task(light_seat(ws, i, meter, stop, choose)) for ws in seats)
        return creator

    creators: list[ClientConnection] = []
    for chunk in range(0, rooms, 50):
        creators += await asyncio.gather(*(make_room(i) for i in range(chunk, min(rooms, chunk + 50))))
    for creator in creators:  # every room full: all start at once
        await creator.send(json.dumps({"type": "start"}))
    result = await meter.measure("domino-tui rooms", seconds, warmup, stop)
    for t in tasks:
        t.cancel()
    for ws in sockets:
        ws.transport.abort()  # no goodbyes: the server sees each connection drop, as at the end of a full run
    return result


# ----- the reference: a bare relay -----


def relay_server(port: int) -> None:
    """A websockets server that puts each connection in the room its first message names and sends each later
    message to the room's other connections."""
    from websockets.asyncio.server import ServerConnection, broadcast, serve
    from websockets.exceptions import ConnectionClosed

    rooms: dict[str | bytes, set[ServerConnection]] = {}

    async def handler(ws: ServerConnection) -> None:
        members: set[ServerConnection] = set()
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


async def relay_seat(url: str, room: int, seat: int, meter: Meter, stop: asyncio.Event, ready: list[int]) -> None:
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


async def relay(url: str, rooms: int, seconds: float, warmup: float, servers: tuple[int, ...] = ()) -> dict[str, Any]:
    meter, stop = Meter(servers), asyncio.Event()
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
    result = await meter.measure("bare websockets relay", seconds, warmup, stop)
    for t in tasks:
        t.cancel()
    return result


async def _kick(url: str, room: int) -> None:
    """A fifth connection that says "seat 1, your turn" once and leaves at once: the seats then take turns. (Had it
    stayed, the turns relayed to it unread would fill its queue and its closing handshake wait 10 s.) The relay
    reads the message before the closing frame that follows it."""
    async with connect(url, compression=None) as ws:
        await ws.send(str(room))
        await ws.send(json.dumps({"position": 0, "turn": 1, "pad": ""}))


# ----- running them all -----

SETUPS = ("sqlite", "postgresql", "haproxy-2", "relay")
NAMES = {
    "sqlite": "one serve, SQLite",
    "postgresql": "one serve, PostgreSQL",
    "haproxy-2": "2 serves, HAProxy, PostgreSQL",
    "relay": "bare websockets relay",
}
LIMITS = ["--max-connections", "100000", "--per-address", "100000", "--max-rooms", "100000"]
LIMITS += ["--rooms-per-address", "100000", "--rate", "100000"]
HAPROXY_SAMPLE = ROOT / "docs" / "haproxy.cfg"


def stop(proc: subprocess.Popen[Any]) -> None:
    """SIGTERM, then SIGKILL if it has not gone in 10 s: nothing is left running."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    if proc.stdout is not None:
        proc.stdout.close()


def start(
    command: list[str], ready: str, cleanup: contextlib.ExitStack, core: int | None = 0, **popen: Any
) -> tuple[subprocess.Popen[str], str]:
    """Start ``command``, stopped when ``cleanup`` closes (registered before anything can fail), and wait for its
    first line of output, which has ``ready`` in it."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT, **popen)
    cleanup.callback(stop, proc)
    if core is not None:
        pin(proc.pid, core)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if ready not in line:
        raise RuntimeError(f"{command[:5]} did not start: {line!r}")
    return proc, line


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


PROFILE: Path | None = None  # --profile: each serve runs under cProfile, its stats written here


def serve(db: str, folder: Path, core: int, cleanup: contextlib.ExitStack, pids: list[int]) -> int:
    """A `domino-tui serve` on ``db``, pinned to ``core`` (its process id added to ``pids``); its port."""
    folder.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(folder)}
    arguments = ["serve", "--port", "0", "--db", db, "--quiet", *LIMITS]
    command = [sys.executable, "-m", "domino_tui", *arguments]
    if PROFILE is not None:
        PROFILE.mkdir(parents=True, exist_ok=True)
        # The event loop's thread on its own CPU clock: on a busy machine wall time would count the waits for a core.
        code = (
            "import cProfile, sys, time; from domino_tui.cli import main; out = sys.argv.pop(); "
            "p = cProfile.Profile(time.thread_time)\ntry: p.runcall(main)\nfinally: p.dump_stats(out)"
        )
        command = [sys.executable, "-c", code, *arguments, str(PROFILE / f"{folder.parent.name}-{folder.name}.prof")]
    with open(folder / "server.log", "w") as log:
        proc, line = start(command, "serving on", cleanup, core, env=env, stderr=log)
    pids.append(proc.pid)
    return int(line.strip().rsplit(":", 1)[1])


class Postgres:
    """A private PostgreSQL server in a temporary folder, run as `nobody` when we are root (its programs refuse
    root), with the defaults a real one has: fsync and synchronous commits on, as SQLite's store fsyncs too."""

    def __init__(self) -> None:
        from tests.net.postgres import as_server_user, binaries  # the tests' knowledge of Debian's PostgreSQL

        self.bin, self.prefix = binaries(), as_server_user()
        # A folder of its own (not in ours, which only we can enter): `nobody` must reach its data.
        self.folder = Path(tempfile.mkdtemp(prefix="rooms-benchmark-postgres-"))
        self.port, self.running = free_port(), False
        self.databases = 0

    def _run(self, *command: str) -> None:
        done = subprocess.run([*self.prefix, *command], capture_output=True, text=True, timeout=120, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "nobody", "nogroup")
        os.chmod(self.folder, 0o700)
        data = str(self.folder / "data")
        self._run(str(self.bin / "initdb"), "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
        # pg_ctl starts the server in a session of its own: a Ctrl-C here does not reach it, stop() does.
        self.running = True
        self._run(str(self.bin / "pg_ctl"), "-D", data, "-l", str(self.folder / "log"), "-o", options, "-w", "start")

    def new_database(self) -> str:
        import psycopg

        self.databases += 1
        name = f"rooms_{self.databases}"
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        try:
            if self.running:
                data = str(self.folder / "data")
                self._run(str(self.bin / "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop")
                self.running = False
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def haproxy_config(port: int, servers: list[int], connections: int) -> str:
    """docs/haproxy.cfg with our ports, its third process left out, and room for every connection."""
    text = HAPROXY_SAMPLE.read_text().replace("bind 127.0.0.1:8765", f"bind 127.0.0.1:{port}")
    text = text.replace("maxconn 4096", f"maxconn {max(4096, 2 * connections + 100)}")
    lines = text.splitlines()
    for n in range(1, 4):
        sample = f"127.0.0.1:900{n}"
        if n <= len(servers):
            lines = [line.replace(sample, f"127.0.0.1:{servers[n - 1]}") for line in lines]
        else:
            lines = [line for line in lines if sample not in line]
    return "\n".join(lines) + "\n"


def listening(port: int) -> bool:
    import socket

    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def server_cores(count: int) -> list[int]:
    """Cores for ``count`` server processes: every core but the clients' (1), in turn."""
    cores = len(os.sched_getaffinity(0))
    others = [c for c in range(cores) if c != 1] or [0]
    return [others[n % len(others)] for n in range(count)]


def run_setup(setup: str, args: argparse.Namespace, folder: Path, postgres: Postgres | None) -> dict[str, Any]:
    """Start what ``setup`` needs, measure it, stop it all."""
    sizes = (args.rooms, args.seconds, args.warmup)
    light = getattr(args, "clients", "light") == "light"
    pids: list[int] = []  # the server's processes, whose CPU is measured
    with contextlib.ExitStack() as cleanup:
        if setup == "relay":
            port = free_port()
            proc, _ = start([sys.executable, __file__, "--relay-server", str(port)], "serving", cleanup)
            result = asyncio.run(relay(f"ws://127.0.0.1:{port}", *sizes, (proc.pid,)))
        elif setup == "sqlite":
            port = serve(str(folder / "rooms.sqlite3"), folder / "serve", 0, cleanup, pids)
            result = asyncio.run(ours(f"ws://127.0.0.1:{port}", *sizes, light, tuple(pids)))
        elif setup == "postgresql":
            assert postgres is not None
            port = serve(postgres.new_database(), folder / "serve", 0, cleanup, pids)
            result = asyncio.run(ours(f"ws://127.0.0.1:{port}", *sizes, light, tuple(pids)))
        else:
            assert postgres is not None
            database = postgres.new_database()
            cores = server_cores(2)
            ports = [serve(database, folder / f"serve{n}", core, cleanup, pids) for n, core in enumerate(cores)]
            port = free_port()
            (folder / "haproxy.cfg").write_text(haproxy_config(port, ports, 4 * args.rooms))
            with open(folder / "haproxy.log", "w") as log:
                proxy = subprocess.Popen(["haproxy", "-db", "-f", str(folder / "haproxy.cfg")], stdout=log, stderr=log)
            cleanup.callback(stop, proxy)
            os.sched_setaffinity(proxy.pid, ALL_CORES)  # as PostgreSQL: wherever the system puts it
            while not listening(port):
                if proxy.poll() is not None:
                    raise RuntimeError((folder / "haproxy.log").read_text())
                time.sleep(0.02)
            result = asyncio.run(ours(f"ws://127.0.0.1:{port}", *sizes, light, tuple(pids)))
    result["name"] = NAMES[setup]
    return result


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b else "-"


def report(results: dict[str, dict[str, Any]], args: argparse.Namespace, load: tuple[float, float]) -> None:
    cores = len(ALL_CORES)
    print(
        f"{args.rooms} rooms of 4 clients, {args.seconds:g} s measured after {args.warmup:g} s, {cores} cores; "
        f"load average (1 min) {load[0]:.2f} before, {load[1]:.2f} after"
    )
    print(f"clients: {getattr(args, 'clients', 'light')}; variant: {VARIANT}")
    print("(server and client CPU: the share of one core each side used; and its milliseconds a move)")
    head = f"| {'':32} | {'moves/s':>9} | {'p50 ms':>9} | {'p99 ms':>9} | {'updates':>9} |"
    print(f"{head} {'server CPU':>10} | {'ms/move':>7} | {'client CPU':>10} | {'ms/move':>7} |")
    print(f"|{'-' * 34}|{'-' * 11}|{'-' * 11}|{'-' * 11}|{'-' * 11}|{'-' * 12}|{'-' * 9}|{'-' * 12}|{'-' * 9}|")
    for r in results.values():
        row = f"| {r['name']:32} | {r['moves_per_s']:9.0f} | {r['p50_ms']:9.1f} | {r['p99_ms']:9.1f} | {r['n']:9d} |"
        moves = r["moves_per_s"] or float("nan")
        server, clients = r["server_cpu"], r["clients_cpu"]
        per_move = f"{server:10.2f} | {server / moves * 1000:7.3f} | {clients:10.2f} | {clients / moves * 1000:7.3f}"
        print(f"{row} {per_move} |")
    pairs = [("postgresql", "sqlite"), ("haproxy-2", "sqlite")]
    pairs += [(setup, "relay") for setup in ("sqlite", "postgresql", "haproxy-2")]
    shown = [(a, b) for a, b in pairs if a in results and b in results]
    if shown:
        print()
        print(f"| {'ratio':32} | {'moves/s':>9} | {'p50':>9} | {'p99':>9} |")
        print(f"|{'-' * 34}|{'-' * 11}|{'-' * 11}|{'-' * 11}|")
    for a, b in shown:
        x, y = results[a], results[b]
        print(
            f"| {a + ' / ' + b:32} | {ratio(x['moves_per_s'], y['moves_per_s']):>9} | "
            f"{ratio(x['p50_ms'], y['p50_ms']):>9} | {ratio(x['p99_ms'], y['p99_ms']):>9} |"
        )


def measure_all(args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """Every setup asked for, one after the other; whatever happens (an error, Ctrl-C), every process started is
    stopped and every folder removed."""
    results: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="rooms-benchmark-") as tmp, contextlib.ExitStack() as cleanup:
        folder = Path(tmp)
        postgres = None
        if {"postgresql", "haproxy-2"} & set(args.only):
            postgres = Postgres()
            cleanup.callback(postgres.stop)
            postgres.start()  # before the pinning below: its processes inherit every core
        pin(0, 1)  # the clients on a core of their own (shared with whatever is not pinned)
        try:
            for setup in args.only:
                results[setup] = run_setup(setup, args, folder / setup, postgres)
        finally:
            os.sched_setaffinity(0, ALL_CORES)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20, help="how long each setup is measured")
    parser.add_argument("--warmup", type=float, default=3, help="seconds of play before the measuring starts")
    parser.add_argument(
        "--only",
        type=lambda text: text.split(","),
        default=list(SETUPS),
        help=f"the setups to run, comma-separated, of {','.join(SETUPS)} (default: all)",
    )
    parser.add_argument(
        "--clients",
        choices=("light", "full"),
        default="light",
        help="our seats as raw websockets that read the JSON only for a move, as the relay's clients do (light), "
        "or as the app's RoomClient with a random bot, building every view (full)",
    )
    parser.add_argument("--profile", type=Path, help="run each serve under cProfile, its stats in this folder")
    parser.add_argument("--variant", default="partnership", help="the rooms' game, four players (default: partnership)")
    parser.add_argument("--relay-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.relay_server:
        relay_server(args.relay_server)
        return 0
    if unknown := set(args.only) - set(SETUPS):
        parser.error(f"no setup {', '.join(sorted(unknown))}: choose from {', '.join(SETUPS)}")
    raise_file_limit()
    global PROFILE, VARIANT
    PROFILE, VARIANT = args.profile, args.variant
    before = os.getloadavg()[0]
    results = measure_all(args)
    report(results, args, (before, os.getloadavg()[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
