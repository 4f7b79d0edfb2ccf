"""A league's matches played as the tournament plays its matches: user bots in the sandbox, built-in bots on the
fast path, on local worker processes or on a Dask cluster.

An entry is written as for a tournament (``greedy``, ``path/to/file.py:MyBot``, ``cmd:./mybot``, a pair
``A+B`` or a single bot playing every seat of its team); two entries sharing a side (``per_side`` 2: single bots as
partners) take its seats in turn. A match is the tournament's match between the two sides, on the deals of its
own seed, cut into chunks; its tally becomes the league's MatchOutcome. A round's matches are played together
(``play_many``), so that a round of 75 matches keeps every worker busy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import get_rules
from .api import confine, sandbox_statement
from .bundle import for_cluster, pack
from .cluster import run_on_cluster
from .entries import BotSpec, Entry, EntryError, check_plays_lines, parse_bot
from .host import DEFAULT_MOVE_LIMIT, check_move_limit
from .outcome import MatchOutcome
from .runner import Tally, match_chunks, run_chunks

Fixture = tuple[Sequence[Sequence[str]], int]  # (each side's entry specs, the match's seed)
Done = Callable[[int, MatchOutcome], None]


def outcome_of(tally: Tally) -> MatchOutcome:
    return MatchOutcome.of({(0, 1): tally.wins[0], (1, 0): tally.wins[1], (0, 0): tally.ties}, tally.points)


class HostedMatches:
    """``play_match(sides, seed)`` for a league whose entries may be user bots. ``private`` are files no bot may
    see (the league's journal, its table); ``scheduler`` a Dask scheduler's address to play on a cluster."""

    def __init__(
        self,
        variant: str,
        games: int,
        move_limit: float = DEFAULT_MOVE_LIMIT,
        sandboxed: bool = True,
        jobs: int = 1,
        scheduler: str | None = None,
        private: Sequence[str] = (),
    ) -> None:
        if games < 1:
            raise ValueError(f"a match needs at least one game, not {games}")
        self.rules = get_rules(variant)
        if len(self.rules.teams) != 2:
            raise ValueError(f"{self.rules.name} is not played by two sides")
        self.games = games
        self.move_limit = check_move_limit(move_limit)
        self.sandboxed = sandboxed
        self.jobs = max(1, jobs)
        self.scheduler = scheduler or ""
        self.private = tuple(private)
        self.statement: dict[str, str] | None = None  # how the last matches' user bots were confined

    def _bots(self, spec: str, seats: int) -> list[BotSpec]:
        names = spec.split("+") if not spec.startswith("cmd:") else [spec]
        if len(names) not in (1, seats):
            raise EntryError(f"{spec!r}: an entry here plays {seats} seat(s): give one bot, or {seats} joined by '+'")
        bots = [parse_bot(name) for name in names]
        for bot in bots:
            check_plays_lines(bot, self.rules)
        return bots * seats if len(bots) == 1 else bots

    def check(self, spec: str, seats: int) -> None:
        """Refuse an entry that could not take ``seats`` seats, with a message saying why (raises EntryError)."""
        self._bots(spec, seats)

    def _side(self, side: Sequence[str]) -> Entry:
        seats = len(self.rules.teams[0]) // len(side)
        bots = [bot for spec in side for bot in self._bots(spec, seats)]
        return Entry(" & ".join(side), " & ".join(side), tuple(bots))

    def __call__(self, sides: Sequence[Sequence[str]], seed: int) -> MatchOutcome:
        found: list[MatchOutcome] = []
        self.play_many([(sides, seed)], lambda k, outcome: found.append(outcome))
        return found[0]

    def play_many(self, fixtures: Sequence[Fixture], done: Done) -> None:
        """Play every fixture; ``done(k, outcome)`` as soon as the k-th is over (in any order)."""
        duos = []
        for sides, _ in fixtures:
            if len(sides) != 2:
                raise ValueError(f"{self.rules.name} is played by 2 sides, not {len(sides)}")
            duos.append((self._side(sides[0]), self._side(sides[1])))
        everyone = [e for duo in duos for e in duo]
        confinement = confine(everyone, self.sandboxed, self.private)
        self.statement = sandbox_statement(everyone, confinement)
        if self.scheduler:
            duos = [(a, b) for a, b in (for_cluster(list(duo)) for duo in duos)]
        tasks = []
        for k, ((_, seed), duo) in enumerate(zip(fixtures, duos, strict=True)):
            tasks += match_chunks(self.rules, duo, self.games, seed, k, self.move_limit, confinement)

        def finished(k: int, tally: Tally) -> None:
            done(k, outcome_of(tally))

        if self.scheduler:
            bundle = pack([e for duo in duos for e in duo], confinement)
            run_on_cluster(tasks, len(fixtures), self.scheduler, bundle, finished=finished)
        else:
            run_chunks(tasks, len(fixtures), self.jobs, finished=finished)
