"""``domino-tui tournament``: a round robin of bots from the command line."""

from __future__ import annotations

import argparse
import contextlib
import getpass
import os
import signal
import sys
from collections.abc import Sequence

from ..engine import VARIANTS
from ..engine.variants import TRAIN_VARIANTS
from .api import TournamentResult, plays_a_table, resume_tournament, run_tournament
from .cluster import ClusterError
from .entries import EntryError
from .export import check_out_path, write
from .host import DEFAULT_MOVE_LIMIT, GAME_BUDGET_MOVES, GAME_BUDGET_START
from .journal import journal_path
from .progress import ProgressBar
from .report import report
from .secrecy import make_undumpable
from .workers import WorkerLost

EPILOG = """\
entries (comma separated):
  greedy                 a built-in bot (random, dummy, greedy, doubles, hyperskill, ...)
  greedy+dummy           a pair, in partnership variants (a single name there means two of it)
  path/to/file.py:MyBot  your own bot: a class implementing domino_tui.ai.Bot
  path/to/pair.py        a pair module written for the MC102 judge (create_pair(), pair_name(), players)
  cmd:./mybot --fast     a program in any language speaking the bot protocol (README) on stdin/stdout

User bots run in a bubblewrap sandbox (apt-get install bubblewrap): each sees its own files, the system's
programs and libraries and nothing else; no other process, no network, no other entry, no journal.

example:
  echo 1 | domino-tui tournament --variant partnership9 --bots greedy,dummy,doubles --games 1000 --seed-file -
"""

SIGNALS: dict[int, str] = {signal.SIGTERM: "SIGTERM", signal.SIGHUP: "SIGHUP"}


class Stopped(Exception):
    """The run was told to stop by a signal (SIGTERM, SIGHUP): it ends as it does for Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(SIGNALS.get(signum, f"signal {signum}"))
        self.signum = signum


def raise_stopped(signum: int, frame: object) -> None:
    raise Stopped(signum)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="domino-tui tournament",
        description="Play every entry against every other and rank them.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--variant",
        default="partnership9",
        choices=[*VARIANTS, *TRAIN_VARIANTS],
        help="rule variant (mexicantrain: every entry at one table, 2 to 8 of them; --games counts its rounds)",
    )
    parser.add_argument("--bots", metavar="A,B,...", help="the entries (see below)")
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="a free-for-all table of N entries, each for himself, instead of matches (fivesandthrees: 3 or 4; "
        "--games counts its hands)",
    )
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games per match (default 1000)")
    parser.add_argument(
        "--seed-file",
        metavar="FILE",
        help="read the seed from FILE (- for stdin): the same seed gives the same results; never on the command "
        "line, where every process can read it (default: a secret random seed, printed at the end)",
    )
    parser.add_argument("--seed", help=argparse.SUPPRESS)  # refused with a message saying what to do instead
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, metavar="J", help="worker processes (default: CPUs)"
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="play the matches on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786) instead of "
        "--jobs local processes; the same seed gives the same results",
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
        help=f"time a user bot has per move before the move counts as a pass (default {DEFAULT_MOVE_LIMIT:g}); "
        f"loading and building its players for a game may take {GAME_BUDGET_START:g} s and "
        f"{GAME_BUDGET_MOVES} times this",
    )
    parser.add_argument(
        "--unsandboxed",
        action="store_true",
        help="run user bots without the sandbox, as your own programs: only for bots you wrote yourself",
    )
    return parser


def read_seed(source: str) -> int:
    """The seed in the file ``source`` ("-": stdin; asked for without echo on a terminal)."""
    try:
        if source == "-":
            text = getpass.getpass("seed: ") if sys.stdin.isatty() else sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as fh:
                text = fh.read(1000)
    except OSError as exc:
        raise ValueError(f"--seed-file {source}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:  # said without the file's name, as if the run itself had failed
        raise ValueError(f"--seed-file {source}: the file must hold one whole number, the seed") from None
    try:
        return int(text.strip())
    except ValueError:
        raise ValueError(f"--seed-file {source}: the file must hold one whole number, the seed") from None


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    make_undumpable()  # first: this process is about to hold the seed
    name = "domino-tui tournament"
    if args.seed is not None:
        print(
            f"{name}: --seed is not taken: every process on this machine can read a command line; put the seed "
            "in a file and give --seed-file FILE, or pipe it in with --seed-file -",
            file=sys.stderr,
        )
        return 2
    if args.resume and (args.bots or args.seed_file or args.unsandboxed):
        print(f"{name}: --resume takes the entries, the seed and the sandbox from {args.resume}", file=sys.stderr)
        return 2
    if not args.resume and not args.bots:
        print(f"{name}: give the entries with --bots A,B,... (or --resume FILE.jsonl)", file=sys.stderr)
        return 2
    table = plays_a_table(args.variant, args.players)
    if table and not args.resume and args.out and args.out.lower().endswith(".jsonl"):
        print(f"{name}: a {args.variant} table keeps no journal: give --out FILE.json or FILE.csv", file=sys.stderr)
        return 2
    if args.resume and args.players is not None:
        print(f"{name}: --resume takes the table from {args.resume}", file=sys.stderr)
        return 2
    journal = args.resume or (journal_path(args.out) if args.out and not table else None)
    if not args.resume and journal and os.path.lexists(journal):
        # An earlier run's journal, perhaps of a run cut short: starting afresh would overwrite what it holds.
        print(
            f"{name}: {journal} holds an earlier run: finish it with --resume {journal}, "
            "or move it away to start a new one",
            file=sys.stderr,
        )
        return 2
    private = [p for p in (args.out, args.seed_file if args.seed_file != "-" else None) if p]
    progress = ProgressBar()
    previous = {s: signal.signal(s, raise_stopped) for s in SIGNALS}
    try:
        if args.out:
            check_out_path(args.out)
        if args.resume:
            result = resume_tournament(args.resume, args.jobs, progress, private, args.scheduler)
        else:
            seed = read_seed(args.seed_file) if args.seed_file else None
            bots = [b for b in args.bots.split(",") if b.strip()]
            result = run_tournament(
                args.variant,
                bots,
                args.games,
                seed,
                args.jobs,
                args.move_limit,
                progress,
                journal,
                unsandboxed=args.unsandboxed,
                private=private,
                scheduler=args.scheduler,
                players=args.players,
            )
    except (EntryError, ValueError) as exc:
        progress.close()
        print(f"{name}: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        progress.close()
        print(f"{name}: {exc.strerror or exc}: {exc.filename or ''}", file=sys.stderr)
        return 1
    except (WorkerLost, ClusterError) as exc:
        progress.close()
        saved = f"; the finished matches are saved in {journal}" if journal else ""
        print(f"{name}: {exc}{saved}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, Stopped) as exc:
        progress.close()
        why = f"stopped by {exc}" if isinstance(exc, Stopped) else "interrupted"
        if journal:
            told = (
                f"{name}: {why}; the finished matches are saved in {journal}; "
                f"finish with: domino-tui tournament --resume {journal}"
            )
        else:
            told = f"{name}: {why}; nothing saved (--out FILE keeps each match as it finishes)"
        with contextlib.suppress(OSError):  # after SIGHUP the terminal may be gone
            print(told, file=sys.stderr)
        return 128 + exc.signum if isinstance(exc, Stopped) else 130
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    progress.close()
    # The results file first: it is kept whatever becomes of stdout (a reader that left, a full disk). A file that
    # cannot be written still leaves the report on stdout, and the journal to write it from again.
    unwritten = None
    if args.out:
        try:
            write(result, args.out)
        except OSError as exc:
            unwritten = f"{name}: cannot write {args.out}: {exc.strerror or exc}"
    sys.stdout.write(report(result))
    show_faults(result, name)
    if unwritten:
        print(unwritten, file=sys.stderr)
        return 1
    if args.out:
        print(f"results written to {args.out}")
    return 0


def show_faults(result: TournamentResult, name: str) -> None:
    """The first fault of each entry that had one, as its host reported it (a traceback, a message)."""
    seen = set()
    if result.tally is not None:
        for e, seated in enumerate(result.entries):
            if result.tally.notes[e]:
                print(f"{name}: {seated.name}: first fault: {result.tally.notes[e].rstrip()}", file=sys.stderr)
    for m in result.matches:
        for entry, note in zip((m.first, m.second), m.notes, strict=True):
            if note and entry not in seen:
                seen.add(entry)
                print(f"{name}: {entry}: first fault: {note.rstrip()}", file=sys.stderr)
