"""``domino-tui tournament``: a round robin of bots from the command line."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ..engine import VARIANTS
from .api import TournamentResult, resume_tournament, run_tournament
from .entries import EntryError
from .export import check_out_path, write
from .host import DEFAULT_MOVE_LIMIT
from .journal import journal_path
from .progress import ProgressBar
from .report import report
from .runner import WorkerLost
from .secrecy import hide_in_cmdline

EPILOG = """\
entries (comma separated):
  greedy                 a built-in bot (random, dummy, greedy, doubles, hyperskill, ...)
  greedy+dummy           a pair, in partnership variants (a single name there means two of it)
  path/to/file.py:MyBot  your own bot: a class implementing domino_tui.ai.Bot
  path/to/pair.py        a seed-003 pair module (create_pair(), pair_name(), players with play())
  cmd:./mybot --fast     a program in any language speaking the bot protocol (README) on stdin/stdout

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
    parser.add_argument("--bots", metavar="A,B,...", help="the entries (see below)")
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games per match (default 1000)")
    parser.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="the same seed gives the same results (default: a secret random seed, printed at the end)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, metavar="J", help="worker processes (default: CPUs)"
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="write the results to FILE.json or FILE.csv; each match is also saved to FILE.jsonl as it finishes",
    )
    parser.add_argument("--resume", metavar="FILE.jsonl", help="finish the interrupted tournament saved in FILE.jsonl")
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
    if args.seed is not None:
        hide_in_cmdline(str(args.seed))  # before any bot is started: they can read this process's cmdline
    name = "domino-tui tournament"
    if args.resume and (args.bots or args.seed is not None):
        print(f"{name}: --resume takes the entries and the seed from {args.resume}", file=sys.stderr)
        return 2
    if not args.resume and not args.bots:
        print(f"{name}: give the entries with --bots A,B,... (or --resume FILE.jsonl)", file=sys.stderr)
        return 2
    journal = args.resume or (journal_path(args.out) if args.out else None)
    progress = ProgressBar()
    try:
        if args.out:
            check_out_path(args.out)
        if args.resume:
            result = resume_tournament(args.resume, args.jobs, progress)
        else:
            bots = [b for b in args.bots.split(",") if b.strip()]
            result = run_tournament(
                args.variant, bots, args.games, args.seed, args.jobs, args.move_limit, progress, journal
            )
    except (EntryError, ValueError) as exc:
        progress.close()
        print(f"{name}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        progress.close()
        print(f"{name}: {exc.strerror or exc}: {exc.filename or ''}", file=sys.stderr)
        return 1
    except WorkerLost as exc:
        progress.close()
        saved = f"; the finished matches are saved in {journal}" if journal else ""
        print(f"{name}: {exc}{saved}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        progress.close()
        if journal:
            print(
                f"{name}: interrupted; the finished matches are saved in {journal}; "
                f"finish with: domino-tui tournament --resume {journal}",
                file=sys.stderr,
            )
        else:
            print(f"{name}: interrupted; nothing saved (--out FILE keeps each match as it finishes)", file=sys.stderr)
        return 130
    progress.close()
    # The results file first: it is kept whatever becomes of stdout (a reader that left, a full disk).
    if args.out:
        try:
            write(result, args.out)
        except OSError as exc:
            print(f"{name}: cannot write {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    sys.stdout.write(report(result))
    show_faults(result, name)
    if args.out:
        print(f"results written to {args.out}")
    return 0


def show_faults(result: TournamentResult, name: str) -> None:
    """The first fault of each entry that had one, as its host reported it (a traceback, a message)."""
    seen = set()
    for m in result.matches:
        for entry, note in zip((m.first, m.second), m.notes, strict=True):
            if note and entry not in seen:
                seen.add(entry)
                print(f"{name}: {entry}: first fault: {note.rstrip()}", file=sys.stderr)
