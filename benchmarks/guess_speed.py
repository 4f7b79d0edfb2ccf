"""Guesses per CPU-second of the expert's decisions, compiled and interpreted.

A guess is one deal of the hidden tiles with every legal move tried on it and the game finished (by playouts, or
by the exact search late in a game): the unit of the expert's thinking, so its strength at a time budget follows
this rate. The positions are decisions with a real choice from seeded games between `greedy` players; each is
decided with a fixed number of guesses (no clock). The compiled kernel runs here; the interpreted one
(DOMINO_TUI_PURE=1, the same source) runs in a child process, for the ratio.

    python benchmarks/guess_speed.py [--positions 60] [--guesses 200]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

from domino_tui.ai import make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.lines import COMPILED
from domino_tui.engine import GameState, Observation, observe

VARIANTS = ["block", "partnership", "partnership9", "classic", "allfives", "fivesandthrees"]


def positions(variant: str, count: int) -> list[Observation]:
    """``count`` decisions with two or more legal moves, spread over seeded greedy games (three a game)."""
    out: list[Observation] = []
    seed = 0
    while len(out) < count:
        state = GameState.new(variant, random.Random(seed))
        greedy = make_bot("greedy", random.Random(seed))
        taken = 0
        while not state.over:
            obs = observe(state, state.turn)
            if (
                len(obs.legal) > 1
                and taken < 3
                and len(out) < count
                and random.Random(seed * 31 + taken).random() < 0.5
            ):
                out.append(obs)
                taken += 1
            state.apply(greedy.choose(obs))
        seed += 1
    return out


def measure(count: int, guesses: int) -> dict[str, float]:
    out = {}
    for variant in VARIANTS:
        decisions = positions(variant, count)
        bot = ExpertBot(random.Random(1), budget=None, samples=guesses)
        t0 = time.process_time()
        for obs in decisions:
            bot.evaluate(obs)
        cpu = time.process_time() - t0
        out[variant] = len(decisions) * guesses / cpu if cpu else 0.0
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--guesses", type=int, default=200)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.positions, args.guesses)))
        return 0
    ours = measure(args.positions, args.guesses)
    env = dict(os.environ, DOMINO_TUI_PURE="1")
    cmd = [sys.executable, __file__, "--child", "--positions", str(args.positions), "--guesses", str(args.guesses)]
    pure = json.loads(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)
    print(f"expert guesses per CPU-second ({args.positions} decisions a variant, {args.guesses} guesses each)")
    print(f"{'variant':14} {'compiled' if COMPILED else 'this build':>12} {'interpreted':>12} {'ratio':>7}")
    for variant, rate in ours.items():
        ratio = rate / pure[variant] if pure[variant] else float("nan")
        print(f"{variant:14} {rate:12,.0f} {pure[variant]:12,.0f} {ratio:6.1f}x")
    if not COMPILED:
        print("(this install runs the kernel interpreted: both columns measure the same code)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
