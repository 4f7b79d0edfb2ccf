"""``domino-tui stats``: the record's statistics in the terminal, or as CSV. Loads no UI package."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .stats import render, write_csv
from .store import Records


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="domino-tui stats", description="Statistics of your recorded games.")
    parser.add_argument("--csv", action="store_true", help="write the table as CSV instead")
    args = parser.parse_args(list(argv))
    records = Records()
    games, problem = records.games()
    if problem:
        print(problem, file=sys.stderr)
    if args.csv:
        write_csv(games, sys.stdout)
    else:
        sys.stdout.write(render(games))
    return 0
