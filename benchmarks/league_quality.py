"""How well a league ranks many entries for the games it plays, beside a round robin of as many games.

    python -m benchmarks.league_quality [--variant classic] [--entries 100] [--budgets 2000,4950,9900,19800]
        [--rounds N] [--runs 5] [--seed 1] [--default-gamma]

The field is ``--entries`` noisy greedy bots (ai/noisy.py) whose chance of a random move is spread evenly from 0
to 1, so the true order is known: less noise is stronger. For each budget of games:
- the league plays as many rounds of two-game matches as the budget holds (at most one fewer than the entries;
  longer matches then), or ``--rounds`` rounds of as many games as it holds; ranked as its table ranks (the
  conservative rating mu - 3 sigma of a fit of all its games' points, points_fit.py), and also by openskill's
  conservative rating, updated game by game ("openskill": what the table ranked by before, and what pairs it);
- the round robin plays as many games as the league played, in matches of two games (one deal, each side in each
  seat) over every pair in a random order: as many full cycles as they make, the rest on pairs drawn at random.
  It is ranked as the tournament ranks (score, or the MC102 judge's order in partnership9), and its games are
  also ranked as the league's table ranks its own ("fitted"), to tell the choice of matches apart from the way of
  ranking.
Each ranking is compared with the true order by Spearman's rho and Kendall's tau (tau-b: entries ranked equal
count as neither right nor wrong), averaged over ``--runs`` fields with different seeds (the spread is the
standard deviation over the runs). ``--default-gamma`` rates with openskill's own constant for how fast sigma
narrows instead of the league's (ratings.py says why they differ). The defaults take 37 minutes on a busy machine.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time
from collections.abc import Sequence
from functools import partial

from domino_tui.ai import NoisyBot
from domino_tui.engine import get_rules
from domino_tui.tournament.league import League
from domino_tui.tournament.local_match import LocalMatches
from domino_tui.tournament.outcome import MatchOutcome
from domino_tui.tournament.points_fit import fit_points
from domino_tui.tournament.ranking import MatchResult, mc102_key, rank, score_key, standings
from domino_tui.tournament.ratings import RatingModel, leaderboard

Ranking = dict[str, float]  # each entry's place, 0 the best; entries ranked equal share their average place


def field(entries: int) -> tuple[list[str], dict[str, partial[NoisyBot]]]:
    """The entries' names, strongest first (the true order), and how to make each one's bot."""
    noises = [i / (entries - 1) for i in range(entries)]
    names = [f"noise{noise:.3f}" for noise in noises]
    return names, {name: partial(NoisyBot, noise=noise) for name, noise in zip(names, noises, strict=True)}


def places(keyed: Sequence[tuple[str, object]]) -> Ranking:
    """Places from (name, key) best first; equal keys share the average of their places."""
    out: Ranking = {}
    i = 0
    while i < len(keyed):
        j = i
        while j + 1 < len(keyed) and keyed[j + 1][1] == keyed[i][1]:
            j += 1
        for k in range(i, j + 1):
            out[keyed[k][0]] = (i + j) / 2
        i = j + 1
    return out


def spearman(truth: Sequence[str], ranking: Ranking) -> float:
    """Spearman's rho: the correlation of the places (the true order has no ties)."""
    return statistics.correlation(list(range(len(truth))), [ranking[name] for name in truth])


def kendall(truth: Sequence[str], ranking: Ranking) -> float:
    """Kendall's tau-b against an order without ties: (pairs in the right order - pairs in the wrong order) over
    the geometric mean of the pairs each ranking tells apart."""
    right = wrong = tied = 0
    for a, b in itertools.combinations(truth, 2):  # a is the stronger
        if ranking[a] < ranking[b]:
            right += 1
        elif ranking[a] > ranking[b]:
            wrong += 1
        else:
            tied += 1
    pairs = right + wrong + tied
    return (right - wrong) / (pairs * (pairs - tied)) ** 0.5


def shape(entries: int, sides: int, budget: int, rounds: int) -> tuple[int, int]:
    """The league's rounds and games a match for a budget: ``rounds`` of as many games as the budget holds, or
    (rounds 0) as many rounds of two-game matches as it holds, at most one fewer than the entries."""
    matches = entries // sides
    if not rounds:
        rounds = max(1, min(entries - 1, budget // (2 * matches)))
    return rounds, max(1, budget // (rounds * matches))


def by_league(
    variant: str, names: list[str], bots: dict, rounds: int, games: int, seed: int, model: RatingModel
) -> tuple[Ranking, Ranking, int]:
    """The league's ranking (its table: the conservative rating of the fit of all its games' points), the same
    league ranked by openskill's conservative rating instead, and the games it played."""
    entries = names[:]
    random.Random(seed).shuffle(entries)  # the order entries join in tells nothing of their strength
    play = LocalMatches(variant, games, bots)
    league = League.create(variant, entries, games, seed, model=model, play_match=play)
    league.play(rounds)
    table = league.standings()
    by_openskill = [(p.name, p.rating.conservative) for p in league.ratings.leaderboard()]
    return places([(s.name, s.rating.conservative) for s in table]), places(by_openskill), league.games


def by_round_robin(variant: str, names: list[str], bots: dict, budget: int, seed: int) -> tuple[Ranking, Ranking]:
    """The round robin's ranking as the tournament ranks, and its games ranked as the league's table ranks its own
    (the conservative rating of the fit of their points)."""
    rules = get_rules(variant)
    play = LocalMatches(variant, 2, bots)
    pairs = list(itertools.combinations(names, 2))
    rng = random.Random(seed)
    played: list[tuple[tuple[tuple[str], tuple[str]], MatchOutcome]] = []
    tallies: dict[tuple[str, str], list[int]] = {}
    for k in range(budget // 2):
        if k % len(pairs) == 0:
            rng.shuffle(pairs)
        a, b = pairs[k % len(pairs)]
        outcome = play(((a,), (b,)), rng.getrandbits(63))
        played.append((((a,), (b,)), outcome))
        won, tied, lost = outcome.record(0)
        tally = tallies.setdefault((a, b), [0] * 6)
        for i, n in enumerate((outcome.games, won, lost, tied, *outcome.points)):
            tally[i] += n
    results = [
        MatchResult(a, b, t[0], (t[1], t[2]), t[3], (t[4], t[5]), by_points=not rules.lead_rotates)
        for (a, b), t in tallies.items()
    ]
    key = mc102_key if rules.lead_rotates else score_key
    table = rank(standings(names, results), key)
    by_score = places([(s.name, key(s)) for s in table])
    rated = places([(p.name, p.rating.conservative) for p in leaderboard(fit_points(names, played))])
    return by_score, rated


def _cell(values: list[float]) -> str:
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):.3f} ±{spread:.3f}"


ROW = "{:>7}  {:<22}{:<14}{:<14}  {:<18}{:<14}{:<14}  {:<14}{:<14}  {:<16}{:>6}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--entries", type=int, default=100)
    parser.add_argument("--budgets", default="2000,4950,9900,19800", help="games, comma separated")
    parser.add_argument(
        "--rounds", type=int, default=0, help="the league's rounds (default: as many as give two-game matches)"
    )
    parser.add_argument("--runs", type=int, default=5, help="fields measured per budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--default-gamma",
        action="store_true",
        help="rate with openskill's default gamma (sigma / c), which narrows sigma slowly, instead of the league's",
    )
    args = parser.parse_args(argv)
    model = RatingModel(gamma=None) if args.default_gamma else RatingModel()
    try:
        budgets = [int(b) for b in args.budgets.split(",")]
        sides = len(get_rules(args.variant).teams)
    except ValueError as exc:
        parser.error(str(exc))
    if args.entries < 4 or args.rounds < 0 or args.runs < 1 or min(budgets) < 2:
        parser.error("at least 4 entries, 0 rounds (the most), 1 run and 2 games a budget")
    names, bots = field(args.entries)
    pairs = args.entries * (args.entries - 1) // 2
    print(
        f"{args.variant}: {args.entries} noisy greedy bots (noise 0 to 1), {args.runs} runs a budget, seed "
        f"{args.seed}{', openskill default gamma' if args.default_gamma else ''}; Spearman's rho and Kendall's tau "
        "against the true order, mean ±sd over the runs"
    )
    header = ("games", "league", "rho", "tau", "round robin", "rho", "tau", "fitted: rho", "tau", "openskill: tau")
    print(ROW.format(*header, "time"))
    for budget in budgets:
        started = time.perf_counter()
        rounds, games = shape(args.entries, sides, budget, args.rounds)
        scores: list[list[float]] = [[] for _ in range(8)]
        played = 0
        for run in range(args.runs):
            seed = args.seed * 1000 + run
            league, league_openskill, played = by_league(args.variant, names, bots, rounds, games, seed, model)
            robin, rated = by_round_robin(args.variant, names, bots, played, seed)
            for i, ranking in enumerate((league, robin, rated, league_openskill)):
                scores[2 * i].append(spearman(names, ranking))
                scores[2 * i + 1].append(kendall(names, ranking))
        cells = [_cell(values) for values in scores]
        league_shape = f"{rounds} rounds x {games} games"
        robin_shape = f"{played / pairs:.1f} games a pair"
        seconds = f"{time.perf_counter() - started:.0f}s"
        row = (f"{played:,}", league_shape, *cells[:2], robin_shape, *cells[2:6], cells[7], seconds)
        print(ROW.format(*row), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
