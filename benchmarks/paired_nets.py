"""Two runs of benchmarks/strength.py on the same deals compared game by game: A's net points in the first less
those in the second, with a 95% interval. Every game's deal and seeds depend only on its number and the seed, so
two runs of one seed differ only by A's options; the paired difference is far narrower than the two intervals.
Several pairs (each of one seed) are pooled into one difference.

    python -m benchmarks.strength fivesandthrees expert fivesdenier --games 1200 --seed 2 --save-nets /tmp/a.json
    python -m benchmarks.strength fivesandthrees expert fivesdenier --games 1200 --seed 2 --save-nets /tmp/b.json \\
        --option explore=0.0
    python -m benchmarks.paired_nets /tmp/b.json /tmp/a.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "runs", nargs="+", help="--save-nets files in pairs: the run measured, then the one it is compared with"
    )
    args = ap.parse_args(argv)
    if len(args.runs) % 2:
        ap.error("the runs come in pairs: the run measured, then the one it is compared with")
    diff: list[float] = []
    for path, base in zip(args.runs[::2], args.runs[1::2], strict=True):
        with open(path) as f:
            first = json.load(f)
        with open(base) as f:
            second = json.load(f)
        if first["seed"] != second["seed"] or len(first["nets"]) != len(second["nets"]):
            ap.error(f"{path} and {base} must have the same seed and number of games")
        pair = [a - b for a, b in zip(first["nets"], second["nets"], strict=True)]
        print(f"{first['options']} less {second['options']}, seed {first['seed']}, {len(pair)} games: {summary(pair)}")
        diff += pair
    if len(args.runs) > 2:
        print(f"all {len(diff)} games: {summary(diff)}")
    return 0


def summary(diff: list[float]) -> str:
    """The mean difference a game with its 95% interval."""
    mean = statistics.fmean(diff)
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
    return f"A's net points a game {mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})"


if __name__ == "__main__":
    sys.exit(main())
