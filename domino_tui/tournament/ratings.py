"""Ratings with uncertainty: the Weng-Lin Bayesian rating (openskill's Plackett-Luce model) for many entries.

Each entry's skill is a normal belief: ``mu`` (the best guess) and ``sigma`` (how unsure that guess is). A game
moves the belief of everyone in it, winners up and losers down, each by as much as its own uncertainty allows, and
every game makes sigma smaller. A side of a game is one entry (a single bot, or a pair-entry such as a pair module
of the MC102 judge) or several entries playing as partners: openskill adds up a side's mu and variance and shares
the side's result out among the partners in proportion to their uncertainty. A game has two sides, or more at a
free-for-all table (each seat for itself, ranked by points). The leaderboard ranks by the conservative rating
``mu - 3 sigma``: a skill the entry has with 99.7% confidence, so that an entry that has played little cannot top
the table on a lucky start.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TypeVar

from openskill.models import PlackettLuce, PlackettLuceRating

# How many standard deviations the conservative rating stays below the best guess.
CAUTION = 3.0

Ranks = tuple[int, ...]  # one game: each side's place, 0 the best; equal places are a tie
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """The skill the entry has with 99.7% confidence: what the leaderboard ranks by."""
        return self.mu - CAUTION * self.sigma


@dataclass(frozen=True, slots=True)
class RatingModel:
    """The model's constants, kept with a league so that a replay rates alike: openskill's defaults but two, both
    because a bot's skill, unlike a person's, does not change.

    ``tau`` is the skill drift added before every game: openskill's default (25/300) suits people, but over the
    thousands of games of a league it would keep sigma from ever getting small. ``gamma`` scales how much a game
    narrows sigma: openskill's default (None: sigma / c, where c is the game's total spread) narrows it slowly, so
    that a player whose skill changes is followed; with skills that stay put sigma then stays too wide, every game
    keeps moving mu by as much, and the last run of wins or losses decides the order. 1.0 narrows sigma as far as
    the game's evidence goes: rated so, the games of a round robin order the entries as well as counting their
    wins does (benchmarks/league_quality.py measures both)."""

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 0.0
    gamma: float | None = 1.0

    def to_json(self) -> dict[str, float | None]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> RatingModel:
        numbers = {key: float(data[key]) for key in ("mu", "sigma", "beta", "tau")}  # type: ignore[arg-type]  # a journal's numbers; float() refuses the rest
        gamma = data["gamma"]
        return cls(**numbers, gamma=None if gamma is None else float(gamma))  # type: ignore[arg-type]  # as above


@dataclass(frozen=True, slots=True)
class Placing:
    rank: int  # 1 for the best; equal conservative ratings share a place
    name: str
    rating: Rating


class Ratings:
    """The beliefs about every entry's skill, updated game by game."""

    def __init__(self, model: RatingModel | None = None) -> None:
        self.model = model or RatingModel()
        m = self.model
        if m.gamma is None:
            self._openskill = PlackettLuce(mu=m.mu, sigma=m.sigma, beta=m.beta, tau=m.tau)
        else:
            gamma = m.gamma
            self._openskill = PlackettLuce(mu=m.mu, sigma=m.sigma, beta=m.beta, tau=m.tau, gamma=lambda *_: gamma)
        self._beliefs: dict[str, PlackettLuceRating] = {}

    def add(self, name: str) -> None:
        """A new entry, at the model's starting belief."""
        if name in self._beliefs:
            raise ValueError(f"{name!r} is rated already")
        self._beliefs[name] = self._openskill.rating(name=name)

    def __contains__(self, name: object) -> bool:
        return name in self._beliefs

    def __len__(self) -> int:
        return len(self._beliefs)

    def __getitem__(self, name: str) -> Rating:
        belief = self._beliefs[name]
        return Rating(belief.mu, belief.sigma)

    def rate(self, sides: Sequence[Sequence[str]], ranks: Sequence[int]) -> None:
        """One game: ``sides`` the entries on each side, ``ranks`` each side's place (0 the best, equal a tie)."""
        teams = self._teams(sides)
        if len(ranks) != len(sides):
            raise ValueError(f"{len(ranks)} places for {len(sides)} sides")
        for side, team in zip(sides, self._openskill.rate(teams, ranks=[float(r) for r in ranks]), strict=True):
            for name, belief in zip(side, team, strict=True):
                self._beliefs[name] = belief

    def rate_games(self, sides: Sequence[Sequence[str]], games: Iterable[tuple[Ranks, int]]) -> None:
        """Many games between the same sides, given as (places, how many games ended so).

        The updates are sequential approximations, so their order matters a little: the games are rated in an
        order that spreads each kind of result evenly (as a random order would on average, but the same every
        time), never all the wins before all the losses."""
        for ranks in interleave(games):
            self.rate(sides, ranks)

    def win_chances(self, sides: Sequence[Sequence[str]]) -> list[float]:
        """Each side's chance to win a game, as the current beliefs see it."""
        return self._openskill.predict_win(self._teams(sides))

    def leaderboard(self) -> list[Placing]:
        """Every entry, best conservative rating first; entries equal on it share a place, in the order added."""
        return leaderboard({name: self[name] for name in self._beliefs})

    def _teams(self, sides: Sequence[Sequence[str]]) -> list[list[PlackettLuceRating]]:
        if len(sides) < 2:
            raise ValueError("a game needs at least two sides")
        names = [name for side in sides for name in side]
        if len(set(names)) != len(names):
            raise ValueError(f"an entry cannot play on two sides of one game: {sides}")
        if any(not side for side in sides):
            raise ValueError("every side needs an entry")
        return [[self._beliefs[name] for name in side] for side in sides]


def leaderboard(ratings: Mapping[str, Rating]) -> list[Placing]:
    """Every entry, best conservative rating first; entries equal on it share a place, in the given order."""
    rated = sorted(ratings.items(), key=lambda item: -item[1].conservative)
    places: list[Placing] = []
    for i, (name, rating) in enumerate(rated):
        tied = bool(places) and places[-1].rating.conservative == rating.conservative
        places.append(Placing(places[-1].rank if tied else i + 1, name, rating))
    return places


def interleave(counts: Iterable[tuple[T, int]]) -> list[T]:
    """Every item repeated its count of times, each item's copies spread evenly over the whole sequence:
    [(a, 3), (b, 1)] -> [a, a, b, a]."""
    kinds = [(item, n) for item, n in counts if n > 0]
    slots = sorted(((i + 0.5) / n, k) for k, (_, n) in enumerate(kinds) for i in range(n))
    return [kinds[k][0] for _, k in slots]
