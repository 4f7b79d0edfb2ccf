"""Cold start of the Textual table: process start to the first frame on screen, beside `import textual.app`.

    python benchmarks/tui_startup.py [--runs 15]

Each run starts `python -m domino_tui --seed 1` (a fixed deal, the default settings) in a fresh pseudo-terminal
with DOMINO_TUI_EXIT_AFTER_FIRST_FRAME set, so the app quits as soon as its first screen has been mounted and
drawn. Two times are taken: to the first
frame (process start until the terminal has received the last screen update written before the app starts
to leave application mode, which Textual begins with the bracketed-paste-off sequence), and to exit (which adds
Textual's shutdown: its input thread wakes up to a tenth of a second later, then the interpreter ends). The
reference is `python -c "import textual.app"` (the least any Textual app can cost), run the same way and timed
to its exit. The goal is the first frame within twice the reference.

The two commands run in turns, round after round, so drift on a busy machine hits both alike. Each run is timed
by the wall clock (the figure the goal applies to, as a median) and by the CPU time the child used (user +
system), which a busy machine disturbs less. Settings go to a temporary directory, so a saved game or settings
never change the numbers. The runs may write bytecode (PYTHONDONTWRITEBYTECODE is dropped from their
environment), as any start after the first does: an editable install has none of its own, while textual's
installed modules have theirs, and compiling our sources on every start would be counted against us alone.
"""

from __future__ import annotations

import argparse
import os
import pty
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

GOAL = 2.0
REFERENCE = 'python -c "import textual.app"'
OURS = "python -m domino_tui: first frame"
OURS_EXIT = "python -m domino_tui: exit after it"
# Textual's first write when it leaves application mode (bracketed paste off), and a cursor move, which every
# screen update starts with.
LEAVING = b"\x1b[?2004l"
SCREEN_UPDATE = re.compile(rb"\x1b\[\d+;\d+H")


def timed_ms(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float | None]:
    """(wall, CPU, frame) milliseconds from spawn to exit of ``cmd`` attached to a new pseudo-terminal, output
    drained; ``frame`` is from spawn to the last screen update before leaving application mode (None when
    ``cmd`` drew none)."""
    leader, follower = pty.openpty()
    os.set_blocking(leader, False)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True)
    os.close(follower)
    frame: float | None = None
    leaving = False
    while proc.poll() is None:
        try:
            chunk = os.read(leader, 65536)
        except (BlockingIOError, OSError):
            time.sleep(0.001)
            continue
        leaving = leaving or LEAVING in chunk
        if not leaving and SCREEN_UPDATE.search(chunk):
            frame = (time.perf_counter() - start) * 1000
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    os.close(leader)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited with {proc.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall * 1000, cpu * 1000, frame


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    args = parser.parse_args()
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
    env["DOMINO_TUI_CONFIG_DIR"] = tempfile.mkdtemp(prefix="domino-tui-bench-")
    env["DOMINO_TUI_EXIT_AFTER_FIRST_FRAME"] = "1"
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {
        REFERENCE: [sys.executable, "-c", "import textual.app"],
        OURS: [sys.executable, "-m", "domino_tui", "--seed", "1"],  # a fixed deal, the default settings
    }
    for cmd in commands.values():  # warm the file cache and write the bytecode once
        timed_ms(cmd, env)
    wall: dict[str, list[float]] = {name: [] for name in [*commands, OURS_EXIT]}
    cpu: dict[str, list[float]] = {name: [] for name in [*commands, OURS_EXIT]}
    for _ in range(args.runs):
        for name, cmd in commands.items():
            w, c, frame = timed_ms(cmd, env)
            if name == OURS:
                if frame is None:
                    raise SystemExit(f"{' '.join(cmd)} drew no frame")
                wall[OURS_EXIT].append(w)
                cpu[OURS_EXIT].append(c)
                w = frame
            wall[name].append(w)
            cpu[name].append(c)

    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {sys.version.split()[0]}; {args.runs} runs each, interleaved; load average {load}; milliseconds")
    print(f"{'command':<48}{'wall median':>12}{'min':>7}{'max':>7}{'ratio':>7}{'cpu median':>12}{'ratio':>7}")
    base_wall, base_cpu = statistics.median(wall[REFERENCE]), statistics.median(cpu[REFERENCE])
    for name in wall:
        w, c = statistics.median(wall[name]), statistics.median(cpu[name])
        lo, hi = min(wall[name]), max(wall[name])
        print(f"{name:<48}{w:12.0f}{lo:7.0f}{hi:7.0f}{w / base_wall:7.2f}{c:12.0f}{c / base_cpu:7.2f}")
    print("(the CPU time is the child's whole run, to its exit, in both rows of ours)")
    ratio = statistics.median(wall[OURS]) / base_wall
    verdict = "within" if ratio <= GOAL else "OVER"
    print(f"first frame in {ratio:.2f} x {REFERENCE}: {verdict} the goal of {GOAL:g}x")
    return 0 if ratio <= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
