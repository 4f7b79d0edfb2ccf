"""The expert against greedy at a 4-player Mexican Train table, beside greedy against greedy as the reference.

    python -m benchmarks.train_strength --rounds 1000 --level Normal --jobs 2
    python -m benchmarks.train_strength --rounds 200 --level Hard --option explore=0.1
    python -m benchmarks.train_strength --rounds 1000 --bot trainplanner --players 8
    python -m benchmarks.train_strength --rounds 1000 --level Normal --against trainplanner
    python -m benchmarks.train_strength --rounds 40 --level Hard --option budget=None   # deterministic: 60 guesses
    python -m benchmarks.train_strength --rounds 200 --level Hard --against Normal

Every deal is played twice: once with the expert (at ``--level``; or ``--bot``, a bot by name) in one seat and
``--against`` (greedy; a bot or a level) in the others, and once with ``--against`` in every seat (the reference:
the same seat, the same deal, the same engine double). ``--players`` seats 2 to 8 (4). The
seat moves round the table deal by deal and the engine double goes down from 12-12 to 0-0 and round again. For
that seat it prints the share of rounds with the lowest score at the table (alone, and shared), the points per
round (the pips left in its hand; fewer is better) with a 95% interval, the other seats' points per round, and
the paired difference (the expert's points minus greedy's, deal by deal, with its 95% interval);
and the expert's think time per decision (median, p95, max; decisions with a single legal move are not thought
about and are left out). ``--seconds`` stops early after that long and says how many rounds it played.

Two versions of the measured bot are compared on the same deals by saving one run's points (``--save FILE``) and
pairing the other's with them (``--paired-with FILE``: its points minus the saved ones deal by deal, and its rounds
lowest alone minus theirs, each with its 95% interval); ``--no-reference`` leaves out the reference arm then.

``--oracle`` tells the measured expert every hand and the boneyard's order (its guesses are then the true deal; with
``--option train_samples=1`` that is its only guess): no bot, a bound on what guessing better could give its search.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks.strength import wilson
from benchmarks.train_oracle import TrainOracle
from domino_tui.ai import make_bot
from domino_tui.ai.base import Bot
from domino_tui.bot_registry import LEVELS, make_level
from domino_tui.engine import TrainRoundState, get_train_rules, observe_train


@dataclass
class Side:
    """One arm of the comparison: the figures of the measured seat."""

    rounds: int = 0
    lowest: int = 0  # rounds it had the lowest score alone
    shared: int = 0  # rounds it shared the lowest score
    points: list[int] = field(default_factory=list)
    others: int = 0  # the other seats' points, summed
    think: list[float] = field(default_factory=list)
    lowest_by_deal: list[int] = field(default_factory=list)  # 1 where it had the lowest score alone

    def add(self, other: Side) -> None:
        self.rounds += other.rounds
        self.lowest += other.lowest
        self.shared += other.shared
        self.points += other.points
        self.others += other.others
        self.think += other.think
        self.lowest_by_deal += other.lowest_by_deal


@dataclass(frozen=True)
class Table:
    """What every deal of a run shares: the seats, the bots around the measured one, the seed, and whether the
    measured expert is told the deal (``--oracle``)."""

    players: int
    against: str
    seed: int
    oracle: bool = False


def play(
    table: Table, deal: int, seat: int, bot_name: str, level: str | None, options: dict[str, object] | None = None
) -> tuple[list[int], list[float]]:
    """One round on deal ``deal``: ``level``'s bot (or ``bot_name``) in ``seat``, ``table.against`` elsewhere; the
    points of each seat and the measured seat's think times."""
    seed = table.seed
    rules = get_train_rules("mexicantrain", table.players)
    state = TrainRoundState.new(rules, deal % rules.rounds, random.Random(f"train-strength/{seed}/{deal}"))
    bots = [opponent(table.against, random.Random(f"{seed}/{deal}/{s}")) for s in range(table.players)]
    rng = random.Random(f"{seed}/{deal}/measured")
    if level:
        lv = LEVELS[level]
        changes = {**lv.options, **(options or {})}
        bots[seat] = TrainOracle(rng, **changes) if table.oracle else make_bot(lv.bot, rng, **changes)
    else:
        bots[seat] = opponent(bot_name, rng)
    think = []
    while not state.over:
        turn = state.turn
        obs = observe_train(state, turn)
        if turn == seat and len(obs.legal) > 1:
            if isinstance(bots[turn], TrainOracle):
                bots[turn].state = state
            t0 = time.process_time()
            move = bots[turn].choose_train(obs)
            think.append(time.process_time() - t0)
        else:
            move = bots[turn].choose_train(obs)
        state.apply(move)
    return list(state.points()), think


def opponent(name: str, rng: random.Random) -> Bot:
    """The bot ``name`` names: a level's (Normal, Hard, ...) or a bot's by its own name."""
    return make_level(name, rng) if name in LEVELS else make_bot(name, rng)


def score(side: Side, points: list[int], seat: int, think: list[float]) -> None:
    side.rounds += 1
    low = min(points)
    alone = points[seat] == low and points.count(low) == 1
    side.lowest_by_deal.append(int(alone))
    if points[seat] == low:
        if alone:
            side.lowest += 1
        else:
            side.shared += 1
    side.points.append(points[seat])
    side.others += sum(points) - points[seat]
    side.think += think


def chunk(
    args: tuple[Table, int, int, str, str | None, float, dict[str, object], bool],
) -> tuple[Side, Side, int]:
    table, start, stop, bot, level, stop_at, options, with_reference = args
    ours, reference = Side(), Side()
    for deal in range(start, stop):
        if time.time() > stop_at:
            return ours, reference, deal - start
        seat = deal % table.players
        points, think = play(table, deal, seat, bot, level, options)
        score(ours, points, seat, think)
        if with_reference:
            points, _ = play(table, deal, seat, table.against, None)
            score(reference, points, seat, [])
    return ours, reference, stop - start


def interval(xs: list[int]) -> str:
    if len(xs) < 2:
        return ""
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f" ± {half:.1f}"


def interval_percent(xs: list[int]) -> str:
    if len(xs) < 2:
        return ""
    return f" ± {100 * 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)):.1f}"


def line(label: str, side: Side, players: int) -> str:
    n = side.rounds or 1
    low, high = wilson(side.lowest, side.rounds) if side.rounds else (0.0, 0.0)
    return (
        f"{label:<34} {100 * side.lowest / n:5.1f}% ({100 * low:4.1f}..{100 * high:4.1f})   "
        f"{100 * side.shared / n:5.1f}%   "
        f"{statistics.fmean(side.points or [0]):6.1f}{interval(side.points):<7}  "
        f"{side.others / n / (players - 1):6.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1000, help="deals (each played by both arms)")
    parser.add_argument("--level", default="Normal", choices=list(LEVELS), help="the expert's level")
    parser.add_argument("--bot", help="measure this bot by name instead of the expert at a level")
    parser.add_argument("--against", default="greedy", help="the bot (or level) in every other seat, and the reference")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 9), metavar="2..8")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=math.inf, help="stop after this long")
    parser.add_argument("--save", metavar="FILE", help="write the measured seat's points, deal by deal, to FILE (JSON)")
    parser.add_argument(
        "--no-reference",
        action="store_true",
        help="play each deal once, without the reference arm (to compare runs with --save and --paired-with)",
    )
    parser.add_argument(
        "--paired-with",
        metavar="FILE",
        help="also print the points, deal by deal, minus those --save wrote in an earlier run of the same deals",
    )
    parser.add_argument(
        "--oracle",
        action="store_true",
        help="the measured expert's guesses are the true deal: a bound, not a bot (with --level)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an expert option (budget=none: exactly its samples)",
    )
    args = parser.parse_args(argv)
    options: dict[str, object] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = None if value.lower() == "none" else float(value) if "." in value else int(value)
    started = time.time()
    stop_at = started + args.seconds
    size = max(1, min(25, args.rounds // max(1, args.jobs * 4)))
    if args.oracle and (args.bot or LEVELS[args.level].bot != "expert"):
        parser.error("--oracle tells the expert the deal: measure a level the expert plays")
    table = Table(args.players, args.against, args.seed, args.oracle)
    bot, level = (args.bot, None) if args.bot else ("expert", args.level)
    tasks = [
        (table, s, min(s + size, args.rounds), bot, level, stop_at, options, not args.no_reference)
        for s in range(0, args.rounds, size)
    ]
    ours, reference = Side(), Side()
    played = 0
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(chunk, tasks))
    else:
        results = [chunk(t) for t in tasks]
    for a, b, n in results:
        ours.add(a)
        reference.add(b)
        played += n
    seconds = time.time() - started
    measured = args.bot or f"expert ({args.level})" + (", oracle" if args.oracle else "")
    times = "once" if args.no_reference else "twice"
    playing = f"{args.bot}" if args.bot else f"expert at {args.level} {LEVELS[args.level].options or '(its defaults)'}"
    print(
        f"Mexican Train, {args.players} players, {played} deals (of {args.rounds} asked) each played {times}, "
        f"seed {args.seed}, {args.jobs} job(s), {seconds:.0f} s; {playing}" + (f" with {options}" if options else "")
    )
    others = f"v {args.players - 1} {args.against}"
    heads = f"{'the measured seat':<34} {'lowest alone (95% CI)':<22} {'shared':>6}"
    print(f"{heads}   {'points/round':<14}  {'others/round':>6}")
    print(line(f"{measured} {others}", ours, args.players))
    if reference.rounds:
        print(line(f"{args.against} {others} (reference)", reference, args.players))
    diffs = [a - b for a, b in zip(ours.points, reference.points, strict=False)]
    if reference.points:
        print(
            f"paired: {measured}'s points minus {args.against}'s in the same seat of the same deal: "
            f"{statistics.fmean(diffs):+.2f}{interval(diffs)} per round (negative: it keeps fewer pips)"
        )
    if args.save:
        Path(args.save).write_text(json.dumps({"points": ours.points, "lowest": ours.lowest_by_deal}))
    if args.paired_with:
        earlier = json.loads(Path(args.paired_with).read_text())
        other = earlier["points"][: len(ours.points)]
        diffs = [a - b for a, b in zip(ours.points, other, strict=True)]
        gained = [a - b for a, b in zip(ours.lowest_by_deal, earlier["lowest"], strict=False)]
        print(
            f"paired with {args.paired_with}: points {statistics.fmean(diffs):+.2f}{interval(diffs)} per round, "
            f"lowest alone {100 * statistics.fmean(gained):+.1f}{interval_percent(gained)} points of percentage"
        )
    print(f"even: the lowest alone in {100 / args.players:.1f}% of rounds")
    think = sorted(ours.think)
    if think:
        p95 = think[min(len(think) - 1, int(0.95 * len(think)))]
        print(
            f"{measured} think time per decision (CPU, {len(think)} decisions with a choice): "
            f"median {1000 * statistics.median(think):.1f} ms, p95 {1000 * p95:.1f} ms, max {1000 * think[-1]:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
