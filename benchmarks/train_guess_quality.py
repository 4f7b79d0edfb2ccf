"""How well the Mexican Train expert's guesses place the hidden tiles: uniform guesses beside guesses kept only
when their hands would have made the other seats' plays since their last draw as the planner (`trainplanner`)
makes them.

    python -m benchmarks.train_guess_quality [--players 4] [--deals 30] [--guesses 100] [--cap 400] [--seed 1]

Plays ``--deals`` rounds, Hard (exactly 60 guesses) in one seat (moving round the table deal by deal) against
``trainplanner`` in the others. At each of Hard's decisions with a choice it draws ``--guesses`` guesses of each
kind from the same facts: *uniform* (the search's sampler as it is) and *consistent* (the sampler's guesses drawn
until one makes none of the other seats' plays since their last draw other than the planner's, at most ``--cap``
tries, the last one kept). For every tile the seat cannot see it counts the guesses that put it where it really
is (a seat's hand or the boneyard) and prints, over the decisions: the mean chance the guesses give a tile's true
place (the other seats' tiles and the boneyard's apart), the mean log score of that chance (a tile no guess
placed right counts as half a guess), the share of consistent guesses found within the cap, and how many
decisions' true hands the check found inconsistent (none, if the check reads the history right).
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass, field

from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.train_expert import disagreements, play_checks, train_knowledge
from domino_tui.ai.train_loops import PlannerPlayout
from domino_tui.ai.train_planner import TrainPlannerBot
from domino_tui.ai.train_view import replay
from domino_tui.ai.wide_sampling import WideSampler
from domino_tui.engine import TrainRoundState, get_train_rules, observe_train
from domino_tui.engine.train_core import train_tables

MIN_FOUND = 10
FEWEST_OF = 20


@dataclass
class Tally:
    """Sums over decisions of one kind of guess."""

    decisions: int = 0
    held: float = 0.0  # mean chance given to the true holder, over the other seats' tiles
    boneyard: float = 0.0  # the same over the boneyard's tiles
    log_score: float = 0.0  # mean log chance of the true place, over every unseen tile
    found: float = 0.0  # share of guesses consistent (the consistent kind)


@dataclass
class Result:
    uniform: Tally = field(default_factory=Tally)
    consistent: Tally = field(default_factory=Tally)
    # The decisions where at least MIN_FOUND guesses were found consistent: the uniform guesses there, and only the
    # consistent ones found (what a sampler that always found one would give, on those decisions)
    fewest: Tally = field(
        default_factory=Tally
    )  # the removed experiment's: of FEWEST_OF guesses, the fewest plays not the planner's
    uniform_there: Tally = field(default_factory=Tally)
    found_only: Tally = field(default_factory=Tally)
    true_inconsistent: int = 0
    checks: int = 0


def measure(players: int, deals: int, guesses: int, cap: int, seed: int) -> Result:
    rules = get_train_rules("mexicantrain", players)
    tables = train_tables(rules.max_pip)
    result = Result()
    for deal in range(deals):
        seat = deal % players
        state = TrainRoundState.new(rules, deal % rules.rounds, random.Random(f"train-guess-quality/{seed}/{deal}"))
        hard = ExpertBot(random.Random(f"{seed}/{deal}/hard"), budget=None, samples=60)
        planner = TrainPlannerBot()
        checker = PlannerPlayout(random.Random(0), 0.0, tables)
        rng = random.Random(f"{seed}/{deal}/guesses")
        while not state.over:
            obs = observe_train(state, state.turn)
            if state.turn == seat and len(obs.legal) > 1:
                replayed = replay(obs)
                checks = play_checks(obs, replayed)
                result.checks += len(checks)
                truth = state.kernel.hands
                if disagreements(checks, truth, checker):
                    result.true_inconsistent += 1
                sampler = WideSampler(train_knowledge(obs, replayed), obs.boneyard_size)
                uniform = [sampler.sample(rng).masks for _ in range(guesses)]
                consistent = []
                found = 0
                found_only = []
                for _ in range(guesses):
                    for _ in range(cap):
                        masks = sampler.sample(rng).masks
                        if not disagreements(checks, masks, checker, 1):
                            found += 1
                            found_only.append(masks)
                            break
                    consistent.append(masks)
                fewest = []
                for _ in range(guesses):
                    best = sampler.sample(rng).masks
                    least = disagreements(checks, best, checker)
                    for _ in range(FEWEST_OF - 1):
                        if not least:
                            break
                        masks = sampler.sample(rng).masks
                        count = disagreements(checks, masks, checker, least)
                        if count < least:
                            best, least = masks, count
                    fewest.append(best)
                score(result.fewest, truth, fewest, seat, players)
                if len(found_only) >= MIN_FOUND:
                    score(result.uniform_there, truth, uniform, seat, players)
                    score(result.found_only, truth, found_only, seat, players)
                score(result.uniform, truth, uniform, seat, players)
                score(result.consistent, truth, consistent, seat, players)
                result.consistent.found += found / guesses
                move = hard.choose_train(obs)
            else:
                move = planner.choose_train(obs)
            state.apply(move)
    return result


def score(tally: Tally, truth: list[int], guesses: list[tuple[int, ...]], seat: int, players: int) -> None:
    """Add one decision: each unseen tile's share of ``guesses`` that place it where ``truth`` has it (a seat's
    hand, else the boneyard)."""
    unseen = 0
    for s in range(players):
        if s != seat:
            unseen |= truth[s]
    n = len(guesses)
    held_sum = held_n = 0.0
    log_sum = 0.0
    tiles = 0
    # The boneyard's tiles: unseen by the seat, in no hand; a guess puts them in no hand either.
    everything = 0
    for g in guesses:
        for s in range(players):
            if s != seat:
                everything |= g[s]
    everything |= unseen
    bone_sum = bone_n = 0.0
    for tile in range(everything.bit_length()):
        bit = 1 << tile
        if not everything & bit:
            continue
        owner = next((s for s in range(players) if s != seat and truth[s] & bit), None)
        if owner is None:
            right = sum(1 for g in guesses if not any(g[s] & bit for s in range(players) if s != seat))
        else:
            right = sum(1 for g in guesses if g[owner] & bit)
        p = right / n
        if owner is None:
            bone_sum += p
            bone_n += 1
        else:
            held_sum += p
            held_n += 1
        log_sum += math.log(max(right, 0.5) / n)
        tiles += 1
    tally.decisions += 1
    tally.held += held_sum / max(held_n, 1)
    tally.boneyard += bone_sum / max(bone_n, 1)
    tally.log_score += log_sum / max(tiles, 1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--guesses", type=int, default=100)
    ap.add_argument("--cap", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    r = measure(args.players, args.deals, args.guesses, args.cap, args.seed)
    print(
        f"{args.players} players, {args.deals} deals (seed {args.seed}), {r.uniform.decisions} decisions, "
        f"{args.guesses} guesses of each kind a decision (consistent: at most {args.cap} tries)"
    )
    print(f"true hands inconsistent with the checks: {r.true_inconsistent} decisions ({r.checks} plays checked)")
    print(f"{'guesses':>28} {'decisions':>9} {'held tiles':>10} {'boneyard':>9} {'log score':>9} {'found':>6}")
    rows = (
        ("uniform", r.uniform),
        ("consistent", r.consistent),
        (f"fewest of {FEWEST_OF}", r.fewest),
        (f"uniform where {MIN_FOUND}+ found", r.uniform_there),
        ("only those found there", r.found_only),
    )
    for name, t in rows:
        d = t.decisions or 1
        found = f"{t.found / d:.1%}" if name == "consistent" else ""
        print(
            f"{name:>28} {t.decisions:>9} {t.held / d:>10.1%} {t.boneyard / d:>9.1%} {t.log_score / d:>9.3f} {found:>6}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
