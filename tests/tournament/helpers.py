"""What the tournament tests share: finding processes left behind, reading what attacking bots report."""

from __future__ import annotations

import json
import os
import shutil
import signal
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BOTS = os.path.join(HERE, "bots")
ATTACKS = os.path.join(BOTS, "attacks.py")
FIRST_LEGAL = os.path.normpath(os.path.join(HERE, "..", "..", "examples", "first_legal.sh"))


def leftovers(marker: str) -> list[int]:
    """Processes (other than this one) whose command line names ``marker``: hosts or what they started."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as fh:
                    if marker.encode() in fh.read():
                        out.append(int(name))
            except OSError:
                pass
    return out


def _argv(pid: int) -> list[bytes]:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().split(b"\0")
    except OSError:
        return []


def _parent(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return int(fh.read().rpartition(b")")[2].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


def host_processes(marker: str) -> list[int]:
    """The processes of the Python hosts of the bot file ``marker``: bwrap's two, the host, what it forked. The
    run's own processes name the bot on their command lines too (its entries), and are not among them."""
    return [p for p in leftovers(marker) if b"domino_tui.tournament.pyhost" in _argv(p)]


def _hosts_and_forks(marker: str) -> tuple[list[int], list[int]]:
    """The hosts of the bot file ``marker`` and what they forked (bwrap's two processes, whose command lines end
    with the host's, are neither)."""
    found = [p for p in host_processes(marker) if b"bwrap" not in _argv(p)[0]]
    parents = {p: _parent(p) for p in found}
    return [p for p in found if parents[p] not in parents], [p for p in found if parents[p] in parents]


def started_hosts(marker: str) -> list[int]:
    """The hosts of the bot file ``marker`` that have been started in their sandboxes."""
    return _hosts_and_forks(marker)[0]


def forked_hosts(marker: str) -> list[int]:
    """What the hosts of the bot file ``marker`` forked (a hung child, a daemon)."""
    return _hosts_and_forks(marker)[1]


def private_first_legal(folder: str) -> str:
    """A copy of the shell bot in ``folder``: its path is a marker no test on another xdist worker shares, so
    that what is left of *this* run's hosts is found by it (the checkout's copy runs in many tests at once)."""
    return shutil.copy(FIRST_LEGAL, os.path.join(folder, "first_legal.sh"))


def wait_gone(marker: str, seconds: float = 60.0) -> list[int]:
    """Waits until no process names ``marker``; those still there after ``seconds``. Left over, what the tests
    look for by default lives for an hour (a fork sleeping 3600 s, a daemon or a child that loops): the wait ends
    as soon as it is gone, and the limit only bounds a failing test (a few seconds measured how soon a busy
    machine let killed processes leave rather than whether any were left). A test whose leftovers could end on
    their own, a run played to its end, gives a limit shorter than that run."""
    deadline = time.monotonic() + seconds
    while (left := leftovers(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def attack_copy(folder: str, **constants: object) -> str:
    """A copy of bots/attacks.py in ``folder`` with module constants (JOURNAL, TARGETS) set; its path."""
    with open(ATTACKS, encoding="utf-8") as fh:
        text = fh.read()
    for name, value in constants.items():
        for line in text.splitlines():
            if line.startswith(f"{name} ") or line.startswith(f"{name}:"):
                text = text.replace(line, f"{name} = {value!r}", 1)
                break
        else:
            raise KeyError(name)
    path = os.path.join(folder, "attacks.py")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return path


def attack_reports(stderr: str, name: str) -> list[dict]:
    """What the attacking bots of a run said they managed (relayed on stderr as ATTACK <name> <json>)."""
    out = []
    for line in stderr.splitlines():
        _, found, rest = line.partition(f"ATTACK {name} ")
        if found:
            out.append(json.loads(rest))
    return out


def figures(result) -> list[tuple]:
    """A run's match figures without the entries' names: equal for runs whose bots play alike."""
    return [(m.games, m.wins, m.ties, m.points, m.faults, m.abandoned) for m in result.matches]


def children(pid: int) -> list[int]:
    out = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as fh:
            out += [int(p) for p in fh.read().split()]
    return out


def ctrl_c_as_in_a_terminal() -> None:
    """In a child about to run a tournament (``preexec_fn``): Ctrl-C acts as in a terminal. A shell's background
    job inherits SIGINT ignored, and Python then leaves it ignored, so a test run started in the background would
    otherwise send its interrupt to nobody (the run then played to its end, or a run with a bot that never moves
    for minutes)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
