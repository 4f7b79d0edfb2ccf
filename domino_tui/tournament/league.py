"""A league: many entries ranked by rating, in rounds of matches chosen from the ratings so far.

A round robin plays every pair, which 150 entries turn into 11,175 matches. A league plays rounds instead: in each
round every entry plays one match (or sits it out on a bye) against the nearest in rating it has not met yet
(swiss.py), and when the round is over its games update the ratings (ratings.py), in the order of its matches.
The table ranks by a conservative rating, mu - 3 sigma: by default of a fit of all the games' points at once
(points_fit.py), which orders entries better for the games played; or of the openskill ratings that pair the
rounds (a setting of the league, kept in its journal). Entries may join between rounds.

The matches are played by an injected ``play_match(sides, seed) -> MatchOutcome``, each side the specs of its
entries: LocalMatches plays built-in bots in this process; HostedMatches (league_matches.py) plays user bots in
the sandbox, on worker processes or a Dask cluster, and plays a round's matches together (its ``play_many``).

Everything the league does is a record of its journal (league_journal.py), and the league's state is only ever
changed by applying a record, when it happens and when a journal is replayed alike: the settings, entries joining,
a round's plan (its matches, with their seeds, and its byes), a match's outcome. So resuming a journal gives the
ratings and the next round an uninterrupted run would have; a round cut short by the interruption is finished by
playing the matches it lacks.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field

from ..engine import get_rules
from .league_journal import JournalError, LeagueJournal, read_records
from .local_match import LocalMatches
from .outcome import MatchOutcome
from .points_fit import fit_points
from .ratings import Rating, RatingModel, Ratings, leaderboard
from .swiss import pair_round, sides_of

FORMAT = 1  # of the journal's records

# What a league's table may rank by, each by its conservative rating mu - 3 sigma: "points", a fit of all the
# games' points at once (points_fit.py; the default: it orders entries better for the games played), or
# "openskill", the Weng-Lin ratings updated game by game (ratings.py), which the pairing uses either way.
RANKINGS = ("points", "openskill")

Sides = tuple[tuple[str, ...], ...]
PlayMatch = Callable[[Sides, int], MatchOutcome]  # (each side's entry specs, the match's seed)
CheckEntry = Callable[[str, int], None]  # (an entry's spec, the seats it takes): raises ValueError to refuse it
Progress = Callable[[int, int], None]  # (matches of the round played, matches in the round)


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    variant: str
    games: int  # per match
    seed: int
    per_side: int = 1  # entries on a side: 2 for single bots as partners in a partnership variant
    model: RatingModel = field(default_factory=RatingModel)
    ranking: str = "points"  # what the table ranks by: one of RANKINGS

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            "variant": self.variant,
            "games_per_match": self.games,
            "seed": self.seed,
            "entries_per_side": self.per_side,
            "rating_model": self.model.to_json(),
            "ranking": self.ranking,
        }

    @classmethod
    def from_json(cls, data: dict) -> LeagueSettings:
        if data.get("format") != FORMAT:
            raise ValueError(f"a league journal of format {data.get('format')!r}; this version reads {FORMAT}")
        return cls(
            str(data["variant"]),
            int(data["games_per_match"]),
            int(data["seed"]),
            int(data["entries_per_side"]),
            RatingModel.from_json(data["rating_model"]),
            # journals written before the table could rank by the fit of the points ranked by openskill's ratings
            str(data.get("ranking", "openskill")),
        )


@dataclass(frozen=True, slots=True)
class Fixture:
    sides: Sides  # entry names
    seed: int


@dataclass(frozen=True, slots=True)
class RoundPlan:
    number: int  # from 1
    fixtures: tuple[Fixture, ...]
    byes: tuple[str, ...]


@dataclass
class _Record:
    """An entry's figures over the rounds it has finished."""

    spec: str
    matches: int = 0
    games: int = 0
    won: int = 0
    tied: int = 0
    lost: int = 0
    points: int = 0
    byes: int = 0


@dataclass(frozen=True, slots=True)
class LeagueStanding:
    rank: int
    name: str
    spec: str
    rating: Rating
    matches: int
    games: int
    won: int
    tied: int
    lost: int
    points: int
    byes: int


class League:
    """Use League.create or League.resume; play rounds with play_round or play; read standings."""

    def __init__(
        self,
        settings: LeagueSettings,
        play_match: PlayMatch | None = None,
        check_entry: CheckEntry | None = None,
        journal: LeagueJournal | None = None,
    ) -> None:
        rules = get_rules(settings.variant)
        seats = len(rules.teams[0])
        if settings.games < 1:
            raise ValueError(f"a match needs at least one game, not {settings.games}")
        if settings.ranking not in RANKINGS:
            raise ValueError(f"a league ranks by {' or '.join(RANKINGS)}, not {settings.ranking!r}")
        if settings.per_side < 1 or seats % settings.per_side:
            raise ValueError(f"{rules.name} has {seats} seat(s) a side: {settings.per_side} entries cannot share them")
        if play_match is None:
            local = LocalMatches(rules.name, settings.games)
            play_match, check_entry = local, check_entry or local.check
        self.settings = settings
        self.sides = len(rules.teams)
        self.seats_per_entry = seats // settings.per_side
        self.ratings = Ratings(settings.model)
        self.rounds = 0  # rounds finished
        self.games = 0  # games played in them
        self._play_match = play_match
        self._check_entry = check_entry
        self._journal = journal
        self._entries: dict[str, _Record] = {}
        self._met: dict[str, set[str]] = {}
        self._pending: RoundPlan | None = None
        self._results: dict[int, MatchOutcome] = {}
        self._played: list[tuple[Sides, MatchOutcome]] = []  # every match of the finished rounds, for the fit

    # ----- starting and resuming -----

    @classmethod
    def create(
        cls,
        variant: str,
        entries: Iterable[str | tuple[str, str]] = (),
        games: int = 100,
        seed: int | None = None,
        journal: str | None = None,
        per_side: int = 1,
        model: RatingModel | None = None,
        play_match: PlayMatch | None = None,
        check_entry: CheckEntry | None = None,
        ranking: str = "points",
    ) -> League:
        """A new league; with ``journal``, every step is kept in that file (which must not exist yet). Without a
        seed a secret one is drawn. Entries as in ``add``; ``ranking`` one of RANKINGS."""
        seed = random.SystemRandom().getrandbits(63) if seed is None else seed
        rules = get_rules(variant)
        settings = LeagueSettings(rules.name, games, seed, per_side, model or RatingModel(), ranking)
        league = cls(settings, play_match, check_entry)
        opening = [{"kind": "league", "settings": settings.to_json()}]
        league._apply(opening[0])
        joining = league._joining(entries)
        if joining is not None:
            league._apply(joining)
            opening.append(joining)
        if journal is not None:  # only once the entries are accepted: a typo must not leave a journal behind
            league._journal = LeagueJournal.create(journal, settings.seed)
            for record in opening:
                league._journal.write(record)
        return league

    @classmethod
    def resume(cls, journal: str, play_match: PlayMatch | None = None, check_entry: CheckEntry | None = None) -> League:
        """The league of ``journal`` as it stood when it stopped; the next play_round finishes a round that was cut
        short. A last line cut short is dropped (the match it held is played again)."""
        settings = cls.settings_of(journal)  # first: only a league's journal is ever cut back
        log, records = LeagueJournal.reopen(journal)
        try:
            league = cls(settings, play_match, check_entry)
            for number, record in enumerate(records, start=1):
                try:
                    league._apply(record)
                except (KeyError, TypeError, ValueError) as exc:
                    raise JournalError(f"{journal}, line {number}: {exc}") from None
        except BaseException:
            log.close()
            raise
        league._journal = log
        return league

    @staticmethod
    def settings_of(journal: str) -> LeagueSettings:
        """A journal's settings, to build its play_match before resuming."""
        records = read_records(journal)
        if not records or records[0].get("kind") != "league":
            raise JournalError(f"{journal} is not a league journal (its first line holds no league settings)")
        try:
            return LeagueSettings.from_json(records[0]["settings"])
        except (KeyError, TypeError, ValueError) as exc:
            raise JournalError(f"{journal}, line 1: {exc}") from None

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()

    def __enter__(self) -> League:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- entries -----

    def add(self, entries: Iterable[str | tuple[str, str]]) -> None:
        """Entries join, between rounds: each a spec (named by itself) or a (name, spec) pair."""
        record = self._joining(entries)
        if record is not None:
            self._record(record)

    def _joining(self, entries: Iterable[str | tuple[str, str]]) -> dict | None:
        """The record of ``entries`` joining, once each is checked; None for no entries."""
        if self._pending is not None:
            raise ValueError(f"round {self._pending.number} is not finished: play it before entries join")
        joining = [(e, e) if isinstance(e, str) else (str(e[0]), str(e[1])) for e in entries]
        seen = set(self._entries)
        for name, spec in joining:
            if not name.strip():
                raise ValueError("an entry needs a name")
            if name in seen:
                raise ValueError(f"an entry named {name!r} is in the league already: give it another name")
            seen.add(name)
            if self._check_entry is not None:
                self._check_entry(spec, self.seats_per_entry)
        if not joining:
            return None
        listed = [{"name": name, "spec": spec} for name, spec in joining]
        return {"kind": "join", "round": self.rounds + 1, "entries": listed}

    @property
    def entries(self) -> list[str]:
        return list(self._entries)

    @property
    def cut_short(self) -> bool:
        """A round was started and not finished (the run was interrupted): play_round finishes it."""
        return self._pending is not None

    # ----- rounds -----

    def next_round(self) -> RoundPlan:
        """The round play_round plays next: the one cut short, or a new one chosen from the current ratings."""
        if self._pending is not None:
            return self._pending
        number = self.rounds + 1
        order = list(self._entries)
        random.Random(f"domino-tui league/{self.settings.seed}/{number}/order").shuffle(order)
        strength = {name: self.ratings[name].mu for name in order}
        order.sort(key=lambda name: -strength[name])  # equals stay in the shuffled order: fair, and replayable
        size = self.sides * self.settings.per_side
        byes = {name: record.byes for name, record in self._entries.items()}
        chosen = pair_round(order, strength, self._met, byes, size)
        fixtures = tuple(
            Fixture(sides_of(table, self.settings.per_side), match_seed(self.settings.seed, number, k))
            for k, table in enumerate(chosen.tables)
        )
        return RoundPlan(number, fixtures, chosen.byes)

    def play_round(self, progress: Progress | None = None) -> RoundPlan:
        """Play the next round (or finish the one cut short) and rate its games; the round played."""
        plan = self.next_round()
        if self._pending is None:
            self._record(
                {
                    "kind": "round",
                    "round": plan.number,
                    "byes": list(plan.byes),
                    "matches": [{"sides": [list(s) for s in f.sides], "seed": f.seed} for f in plan.fixtures],
                }
            )
        left = [k for k in range(len(plan.fixtures)) if k not in self._results]
        fixtures = [(self._specs(plan.fixtures[k].sides), plan.fixtures[k].seed) for k in left]
        played = len(plan.fixtures) - len(left)

        def done(j: int, outcome: MatchOutcome) -> None:
            nonlocal played
            self._record({"kind": "result", "round": plan.number, "match": left[j], "outcome": outcome.to_json()})
            played += 1
            if progress is not None:
                progress(played, len(plan.fixtures))

        play_many = getattr(self._play_match, "play_many", None)
        if play_many is not None:  # a runner that plays a round's matches together (worker processes, a cluster)
            play_many(fixtures, done)
        else:
            for j, (specs, seed) in enumerate(fixtures):
                done(j, self._play_match(specs, seed))
        return plan

    def _specs(self, sides: Sides) -> Sides:
        return tuple(tuple(self._entries[name].spec for name in side) for side in sides)

    def play(self, rounds: int, progress: Progress | None = None) -> None:
        for _ in range(rounds):
            self.play_round(progress)

    # ----- the table -----

    def standings(self) -> list[LeagueStanding]:
        """Every entry, best conservative rating first (of the ratings the settings rank by), with its figures over
        the finished rounds."""
        if self.settings.ranking == "openskill":
            board = self.ratings.leaderboard()
        else:
            board = leaderboard(fit_points(list(self._entries), self._played))
        return [LeagueStanding(p.rank, p.name, rating=p.rating, **asdict(self._entries[p.name])) for p in board]

    # ----- records: the only way the state changes -----

    def _record(self, record: dict) -> None:
        self._apply(record)  # first: a record the league refuses is never written
        if self._journal is not None:
            self._journal.write(record)

    def _apply(self, record: dict) -> None:
        kind = record["kind"]
        if kind == "league":
            if self._entries or self.rounds:
                raise ValueError("league settings in the middle of a journal")
        elif kind == "join":
            for e in record["entries"]:
                name, spec = str(e["name"]), str(e["spec"])
                if name in self._entries:
                    raise ValueError(f"{name!r} joins twice")
                self._entries[name] = _Record(spec)
                self._met[name] = set()
                self.ratings.add(name)
        elif kind == "round":
            self._start_round(record)
        elif kind == "result":
            self._add_result(record)
        else:
            raise ValueError(f"not a league record: {kind!r}")

    def _start_round(self, record: dict) -> None:
        number = int(record["round"])
        if self._pending is not None or number != self.rounds + 1:
            raise ValueError(f"round {number} starts, but round {self.rounds + 1} is the next")
        fixtures = []
        for m in record["matches"]:
            sides = tuple(tuple(str(name) for name in side) for side in m["sides"])
            names = [name for side in sides for name in side]
            unknown = [name for name in names if name not in self._entries]
            if unknown or len(sides) != self.sides or len(set(names)) != len(names):
                raise ValueError(f"round {number}: not a match of this league's entries: {sides}")
            fixtures.append(Fixture(sides, int(m["seed"])))
            for name in names:
                self._met[name].update(n for n in names if n != name)
        byes = tuple(str(name) for name in record["byes"])
        playing = {name for f in fixtures for side in f.sides for name in side}
        if any(name not in self._entries or name in playing for name in byes):
            raise ValueError(f"round {number}: byes {list(byes)} are not entries sitting the round out")
        for name in byes:
            self._entries[name].byes += 1
        self._pending = RoundPlan(number, tuple(fixtures), byes)
        self._results = {}

    def _add_result(self, record: dict) -> None:
        plan = self._pending
        number, k = int(record["round"]), int(record["match"])
        if plan is None or number != plan.number or not 0 <= k < len(plan.fixtures) or k in self._results:
            raise ValueError(f"a result for round {number}, match {k}, which is not being played")
        outcome = MatchOutcome.from_json(record["outcome"])
        if outcome.sides != self.sides:
            raise ValueError(f"round {number}, match {k}: a result of {outcome.sides} sides")
        self._results[k] = outcome
        if len(self._results) == len(plan.fixtures):
            self._finish_round(plan)

    def _finish_round(self, plan: RoundPlan) -> None:
        for k, fixture in enumerate(plan.fixtures):
            outcome = self._results[k]
            self.ratings.rate_games(fixture.sides, outcome.results)
            self._played.append((fixture.sides, outcome))
            self.games += outcome.games
            for j, side in enumerate(fixture.sides):
                won, tied, lost = outcome.record(j)
                for name in side:
                    r = self._entries[name]
                    r.matches += 1
                    r.games += outcome.games
                    r.won += won
                    r.tied += tied
                    r.lost += lost
                    r.points += outcome.points[j]
        self.rounds = plan.number
        self._pending = None
        self._results = {}


def match_seed(seed: int, round_number: int, match: int) -> int:
    """A match's seed: a hash of the league's, so that no match's seed tells anything of another's."""
    digest = hashlib.sha256(f"domino-tui league/{seed}/{round_number}/{match}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
