"""Standings from match figures, and the order they are ranked in.

partnership9 uses the MC102 judge's order: more matches won, then fewer matches lost, then more games won, then fewer
games lost; entries equal on all four share a place. Elsewhere entries are ranked by score: more points, then
fewer points conceded, then the same game counts. A pairing's win rate is over its decided games (ties left
out), with a 95% Wilson score interval.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from .faults import FAILURES


@dataclass(frozen=True)
class MatchResult:
    """One pairing's figures, from the side of ``first``."""

    first: str
    second: str
    games: int
    wins: tuple[int, int]
    ties: int
    points: tuple[int, int]
    faults: tuple[dict[str, int], dict[str, int]] = ({}, {})
    abandoned: int = 0
    by_points: bool = False  # the match is decided by points (score variants), else by games won
    notes: tuple[str, str] = ("", "")  # the first fault of each side, as the host reported it

    @property
    def winner(self) -> int | None:
        """0 or 1 for the entry that won the match, None for a drawn match."""
        a, b = self.points if self.by_points else self.wins
        return None if a == b else (0 if a > b else 1)

    @property
    def win_rate(self) -> float | None:
        """The first entry's share of the decided games."""
        decided = self.wins[0] + self.wins[1]
        return self.wins[0] / decided if decided else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.wins[0], self.wins[0] + self.wins[1])


@dataclass
class Standing:
    name: str
    matches_won: int = 0
    matches_drawn: int = 0
    matches_lost: int = 0
    games_won: int = 0
    games_tied: int = 0
    games_lost: int = 0
    points_for: int = 0
    points_against: int = 0
    faults: dict[str, int] = field(default_factory=dict)
    rank: int = 0

    @property
    def failures(self) -> int:
        """Turns lost to the bot's own failures (an MC102 player's pass by choice is not one)."""
        return sum(self.faults.get(f.value, 0) for f in FAILURES)


def wilson(successes: int, n: int, z: float = 1.959964) -> tuple[float, float] | None:
    """The Wilson score interval for a proportion (95% by default); None without trials."""
    if n <= 0:
        return None
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mc102_key(s: Standing) -> tuple:
    return (-s.matches_won, s.matches_lost, -s.games_won, s.games_lost)


def score_key(s: Standing) -> tuple:
    return (-s.points_for, s.points_against, -s.games_won, s.games_lost)


def standings(names: Sequence[str], matches: Sequence[MatchResult]) -> list[Standing]:
    """Each entry's totals over its matches, in entry order."""
    table = {n: Standing(n) for n in names}
    for m in matches:
        sides = (table[m.first], table[m.second])
        for k, s in enumerate(sides):
            other = 1 - k
            s.games_won += m.wins[k]
            s.games_lost += m.wins[other]
            s.games_tied += m.ties
            s.points_for += m.points[k]
            s.points_against += m.points[other]
            for fault, n in m.faults[k].items():
                s.faults[fault] = s.faults.get(fault, 0) + n
            if m.winner is None:
                s.matches_drawn += 1
            elif m.winner == k:
                s.matches_won += 1
            else:
                s.matches_lost += 1
    return list(table.values())


class Ranked(Protocol):
    rank: int


R = TypeVar("R", bound=Ranked)


def rank(table: Sequence[R], key: Callable[[R], tuple]) -> list[R]:
    """Sorted best first, each row's ``rank`` set; equal keys share a place (1, 2, 2, 4), keeping entry order among
    themselves. The round robin's standings and the free-for-all table's rank so."""
    ordered = sorted(table, key=key)
    for i, s in enumerate(ordered):
        s.rank = ordered[i - 1].rank if i and key(ordered[i - 1]) == key(s) else i + 1
    return ordered
