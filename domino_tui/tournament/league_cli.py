"""``domino-tui league``: a league kept in a journal, played a few rounds at a time, its table printed and saved.

The first call with a journal that does not exist yet starts the league (its variant, entries, games per match and
seed); every later call resumes it: it finishes a round that was cut short, lets entries join, plays more rounds,
prints the table and writes it out. User bots play in the sandbox, on local worker processes or a Dask cluster.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Sequence

from ..engine import VARIANTS
from .cli import SIGNALS, Stopped, raise_stopped, read_seed
from .cluster import ClusterError
from .entries import EntryError
from .host import DEFAULT_MOVE_LIMIT
from .league import RANKINGS, League
from .league_export import write_table
from .league_journal import JournalError
from .league_matches import HostedMatches
from .progress import ProgressBar
from .secrecy import make_undumpable
from .workers import WorkerLost

NAME = "domino-tui league"

EPILOG = """\
entries (comma separated), as for domino-tui tournament:
  greedy, greedy+dummy, path/to/file.py:MyBot, cmd:./mybot --fast

examples:
  echo 7 | domino-tui league --journal course.jsonl --variant partnership9 --entries a.py:Bot,b.py:Bot,greedy \\
      --games 100 --seed-file - --rounds 3
  domino-tui league --journal course.jsonl --add c.py:Bot --rounds 2 --out table.csv
  domino-tui league --journal course.jsonl          # the table as it stands
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=NAME,
        description="Rank many entries by rating (mu - 3 sigma), in rounds of matches between entries of like "
        "rating, kept in a journal you can come back to.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--journal", required=True, metavar="FILE.jsonl", help="the league's journal (made if new)")
    new = parser.add_argument_group("a new league (only when the journal does not exist yet)")
    new.add_argument("--variant", default="partnership9", choices=list(VARIANTS), help="rule variant")
    new.add_argument("--entries", metavar="A,B,...", help="the entries")
    new.add_argument("--games", type=int, default=100, metavar="N", help="games per match (default 100)")
    new.add_argument("--per-side", type=int, default=1, metavar="K", help="entries sharing a side (2: partners)")
    new.add_argument(
        "--ranking",
        choices=RANKINGS,
        help="what the table ranks by: points, a fit of all the games' points (default), or openskill's ratings",
    )
    new.add_argument("--seed-file", metavar="FILE", help="read the seed from FILE (- for stdin); default: secret")
    parser.add_argument("--add", metavar="A,B,...", help="entries that join before the next round")
    parser.add_argument("--rounds", type=int, default=0, metavar="N", help="rounds to play now (default 0)")
    parser.add_argument("--out", metavar="FILE", help="write the table to FILE.csv or FILE.json")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="J", help="worker processes")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="play on the Dask cluster at ADDRESS (tcp://HOST:8786)")
    parser.add_argument(
        "--move-limit", type=float, default=DEFAULT_MOVE_LIMIT, metavar="SECONDS", help="a user bot's time per move"
    )
    parser.add_argument(
        "--unsandboxed", action="store_true", help="run user bots as your own programs: only for bots you wrote"
    )
    return parser


def _listed(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


def _open(args: argparse.Namespace, private: list[str]) -> League:
    def matches(variant: str, games: int) -> HostedMatches:
        return HostedMatches(variant, games, args.move_limit, not args.unsandboxed, args.jobs, args.scheduler, private)

    if os.path.exists(args.journal):
        if args.entries or args.seed_file or args.ranking:
            raise ValueError(
                f"{args.journal} holds a league already: --entries, --seed-file and --ranking start a new one"
            )
        settings = League.settings_of(args.journal)
        play = matches(settings.variant, settings.games)
        return League.resume(args.journal, play, play.check)
    if not args.entries:
        raise ValueError(f"{args.journal} does not exist: give the entries with --entries A,B,... to start it")
    seed = read_seed(args.seed_file) if args.seed_file else None
    play = matches(args.variant, args.games)
    entries = _listed(args.entries)
    return League.create(
        args.variant,
        entries,
        args.games,
        seed,
        args.journal,
        args.per_side,
        play_match=play,
        check_entry=play.check,
        ranking=args.ranking or RANKINGS[0],
    )


# What the table's rating columns are, by what the league ranks by.
RATING_LINES = {
    "points": "rating: mu - 3 sigma of a fit of all the games' points; mu in points a game above the field's average",
    "openskill": "rating: mu - 3 sigma of openskill's ratings, the rating the entry has with 99.7% confidence",
}


def table(league: League) -> str:
    rows = league.standings()
    width = max([len("entry"), *(len(s.name) for s in rows)])
    lines = [
        f"{league.settings.variant}: {len(rows)} entries, {league.rounds} rounds, {league.games} games played",
        f"{'rank':>4}  {'entry':<{width}}  {'rating':>7}  {'mu':>6}  {'sigma':>5}  {'games':>6}  won-tied-lost",
    ]
    for s in rows:
        r = s.rating
        lines.append(
            f"{s.rank:>4}  {s.name:<{width}}  {r.conservative:>7.2f}  {r.mu:>6.2f}  {r.sigma:>5.2f}  "
            f"{s.games:>6}  {s.won}-{s.tied}-{s.lost}"
        )
    lines.append(RATING_LINES[league.settings.ranking])
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    make_undumpable()  # this process holds the league's seed
    private = [p for p in (args.journal, args.out, args.seed_file if args.seed_file != "-" else None) if p]
    progress = ProgressBar()
    previous = {s: signal.signal(s, raise_stopped) for s in SIGNALS}
    league: League | None = None
    try:
        if args.rounds < 0:
            raise ValueError("--rounds must be 0 or more")
        if args.out and os.path.splitext(args.out)[1].lower() not in (".csv", ".json"):
            raise ValueError(f"--out {args.out}: the file name must end in .csv or .json")
        league = _open(args, private)
        joining = _listed(args.add)
        if joining:
            if league.cut_short:  # entries join between rounds: the round cut short is finished first
                league.play_round(progress)
            league.add(joining)
        for _ in range(args.rounds):
            league.play_round(progress)
    except (EntryError, JournalError, ValueError) as exc:
        progress.close()
        print(f"{NAME}: {exc}", file=sys.stderr)
        return 2
    except (WorkerLost, ClusterError, OSError) as exc:
        progress.close()
        print(f"{NAME}: {exc}; the finished matches are saved in {args.journal}", file=sys.stderr)
        return 1
    except (KeyboardInterrupt, Stopped) as exc:
        progress.close()
        why = f"stopped by {exc}" if isinstance(exc, Stopped) else "interrupted"
        with contextlib.suppress(OSError):
            print(
                f"{NAME}: {why}; the finished matches are saved in {args.journal}; go on with: "
                f"domino-tui league --journal {args.journal} --rounds N",
                file=sys.stderr,
            )
        return 128 + exc.signum if isinstance(exc, Stopped) else 130
    finally:
        if league is not None:
            league.close()
        for s, handler in previous.items():
            signal.signal(s, handler)
    progress.close()
    assert league is not None  # opened, or the run returned above
    sys.stdout.write(table(league))
    if args.out:
        write_table(league, args.out)
        print(f"table written to {args.out}")
    return 0
