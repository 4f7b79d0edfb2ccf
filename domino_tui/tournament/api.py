"""The Python API: run a match or a tournament from code and get the results as data."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine import Rules, get_rules
from .entries import Entry, EntryError, parse_entries, spec_text, unique_names
from .host import DEFAULT_MOVE_LIMIT, BotHost
from .ranking import MatchResult, Standing, rank, score_key, seed003_key, standings
from .runner import Progress, chunk_tasks, run_chunks


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
        return "seed 003" if get_rules(self.settings.variant).lead_rotates else "score"


def resolve_entries(bots: Sequence[str | type | tuple], rules: Rules) -> list[Entry]:
    """Parse the entries and load every user bot once (in its own process) to check it and learn its name."""
    entries = parse_entries(list(bots), rules)
    out = []
    for e in entries:
        if e.hosted:
            host = BotHost(tuple(s for s in e.seats if s.hosted))
            try:
                names = host.describe()
            finally:
                host.stop()
            if e.seats[0].kind == "seed003":
                e = replace(e, name=names[0])
        out.append(e)
    return unique_names(out)


def run_tournament(
    variant: str,
    bots: Sequence[str | type | tuple],
    games: int = 1000,
    seed: int = 0,
    jobs: int = 1,
    move_limit: float = DEFAULT_MOVE_LIMIT,
    progress: Progress | None = None,
) -> TournamentResult:
    """A round robin of ``bots`` in ``variant``, ``games`` per match. An entry is a spec as on the command line
    (``"greedy"``, ``"greedy+dummy"``, ``"path/to/file.py:MyBot"``, ``"path/to/pair.py"``), a Bot class (it
    plays in a process of its own, like a bot from a file) or a pair ``(A, B)`` of those.

    The same seed gives the same figures whatever ``jobs`` is. Raises ValueError (EntryError) for an entry that
    cannot play and for settings out of range.
    """
    rules = get_rules(variant)
    if games < 1:
        raise ValueError("games per match must be at least 1")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    if not move_limit > 0:
        raise ValueError("the move limit must be a positive number of seconds")
    entries = resolve_entries(bots, rules)
    settings = Settings(rules.name, tuple(spec_text(b) for b in bots), games, seed, jobs, move_limit)
    started = time.perf_counter()
    pairs, tasks = chunk_tasks(rules, entries, games, seed, move_limit)
    tallies = run_chunks(tasks, len(pairs), jobs, progress)
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
        )
        for (i, j), t in zip(pairs, tallies, strict=True)
    )
    table = standings([e.name for e in entries], matches)
    ranking = rank(table, score_key if by_points else seed003_key)
    return TournamentResult(settings, tuple(entries), matches, tuple(ranking), seconds)


def run_match(
    variant: str,
    first: str | type | tuple,
    second: str | type | tuple,
    games: int = 1000,
    seed: int = 0,
    jobs: int = 1,
    move_limit: float = DEFAULT_MOVE_LIMIT,
) -> MatchResult:
    """One match between two entries: the figures from the side of ``first``."""
    return run_tournament(variant, [first, second], games, seed, jobs, move_limit).matches[0]


__all__ = ["EntryError", "MatchResult", "Settings", "Standing", "TournamentResult", "run_match", "run_tournament"]
