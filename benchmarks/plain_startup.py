"""Start-up of the plain mode beside bare Python, in one run: ``domino-tui --plain --stage 1`` must finish in
under 1.5 times ``python -c pass`` in the same environment (issue 3).

The commands run in turns, round after round, so drift on a busy machine hits them alike; each time is the
wall clock from spawn to exit. The figure compared is the median.

    python benchmarks/plain_startup.py [--runs 40]
"""

from __future__ import annotations

import argparse
import os
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


def wall_ms(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, check=True)
    return (time.perf_counter() - start) * 1000


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
        wall_ms(cmd)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            times[name].append(wall_ms(cmd))

    cached = "off (PYTHONDONTWRITEBYTECODE is set)" if os.environ.get("PYTHONDONTWRITEBYTECODE") else "on"
    print(f"Python {sys.version.split()[0]} at {sys.executable}; bytecode cache writing {cached}")
    print(f"{args.runs} runs each, interleaved; wall milliseconds")
    print(f"{'command':<42}{'median':>8}{'mean':>8}{'min':>8}{'ratio':>8}")
    base = statistics.median(times["python -c pass"])
    worst = 0.0
    for name, ms in times.items():
        ratio = statistics.median(ms) / base
        if name != "python -c pass":
            worst = max(worst, ratio)
        print(f"{name:<42}{statistics.median(ms):8.1f}{statistics.fmean(ms):8.1f}{min(ms):8.1f}{ratio:8.2f}")
    verdict = "within" if worst < LIMIT else "OVER"
    print(f"worst ratio {worst:.2f}: {verdict} the limit of {LIMIT} x python -c pass")
    return 0 if worst < LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
