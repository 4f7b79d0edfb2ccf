"""Ratings from a fit of all of a league's games at once, on their points: what the league's table ranks by.

Each entry has a strength ``mu``, in points a game above the field's average. A side's strength is the mean of
its entries' (partners share a side). A match between two sides predicts the difference of their points a game
to be the difference of their strengths; a table of more sides, every pair of its sides alike (each pair weighted
1/(sides - 1), so that a side's games count once). The strengths are the least-squares fit of every match played,
each weighted by its games, with a prior: every entry starts with ``PRIOR_GAMES`` games' worth of evidence that
it is average, so that an entry that has played little stays near the middle and none runs off on a lucky start.
``sigma`` is the fit's standard error for the entry's distance from the field's average (the spread of the
games' points about the fit, through the normal equations' inverse), and the table ranks by ``mu - 3 sigma`` as
it does with openskill's ratings.

Why points and not only who won: a game's margin tells more than its winner (a game won by 40 points says more
than one won by 2), and a fit of all the games at once does not depend on the order they were played in, as
openskill's game-by-game updates do. On 100 bots of known strength the league ranked so orders them much better
than by openskill's ratings (docs/tournaments.md, benchmarks/league_quality.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from math import sqrt
from operator import mul

from .outcome import MatchOutcome
from .ratings import Rating

# Games' worth of evidence, at the field's average, that every entry starts with.
PRIOR_GAMES = 2.0

Match = tuple[Sequence[Sequence[str]], MatchOutcome]  # each side's entries, and what the match came to


Row = tuple[dict[int, float], float, float]  # a pair of sides in a match: (coefficients, observed, weight)


def fit_points(names: Sequence[str], matches: Iterable[Match]) -> dict[str, Rating]:
    """Each entry's rating (mu: points a game above average; sigma: its standard error) from ``matches``."""
    normal, target, rows = normal_equations(names, matches)
    return ratings(names, rows, *solution(normal, target))


def normal_equations(
    names: Sequence[str], matches: Iterable[Match]
) -> tuple[list[list[float]], list[float], list[Row]]:
    """The least-squares problem: A'WA plus the prior, A'Wy, and the rows of A with y and W."""
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    normal = [[0.0] * n for _ in range(n)]
    target = [0.0] * n
    rows: list[Row] = []
    for sides, outcome in matches:
        if outcome.games == 0:
            continue
        weight = outcome.games / (len(sides) - 1)
        for j, k in combinations(range(len(sides)), 2):
            coefficients: dict[int, float] = {}
            for side, sign in ((sides[j], 1.0), (sides[k], -1.0)):
                for name in side:
                    i = index[name]
                    coefficients[i] = coefficients.get(i, 0.0) + sign / len(side)
            observed = (outcome.points[j] - outcome.points[k]) / outcome.games
            rows.append((coefficients, observed, weight))
            for a, ca in coefficients.items():
                target[a] += weight * ca * observed
                for b, cb in coefficients.items():
                    normal[a][b] += weight * ca * cb
    for i in range(n):
        normal[i][i] += PRIOR_GAMES
    return normal, target, rows


def solution(normal: list[list[float]], target: list[float]) -> tuple[list[float], list[float], list[float]]:
    """What the ratings need of the inverse of ``normal``: the strengths (the inverse times the target), its
    diagonal and its row sums (the inverse times a vector of ones)."""
    lower = _cholesky(normal)
    return _solve(lower, target), _inverse_diagonal(lower), _solve(lower, [1.0] * len(normal))


def ratings(
    names: Sequence[str], rows: Sequence[Row], mu: list[float], diagonal: list[float], sums: list[float]
) -> dict[str, Rating]:
    """Each entry's mu and its sigma, from the fit's solution."""
    n = len(names)
    # The variance of one game's points about the fit: a row is the mean of its match's games, so its squared
    # residual times its games estimates it, over the rows the fit has not used up (n less the prior's share).
    # While the games are too few to tell, the spread of the margins themselves (as if all were equal), the
    # cautious guess; with no games yet it is unknown, and every sigma 0.
    squares = sum(w * (y - sum(c * mu[i] for i, c in cs.items())) ** 2 for cs, y, w in rows)
    free = len(rows) - (n - PRIOR_GAMES * sum(diagonal))
    raw = sum(w * y * y for _, y, w in rows) / len(rows) if rows else 0.0
    variance = squares / free if free >= 1 else raw
    # The uncertainty of each strength measured from the field's average (what the games tell: only differences;
    # the level of the whole field is the prior's alone): the variance of mu_i - mean(mu).
    whole = sum(sums) / n**2 if n else 0.0
    spread = [max(0.0, diagonal[i] - 2 * sums[i] / n + whole) for i in range(n)]
    return {name: Rating(mu[i], (variance * spread[i]) ** 0.5) for i, name in enumerate(names)}


# The normal matrix is symmetric and positive definite (the prior adds to its whole diagonal), so it is solved
# through its Cholesky factor L (L times its transpose): a third of the work of inverting it whole, every inner
# loop a dot product of two rows that Python runs at C speed (sum over map). A field of 300 entries that played 20
# rounds ranks in 1.5 s instead of 9.7 s (python -m benchmarks.league_fit_speed; docs/tournaments.md).


def _cholesky(matrix: list[list[float]]) -> list[list[float]]:
    """The lower triangular L with L L' = ``matrix``, row by row (row i holds its i + 1 first entries)."""
    lower: list[list[float]] = []
    for i, row in enumerate(matrix):
        mine: list[float] = []
        for j in range(i):
            other = lower[j]
            mine.append((row[j] - sum(map(mul, mine, other))) / other[j])  # map stops at the shorter: j terms
        mine.append(sqrt(row[i] - sum(map(mul, mine, mine))))
        lower.append(mine)
    return lower


def _forward(lower: list[list[float]], b: Sequence[float], start: int = 0) -> list[float]:
    """x with L x = b, for b zero before ``start`` (x is too: only its entries from ``start`` are returned)."""
    x: list[float] = []
    for i in range(start, len(lower)):
        row = lower[i]
        x.append((b[i - start] - sum(map(mul, row[start:i], x))) / row[i])
    return x


def _solve(lower: list[list[float]], b: Sequence[float]) -> list[float]:
    """x with L L' x = b: forward through L, then back through L' (column i of L' is row i of L)."""
    y = _forward(lower, b)
    n = len(lower)
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (y[i] - sum(lower[k][i] * x[k] for k in range(i + 1, n))) / lower[i][i]
    return x


def _inverse_diagonal(lower: list[list[float]]) -> list[float]:
    """The diagonal of (L L')^-1 without the rest of it: entry i is the squared length of column i of L^-1,
    which is L's forward solve of the i-th unit vector (zero above row i)."""
    n = len(lower)
    return [sum(v * v for v in _forward(lower, [1.0] + [0.0] * (n - i - 1), i)) for i in range(n)]
