"""``domino-tui tournament``: a round robin of bots from the command line."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..engine import VARIANTS
from .api import run_tournament
from .entries import EntryError
from .export import check_out_path, write
from .host import DEFAULT_MOVE_LIMIT
from .progress import ProgressBar
from .report import report

EPILOG = """\
entries (comma separated):
  greedy                 a built-in bot (random, dummy, greedy, doubles, hyperskill, ...)
  greedy+dummy           a pair, in partnership variants (a single name there means two of it)
  path/to/file.py:MyBot  your own bot: a class implementing domino_tui.ai.Bot
  path/to/pair.py        a seed-003 pair module (create_pair(), pair_name(), players with play())

example:
  domino-tui tournament --variant partnership9 --bots greedy,dummy,doubles --games 1000 --jobs 2 --out r.json
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="domino-tui tournament",
        description="Play every entry against every other and rank them.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--variant", default="partnership9", choices=list(VARIANTS), help="rule variant")
    parser.add_argument("--bots", required=True, metavar="A,B,...", help="the entries (see below)")
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games per match (default 1000)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="the same seed gives the same results")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, metavar="J", help="worker processes (default: CPUs)"
    )
    parser.add_argument("--out", metavar="FILE", help="write every match's figures to FILE.json or FILE.csv")
    parser.add_argument(
        "--move-limit",
        type=float,
        default=DEFAULT_MOVE_LIMIT,
        metavar="SECONDS",
        help=f"time a user bot has per move before the move counts as a pass (default {DEFAULT_MOVE_LIMIT:g})",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    name = "domino-tui tournament"
    bots = [b for b in args.bots.split(",") if b.strip()] if args.bots.strip() else []
    progress = ProgressBar()
    try:
        if args.out:
            check_out_path(args.out)
        result = run_tournament(args.variant, bots, args.games, args.seed, args.jobs, args.move_limit, progress)
    except (EntryError, ValueError) as exc:
        progress.close()
        print(f"{name}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        progress.close()
        print(f"{name}: interrupted; nothing written", file=sys.stderr)
        return 130
    progress.close()
    sys.stdout.write(report(result))
    if args.out:
        try:
            write(result, args.out)
        except OSError as exc:
            print(f"{name}: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"results written to {args.out}")
    return 0
