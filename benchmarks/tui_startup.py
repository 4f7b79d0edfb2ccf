"""Cold start of the Textual table: process start to the first frame on screen, beside `import textual`.

    python benchmarks/tui_startup.py [--runs 10]

Each run starts `python -m domino_tui` in a fresh pseudo-terminal with DOMINO_TUI_EXIT_AFTER_FIRST_FRAME set,
so the app quits as soon as its first screen has been mounted and drawn; the time is process start to exit.
The reference is `python -c "import textual"` (the least any Textual app can cost), run the same way.
Settings go to a temporary directory, so a saved game or settings never change the numbers.
"""

from __future__ import annotations

import argparse
import os
import pty
import statistics
import subprocess
import sys
import tempfile
import time


def timed(cmd: list[str], env: dict[str, str]) -> float:
    """Seconds from spawn to exit of ``cmd`` attached to a new pseudo-terminal (80x24), output drained."""
    leader, follower = pty.openpty()
    os.set_blocking(leader, False)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=follower, stdout=follower, stderr=follower, env=env, close_fds=True)
    os.close(follower)
    while proc.poll() is None:
        try:
            os.read(leader, 65536)
        except (BlockingIOError, OSError):
            time.sleep(0.001)
    elapsed = time.perf_counter() - start
    os.close(leader)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} exited with {proc.returncode}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
    env["DOMINO_TUI_CONFIG_DIR"] = tempfile.mkdtemp(prefix="domino-tui-bench-")
    env["DOMINO_TUI_EXIT_AFTER_FIRST_FRAME"] = "1"
    cases = {
        'python -c "import textual" (reference)': [sys.executable, "-c", "import textual"],
        'python -c "import textual.app" (reference)': [sys.executable, "-c", "import textual.app"],
        "domino-tui: first frame, then exit": [sys.executable, "-m", "domino_tui", "--seed", "1", "--pause", "0"],
    }
    for cmd in cases.values():  # warm the file cache and the bytecode once
        timed(cmd, env)
    print(f"cold start over {args.runs} runs each (median, min, max), {sys.version.split()[0]}")
    for name, cmd in cases.items():
        times = [timed(cmd, env) for _ in range(args.runs)]
        med, lo, hi = statistics.median(times), min(times), max(times)
        print(f"  {name:<45} {med * 1000:7.0f} ms   ({lo * 1000:.0f}-{hi * 1000:.0f})")


if __name__ == "__main__":
    main()
