"""The Python API: run a match or a tournament from code and get the results as data."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine import Rules, get_rules
from .entries import Entry, EntryError, parse_entries, spec_text, unique_names
from .faults import Forfeit
from .host import DEFAULT_MOVE_LIMIT, BotHost, check_move_limit, host_command
from .journal import Journal, journal_path, read_journal, tally_json
from .ranking import MatchResult, Standing, mc102_key, rank, score_key, standings
from .runner import Progress, Tally, chunk_tasks, run_chunks
from .schedule import new_seed
from .secrecy import make_undumpable

# A match longer than this is a typing mistake, not a plan (and would not fit in memory as chunks).
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class Settings:
    variant: str
    bots: tuple[str, ...]
    games: int
    seed: int
    jobs: int
    move_limit: float

    def to_json(self) -> dict:
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "games_per_match": self.games,
            "seed": self.seed,
            "jobs": self.jobs,
            "move_limit_seconds": self.move_limit,
        }


@dataclass(frozen=True)
class TournamentResult:
    settings: Settings
    entries: tuple[Entry, ...]
    matches: tuple[MatchResult, ...]
    ranking: tuple[Standing, ...]  # best first
    seconds: float

    @property
    def games(self) -> int:
        return sum(m.games for m in self.matches)

    @property
    def ranked_by(self) -> str:
        return "the MC102 judge" if get_rules(self.settings.variant).lead_rotates else "score"


def resolve_entries(bots: Sequence[str | type | tuple], rules: Rules) -> list[Entry]:
    """Parse the entries and load every user bot once (in its own process) to check it and learn its name."""
    entries = parse_entries(list(bots), rules)
    out = []
    for e in entries:
        names = []
        for spec in e.seats:
            if not spec.hosted:
                continue
            host = BotHost(*host_command(spec))
            try:
                names.append(host.describe())
            except Forfeit as forfeit:
                raise EntryError(f"cannot load {spec}: {forfeit.detail.strip() or forfeit}") from None
            finally:
                host.stop()
        if e.seats[0].kind == "mc102":
            e = replace(e, name=names[0])
        elif any(s.kind == "cmd" for s in e.seats):  # a program is named by what it says in its hello
            told = iter(names)
            e = replace(e, name="+".join(next(told) if s.hosted else s.short for s in e.seats))
        out.append(e)
    return unique_names(out)


def check_settings(games: int, jobs: int, move_limit: float) -> None:
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"games per match must be between 1 and {MAX_GAMES:,}, not {games:,}")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    check_move_limit(move_limit)


def run_tournament(
    variant: str,
    bots: Sequence[str | type | tuple],
    games: int = 1000,
    seed: int | None = None,
    jobs: int = 1,
    move_limit: float = DEFAULT_MOVE_LIMIT,
    progress: Progress | None = None,
    journal: str | None = None,
) -> TournamentResult:
    """A round robin of ``bots`` in ``variant``, ``games`` per match. An entry is a spec as on the command line
    (``"greedy"``, ``"greedy+dummy"``, ``"path/to/file.py:MyBot"``, ``"path/to/pair.py"``, ``"cmd:./mybot"``), a
    Bot class (it plays in a process of its own, like a bot from a file) or a pair ``(A, B)`` of those.

    The same seed gives the same figures whatever ``jobs`` is; without one, a secret random seed is drawn (it is
    in the result's settings). With ``journal``, each match is appended to that file as soon as it finishes
    (resume_tournament finishes an interrupted run from it). Raises ValueError (EntryError) for an entry that
    cannot play and for settings out of range.
    """
    rules = get_rules(variant)
    check_settings(games, jobs, move_limit)
    entries = resolve_entries(bots, rules)
    settings = Settings(
        rules.name, tuple(spec_text(b) for b in bots), games, new_seed() if seed is None else seed, jobs, move_limit
    )
    log = Journal.create(journal, settings.to_json()) if journal else None
    return _play(rules, entries, settings, {}, progress, log)


def resume_tournament(journal: str, jobs: int = 1, progress: Progress | None = None) -> TournamentResult:
    """Finish the tournament whose journal is ``journal``: the matches it holds are not played again, the others
    are played and appended to it. The result is the one the uninterrupted run would have given."""
    saved, done = read_journal(journal)
    try:
        variant, bots, games = saved["variant"], list(saved["bots"]), int(saved["games_per_match"])
        seed, move_limit = int(saved["seed"]), float(saved["move_limit_seconds"])
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"{journal}: its settings line is incomplete") from None
    rules = get_rules(variant)
    check_settings(games, jobs, move_limit)
    entries = resolve_entries(bots, rules)
    settings = Settings(rules.name, tuple(bots), games, seed, jobs, move_limit)
    return _play(rules, entries, settings, done, progress, Journal.reopen(journal))


def _play(
    rules: Rules,
    entries: list[Entry],
    settings: Settings,
    done: dict[int, Tally],
    progress: Progress | None,
    log: Journal | None,
) -> TournamentResult:
    # Nothing of this process may be read by the bots: its memory holds the seed.
    make_undumpable()
    started = time.perf_counter()
    pairs, tasks = chunk_tasks(rules, entries, settings.games, settings.seed, settings.move_limit, frozenset(done))

    def finished(match: int, tally: Tally) -> None:
        if log is not None:
            i, j = pairs[match]
            log.write(tally_json(match, (entries[i].name, entries[j].name), tally))

    try:
        tallies = run_chunks(tasks, len(pairs), settings.jobs, progress, finished)
    finally:
        if log is not None:
            log.close()
    for m, t in done.items():
        tallies[m] = t
    seconds = time.perf_counter() - started
    by_points = not rules.lead_rotates
    matches = tuple(
        MatchResult(
            first=entries[i].name,
            second=entries[j].name,
            games=t.games,
            wins=(t.wins[0], t.wins[1]),
            ties=t.ties,
            points=(t.points[0], t.points[1]),
            faults=(dict(sorted(t.faults[0].items())), dict(sorted(t.faults[1].items()))),
            abandoned=t.abandoned,
            by_points=by_points,
            notes=(t.notes[0], t.notes[1]),
        )
        for (i, j), t in zip(pairs, tallies, strict=True)
    )
    table = standings([e.name for e in entries], matches)
    ranking = rank(table, score_key if by_points else mc102_key)
    return TournamentResult(settings, tuple(entries), matches, tuple(ranking), seconds)


def run_match(
    variant: str,
    first: str | type | tuple,
    second: str | type | tuple,
    games: int = 1000,
    seed: int | None = None,
    jobs: int = 1,
    move_limit: float = DEFAULT_MOVE_LIMIT,
) -> MatchResult:
    """One match between two entries: the figures from the side of ``first``."""
    return run_tournament(variant, [first, second], games, seed, jobs, move_limit).matches[0]


__all__ = [
    "EntryError",
    "MatchResult",
    "Settings",
    "Standing",
    "TournamentResult",
    "journal_path",
    "resume_tournament",
    "run_match",
    "run_tournament",
]
