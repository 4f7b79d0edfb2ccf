"""What a league match came to: how many of its games ended in each order of the sides, and each side's points.

It is what any way of playing a match hands back to the league (in this process, in a sandbox, on a cluster), and
what the league's journal keeps. Outcomes of parts of one match add up, so a match may be cut into chunks played
anywhere and in any order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .ratings import Ranks


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    results: tuple[tuple[Ranks, int], ...]  # (each side's place in a game, how many games ended so), sorted
    points: tuple[int, ...]  # each side's points over all the games

    @classmethod
    def of(cls, results: Mapping[Ranks, int], points: Sequence[int]) -> MatchOutcome:
        """Checked: every game places every side, and counts are not negative."""
        sides = len(points)
        if sides < 2:
            raise ValueError("a match has at least two sides")
        for ranks, n in results.items():
            if len(ranks) != sides or any(not 0 <= r < sides for r in ranks) or n < 0:
                raise ValueError(f"not a result of {sides} sides: {list(ranks)} x {n}")
        return cls(tuple(sorted((tuple(r), n) for r, n in results.items() if n)), tuple(points))

    @property
    def games(self) -> int:
        return sum(n for _, n in self.results)

    @property
    def sides(self) -> int:
        return len(self.points)

    def record(self, side: int) -> tuple[int, int, int]:
        """Games won, tied (first place shared) and lost by ``side``."""
        won = tied = 0
        for ranks, n in self.results:
            if ranks[side] == 0:
                if ranks.count(0) == 1:
                    won += n
                else:
                    tied += n
        return won, tied, self.games - won - tied

    def __add__(self, other: MatchOutcome) -> MatchOutcome:
        if other.sides != self.sides:
            raise ValueError("outcomes of matches with different numbers of sides")
        counts: Counter[Ranks] = Counter(dict(self.results))
        counts.update(dict(other.results))
        return MatchOutcome.of(counts, [a + b for a, b in zip(self.points, other.points, strict=True)])

    def to_json(self) -> dict[str, list]:
        return {"results": [[list(ranks), n] for ranks, n in self.results], "points": list(self.points)}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> MatchOutcome:
        """Raises ValueError (or KeyError, TypeError) for anything that is not an outcome's JSON."""
        results: dict[Ranks, int] = {}
        for ranks, n in data["results"]:  # type: ignore[attr-defined]  # a journal's JSON: a mistake raises TypeError
            key = tuple(_integer(r) for r in ranks)
            results[key] = results.get(key, 0) + _integer(n)
        return cls.of(results, [_integer(p) for p in data["points"]])  # type: ignore[attr-defined]  # as above


def _integer(value: object) -> int:
    if type(value) is not int:
        raise TypeError(f"not a whole number: {value!r}")
    return value
