"""Start-up of the plain mode beside bare Python, in one run: ``domino-tui --plain --stage 1`` must finish in
under 1.5 times ``python -c pass`` in the same environment.

The commands run in turns, round after round, so drift on a busy machine hits them alike. Each run is timed by
the wall clock from spawn to exit (the figure the limit applies to, as a median) and by the CPU time the child
used (user + system), which a busy machine disturbs less.

    python benchmarks/plain_startup.py [--runs 40]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

LIMIT = 1.5


def console_script() -> str:
    """The installed ``domino-tui`` beside this interpreter (a venv's bin), else the one on PATH."""
    beside = Path(sys.executable).with_name("domino-tui")
    if beside.exists():
        return str(beside)
    found = shutil.which("domino-tui")
    if found is None:
        sys.exit("domino-tui is not installed: pip install -e . first")
    return found


def bytecode_state() -> str:
    """Whether the modules stage 1 loads have fresh bytecode, or are compiled from source on every start."""
    root = Path(__file__).resolve().parent.parent / "domino_tui"
    sources = [root / "cli.py", *sorted((root / "plain").glob("*.py"))]
    fresh = [
        Path(cached).exists() and Path(cached).stat().st_mtime >= src.stat().st_mtime
        for src in sources
        if (cached := importlib.util.cache_from_source(str(src)))
    ]
    return "cached" if all(fresh) else "compiled from source" if not any(fresh) else "partly cached"


def timed_ms(cmd: list[str]) -> tuple[float, float]:
    """(wall, CPU) milliseconds of one run of ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40, help="runs of each command (default 40)")
    args = parser.parse_args()
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "domino-tui --plain --stage 1": [console_script(), "--plain", "--stage", "1"],
        "python -m domino_tui --plain --stage 1": [sys.executable, "-m", "domino_tui", "--plain", "--stage", "1"],
    }
    for cmd in commands.values():  # warm the OS file cache (and the bytecode cache, where it is written)
        timed_ms(cmd)
    wall: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            w, c = timed_ms(cmd)
            wall[name].append(w)
            cpu[name].append(c)

    writing = "off (PYTHONDONTWRITEBYTECODE is set)" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "on"
    print(f"Python {sys.version.split()[0]} at {sys.executable}; bytecode writing {writing}")
    print(f"domino_tui's cli and plain modules: {bytecode_state()}")
    print(f"{args.runs} runs each, interleaved; milliseconds")
    print(f"{'command':<40}{'wall median':>12}{'min':>7}{'ratio':>7}{'cpu median':>12}{'ratio':>7}")
    base_wall = statistics.median(wall["python -c pass"])
    base_cpu = statistics.median(cpu["python -c pass"])
    worst = 0.0
    for name in commands:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        if name != "python -c pass":
            worst = max(worst, w / base_wall)
        print(f"{name:<40}{w:12.1f}{min(wall[name]):7.1f}{w / base_wall:7.2f}{c:12.1f}{c / base_cpu:7.2f}")
    verdict = "within" if worst < LIMIT else "OVER"
    print(f"worst wall ratio {worst:.2f}: {verdict} the limit of {LIMIT} x python -c pass")
    return 0 if worst < LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
