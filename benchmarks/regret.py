"""What more guesses would still be worth: the expert's decisions at a few numbers of guesses, rated by many.

    python benchmarks/regret.py classic hyperskill [--games 30] [--guesses 60,600,5000] [--reference 50000]
        [--play 600] [--every 2] [--seed 900] [--jobs 1]

Plays ``--games`` games of the variant: the expert (``--play`` guesses a decision) in seat 0 and, where there is
one, the partner's seat, the opponent bot in the others. At every ``--every``-th decision of the expert's seats with
more than one move to consider (`ai.base.candidates`), it rates the moves with ``--reference`` guesses, then chooses
with each number of ``--guesses`` (each on its own random stream). A choice's regret is how much lower the reference
rates it than the reference's best, in the objective's units (a game won 1, lost -1: `ai/objective.py`), so half of
it is the chance of winning given away. The table prints, per number of guesses, the mean regret a decision, how
often the reference rated the choice below its best, and the regret a game: the mean a decision times the decisions
with a choice in a game (both partners' where there are two: they share the result), halved, in points of games won.
That is about what guessing as much as the reference would add to the share of games won, as a strength run would
measure it with many times the games.

Every bot runs without a time budget (a fixed number of guesses, from its own seed), so the numbers do not depend
on the machine or its load. The reference is noisy too: at numbers of guesses close to it, the regret printed is
its noise, not the choice's. Games here are single games (no match score): for variants played to a target this
measures the game, not the match.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial

from domino_tui.ai import make_bot
from domino_tui.ai.base import candidates
from domino_tui.ai.expert import ExpertBot
from domino_tui.engine import GameState, Observation, get_rules, observe


@dataclass
class Tally:
    """Sums over the decisions rated: regret and differing choices per number of guesses."""

    levels: tuple[int, ...]
    games: int = 0
    choices: int = 0  # the expert's decisions with a choice (all its team's seats), rated or not
    rated: int = 0
    regret: dict[int, float] = field(default_factory=dict)
    differ: dict[int, int] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.choices += other.choices
        self.rated += other.rated
        for n in self.levels:
            self.regret[n] = self.regret.get(n, 0.0) + other.regret.get(n, 0.0)
            self.differ[n] = self.differ.get(n, 0) + other.differ.get(n, 0)


def rate(obs: Observation, levels: tuple[int, ...], reference: int, seed: str) -> dict[int, float]:
    """At one decision: each level's regret against the reference's ratings of the moves the expert considers."""
    ref = ExpertBot(random.Random(f"{seed}-reference"), budget=None, samples=reference).evaluate(obs)
    best = max(ref.values())
    regret = {}
    for n in levels:
        value = ExpertBot(random.Random(f"{seed}-{n}"), budget=None, samples=n).evaluate(obs)
        choice = max(value, key=value.__getitem__)  # the first of equals, as the expert's ranking keeps them
        regret[n] = best - ref[choice]
    return regret


def play(
    variant: str,
    opponent: str,
    levels: tuple[int, ...],
    reference: int,
    guesses: int,
    every: int,
    seed: int,
    games: range,
) -> Tally:
    rules = get_rules(variant)
    tally = Tally(levels)
    ours = {s for s in range(rules.players) if rules.team_of(s) == rules.team_of(0)}
    for g in games:
        bots = {
            s: ExpertBot(random.Random(f"{seed}-{g}-{s}"), budget=None, samples=guesses)
            if s in ours
            else make_bot(opponent, random.Random(f"{seed}-{g}-{s}"))
            for s in range(rules.players)
        }
        state = GameState.new(rules, random.Random(seed * 1_000_003 + g))
        decision = 0
        while not state.over:
            obs = observe(state, state.turn)
            # Partners share the game's result, so the team's regret a game sums both partners' decisions.
            if state.turn in ours and len(candidates(obs)) > 1:
                decision += 1
                if decision % every == 0:
                    tally.rated += 1
                    for n, r in rate(obs, levels, reference, f"{seed}-{g}-{decision}").items():
                        tally.regret[n] = tally.regret.get(n, 0.0) + r
                        tally.differ[n] = tally.differ.get(n, 0) + (r > 0)
            state.apply(bots[state.turn].choose(obs))
        tally.choices += decision
        tally.games += 1
    return tally


def measure(
    variant: str,
    opponent: str,
    games: int,
    levels: tuple[int, ...],
    reference: int,
    guesses: int = 600,
    every: int = 2,
    seed: int = 900,
    jobs: int = 1,
) -> Tally:
    """Games 0..games-1, split into ``jobs`` runs of whole games (a game's seeds depend only on its number)."""
    run = partial(play, variant, opponent, levels, reference, guesses, every, seed)
    cuts = [games * j // max(jobs, 1) for j in range(max(jobs, 1) + 1)]
    parts = [range(cuts[j], cuts[j + 1]) for j in range(len(cuts) - 1)]
    tally = Tally(levels)
    if jobs <= 1:
        tally.add(run(parts[0]))
        return tally
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(run, parts):
            tally.add(part)
    return tally


def report(tally: Tally, reference: int) -> list[str]:
    rated = max(tally.rated, 1)
    per_game = tally.choices / max(tally.games, 1)
    lines = [
        f"{tally.games} games, {per_game:.1f} decisions with a choice a game, {tally.rated} rated against "
        f"{reference:,} guesses",
        f"{'guesses':>8} {'regret a decision':>17} {'other choice':>12} {'regret a game':>13}",
    ]
    for n in tally.levels:
        mean = tally.regret[n] / rated if tally.rated else 0.0
        lines.append(
            f"{n:>8,} {mean:>17.4f} {tally.differ[n] / rated:>12.1%} {mean * per_game / 2:>13.1%}"
            if tally.rated
            else f"{n:>8,} {'-':>17} {'-':>12} {'-':>13}"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant")
    ap.add_argument("opponent")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--guesses", default="60,600,5000", help="numbers of guesses to rate, comma-separated")
    ap.add_argument("--reference", type=int, default=50_000, help="guesses of the reference rating")
    ap.add_argument("--play", type=int, default=600, help="guesses a decision of the expert playing the games")
    ap.add_argument("--every", type=int, default=2, help="rate every N-th decision with a choice")
    ap.add_argument("--seed", type=int, default=900)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    try:
        get_rules(args.variant)
        levels = tuple(int(n) for n in args.guesses.split(","))
        make_bot(args.opponent, random.Random(0))
    except ValueError as exc:  # ArgumentError is one, and so is a malformed number
        ap.error(str(exc))
    if min(levels) < 1 or args.reference < 1 or args.play < 1 or args.every < 1 or args.games < 1:
        ap.error("games, guesses, --reference, --play and --every must be positive")
    tally = measure(
        args.variant, args.opponent, args.games, levels, args.reference, args.play, args.every, args.seed, args.jobs
    )
    print(f"{args.variant}, expert against {args.opponent} (seed {args.seed}, playing at {args.play} guesses):")
    for line in report(tally, args.reference):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
