"""A bot against others at a 3- or 4-player Fives and Threes table (each for himself), beside them as the reference.

    python -m benchmarks.fives_and_threes_table --hands 400 --jobs 2
    python -m benchmarks.fives_and_threes_table --hands 400 --jobs 2 --players 3 --against fivesdenier
    python -m benchmarks.fives_and_threes_table --hands 2000 --bot fivesdenier --against fivescorer
    python -m benchmarks.fives_and_threes_table --hands 400 --jobs 2 --against fivesdenier --oracle
    python -m benchmarks.fives_and_threes_table --hands 1200 --jobs 2 --against fivesdenier --save /tmp/a.json
    python -m benchmarks.fives_and_threes_table --hands 1200 --jobs 2 --against fivesdenier --option alone=1.0 \\
        --paired-with /tmp/a.json

Every deal is played twice: once with ``--bot`` (the expert) in one seat and ``--against`` (greedy) in the others,
and once with ``--against`` in every seat (the reference: the same seat, the same deal). The seat moves round the
table deal by deal. For that seat it prints the share of hands in which it earned the most at the table (alone,
with its 95% interval, and shared), the points it earned a hand (the count scored in play plus the go), and the
paired difference (the bot's points minus the reference's, deal by deal, with its 95% interval); and the bot's
think time per decision (median, p95). The expert plays with a fixed number of guesses a decision (``--samples``,
no time budget, unless ``--option budget=...``), so a seed replays the run.

``--oracle`` tells the expert every hand and the stock (as ``benchmarks.strength``'s ``--oracle``): no bot, but a
bound on what any player in that seat could reach against these opponents. ``--oracle-of opponents`` tells it
the others' hands but not the stock, which it guesses: a bound on what reading the others' plays could give.

``--save`` writes the measured seat's hands, deal by deal, as JSON; ``--paired-with`` a file so saved (the same
seed, players and deals) prints this run less that one, deal by deal: the share of hands earned the most alone and
the points a hand, each with its 95% interval. Two runs of one seed differ only by the measured bot's options.
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
from typing import Any

from benchmarks.strength import Oracle, parse_options, wilson
from domino_tui.ai import make_bot
from domino_tui.engine import GameState, get_rules, observe


@dataclass
class Side:
    """One arm of the comparison: the figures of the measured seat."""

    hands: int = 0
    most: int = 0  # hands it earned the most alone
    shared: int = 0  # hands it shared the most
    points: list[int] = field(default_factory=list)
    deals: list[int] = field(default_factory=list)  # each hand's deal number, for a paired comparison
    alone: list[int] = field(default_factory=list)  # each hand: 1 if it earned the most alone
    think: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # the same decisions' CPU time (fairer on a busy machine)

    def add(self, earned: tuple[int, ...], seat: int, deal: int) -> None:
        self.hands += 1
        top = max(earned)
        alone = earned[seat] == top and earned.count(top) == 1
        if alone:
            self.most += 1
        elif earned[seat] == top:
            self.shared += 1
        self.points.append(earned[seat])
        self.deals.append(deal)
        self.alone.append(int(alone))

    def merge(self, other: Side) -> None:
        self.hands += other.hands
        self.most += other.most
        self.shared += other.shared
        self.points += other.points
        self.deals += other.deals
        self.alone += other.alone
        self.think += other.think
        self.cpu += other.cpu


def interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})"


def play_hand(
    players: int,
    seat: int,
    deal_seed: int,
    bot_for: dict[int, tuple[str, dict]],
    side: Side,
    oracle: str | None = None,
    deal: int = 0,
) -> None:
    """Play one deal and add the hand of ``seat`` to ``side``; ``oracle`` ("all" or "opponents") tells that seat's
    expert those hands."""
    rules = get_rules("fivesandthrees").with_players(players)
    state = GameState.new(rules, random.Random(deal_seed))
    bots = {s: make_bot(name, random.Random(f"{deal_seed}-{s}"), **opts) for s, (name, opts) in bot_for.items()}
    if oracle:
        told = Oracle(random.Random(f"{deal_seed}-{seat}"), **bot_for[seat][1])
        told.told = oracle
        bots[seat] = told
    while not state.over:
        turn = state.turn
        obs = observe(state, turn, (), None)
        if isinstance(bot := bots[turn], Oracle):
            bot.state = state  # the oracle is told the game as it is
        t0 = time.perf_counter()
        c0 = time.process_time()
        move = bots[turn].choose(obs)
        if turn == seat and len(state.legal_moves()) > 1:
            side.think.append(time.perf_counter() - t0)
            side.cpu.append(time.process_time() - c0)
        state.apply(move)
    side.add(state.team_points(), seat, deal)


def run(args: argparse.Namespace, deals: range) -> tuple[Side, Side]:
    ours, reference = Side(), Side()
    options: dict[str, object] = {"budget": None, "samples": args.samples} if args.bot == "expert" else {}
    options.update(parse_options(args.option))
    measured = (args.bot, options)
    other = (args.against, {})
    for d in deals:
        seat = d % args.players
        deal_seed = args.seed * 1_000_003 + d
        bot_for = {s: measured if s == seat else other for s in range(args.players)}
        oracle = "all" if args.oracle else args.oracle_of
        play_hand(args.players, seat, deal_seed, bot_for, ours, oracle, d)
        play_hand(args.players, seat, deal_seed, dict.fromkeys(range(args.players), other), reference, None, d)
    return ours, reference


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=400, help="deals, each played by both arms")
    ap.add_argument("--players", type=int, default=4, choices=(3, 4))
    ap.add_argument("--bot", default="expert", help="the bot measured in one seat")
    ap.add_argument("--option", action="append", default=[], help="the measured bot's option, e.g. budget=0.6")
    ap.add_argument("--against", default="greedy", help="the bot in the other seats (and the reference)")
    ap.add_argument("--samples", type=int, default=60, help="the expert's guesses a decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--oracle", action="store_true", help="the expert sees every hand and the stock: a bound")
    ap.add_argument(
        "--oracle-of", choices=("opponents",), help="the expert sees the others' hands, not the stock: a bound"
    )
    ap.add_argument("--save", metavar="PATH", help="write the measured seat's hands, deal by deal, as JSON")
    ap.add_argument("--paired-with", metavar="PATH", help="a --save file of the same deals to compare with")
    args = ap.parse_args(argv)
    if (args.oracle or args.oracle_of) and args.bot != "expert":
        ap.error("--oracle tells the expert the hands: --bot must be expert")
    if args.oracle and args.oracle_of:
        ap.error("--oracle tells every hand; --oracle-of only some")
    t0 = time.perf_counter()
    chunks = [range(j, args.hands, args.jobs) for j in range(args.jobs)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            parts = list(pool.map(run, [args] * len(chunks), chunks))
    else:
        parts = [run(args, chunks[0])]
    ours, reference = Side(), Side()
    for o, r in parts:
        ours.merge(o)
        reference.merge(r)
    diff = [float(a - b) for a, b in zip(ours.points, reference.points, strict=True)]
    fair = 1 / args.players
    print(f"Fives and Threes, {args.players} players each for himself, {ours.hands} deals, seed {args.seed}")
    print(f"  {args.bot} with options {parse_options(args.option) or 'default'}, {args.samples} guesses for the expert")
    if args.oracle:
        print("  the expert sees every hand and the stock: a bound, not a bot")
    if args.oracle_of:
        print("  the expert sees the others' hands but not the stock: a bound, not a bot")
    for label, side in ((args.bot, ours), (f"{args.against} (reference)", reference)):
        lo, hi = wilson(side.most, side.hands)
        print(
            f"  {label:>20}: earned the most in {side.most / side.hands:.1%} of the hands alone "
            f"(95% CI {lo:.1%} .. {hi:.1%}), "
            f"{side.shared / side.hands:.1%} shared (an even share: {fair:.0%}); "
            f"points a hand {statistics.fmean(side.points):.2f}"
        )
    print(f"  {args.bot} minus reference, points a hand, deal by deal: {interval(diff)}")
    for label, times in (("think time", ours.think), ("CPU think time", ours.cpu)):
        think = sorted(times)
        p95 = think[min(len(think) - 1, int(0.95 * len(think)))] if think else 0.0
        median = statistics.median(think) if think else 0.0
        print(
            f"  {args.bot}'s {label}: median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms ({len(think)} decisions)"
        )
    record = {
        "seed": args.seed,
        "players": args.players,
        "options": parse_options(args.option),
        "oracle": "all" if args.oracle else args.oracle_of,
        "deals": ours.deals,
        "alone": ours.alone,
        "points": ours.points,
    }
    if args.paired_with:
        with open(args.paired_with) as f:
            base = json.load(f)
        paired(record, base)
    if args.save:
        with open(args.save, "w") as out:
            json.dump(record, out)
    print(f"  ({time.perf_counter() - t0:.0f} s)")
    return 0


def paired(run: dict[str, Any], base: dict[str, Any]) -> None:
    """Print ``run`` less ``base`` (two records of the same deals), deal by deal."""
    if (run["seed"], run["players"], sorted(run["deals"])) != (base["seed"], base["players"], sorted(base["deals"])):
        raise SystemExit("--paired-with: the runs must have the same seed, players and deals")
    at = {d: i for i, d in enumerate(base["deals"])}
    alone = [float(a - base["alone"][at[d]]) for d, a in zip(run["deals"], run["alone"], strict=True)]
    points = [float(p - base["points"][at[d]]) for d, p in zip(run["deals"], run["points"], strict=True)]
    print(f"  less the run with options {base['options'] or 'default'} (oracle: {base['oracle']}), deal by deal:")
    print(f"    most points alone, share of hands: {interval([100 * a for a in alone])} points in 100")
    print(f"    points a hand: {interval(points)}")


if __name__ == "__main__":
    sys.exit(main())
