"""User bots in processes of their own, sandboxed, under a per-game budget for loading and a per-move time limit.

A host is a fresh program (never a fork of the referee): the generic Python host (pyhost.py) for a bot written in
Python, or the user's own command for a ``cmd:`` entry. It runs in a bubblewrap sandbox (sandbox.py) and, where the
machine allows, in cgroups of its own that limit its memory, processes and CPU with its children counted
(cgroups.py); with or without them it gets per-process limits on memory, CPU time and open files, and it dies with
the process that started it. It learns nothing but its bot's messages (wire.py), and what it prints on stderr
reaches the user's terminal only as printable text under the entry's name.

Time: every move has the move limit. Starting the host, loading the bot and building its players for a game are
not moves: together they draw on a budget per game (GAME_BUDGET_START plus GAME_BUDGET_MOVES move limits). When it
runs out, the seat loses its remaining turns of that game at once, and a bot that was not ready in time in n games
running sits out the next 2**(n-1)-1 games (its turns lost at once): a constructor that never returns costs about
log2(games) budgets a match, not a budget a move. A late, dead or garbled host is killed with everything it
started and started again for the next move, from the same budget; the lost move is a forfeit with its cause.
"""

from __future__ import annotations

import contextlib
import importlib.util
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
from dataclasses import dataclass
from functools import partial
from typing import IO

from ..engine import Move, Observation, TrainObservation
from . import cgroups
from .entries import BotSpec
from .faults import Fault, Forfeit
from .sandbox import SANDBOXED, Confinement, bubblewrap, environment, package_parent, sandbox_options, write_options
from .secrecy import LIBC, die_with_parent
from .wire import MAX_LINE, ProtocolError, game_line, obs_line, parse

DEFAULT_MOVE_LIMIT = 1.0
MOVE_LIMIT_RANGE = (0.001, 3600.0)
# Starting a sandboxed interpreter and importing domino_tui takes a tenth of a second on a quiet machine.
GAME_BUDGET_START = 1.0
GAME_BUDGET_MOVES = 4
GAME_BUDGET_MAX = 600.0

# Per process of a host, whether or not cgroups limit the host as a whole.
ADDRESS_SPACE_LIMIT = 2 << 30
CPU_TIME_LIMIT = 3600
FILE_LIMIT = 64
# What a host may print to the user's terminal in all; the rest is read and dropped.
MAX_RELAYED = 64 << 10

_PR_CAPBSET_DROP = 24
_PR_SET_NO_NEW_PRIVS = 38
_LIBC = LIBC


def game_budget(move_limit: float) -> float:
    """Seconds a seat has in each game for starting its host, loading its bot and building its players."""
    return min(GAME_BUDGET_START + GAME_BUDGET_MOVES * move_limit, GAME_BUDGET_MAX)


def _confine(parent: int, procs: tuple[str, ...], sandboxed: bool) -> None:
    """Runs in the host's first process between fork and exec: only system calls, no locks. ``parent`` is the
    pid of the process starting the host, ``procs`` the cgroup.procs files of its groups."""
    cgroups.join(procs)  # first: whatever the host starts from now on is counted in its groups
    for limit, value in (
        (resource.RLIMIT_AS, ADDRESS_SPACE_LIMIT),
        (resource.RLIMIT_NOFILE, FILE_LIMIT),
        (resource.RLIMIT_CORE, 0),
    ):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(limit, (value, value))
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_TIME_LIMIT, CPU_TIME_LIMIT + 5))
    os.umask(0o077)
    if _LIBC is not None and not sandboxed:
        # bwrap drops every capability and sets no_new_privs itself; a program started without it keeps uid 0
        # when the tournament runs as root, but no capability survives the exec.
        for cap in range(64):
            _LIBC.prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)
        _LIBC.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
    # A parent that died before this (a worker ended by Ctrl-C while starting this host) sends no signal: the
    # host would live on, holding the terminal's stderr, until its first write failed.
    if not die_with_parent(parent):
        os._exit(1)


@dataclass(frozen=True)
class HostProgram:
    """What runs an entry's seat: everything a process needs to start its host, whatever process it is."""

    argv: tuple[str, ...]
    python: bool  # the generic Python host (else the user's own program)
    files: tuple[str, ...]  # the entry's own files and folders, shown to it in its sandbox
    python_path: tuple[str, ...] = ()  # where the Python host imports from (domino_tui, a class given from code)


def _module_root(module: str) -> str:
    """The folder a module given from Python code is imported from (its top package's parent)."""
    loaded = sys.modules.get(module)
    origin = getattr(loaded, "__file__", None)
    if origin is None:
        found = importlib.util.find_spec(module)
        origin = found.origin if found is not None else None
    if origin is None:
        return ""
    root = os.path.abspath(origin)
    depth = module.count(".") + 1 + (os.path.basename(root) == "__init__.py")
    for _ in range(depth):
        root = os.path.dirname(root)
    return root


def host_command(spec: BotSpec) -> HostProgram:
    """The program that hosts ``spec``."""
    if spec.kind == "cmd":
        words = shlex.split(spec.path)
        return HostProgram(tuple(words), False, tuple(w for w in words if os.path.isabs(w) and os.path.exists(w)))
    argv = (sys.executable, "-m", f"{__package__}.pyhost", spec.kind, spec.path, spec.name, str(spec.index))
    if spec.kind == "class":
        root = _module_root(spec.path)
        return HostProgram(argv, True, (root,) if root else (), (package_parent(), root) if root else ())
    return HostProgram(argv, True, (spec.path,), (package_parent(),))


def _printable(raw: bytes) -> str:
    """What a host printed, fit for the user's terminal: control characters and escape sequences made harmless."""
    text = raw.decode("utf-8", "replace")
    return "".join(c if c.isprintable() or c == "\t" else "?" for c in text)


class BotHost:
    """The referee's side of one host process: one seat of one entry."""

    def __init__(
        self,
        program: HostProgram,
        move_limit: float = DEFAULT_MOVE_LIMIT,
        confinement: Confinement | None = None,
        label: str = "",
    ) -> None:
        self.program = program
        self.move_limit = move_limit
        self.confinement = confinement if confinement is not None else SANDBOXED
        self.label = label or os.path.basename(program.argv[-4] if program.python else program.argv[0])
        self.proc: subprocess.Popen | None = None
        self.group: cgroups.HostGroup | None = None
        self.group_cpu = False  # a cgroup shares out the CPU between hosts
        # Without one, a sandbox's first process and its host, watched between moves: the host's CPU time
        # (clock ticks) at the end of its last move, and whether it is stopped between its moves because it ran.
        self.watch: tuple[int, int] | None = None
        self.idle_ticks = 0
        self.pausing = False
        self.home = ""
        self.buffer = b""
        self.chatter = b""  # a line of stderr still being printed
        self.relayed = 0
        self.name = ""
        # The current game: its message (sent again to a restarted host), and whether its answer is still due.
        self.game: bytes | None = None
        self.unready = False
        # Time for starting, loading and building: what is left of this game's budget.
        self.budget = game_budget(move_limit)
        self.left = self.budget
        self.missed = False  # this game's budget ran out before the bot was ready
        self.ready = False  # the bot was ready in this game
        self.misses = 0  # games running in which it was not ready in time
        self.sitting_out = 0  # games it still sits out
        self.out = False  # it sits this game out

    # ----- the process -----

    def _popen(self) -> subprocess.Popen:
        program, confinement = self.program, self.confinement
        procs = self.group.procs if self.group is not None else ()
        if not confinement.sandboxed:
            self.home = tempfile.mkdtemp(prefix="domino-tui-bot-", dir=confinement.scratch or None)
            env = environment(program.python_path, self.home, program.python, os.environ.get("PATH", os.defpath))
            return subprocess.Popen(
                program.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.home,
                env=env,
                start_new_session=True,
                preexec_fn=partial(_confine, os.getpid(), procs, False),
                close_fds=True,
                bufsize=0,
            )
        bwrap, why = bubblewrap()
        if not bwrap:
            raise OSError(why)
        hidden = tuple(p for p in confinement.hidden if p not in program.files)
        options = write_options(sandbox_options(program.files, hidden))
        try:
            return subprocess.Popen(
                [bwrap, "--args", str(options), "--", *program.argv],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd="/",
                env=environment(program.python_path, "/tmp", program.python),
                start_new_session=True,
                preexec_fn=partial(_confine, os.getpid(), procs, True),
                pass_fds=(options,),
                close_fds=True,
                bufsize=0,
            )
        finally:
            os.close(options)

    def _start(self) -> None:
        if self.left <= 0:
            raise self._out_of_time()
        started = time.monotonic()
        try:
            found = cgroups.controllers()
            self.group = cgroups.HostGroup(found) if found.where else None
            self.group_cpu = "cpu" in found.where
            self.proc = self._popen()
        except OSError as exc:
            self.stop()
            raise Forfeit(Fault.CRASHED, f"cannot start {self.program.argv[0]}: {exc.strerror or exc}") from None
        for pipe in (self.proc.stdin, self.proc.stderr):
            os.set_blocking(pipe.fileno(), False)  # type: ignore[union-attr]  # started with all three PIPE
        self.buffer = b""
        self.watch, self.idle_ticks, self.pausing = None, 0, False
        try:
            name = self._answer("hello", started)
            assert isinstance(name, str)  # parse() lets only a str through as a hello
            self.name = name
            if self.confinement.sandboxed and not self.group_cpu:
                self.watch = _sandbox_tree(self.proc.pid)
            if self.game is not None:
                self._write(self.game, max(self.left, 0.001), "its game")
                self.unready = True
        finally:
            self.left -= time.monotonic() - started

    def _answer(self, expect: str, started: float) -> object:
        """A hello or a ready from the host, within what is left of the game's budget."""
        try:
            return self._read(expect, self.left - (time.monotonic() - started), budget=True)
        except Forfeit as forfeit:
            if forfeit.fault is Fault.SLOW:
                self.missed = True
            raise

    def _out_of_time(self) -> Forfeit:
        self.missed = True
        return Forfeit(
            Fault.SLOW,
            f"not ready within its {self.budget:g} s for starting, loading and building this game "
            f"({GAME_BUDGET_START:g} s and {GAME_BUDGET_MOVES} move limits of {self.move_limit:g} s)",
        )

    def stop(self) -> None:
        """Kill the host and everything it started, and wait for it: nothing is left behind."""
        proc, self.proc = self.proc, None
        if proc is not None:
            if self.group is not None:
                self.group.remove()  # every process of the host, the sandbox's own and what escaped its session
            else:
                _kill_tree(proc, self.confinement.sandboxed)
            with contextlib.suppress(OSError):
                proc.kill()
            proc.wait()
            self._relay(proc.stderr, final=True)
            for pipe in (proc.stdin, proc.stdout, proc.stderr):
                with contextlib.suppress(OSError):
                    pipe.close()  # type: ignore[union-attr]  # started with all three PIPE
        if self.group is not None:
            self.group.remove()
            self.group = None
        if self.home:
            shutil.rmtree(self.home, ignore_errors=True)
            self.home = ""
        self.unready = False
        self.watch = None

    def _died(self) -> Forfeit:
        proc = self.proc
        code = proc.wait() if proc is not None else None
        self.stop()
        if code is not None and code < 0:
            return Forfeit(Fault.CRASHED, f"its process was killed by signal {-code}")
        return Forfeit(Fault.CRASHED, f"its process ended (exit status {code})")

    def _move_starts(self, building: bool) -> None:
        """Where no cgroup shares out the CPU: a host that ran between its moves (its CPU time grew, or it has a
        process besides itself, at the start or the end of a move) is stopped (SIGSTOP) from then on whenever it
        is not its move, and continued (SIGCONT) for each move, so whatever it starts can take only its own bot's
        time. A host that waits quietly for its moves, as a bot does, is only looked at: a few small reads a move."""
        if self.watch is None:
            return
        init, host = self.watch
        if not self.pausing:
            ticks, threads = _ticks_and_threads(host)
            others = _children(init, 1) != [host] or _children(host, threads)
            # Building a game's players happens between moves: the first move of a game looks at processes only.
            self.pausing = bool(others) or (ticks > self.idle_ticks + 1 and not building)
        if self.pausing:
            for pid in _descendants(init):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGCONT)

    def _move_ends(self) -> None:
        if self.watch is None:
            return
        init, host = self.watch
        if not self.pausing:
            ticks, threads = _ticks_and_threads(host)
            # A process it started during this move would otherwise run free until its next move: stopped now.
            self.pausing = bool(_children(init, 1) != [host] or _children(host, threads))
            if not self.pausing:
                self.idle_ticks = ticks
                return
        # Twice: a process caught while forking is found the second time, and a stopped one forks nothing.
        for _ in range(2):
            for pid in _descendants(init):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGSTOP)

    # ----- what it prints -----

    def _relay(self, pipe: IO[bytes] | None, final: bool = False) -> None:
        """Show what the host printed on stderr, as printable lines under its name; drop what is over the cap."""
        if pipe is not None:
            while True:
                try:
                    chunk = os.read(pipe.fileno(), 65536)
                except (BlockingIOError, OSError):
                    break
                if not chunk:
                    break
                self.chatter += chunk
        lines = self.chatter.split(b"\n")
        self.chatter = lines.pop() if not final and len(lines[-1]) <= MAX_LINE else b""
        for raw in lines:
            if not raw:
                continue
            if self.relayed < MAX_RELAYED:
                self.relayed += len(raw) + 1
                text = _printable(raw)
                if self.relayed >= MAX_RELAYED:
                    text += f"  (more output of {self.label} is not shown)"
                with contextlib.suppress(OSError, ValueError):
                    print(f"[{self.label}] {text}", file=sys.stderr, flush=True)

    # ----- the pipe, with deadlines -----

    def _write(self, data: bytes, limit: float, what: str) -> None:
        deadline = time.monotonic() + limit
        fd = self.proc.stdin.fileno()  # type: ignore[union-attr]  # started with all three PIPE
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([], [fd], [], left)[1]:
                self.stop()
                raise Forfeit(Fault.SLOW, f"did not read {what} within {limit:g} s")
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except OSError:
                raise self._died() from None

    def _read(self, expect: str, limit: float, budget: bool = False) -> object:
        deadline = time.monotonic() + limit
        proc = self.proc
        assert proc is not None and proc.stdout is not None and proc.stderr is not None  # read only while it runs
        fd, err = proc.stdout.fileno(), proc.stderr.fileno()
        while b"\n" not in self.buffer:
            if len(self.buffer) > MAX_LINE:
                self.stop()
                raise Forfeit(Fault.ILLEGAL, f"broke the protocol: a line of more than {MAX_LINE} bytes")
            left = deadline - time.monotonic()
            ready = select.select([fd, err], [], [], left)[0] if left > 0 else []
            if err in ready:
                self._relay(proc.stderr)
            if fd not in ready:
                if not ready:
                    self.stop()
                    raise self._out_of_time() if budget else Forfeit(Fault.SLOW, f"no answer within {limit:g} s")
                continue
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
        if self.game is not None:
            if self.missed:
                self.misses += 1
                self.sitting_out = 2 ** (self.misses - 1) - 1
            elif self.ready:
                self.misses = 0
        self.game = game_line(seat, seed)
        self.left, self.missed, self.ready = self.budget, False, False
        self.out = self.sitting_out > 0
        if self.out:
            self.sitting_out -= 1
            return
        if self.proc is not None:
            try:
                self._write(self.game, self.left, "its game")
                self.unready = True
            except Forfeit:
                pass  # started again at the next move, with this game's bots

    def choose(self, obs: Observation | TrainObservation) -> Move:
        if self.out:
            raise Forfeit(Fault.SLOW, f"sits this game out: not ready in time in {self.misses} games running")
        if self.proc is None:
            self._start()
        self._move_starts(building=self.unready)
        try:
            if self.unready:
                started = time.monotonic()
                self.unready = False
                try:
                    self._answer("ready", started)
                finally:
                    self.left -= time.monotonic() - started
            self.ready = True
            self._write(obs_line(obs), self.move_limit, "its move's observation")
            index = self._read("move", self.move_limit)
        finally:
            self._move_ends()
        assert isinstance(index, int)  # parse() lets only an int through as a move
        if index >= len(obs.legal):
            raise Forfeit(Fault.ILLEGAL, f"move {index} of {len(obs.legal)} legal moves")
        return obs.legal[index]


def _read_proc(path: str) -> bytes:
    """A small /proc file, read with bare system calls: some are read at every move."""
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 4096)
    finally:
        os.close(fd)


def _children(pid: int, threads: int = 0) -> list[int]:
    """The children of ``pid``: of its first thread when ``threads`` is 1, else of every thread."""
    out: list[int] = []
    try:
        tasks = [str(pid)] if threads == 1 else os.listdir(f"/proc/{pid}/task")
        for task in tasks:
            out += [int(p) for p in _read_proc(f"/proc/{pid}/task/{task}/children").split()]
    except (OSError, ValueError):
        pass
    return out


def _descendants(pid: int) -> list[int]:
    out: list[int] = []
    todo = [pid]
    while todo:
        found = _children(todo.pop())
        out += found
        todo += found
    return out


def _sandbox_tree(bwrap: int) -> tuple[int, int] | None:
    """A sandbox's first process (which only waits for the others) and its host program, if they can be told."""
    first = _children(bwrap)
    host = _children(first[0]) if len(first) == 1 else []
    return (first[0], host[0]) if len(host) == 1 else None


def _ticks_and_threads(pid: int) -> tuple[int, int]:
    """The CPU time (user and system, in clock ticks) and the number of threads of ``pid``."""
    try:
        fields = _read_proc(f"/proc/{pid}/stat").rpartition(b")")[2].split()
        return int(fields[11]) + int(fields[12]), int(fields[17])
    except (OSError, IndexError, ValueError):
        return 0, 0


def _session_members(sid: int) -> list[int]:
    """Processes still in session ``sid`` (an unsandboxed bot's children that left its process group)."""
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


def _kill_tree(proc: subprocess.Popen, sandboxed: bool) -> None:
    """Without cgroups. A sandbox: kill its PID namespace's first process, which takes every process of the
    namespace with it; bwrap, waiting for it, then ends, and once it has the namespace is empty. Else the host's
    process group and session."""
    if sandboxed:
        for init in _children(proc.pid):
            with contextlib.suppress(OSError):
                os.kill(init, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=5)
        return
    with contextlib.suppress(OSError):
        os.killpg(proc.pid, signal.SIGKILL)
    for member in _session_members(proc.pid):
        with contextlib.suppress(OSError):
            os.kill(member, signal.SIGKILL)


class HostedSeat:
    """One seat played by a hosted bot: the game's Player protocol over the host. The first fault's detail of
    each side is kept in ``notes`` (side -> text), for the user to see what went wrong."""

    __slots__ = ("host", "notes", "side")

    def __init__(self, host: BotHost, notes: dict[int, str], side: int) -> None:
        self.host = host
        self.notes = notes
        self.side = side

    def choose(self, obs: Observation | TrainObservation) -> Move:
        try:
            return self.host.choose(obs)
        except Forfeit as forfeit:
            self.notes.setdefault(self.side, str(forfeit))
            raise


_HOSTS: dict[tuple, BotHost] = {}


def host_for(key: str, program: HostProgram, move_limit: float, confinement: Confinement) -> BotHost:
    """This process's host for ``key`` (an entry's seat), started on first use and kept for its later games.
    The key names the entry too, so a bot playing against a copy of itself has hosts of its own."""
    k = (key, program, move_limit, confinement)
    host = _HOSTS.get(k)
    if host is None:
        host = _HOSTS[k] = BotHost(program, move_limit, confinement, key.rpartition("/")[0])
    return host


def seat_in_host(
    key: str,
    spec: BotSpec,
    move_limit: float,
    confinement: Confinement,
    seat: int,
    seed: int,
    notes: dict[int, str],
    side: int,
) -> HostedSeat:
    """A user bot's seat for one game: the host for ``key`` (started on first use), told of the new game."""
    host = host_for(key, host_command(spec), move_limit, confinement)
    host.new_game(seat, seed)
    return HostedSeat(host, notes, side)


def stop_hosts() -> None:
    for host in _HOSTS.values():
        host.stop()
    _HOSTS.clear()


def check_move_limit(seconds: float) -> float:
    low, high = MOVE_LIMIT_RANGE
    if not low <= seconds <= high:  # also false for nan
        raise ValueError(f"the move limit must be between {low:g} and {high:g} seconds, not {seconds!r}")
    return float(seconds)
