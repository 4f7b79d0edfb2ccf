"""How long the coach takes to review a whole hand, for every variant and player count, at the hint's budget.

    python benchmarks/review_speed.py [--hands 20] [--seed 1] [--only classic:2,mexicantrain:8] [--jobs 2]

Each hand is played by Normal-level bots in every seat, then reviewed from seat 0 twice, in turns so that a busy
machine slows both alike: "before", every decision rated one after another for the coach's whole budget (the
review as it was: `coach.review.rate_choices` with `coach.hint.master`, 0.6 s a decision at most), and "after",
the review the app makes now (`coach.review.rate_choices` with ``settle=True``: each decision's search stops once
its verdict is settled, the decisions spread over ``--jobs`` processes started before the first hand, as the app
starts them while a hand is played, and the whole review kept within `coach.review.REVIEW_SECONDS`). Printed per
variant and player count: the decisions per hand, the mean and worst wall time of a hand's review before and after,
and how often the two reviews agree on each decision's verdict (costly or not, and the better move a costly note
names); with ``--noise``, also how often the old review agrees with itself run again with another seed (the full
search's own noise: the most agreement the new review could show). The goal: the worst hand of every row under 3 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from domino_tui.ai import make_level
from domino_tui.coach.hint import master, units_of
from domino_tui.coach.review import (
    REVIEW_SECONDS,
    Review,
    choices,
    rate_choices,
    train_choices,
    verdicts_agree,
    warm_pool,
)
from domino_tui.engine import (
    TRAIN_VARIANTS,
    VARIANTS,
    GameState,
    Move,
    Observation,
    TrainObservation,
    TrainRoundState,
    get_train_rules,
    observe,
    observe_train,
)
from domino_tui.engine.train_rules import MAX_PLAYERS, MIN_PLAYERS

GOAL_SECONDS = 3.0
Todo = Sequence[tuple[int, Observation | TrainObservation, Move]]


def line_hand(variant: str, players: int, seed: int) -> Todo:
    rng = random.Random(seed)
    game = GameState.new(VARIANTS[variant].with_players(players), rng)
    bots = [make_level("Normal", random.Random(f"{seed}:{s}")) for s in range(players)]
    while not game.over:
        game.apply(bots[game.turn].choose(observe(game, game.turn)))
    return choices(game, 0)


def train_hand(variant: str, players: int, seed: int) -> Todo:
    rules = get_train_rules(variant, players)
    state = TrainRoundState.new(rules, seed % rules.rounds, random.Random(seed))
    bots = [make_level("Normal", random.Random(f"{seed}:{s}")) for s in range(players)]
    while not state.over:
        state.apply(bots[state.turn].choose_train(observe_train(state, state.turn)))
    return train_choices(state, 0)


def rows() -> list[tuple[str, int]]:
    out = [(name, n) for name, rules in VARIANTS.items() for n in rules.player_counts]
    out += [(name, n) for name in TRAIN_VARIANTS for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
    return out


@dataclass
class Row:
    decisions: list[int]
    before: list[float]
    after: list[float]
    agreed: int = 0
    compared: int = 0
    again: int = 0  # decisions on which the old review agreed with itself run again (--noise)


def timed(todo: Todo, seed: int, settle: bool, jobs: int) -> tuple[float, Review]:
    units = units_of(todo[0][1])
    start = time.perf_counter()
    bot = master(random.Random(seed))
    if settle:
        result = rate_choices(0, units, todo, bot, settle=True, jobs=jobs, within=REVIEW_SECONDS)
    else:
        result = rate_choices(0, units, todo, bot)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="variant:players,... (default: every row)")
    parser.add_argument("--jobs", type=int, default=2, help="processes the new review spreads decisions over")
    parser.add_argument("--no-before", action="store_true", help="only the new review (no agreement figure)")
    parser.add_argument(
        "--noise", action="store_true", help="also the old review again with another seed: how often two agree"
    )
    args = parser.parse_args()
    wanted = [(v, int(n)) for v, n in (item.split(":") for item in args.only.split(",") if item)] or rows()
    print(f"review of a hand from seat 0 at the Master budget, {args.hands} hands a row (goal: worst under 3 s)")
    print(
        f"{'variant':<15} {'players':>7} {'decisions':>9} {'before mean':>11} {'before worst':>12} "
        f"{'after mean':>10} {'after worst':>11} {'agreement':>9}" + (f" {'old vs old':>11}" if args.noise else "")
    )
    warm_pool(args.jobs)  # the app starts the processes while the hand is played
    for variant, players in wanted:
        row = Row([], [], [])
        for i in range(args.hands):
            seed = args.seed * 1000 + i
            todo = (train_hand if variant in TRAIN_VARIANTS else line_hand)(variant, players, seed)
            row.decisions.append(len(todo))
            if not todo:
                row.before.append(0.0)
                row.after.append(0.0)
                continue
            full = None
            if not args.no_before:
                wall, full = timed(todo, seed, settle=False, jobs=1)
                row.before.append(wall)
            wall, fast = timed(todo, seed, settle=True, jobs=args.jobs)
            row.after.append(wall)
            if full is not None:
                for a, b in zip(full.decisions, fast.decisions, strict=True):
                    row.compared += 1
                    row.agreed += verdicts_agree(a, b)
                if args.noise:
                    _, again = timed(todo, seed + 1_000_000, settle=False, jobs=1)
                    row.again += sum(map(verdicts_agree, full.decisions, again.decisions))
        before = (
            f"{statistics.mean(row.before):10.2f}s {max(row.before):11.2f}s" if row.before else f"{'-':>11} {'-':>12}"
        )
        agreement = f"{row.agreed / row.compared:9.1%}" if row.compared else f"{'-':>9}"
        if args.noise and row.compared:
            agreement += f" {row.again / row.compared:11.1%}"
        print(
            f"{variant:<15} {players:>7} {statistics.mean(row.decisions):9.1f} {before} "
            f"{statistics.mean(row.after):9.2f}s {max(row.after):10.2f}s {agreement}",
            flush=True,
        )


if __name__ == "__main__":
    main()
