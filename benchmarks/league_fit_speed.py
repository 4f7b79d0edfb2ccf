"""How long the league's table takes to rank a field: the fit of all its games' points (points_fit.py), beside the
same fit through a dense Gauss-Jordan inverse of the normal matrix, the way it was first written.

    python -m benchmarks.league_fit_speed [--entries 100 200 300] [--rounds 20]

Each field plays ``--rounds`` rounds of random pairings, 4 games a match, random points; both fits get the same
matches, and the script checks that they agree before it prints their times (best of three, in seconds).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from domino_tui.tournament import points_fit
from domino_tui.tournament.outcome import MatchOutcome
from domino_tui.tournament.ratings import Rating


def field(entries: int, rounds: int, seed: int = 1) -> tuple[list[str], list[points_fit.Match]]:
    rng = random.Random(seed)
    names = [f"e{i}" for i in range(entries)]
    played: list[points_fit.Match] = []
    for _ in range(rounds):
        order = names[:]
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2], strict=False):
            points = [rng.randrange(200), rng.randrange(200)]
            best = max(points)
            played.append((((a,), (b,)), MatchOutcome.of({tuple(int(p != best) for p in points): 4}, points)))
    return names, played


def dense_inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse by Gauss-Jordan elimination on the matrix beside the identity: the reference."""
    n = len(matrix)
    work = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        row = [v / work[col][col] for v in work[col]]
        work[col] = row
        for r in range(n):
            factor = work[r][col]
            if r != col and factor:
                work[r] = [a - factor * b for a, b in zip(work[r], row, strict=True)]
    return [row[n:] for row in work]


def reference_fit(names: list[str], matches: list[points_fit.Match]) -> dict[str, Rating]:
    """points_fit.fit_points with the normal equations solved through their dense inverse."""
    normal, target, rows = points_fit.normal_equations(names, matches)
    inverse = dense_inverse(normal)
    mu = [sum(map(float.__mul__, row, target)) for row in inverse]
    return points_fit.ratings(names, rows, mu, [inverse[i][i] for i in range(len(inverse))], list(map(sum, inverse)))


Fit = Callable[[list[str], list[points_fit.Match]], dict[str, Rating]]


def best_of_three(fit: Fit, names: list[str], played: list[points_fit.Match]) -> tuple[float, dict[str, Rating]]:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        rated = fit(names, played)
        times.append(time.perf_counter() - start)
    return min(times), rated


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, nargs="+", default=[100, 200, 300])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args(argv)
    print(f"{'entries':>7}  {'matches':>7}  {'Cholesky (ours)':>15}  {'dense inverse':>13}  largest difference")
    for entries in args.entries:
        names, played = field(entries, args.rounds)
        ours, rated = best_of_three(points_fit.fit_points, names, played)
        theirs, reference = best_of_three(reference_fit, names, played)
        gap = max(max(abs(rated[n].mu - reference[n].mu), abs(rated[n].sigma - reference[n].sigma)) for n in names)
        print(f"{entries:>7}  {len(played):>7}  {ours:>14.3f}s  {theirs:>12.3f}s  {gap:.1e}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
