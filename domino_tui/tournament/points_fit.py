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

from .outcome import MatchOutcome
from .ratings import Rating

# Games' worth of evidence, at the field's average, that every entry starts with.
PRIOR_GAMES = 2.0

Match = tuple[Sequence[Sequence[str]], MatchOutcome]  # each side's entries, and what the match came to


def fit_points(names: Sequence[str], matches: Iterable[Match]) -> dict[str, Rating]:
    """Each entry's rating (mu: points a game above average; sigma: its standard error) from ``matches``."""
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    normal = [[0.0] * n for _ in range(n)]  # A'WA + prior
    target = [0.0] * n  # A'Wy
    rows: list[tuple[dict[int, float], float, float]] = []  # (coefficients, observed, weight)
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
    inverse = _inverse(normal)
    mu = [sum(inverse[i][j] * target[j] for j in range(n)) for i in range(n)]
    # The variance of one game's points about the fit: a row is the mean of its match's games, so its squared
    # residual times its games estimates it, over the rows the fit has not used up (n less the prior's share).
    # While the games are too few to tell, the spread of the margins themselves (as if all were equal), the
    # cautious guess; with no games yet it is unknown, and every sigma 0.
    squares = sum(w * (y - sum(c * mu[i] for i, c in cs.items())) ** 2 for cs, y, w in rows)
    free = len(rows) - (n - PRIOR_GAMES * sum(inverse[i][i] for i in range(n)))
    raw = sum(w * y * y for _, y, w in rows) / len(rows) if rows else 0.0
    variance = squares / free if free >= 1 else raw
    # The uncertainty of each strength measured from the field's average (what the games tell: only differences;
    # the level of the whole field is the prior's alone): the variance of mu_i - mean(mu).
    sums = [sum(row) for row in inverse]
    whole = sum(sums) / n**2 if n else 0.0
    spread = [max(0.0, inverse[i][i] - 2 * sums[i] / n + whole) for i in range(n)]
    return {name: Rating(mu[i], (variance * spread[i]) ** 0.5) for name, i in index.items()}


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a symmetric positive definite matrix (Gauss-Jordan; the prior keeps it well conditioned)."""
    n = len(matrix)
    work = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        row = [v / lead for v in work[col]]
        work[col] = row
        for r in range(n):
            factor = work[r][col]
            if r != col and factor:
                work[r] = [a - factor * b for a, b in zip(work[r], row, strict=True)]
    return [row[n:] for row in work]
