"""Two runs of benchmarks/strength.py on the same deals compared game by game: A's net points in the first less
those in the second, with a 95% interval. Every game's deal and seeds depend only on its number and the seed, so
two runs of one seed differ only by A's options; the paired difference is far narrower than the two intervals.

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
    ap.add_argument("first", help="--save-nets of the run measured")
    ap.add_argument("second", help="--save-nets of the run it is compared with")
    args = ap.parse_args(argv)
    with open(args.first) as f:
        first = json.load(f)
    with open(args.second) as f:
        second = json.load(f)
    if first["seed"] != second["seed"] or len(first["nets"]) != len(second["nets"]):
        ap.error("the runs must have the same seed and number of games")
    diff = [a - b for a, b in zip(first["nets"], second["nets"], strict=True)]
    mean = statistics.fmean(diff)
    half = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
    print(f"{first['options']} less {second['options']}, seed {first['seed']}, {len(diff)} games:")
    print(f"  A's net points a game: {mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
