"""User bots in processes of their own, confined, under a load allowance and a per-move time limit.

A host is a fresh program (never a fork of the referee): the generic Python host (pyhost.py) for a bot written
in Python, or the user's own command for a ``cmd:`` entry. It is started in a session and process group of its
own, in an empty private folder, with a scrubbed environment, with limits on memory, processes, CPU time and
open files, without capabilities, and it dies with the process that started it. It learns nothing but its bot's
messages (wire.py). Every start gets LOAD_LIMIT to say hello, every game LOAD_LIMIT to build its bots, every
move the move limit. A late, dead or garbled host is killed with its whole process group and started again for
the next move; the lost move is a forfeit with its cause.
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from functools import partial

from ..engine import Move, Observation
from .entries import BotSpec
from .faults import Fault, Forfeit
from .secrecy import LIBC
from .wire import MAX_LINE, ProtocolError, game_line, obs_line, parse

# Importing the user's module, or building its bots for a game, is not a move: it gets this much time.
LOAD_LIMIT = 30.0
DEFAULT_MOVE_LIMIT = 1.0
MOVE_LIMIT_RANGE = (0.001, 3600.0)

# Per host process. Memory is address space; processes count every process of the user the host runs as.
MEMORY_LIMIT = 2 << 30
PROCESS_LIMIT = 64
CPU_LIMIT = 3600
FILE_LIMIT = 64

_PR_SET_PDEATHSIG = 1
_PR_CAPBSET_DROP = 24
_PR_SET_NO_NEW_PRIVS = 38
_LIBC = LIBC


def _confine(parent: int) -> None:
    """Runs in the host's process between fork and exec: only system calls, no locks. ``parent`` is the pid of
    the process starting the host."""
    for limit, value in (
        (resource.RLIMIT_AS, MEMORY_LIMIT),
        (resource.RLIMIT_NPROC, PROCESS_LIMIT),
        (resource.RLIMIT_NOFILE, FILE_LIMIT),
    ):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(limit, (value, value))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT + 5))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    os.umask(0o077)
    if _LIBC is not None:
        # Started by root, the host keeps uid 0 but no capability survives the exec: it cannot read the memory
        # of the referee (non-dumpable), raise its limits or escape them.
        for cap in range(64):
            _LIBC.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)
        _LIBC.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
        _LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        # A parent that died before the line above (a worker ended by Ctrl-C while starting this host) sends no
        # signal: the host would live on, holding the terminal's stderr, until its first write failed.
        if os.getppid() != parent:
            os._exit(1)


def _python_path() -> str:
    # Where the referee found domino_tui and the caller's modules (a Bot class given from Python code).
    return os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))


def _environment(home: str, python: bool) -> dict[str, str]:
    env = {"PATH": os.environ.get("PATH", os.defpath), "HOME": home, "TMPDIR": home, "LANG": "C.UTF-8"}
    if python:
        env.update(PYTHONPATH=_python_path(), PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    return env


def _session_members(sid: int) -> list[int]:
    """Processes still in session ``sid`` (a bot's children that left its process group)."""
    out = []
    for name in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as fh:
                fields = fh.read().rpartition(b")")[2].split()
        except OSError:
            continue
        if len(fields) > 4 and int(fields[4]) == sid:
            out.append(int(name))
    return out


def host_command(spec: BotSpec) -> tuple[list[str], bool]:
    """The program that hosts ``spec`` and whether it is the Python host."""
    if spec.kind == "cmd":
        return shlex.split(spec.path), False
    module = f"{__package__}.pyhost"
    return [sys.executable, "-m", module, spec.kind, spec.path, spec.name, str(spec.index)], True


class BotHost:
    """The referee's side of one host process: one seat of one entry."""

    def __init__(self, argv: list[str], python: bool, move_limit: float = DEFAULT_MOVE_LIMIT) -> None:
        self.argv = argv
        self.python = python
        self.move_limit = move_limit
        self.proc: subprocess.Popen | None = None
        self.home = ""
        self.buffer = b""
        self.game: bytes | None = None  # the current game's message, sent again to a restarted host
        self.unready = False  # a game message sent whose answer is still to come
        self.name = ""

    # ----- the process -----

    def _start(self) -> None:
        self.home = tempfile.mkdtemp(prefix="domino-tui-bot-")
        os.chmod(self.home, 0o700)
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                cwd=self.home,
                env=_environment(self.home, self.python),
                start_new_session=True,
                preexec_fn=partial(_confine, os.getpid()),
                close_fds=True,
                bufsize=0,
            )
        except OSError as exc:
            self.stop()
            raise Forfeit(Fault.CRASHED, f"cannot start {self.argv[0]}: {exc.strerror or exc}") from None
        os.set_blocking(self.proc.stdin.fileno(), False)  # type: ignore[union-attr]  # started with stdin and stdout PIPE
        self.buffer = b""
        try:
            name = self._read("hello", LOAD_LIMIT)
            assert isinstance(name, str)  # parse() lets only a str through as a hello
            self.name = name
        except Forfeit:
            self.stop()
            raise
        if self.game is not None:
            self._write(self.game, LOAD_LIMIT)
            self.unready = True

    def stop(self) -> None:
        """Kill the host and everything it started, and wait for it: nothing is left behind."""
        proc, self.proc = self.proc, None
        if proc is not None:
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGKILL)
            for pid in _session_members(proc.pid):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                proc.kill()
            proc.wait()
            for pipe in (proc.stdin, proc.stdout):
                with contextlib.suppress(OSError):
                    pipe.close()  # type: ignore[union-attr]  # started with stdin and stdout PIPE
        if self.home:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = ""
        self.unready = False

    def _died(self) -> Forfeit:
        proc = self.proc
        code = proc.wait() if proc is not None else None
        self.stop()
        if code is not None and code < 0:
            return Forfeit(Fault.CRASHED, f"its process was killed by signal {-code}")
        return Forfeit(Fault.CRASHED, f"its process ended (exit status {code})")

    # ----- the pipe, with deadlines -----

    def _write(self, data: bytes, limit: float) -> None:
        deadline = time.monotonic() + limit
        fd = self.proc.stdin.fileno()  # type: ignore[union-attr]  # started with stdin and stdout PIPE
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [fd], [], left)[1]:
                self.stop()
                raise Forfeit(Fault.SLOW, f"did not read its input within {limit:g} s")
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except OSError:
                raise self._died() from None

    def _read(self, expect: str, limit: float) -> object:
        deadline = time.monotonic() + limit
        fd = self.proc.stdout.fileno()  # type: ignore[union-attr]  # started with stdin and stdout PIPE
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:
                self.stop()
                raise Forfeit(Fault.ILLEGAL, f"broke the protocol: a line of more than {MAX_LINE} bytes")
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                self.stop()
                raise Forfeit(Fault.SLOW, f"no answer within {limit:g} s")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._died()
            self.buffer += chunk
        raw, _, self.buffer = self.buffer.partition(b"\n")
        try:
            answer = parse(raw, expect)
        except ProtocolError as exc:
            self.stop()
            raise Forfeit(Fault.ILLEGAL, f"broke the protocol: {exc}") from None
        if isinstance(answer, tuple):
            raise Forfeit(*answer)
        return answer

    # ----- the referee's calls -----

    def describe(self) -> str:
        """Start the host, load the bot and return its name; raises Forfeit when it cannot."""
        if self.proc is None:
            self._start()
        return self.name

    def new_game(self, seat: int, seed: int) -> None:
        """Fresh bots for a game (the seat it plays, the seed of its rng); the answer is read at the first move."""
        self.game = game_line(seat, seed)
        if self.proc is not None:
            try:
                self._write(self.game, LOAD_LIMIT)
                self.unready = True
            except Forfeit:
                pass  # started again at the next move, with this game's bots

    def choose(self, obs: Observation) -> Move:
        if self.proc is None:
            self._start()
        if self.unready:
            self.unready = False
            self._read("ready", LOAD_LIMIT)
        self._write(obs_line(obs), self.move_limit)
        index = self._read("move", self.move_limit)
        assert isinstance(index, int)  # parse() lets only an int through as a move
        if index >= len(obs.legal):
            raise Forfeit(Fault.ILLEGAL, f"move {index} of {len(obs.legal)} legal moves")
        return obs.legal[index]


class HostedSeat:
    """One seat played by a hosted bot: the game's Player protocol over the host. The first fault's detail of
    each side is kept in ``notes`` (side -> text), for the user to see what went wrong."""

    __slots__ = ("host", "notes", "side")

    def __init__(self, host: BotHost, notes: dict[int, str], side: int) -> None:
        self.host = host
        self.notes = notes
        self.side = side

    def choose(self, obs: Observation) -> Move:
        try:
            return self.host.choose(obs)
        except Forfeit as forfeit:
            self.notes.setdefault(self.side, str(forfeit))
            raise


_HOSTS: dict[tuple, BotHost] = {}


def host_for(key: str, argv: list[str], python: bool, move_limit: float) -> BotHost:
    """This process's host for ``key`` (an entry's seat), started on first use and kept for its later games.
    The key names the entry too, so a bot playing against a copy of itself has hosts of its own."""
    k = (key, tuple(argv), move_limit)
    host = _HOSTS.get(k)
    if host is None:
        host = _HOSTS[k] = BotHost(argv, python, move_limit)
    return host


def stop_hosts() -> None:
    for host in _HOSTS.values():
        host.stop()
    _HOSTS.clear()


def check_move_limit(seconds: float) -> float:
    low, high = MOVE_LIMIT_RANGE
    if not low <= seconds <= high:  # also false for nan
        raise ValueError(f"the move limit must be between {low:g} and {high:g} seconds, not {seconds!r}")
    return float(seconds)
