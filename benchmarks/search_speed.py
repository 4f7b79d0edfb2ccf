"""Positions per CPU-second of the expert's exact line-game search (`ai.lines.LineSearch`), compiled and
interpreted.

The positions are those the expert meets: seeded random games of block, partnership and partnership9 played
until a given number of tiles is left in the hands, then searched with every hand open until done or until a
node limit. The compiled search runs here; the interpreted one (DOMINO_TUI_PURE=1, the same source) runs in a
child process, for the ratio.

    python benchmarks/search_speed.py [--positions 60]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import subprocess
import sys
import time

from domino_tui.ai.endgame import LineSolver, TooBig
from domino_tui.ai.lines import COMPILED
from domino_tui.ai.objective import Objective
from domino_tui.engine import GameState, observe

# (variant, tiles left in the hands, node limit per position)
CASES = [("block", 14, 200_000), ("partnership", 20, 200_000), ("partnership9", 24, 200_000)]


def measure(positions: int, scale: float) -> dict[str, float]:
    """Positions per CPU-second for each case; node limits scaled by ``scale`` (a slow build gets fewer)."""
    out = {}
    for variant, tiles, limit in CASES:
        limit = max(1000, int(limit * scale))
        cpu = 0.0
        visited = 0
        for seed in range(positions):
            rng = random.Random(seed)
            state = GameState.new(variant, random.Random(seed))
            while not state.over and sum(state.hand_sizes()) > tiles:
                state.apply(rng.choice(state.legal_moves()))
            if state.over:
                continue
            root = state.kernel.copy()
            solver = LineSolver(state.rules, Objective(observe(state, state.turn)), limit)
            t0 = time.process_time()
            with contextlib.suppress(TooBig):
                solver.solve(root, root.legal())
            cpu += time.process_time() - t0
            visited += solver.visited()
        out[variant] = visited / cpu if cpu else 0.0
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.positions, 0.02)))
        return 0
    ours = measure(args.positions, 1.0)
    env = dict(os.environ, DOMINO_TUI_PURE="1")
    child = subprocess.run(
        [sys.executable, __file__, "--child", "--positions", str(args.positions)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    pure = json.loads(child.stdout)
    print(f"exact line search, positions per CPU-second ({args.positions} positions a variant)")
    print(f"{'variant':14} {'compiled' if COMPILED else 'this build':>14} {'interpreted':>14} {'ratio':>8}")
    for variant, rate in ours.items():
        ratio = rate / pure[variant] if pure[variant] else float("nan")
        print(f"{variant:14} {rate:14,.0f} {pure[variant]:14,.0f} {ratio:7.0f}x")
    if not COMPILED:
        print("(this install runs the kernel interpreted: both columns measure the same code)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
