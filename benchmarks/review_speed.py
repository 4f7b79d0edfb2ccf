"""How long the coach takes to review a whole hand, for each variant, at the hint's (Master's) budget.

    python benchmarks/review_speed.py [--hands 3] [--seed 1]

Each hand is played by a Normal-level bot in your seat against Normal bots, then reviewed from your seat with
`coach.review.review` and the coach's bot (`coach.hint.master`: 0.6 s a decision at most). Printed per variant: the
decisions reviewed per hand, the wall time and CPU time of a hand's review (mean and worst), beside the goal:
ready before a player has read the end-of-hand summary, under 10 s for a partnership hand.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from domino_tui.ai import make_level
from domino_tui.coach.hint import master
from domino_tui.coach.review import review
from domino_tui.engine import VARIANTS, GameState, observe

GOAL_SECONDS = 10.0


def hand(variant: str, seed: int) -> GameState:
    rng = random.Random(seed)
    game = GameState.new(variant, rng)
    bots = [make_level("Normal", random.Random(f"{seed}:{s}")) for s in range(game.rules.players)]
    while not game.over:
        game.apply(bots[game.turn].choose(observe(game, game.turn)))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"review of a whole hand from seat 0 at the Master budget (goal: under {GOAL_SECONDS:.0f} s)")
    print(f"{'variant':<13} {'decisions':>9} {'wall mean':>10} {'wall max':>9} {'cpu mean':>9} {'cpu max':>8}")
    for variant in VARIANTS:
        walls, cpus, decisions = [], [], []
        for i in range(args.hands):
            game = hand(variant, args.seed * 1000 + i)
            wall, cpu = time.perf_counter(), time.process_time()
            result = review(game, 0, master(random.Random(i)))
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            decisions.append(len(result.decisions))
        print(
            f"{variant:<13} {statistics.mean(decisions):9.1f} {statistics.mean(walls):9.2f}s {max(walls):8.2f}s "
            f"{statistics.mean(cpus):8.2f}s {max(cpus):7.2f}s"
        )


if __name__ == "__main__":
    main()
