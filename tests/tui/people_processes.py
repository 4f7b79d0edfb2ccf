"""People at a table online as they are in life: a real `domino-tui serve` process, and each person's app a real
`domino-tui join` process in a terminal of its own (tmux, at a fixed size), with a config folder of its own. The
test reads what each screen shows (tmux's capture-pane), what the server keeps (its SQLite log, replayed into a
`Room`), and what its own websocket client hears (the room's creator, whose seat it plays).

Every wait is for an event, polled with a deadline; everything started is stopped by the fixtures, even on failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import selectors
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from domino_tui.net.client import RoomClient
from domino_tui.net.heard import SeatView, TrainSeatView
from domino_tui.net.room import Options, Room
from domino_tui.paths import CONFIG_ENV

REPO = Path(__file__).resolve().parents[2]
SIZE = (100, 30)
# One tile of a hand as the table draws it: "│ 2 │ 6 │" (a line game), "│11│11│" (a train game).
HAND_TILE = re.compile(r"│\s*(\d+)\s*│\s*(\d+)\s*│")

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


async def until(check: Callable[[], object], what: str, timeout: float = 90.0) -> object:
    """Poll ``check`` until it gives something true; AssertionError naming ``what`` at the deadline (which only
    bounds a failing test: several apps starting at once on a busy machine take many seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        await asyncio.sleep(0.1)


class ServerProcess:
    """``domino-tui serve`` on 127.0.0.1, on a port it picks; its rooms in ``folder``/rooms.sqlite3."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db = folder / "rooms.sqlite3"
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0

    def start(self, timeout: float = 20.0) -> None:
        env = {**os.environ, CONFIG_ENV: str(self.folder), "PYTHONPATH": str(REPO)}
        # Bots answer at once and the rate is a bot's: these tests are of seats, not of the server's pace.
        command = [sys.executable, "-m", "domino_tui", "serve", "--port", "0", "--db", str(self.db)]
        command += ["--rate", "1000", "--bot-pace", "0", "--quiet"]
        with open(self.folder / "server.log", "a") as log:
            self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True, env=env, cwd=REPO)
        assert self.proc.stdout is not None
        with selectors.DefaultSelector() as ready:
            ready.register(self.proc.stdout, selectors.EVENT_READ)
            if not ready.select(timeout):
                raise AssertionError(f"the server said nothing within {timeout:g} s: {self.log()}")
        line = self.proc.stdout.readline()
        found = re.match(r"serving on ws://127\.0\.0\.1:(\d+)", line)
        assert found, f"{line!r} {self.log()}"
        self.port = int(found.group(1))

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def address(self, room: str) -> str:
        return f"127.0.0.1:{self.port}/{room}"

    def log(self) -> str:
        path = self.folder / "server.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)

    def room(self, code: str) -> Room:
        """The room as the server keeps it: its log, replayed (the server writes each change before sending it)."""
        key = code.replace("-", "").upper()
        with contextlib.closing(sqlite3.connect(self.db, timeout=10)) as db:
            created, seed, options, password = db.execute(
                "SELECT created, seed, options, password FROM rooms WHERE code = ?", (key,)
            ).fetchone()
        entries = self.log_entries(code)
        room = Room(key, seed, Options.from_json(json.loads(options)), password, created)
        room.replay(entries)
        return room

    def log_entries(self, code: str) -> list[dict[str, object]]:
        key = code.replace("-", "").upper()
        with contextlib.closing(sqlite3.connect(self.db, timeout=10)) as db:
            return [json.loads(e) for (e,) in db.execute("SELECT entry FROM log WHERE code = ? ORDER BY seq", (key,))]


def hand_of(room: Room, seat: int) -> list[tuple[int, int]] | None:
    """The seat's hand as the room has it, each tile low first, sorted (how a screen's hand is compared); None
    before the deal."""
    seen = room.observation(seat)
    if seen is None:
        return None
    hand = seen["obs"]["hand"]  # type: ignore[index]
    return sorted(tuple(sorted(tile)) for tile in hand)  # type: ignore[misc]


class Terminals:
    """A tmux server of this test's own (its own socket), so that nothing of it outlives the test."""

    def __init__(self) -> None:
        # A short path: a socket's path has a length limit, and pytest's folders are long.
        self.socket = Path(tempfile.gettempdir()) / f"dt-{uuid.uuid4().hex[:10]}"

    def tmux(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(["tmux", "-S", str(self.socket), *args], capture_output=True, text=True, timeout=20)
        if check and done.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def close(self) -> None:
        self.tmux("kill-server", check=False)
        with contextlib.suppress(FileNotFoundError):
            self.socket.unlink()


class App:
    """``domino-tui join ...`` (a person's app) in a tmux window of ``SIZE``, with its own config folder."""

    def __init__(
        self, terminals: Terminals, session: str, config: Path, args: list[str], size: tuple[int, int] = SIZE
    ) -> None:
        self.terminals, self.session, self.config, self.args = terminals, session, config, args
        self.size = size
        self.pid: int | None = None

    def start(self) -> App:
        self.config.mkdir(parents=True, exist_ok=True)
        width, height = self.size
        env = {CONFIG_ENV: str(self.config), "PYTHONPATH": str(REPO), "TERM": "xterm-256color"}
        # A COLUMNS or LINES of the test run's own (a plugin may set them) would override the terminal's size.
        env |= {"COLUMNS": str(width), "LINES": str(height)}
        words = ["env", *(f"{k}={v}" for k, v in env.items()), sys.executable, "-m", "domino_tui", "join", *self.args]
        # exec: the window's process is the app itself, so its pid is the one to kill; the window stays once the
        # app is gone, so that what it said last can still be read.
        command = "exec " + " ".join(_quoted(w) for w in words)
        # One tmux command: the window is kept before its app could end (an app refused by its command line ends
        # at once).
        self.terminals.tmux(
            *("new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height), "-c", str(REPO), command),
            *(";", "set-option", "-t", self.session, "remain-on-exit", "on"),
        )
        self.pid = int(self.terminals.tmux("display-message", "-p", "-t", self.session, "#{pane_pid}").strip())
        return self

    def screen(self) -> str:
        return self.terminals.tmux("capture-pane", "-p", "-t", self.session, check=False)

    def keys(self, *keys: str) -> None:
        self.terminals.tmux("send-keys", "-t", self.session, *keys)

    def gone(self) -> bool:
        """Whether the app's process has ended (its window stays, dead)."""
        return self.terminals.tmux("display-message", "-p", "-t", self.session, "#{pane_dead}").strip() == "1"

    def kill(self) -> None:
        """SIGKILL, as a crash or a closed laptop: the app says nothing to the server."""
        assert self.pid is not None
        os.kill(self.pid, signal.SIGKILL)

    def close(self) -> None:
        self.terminals.tmux("kill-session", "-t", self.session, check=False)

    def hand(self) -> list[tuple[int, int]]:
        """The tiles in the hand panel ("You ..."), each low first, sorted."""
        lines = self.screen().splitlines()
        start = next((i for i, line in enumerate(lines) if line.startswith("╭─ You")), None)
        if start is None:
            return []
        tiles = [(int(a), int(b)) for line in lines[start + 1 :] for a, b in HAND_TILE.findall(line)]
        return sorted(tuple(sorted(t)) for t in tiles)  # type: ignore[misc]

    async def shows(self, *words: str) -> str:
        """Wait until the screen shows every one of ``words``; the screen (on failure, the screen as it was)."""
        got = await self.until(lambda: (s := self.screen()) and all(w in s for w in words) and s, f"{words} on screen")
        return str(got)

    async def until(self, check: Callable[[], object], what: str) -> object:
        """`until`, and on failure the app's screen as it was."""
        try:
            return await until(check, what)
        except AssertionError as failed:
            raise AssertionError(f"{failed}; the screen:\n{self.screen()}") from None


def _quoted(word: str) -> str:
    import shlex

    return shlex.quote(word)


class Creator:
    """The room's creator: the test's own websocket client (domino_tui's), which plays its seat's first legal
    move unless ``holds`` says to wait (then the room waits on its turn), and hears every room message (who sits
    where, present, away)."""

    def __init__(self, server: ServerProcess) -> None:
        self.client = RoomClient(server.url, retry=(0.05, 0.2))
        self.holds: Callable[[], bool] = lambda: False
        self.moves = 0  # moves this seat made
        self.task: asyncio.Task[None] | None = None
        self.room = ""

    async def create(self, variant: str, **options: object) -> str:
        welcome = await self.client.create("Cleo", variant, **options)
        self.room = welcome.room
        self.task = asyncio.ensure_future(self._play())
        return self.room

    async def _play(self) -> None:
        async for event in self.client.events():
            if isinstance(event, SeatView | TrainSeatView):
                await self._maybe_move()

    async def _maybe_move(self) -> None:
        seen = self.client.observation or self.client.train_observation
        moving = not self.holds() and seen is not None and seen.observation.legal
        if moving and seen is not None and await self.client.move(seen.observation.legal[0], seen.position):
            self.moves += 1

    async def go_on(self) -> None:
        """Play again (the room may wait on this seat's turn)."""
        self.holds = lambda: False
        await self._maybe_move()

    def seats(self) -> list[tuple[str, str, bool, bool]]:
        """Each seat as the room says: name, kind, present, away."""
        info = self.client.info
        return [] if info is None else [(s.name, s.kind, s.present, s.away) for s in info.seats]

    async def close(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        await self.client.close()


class People:
    """What one test starts: the server, the creator, the apps; all stopped by ``stop``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.server = ServerProcess(folder)
        self.terminals = Terminals()
        self.apps: list[App] = []
        self.creator: Creator | None = None

    def app(self, session: str, config: str, *args: str, size: tuple[int, int] = SIZE) -> App:
        app = App(self.terminals, f"{session}-{len(self.apps)}", self.folder / config, list(args), size)
        self.apps.append(app)
        return app.start()

    async def stop(self) -> None:
        try:
            if self.creator is not None:
                await self.creator.close()
        finally:
            self.terminals.close()
            self.server.stop()


@contextlib.asynccontextmanager
async def running_people(folder: Path) -> AsyncIterator[People]:
    """A server started for the test, its creator's client, and whatever apps the test starts: all stopped after,
    failed or not; on a failure every screen and the server's log are printed (pytest shows them)."""
    running = People(folder)
    try:
        await asyncio.to_thread(running.server.start)
        running.creator = Creator(running.server)
        yield running
    except BaseException:
        for app in running.apps:
            print(f"--- {app.session} ---\n{app.screen()}")
        print(f"--- server ---\n{running.server.log()}")
        if running.creator is not None and running.creator.room:
            print(f"--- the room's log ---\n{running.server.log_entries(running.creator.room)}")
        raise
    finally:
        await running.stop()
