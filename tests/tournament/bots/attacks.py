"""Bots that attack the tournament, one way each, for tests/tournament/test_attacks.py.

Each plays the first legal move, as Honest does, once its attack is made, so a match it plays must come out
exactly as Honest's does. What an attack managed is printed on stderr as one line, ``ATTACK <name> <json>``,
which the tournament relays under the entry's name. A test that needs a path in an attack (the journal) writes a
copy of this file with the constant filled in.
"""

import contextlib
import gc
import hashlib
import json
import os
import re
import signal
import socket
import sys
import time
from typing import ClassVar

from domino_tui.ai import Bot
from domino_tui.engine import Move, Observation

JOURNAL = ""
TARGETS: list[str] = []
SPY_AT_IMPORT = False
SOUGHT = ""  # the SHA-256 of the seed the spy is after: it says whether it found it, not what it found
THINK = 0.1  # CPU seconds Thinker spends on every move


def report(name: str, **found: object) -> None:
    print("ATTACK", name, json.dumps(found), file=sys.stderr, flush=True)


def others() -> dict[int, bytes]:
    """Every process this one can see, but itself and its parent: pid -> command line."""
    out = {}
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) not in (os.getpid(), os.getppid()):
            with contextlib.suppress(OSError), open(f"/proc/{name}/cmdline", "rb") as fh:
                out[int(name)] = fh.read()
    return out


class Honest(Bot):
    def choose(self, obs: Observation) -> Move:
        return obs.legal[0]


def parent_of(pid: int) -> int:
    """The parent of a process (0 when it cannot be read)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return int(fh.read().rsplit(b")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


class Hijacker(Honest):
    """Looks for the other bots' hosts at each move until it finds some; then stops them (SIGSTOP) and answers
    for them through /proc/PID/fd with their worst move."""

    done = False
    # Only the hosts of its own tournament (its siblings): run outside the sandbox, a hijacker of every host on the
    # machine would stop and answer for the hosts of other tests running beside it.
    siblings_only = False

    def choose(self, obs: Observation) -> Move:
        if not Hijacker.done:
            seen, stopped, written = [], 0, 0
            for pid, cmdline in others().items():
                if b"pyhost" not in cmdline and b"first_legal" not in cmdline:
                    continue
                if self.siblings_only and parent_of(pid) != os.getppid():
                    continue
                seen.append(pid)
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGSTOP)
                    stopped += 1
                with contextlib.suppress(OSError):
                    for fd in os.listdir(f"/proc/{pid}/fd"):
                        with contextlib.suppress(OSError):
                            if not os.readlink(f"/proc/{pid}/fd/{fd}").startswith("pipe:"):
                                continue  # its pipes only: outside a sandbox the rest may be the user's files
                            w = os.open(f"/proc/{pid}/fd/{fd}", os.O_WRONLY | os.O_NONBLOCK)
                            os.write(w, b'{"move": 0}\n')
                            os.close(w)
                            written += 1
            Hijacker.done = bool(seen)
            report("hijack", seen=seen, stopped=stopped, written=written)
        return super().choose(obs)


class NeighbourHijacker(Hijacker):
    """The hijacker for a run outside the sandbox: it attacks the hosts of its own tournament only."""

    siblings_only = True


def _digits(text: str, found: set[str]) -> None:
    found.update(re.findall(r"\d{9,}", text))


def _read(path: str, size: int = 1 << 16) -> str:
    try:
        with open(path, "rb") as fh:
            return fh.read(size).decode("latin-1")
    except OSError as exc:
        return f"denied: {exc.strerror}"


def _memory(pid: int) -> str:
    """The first readable megabyte of a process's heap, through /proc/PID/maps and /proc/PID/mem."""
    maps = _read(f"/proc/{pid}/maps")
    for row in maps.splitlines():
        if "[heap]" in row:
            lo, hi = (int(x, 16) for x in row.split()[0].split("-"))
            try:
                with open(f"/proc/{pid}/mem", "rb") as fh:
                    fh.seek(lo)
                    return fh.read(min(hi - lo, 1 << 20)).decode("latin-1")
            except OSError as exc:
                return f"denied: {exc.strerror}"
    return maps


def look() -> dict:
    """All this process can read that might hold the seed: its own memory's strings and integers, its
    environment and arguments, every process it can see (command line, environment, memory) and TARGETS. Says
    whether a number found there is the one SOUGHT, and how many numbers it tried."""
    digits: set[str] = set()
    for obj in gc.get_objects():
        for ref in gc.get_referents(obj):
            if (isinstance(ref, str) and len(ref) < 10_000) or type(ref) is int:
                _digits(str(ref), digits)
    _digits(json.dumps(dict(os.environ)) + " ".join(sys.argv), digits)
    processes = others()
    for pid in [*processes, os.getppid()]:
        for part in ("cmdline", "environ"):
            _digits(_read(f"/proc/{pid}/{part}"), digits)
        _digits(_memory(pid), digits)
    read = {}
    for path in TARGETS:
        text = _read(path)
        read[path] = "missing" if "No such file" in text else ("denied" if text.startswith("denied") else len(text))
        _digits(text, digits)
    found = any(hashlib.sha256(d.encode()).hexdigest() == SOUGHT for d in digits)
    return {"found": found, "tried": len(digits), "pids": sorted(processes), "read": read, "uid": os.getuid()}


if SPY_AT_IMPORT:  # as the entries are checked, before any game: the moment the referee is least guarded
    report("spy", when="imported", **look())


class Spy(Honest):
    """Reads all it can while it is being checked and at its first move, and leaves a daemon that keeps the
    referee's files open (if it can open them) and keeps looking."""

    def __init__(self, rng=None) -> None:
        super().__init__(rng)
        if not getattr(Spy, "looked", False):
            Spy.looked = True
            report("spy", when="built", **look())
            if os.fork() == 0:
                try:
                    os.setsid()
                    if os.fork() == 0:
                        held = []
                        for path in TARGETS:
                            with contextlib.suppress(OSError):
                                held.append(os.open(path, os.O_RDONLY))
                        while True:
                            look()
                            time.sleep(0.5)
                finally:
                    os._exit(0)
            os.wait()


class Forger(Honest):
    """Appends made-up won matches to the journal (the test tells it the path), then kills the process that
    started it (its worker, outside a sandbox)."""

    done = False

    def choose(self, obs: Observation) -> Move:
        if not Forger.done:
            Forger.done = True
            line = {"match": 0, "first": "me", "second": "you", "games": 400, "wins": [400, 0], "ties": 0}
            try:
                with open(JOURNAL, "a") as fh:
                    fh.write(json.dumps(line) + "\n")
                appended = True
            except OSError as exc:
                appended = exc.strerror
            try:
                os.kill(os.getppid(), signal.SIGKILL)
                killed = os.getppid()
            except OSError as exc:
                killed = exc.strerror
            report("forge", appended=appended, killed=killed)
        return super().choose(obs)


class NeverBuilt(Honest):
    """A constructor that never returns."""

    def __init__(self, rng=None) -> None:
        super().__init__(rng)
        time.sleep(3600)


def _spin() -> None:
    while True:
        pass


class Swarm(Honest):
    """Busy child processes, each in a session of its own, to take the CPU the other bots need. At each move
    it says how much CPU its children have had while another bot thought (a twentieth of a second or more
    between two of its moves), in CPUs: their CPU time in those gaps over the length of the gaps."""

    children: ClassVar[list[int]] = []
    between: ClassVar[list[float]] = [0.0, 0.0]  # the children's CPU seconds and the seconds, in the gaps
    last = (0.0, 0.0)  # the same two at the end of its last move

    def choose(self, obs: Observation) -> Move:
        if not Swarm.children:
            for _ in range(6):
                pid = os.fork()
                if pid == 0:
                    os.setsid()
                    _spin()
                Swarm.children.append(pid)
        else:
            cpu, now = _cpu(Swarm.children), time.monotonic()
            if now - Swarm.last[1] >= 0.05:
                Swarm.between[0] += cpu - Swarm.last[0]
                Swarm.between[1] += now - Swarm.last[1]
            if Swarm.between[1]:
                share = Swarm.between[0] / Swarm.between[1]
                report("swarm", children=len(Swarm.children), cpu_share=round(share, 3))
        Swarm.last = (_cpu(Swarm.children), time.monotonic())
        return super().choose(obs)


def _cpu(pids: list[int]) -> float:
    """The CPU seconds (user and system) the processes ``pids`` have had."""
    ticks = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rpartition(b")")[2].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


class Thinker(Honest):
    """An honest bot that needs THINK seconds of CPU for every move."""

    def choose(self, obs: Observation) -> Move:
        until = time.process_time() + THINK
        while time.process_time() < until:
            pass
        return super().choose(obs)


class Hoarder(Honest):
    """Forked children that each take less memory than a process may, and more than a host may together. On
    its first move it waits until each child holds all of its memory or has died (up to 15 s: filling 1.3 GiB
    against a limit is slow on a busy machine), and says how many held all of theirs at once."""

    EACH = 450 << 20
    done = False

    def choose(self, obs: Observation) -> Move:
        if not Hoarder.done:
            Hoarder.done = True
            r, w = os.pipe()
            children = []
            for _ in range(3):
                pid = os.fork()
                if pid == 0:
                    hoard = bytearray(Hoarder.EACH)  # zero-filled: every page is touched
                    os.write(w, b"x")
                    time.sleep(3600 + len(hoard))
                children.append(pid)
            os.close(w)
            os.set_blocking(r, False)
            full, dead = 0, 0
            deadline = time.monotonic() + 15
            while full + dead < 3 and time.monotonic() < deadline:
                with contextlib.suppress(BlockingIOError):
                    full += len(os.read(r, 3))
                for pid in list(children):
                    if os.waitpid(pid, os.WNOHANG) != (0, 0):
                        children.remove(pid)
                        dead += 1
                time.sleep(0.02)
            report("hoard", full=full, dead=dead, each=Hoarder.EACH)
        return super().choose(obs)


class Daemon(Honest):
    """Leaves a daemon behind (a child in a session of its own) and plays slowly, so that a run lasts."""

    started = False

    def choose(self, obs: Observation) -> Move:
        if not Daemon.started:
            Daemon.started = True
            if os.fork() == 0:
                os.setsid()
                time.sleep(3600)
                os._exit(0)
        time.sleep(0.02)
        return super().choose(obs)


class Stash(Honest):
    """Partners of one author trying to swap hands: through a file in /tmp both know, and through an abstract
    Unix socket (which needs no file at all)."""

    def choose(self, obs: Observation) -> Move:
        mine = f"/tmp/domino-stash-{obs.seat}"
        with open(mine, "w") as fh:
            fh.write(json.dumps([[t.low, t.high] for t in obs.hand]))
        partner = (obs.seat + 2) % 4
        found = os.path.exists(f"/tmp/domino-stash-{partner}")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(f"\0domino-stash-{partner}")
            reached = True
        except OSError:
            reached = False
        finally:
            sock.close()
        if not getattr(Stash, "listening", None):
            Stash.listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            Stash.listening.bind(f"\0domino-stash-{obs.seat}")
            Stash.listening.listen()
        report("stash", found=found, reached=reached)
        return super().choose(obs)


class Explorer(Honest):
    """Says what it sees of the machine, once."""

    done = False

    def choose(self, obs: Observation) -> Move:
        if not Explorer.done:
            Explorer.done = True
            with open("/proc/self/status") as fh:
                status = dict(line.split(":", 1) for line in fh.read().splitlines())
            here = os.path.dirname(os.path.abspath(__file__))
            try:
                with open(os.path.join(here, "written-by-a-bot"), "w") as fh:
                    fh.write("x")
                wrote = True
            except OSError as exc:
                wrote = exc.strerror
            net = socket.socket()
            try:
                net.settimeout(2)
                net.connect(("127.0.0.1", int(TARGETS[0]) if TARGETS else 9))
                connected = True
            except OSError as exc:
                connected = exc.strerror
            finally:
                net.close()
            report(
                "explore",
                uid=os.getuid(),
                hostname=socket.gethostname(),
                pids=sorted(int(p) for p in os.listdir("/proc") if p.isdigit()),
                root=sorted(os.listdir("/")),
                tmp=sorted(os.listdir("/tmp")),
                cwd=os.getcwd(),
                environ=sorted(os.environ),
                folder=sorted(os.listdir(here)),
                wrote=wrote,
                connected=connected,
                interfaces=[name for _, name in socket.if_nameindex()],
                capabilities=status["CapEff"].strip(),
                no_new_privs=status["NoNewPrivs"].strip(),
                tty=os.path.exists("/dev/tty") and _tty(),
            )
        return super().choose(obs)


def _tty() -> str:
    try:
        os.close(os.open("/dev/tty", os.O_RDWR))
        return "opened"
    except OSError as exc:
        return exc.strerror
