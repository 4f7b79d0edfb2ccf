"""A bot that looks for the tournament's secrets from inside its host and writes down all it could read.

The test copies this file with REPORT set to a path of its own.
"""

import gc
import json
import os
import random
import sys

from domino_tui.ai import Bot
from domino_tui.engine import Move, Observation

REPORT = ""


def ancestors() -> list[int]:
    out = []
    pid = os.getppid()
    while pid > 1 and len(out) < 20:
        out.append(pid)
        try:
            with open(f"/proc/{pid}/stat", "rb") as fh:
                pid = int(fh.read().rpartition(b")")[2].split()[1])
        except OSError:
            break
    return out


def attempt(path: str, size: int = 1 << 16) -> str:
    try:
        with open(path, "rb") as fh:
            return "read: " + fh.read(size).decode("latin-1")
    except OSError as exc:
        return f"denied: {exc.strerror}"


def memory(pid: int) -> str:
    """The first readable bytes of the process's heap, through /proc/PID/maps and /proc/PID/mem."""
    maps = attempt(f"/proc/{pid}/maps")
    if not maps.startswith("read"):
        return maps
    for row in maps[6:].splitlines():
        if "[heap]" in row:
            lo, hi = (int(x, 16) for x in row.split()[0].split("-"))
            try:
                with open(f"/proc/{pid}/mem", "rb") as fh:
                    fh.seek(lo)
                    return "read: " + fh.read(min(hi - lo, 1 << 20)).decode("latin-1")
            except OSError as exc:
                return f"denied: {exc.strerror}"
    return "no heap"


def gc_texts() -> list[str]:
    out = set()
    for obj in gc.get_objects():
        for ref in gc.get_referents(obj):
            if (isinstance(ref, str) and len(ref) < 200) or type(ref) is int:
                out.add(str(ref))
    return sorted(out)


class Spy(Bot):
    seen = False

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        if Spy.seen:
            return
        Spy.seen = True
        report = {
            "argv": sys.argv,
            "environ": dict(os.environ),
            "cwd": os.getcwd(),
            "modules": sorted(sys.modules),
            "gc": gc_texts(),
            "rng": repr(self.rng.getstate()),
            "ancestors": {
                str(pid): {
                    "cmdline": attempt(f"/proc/{pid}/cmdline"),
                    "environ": attempt(f"/proc/{pid}/environ"),
                    "mem": memory(pid),
                }
                for pid in ancestors()
            },
        }
        with open(REPORT, "w") as fh:
            json.dump(report, fh)

    def choose(self, obs: Observation) -> Move:
        return obs.legal[0]
