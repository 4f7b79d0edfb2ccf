"""Why the league stops beating a round robin at one meeting a pair: the routes measured, on the field of
league_quality.py (100 noisy greedy bots in classic), over three fields (seeds 1000 to 1002).

    python -m benchmarks.league_routes league [--games 9900] [--meetings 1]
    python -m benchmarks.league_routes rerate [--games 9900]
    python -m benchmarks.league_routes nearest [--games 4950] [--jitter 1.0]

``league`` plays the league of two-game matches for ``--games`` games, a pair allowed to meet ``--meetings``
times (the league's own pairing: 1), and ranks the same league four ways: by openskill's conservative rating,
by mu, by games won minus lost, and by a Bradley-Terry fit of all its games at once (instead of openskill's game
by game updates). ``rerate`` plays a round robin of as many games, as league_quality.py does, and rates its games
with openskill for several ``beta`` and ``gamma`` (ranked by mu), beside its wins minus losses. Kendall's tau
against the true order, mean and standard deviation over the fields. About 6 minutes each on a busy machine.
``nearest`` plays a league whose rounds pair the entries by the fit of all the games' points so far (the table's
ranking), repeats allowed: each round sorts the entries by mu plus ``--jitter`` sigmas of seeded noise (so a pair
keeps meeting only while the fit cannot tell them apart) and pairs neighbours; beside the league as it is and a
round robin of as many games, all three ranked by the table's fit, and the round robin by score too.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
from collections import Counter

from benchmarks.league_quality import by_round_robin, field, kendall, places
from domino_tui.tournament.league import Fixture, League, RoundPlan, match_seed
from domino_tui.tournament.local_match import LocalMatches
from domino_tui.tournament.outcome import MatchOutcome
from domino_tui.tournament.points_fit import fit_points
from domino_tui.tournament.ratings import RatingModel, Ratings

SEEDS = (1000, 1001, 1002)
Game = tuple[str, str, float, float]  # the two entries and each one's wins (a tie half each)


class MeetingsLeague(League):
    """The league, but a pair may meet up to ``meetings`` times: pairing nearer in rating, at the cost of repeats."""

    meetings = 1

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.count: Counter[frozenset[str]] = Counter()

    def _start_round(self, record: dict) -> None:
        super()._start_round(record)
        assert self._pending is not None
        for fixture in self._pending.fixtures:
            self.count[frozenset(name for side in fixture.sides for name in side)] += 1

    def next_round(self) -> RoundPlan:
        if self._pending is not None:
            return self._pending
        real = self._met
        self._met = {a: {b for b in met if self.count[frozenset((a, b))] >= self.meetings} for a, met in real.items()}
        try:
            return super().next_round()
        finally:
            self._met = real


class NearestLeague(League):
    """The league, but each round pairs neighbours in the fit of the points so far, blurred by ``jitter`` sigmas
    of noise drawn from the league's seed; a pair may meet any number of times. Two sides of one entry each."""

    jitter = 1.0

    def next_round(self) -> RoundPlan:
        if self._pending is not None:
            return self._pending
        number = self.rounds + 1
        rng = random.Random(f"nearest/{self.settings.seed}/{number}")
        fitted = fit_points(self.entries, self._played)
        key = {name: r.mu + self.jitter * r.sigma * rng.gauss(0, 1) + 1e-9 * rng.random() for name, r in fitted.items()}
        order = sorted(self.entries, key=lambda name: -key[name])
        byes = tuple(order[len(order) - len(order) % 2 :])
        fixtures = tuple(
            Fixture(((order[k],), (order[k + 1],)), match_seed(self.settings.seed, number, k // 2))
            for k in range(0, len(order) - 1, 2)
        )
        return RoundPlan(number, fixtures, byes)


def nearest(budget: int, jitter: float) -> None:
    names, bots = field(100)
    labels = ("the league, pairing by the fit", "the league as it is", "round robin, fitted", "round robin, score")
    taus: list[list[float]] = [[] for _ in labels]
    for seed in SEEDS:
        entries = names[:]
        random.Random(seed).shuffle(entries)
        leagues = (type("Near", (NearestLeague,), {"jitter": jitter}), League)
        played = 0
        for k, kind in enumerate(leagues):
            run = kind.create("classic", entries, 2, seed, play_match=LocalMatches("classic", 2, bots))
            run.play(max(1, budget // 100))
            table = run.standings()
            taus[k].append(kendall(names, best_first({s.name: s.rating.conservative for s in table})))
            played = run.games
        robin, rated = by_round_robin("classic", names, bots, played, seed)
        taus[2].append(kendall(names, rated))
        taus[3].append(kendall(names, robin))
    print(f"{budget:,} games, neighbours by the fit, jitter {jitter} sigma; Kendall's tau over {len(SEEDS)} fields:")
    for label, tau in zip(labels, taus, strict=True):
        print(f"  {label:<32} {statistics.mean(tau):.3f} ±{statistics.stdev(tau):.3f}")


def bradley_terry(names: list[str], games: list[Game], prior: float = 1.0, sweeps: int = 200) -> dict[str, float]:
    """Strengths fitted to all the games at once (the MM algorithm), each entry with two virtual games against a
    unit strength, one won and one lost, so that none runs off to 0 or infinity."""
    strength = dict.fromkeys(names, 1.0)
    wins = dict.fromkeys(names, prior)
    played: dict[str, list[tuple[str, float]]] = {name: [] for name in names}
    for a, b, won_a, won_b in games:
        wins[a] += won_a
        wins[b] += won_b
        played[a].append((b, won_a + won_b))
        played[b].append((a, won_a + won_b))
    for _ in range(sweeps):
        strength = {
            n: wins[n] / (2 * prior / (strength[n] + 1) + sum(g / (strength[n] + strength[o]) for o, g in played[n]))
            for n in names
        }
    return strength


def best_first(values: dict[str, float]) -> dict[str, float]:
    return places(sorted(values.items(), key=lambda item: -item[1]))


def league(budget: int, meetings: int) -> None:
    names, bots = field(100)
    taus: list[list[float]] = [[], [], [], []]
    for seed in SEEDS:
        games: list[Game] = []
        inner = LocalMatches("classic", 2, bots)

        def play(
            sides: tuple[tuple[str, ...], ...], match_seed: int, inner: LocalMatches = inner, games: list[Game] = games
        ) -> MatchOutcome:
            outcome = inner(sides, match_seed)
            won, tied, lost = outcome.record(0)
            games.append((sides[0][0], sides[1][0], won + tied / 2, lost + tied / 2))
            return outcome

        entries = names[:]
        random.Random(seed).shuffle(entries)
        kind = type("Capped", (MeetingsLeague,), {"meetings": meetings})
        played = kind.create("classic", entries, 2, seed, play_match=play, ranking="openskill")
        played.play(max(1, budget // 100))
        table = played.standings()
        rankings = (
            best_first({s.name: s.rating.conservative for s in table}),
            best_first({s.name: s.rating.mu for s in table}),
            best_first({s.name: s.won - s.lost for s in table}),
            best_first(bradley_terry(names, games)),
        )
        for tau, ranking in zip(taus, rankings, strict=True):
            tau.append(kendall(names, ranking))
    labels = ("mu - 3 sigma", "mu", "won - lost", "Bradley-Terry")
    print(f"league of {budget:,} games, a pair meeting at most {meetings} time(s):")
    for label, tau in zip(labels, taus, strict=True):
        print(f"  ranked by {label:<14} tau {statistics.mean(tau):.3f} ±{statistics.stdev(tau):.3f}")


def rerate(budget: int) -> None:
    names, bots = field(100)
    play = LocalMatches("classic", 2, bots)
    logs = []
    for seed in SEEDS:
        rng = random.Random(seed)
        pairs = list(itertools.combinations(names, 2))
        log = []
        for k in range(budget // 2):
            if k % len(pairs) == 0:
                rng.shuffle(pairs)
            a, b = pairs[k % len(pairs)]
            log.append((a, b, play(((a,), (b,)), rng.getrandbits(63)).results))
        logs.append(log)
    score = []
    for log in logs:
        margin = dict.fromkeys(names, 0.0)
        for a, b, results in log:
            for ranks, n in results:
                sign = (ranks[0] < ranks[1]) - (ranks[0] > ranks[1])
                margin[a] += sign * n
                margin[b] -= sign * n
        score.append(kendall(names, best_first(margin)))
    print(f"round robin of {budget:,} games: ranked by won - lost, tau {statistics.mean(score):.3f}")
    for beta in (25 / 6, 25 / 3, 25 / 2, 25.0):
        for gamma in (1.0, None):
            taus = []
            for log in logs:
                ratings = Ratings(RatingModel(beta=beta, gamma=gamma))
                for name in names:
                    ratings.add(name)
                for a, b, results in log:
                    ratings.rate_games(((a,), (b,)), results)
                taus.append(kendall(names, best_first({n: ratings[n].mu for n in names})))
            shown = "openskill's" if gamma is None else gamma
            print(
                f"  openskill beta {beta:5.2f} gamma {shown}: ranked by mu, tau {statistics.mean(taus):.3f} "
                f"±{statistics.stdev(taus):.3f}"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("league", "rerate", "nearest"))
    parser.add_argument("--games", type=int, default=9900)
    parser.add_argument("--meetings", type=int, default=1)
    parser.add_argument("--jitter", type=float, default=1.0, help="nearest: sigmas of noise in the pairing order")
    args = parser.parse_args(argv)
    if args.games < 100 or args.meetings < 1:
        parser.error("at least 100 games and 1 meeting a pair")
    if args.what == "league":
        league(args.games, args.meetings)
    elif args.what == "nearest":
        nearest(args.games, args.jitter)
    else:
        rerate(args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
