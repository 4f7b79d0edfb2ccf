"""How much the expert's guesses know of the hidden hands, beside guesses that know only the hand sizes.

    python benchmarks/guess_quality.py classic hyperskill [--games 60] [--guesses 400] [--seed 500]

Plays ``--games`` games of the variant, the expert (60 guesses a decision) in seat 0 against the opponent bot in
the other seats, and at each of the expert's decisions with a choice draws ``--guesses`` guesses from its sampler.
For each stage of the game (tiles on the table) it prints the share of the other seats' real tiles that the
guesses put in the right hand, beside the share a guess that knew only how many tiles each seat holds would (a
seat's hand size over the tiles the expert cannot see).
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from domino_tui.ai import make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.sampling import Guesses
from domino_tui.engine import GameState, Observation, get_rules, observe
from domino_tui.engine.tiles import tile_set

STAGES = ((0, 4), (4, 8), (8, 12), (12, 99))


def measure(variant: str, opponent: str, games: int, guesses: int, seed: int) -> dict[tuple[int, int], list[float]]:
    """Per stage: [decisions, share known, share by counts alone]."""
    rules = get_rules(variant)
    out: dict[tuple[int, int], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    for g in range(games):
        bots = {s: make_bot(opponent, random.Random(f"{seed}-{g}-{s}")) for s in range(1, rules.players)}
        expert = ExpertBot(random.Random(f"{seed}-{g}-0"), budget=None, samples=60)
        state = GameState.new(rules, random.Random(seed * 1_000_003 + g))
        while not state.over:
            obs = observe(state, state.turn)
            if state.turn == 0 and len(obs.legal) > 1:
                on_table = len(obs.board.tiles())
                row = out[next(st for st in STAGES if st[0] <= on_table < st[1])]
                known, counts = shares(state, obs, expert.sampler(obs), guesses, random.Random(g))
                row[0] += 1
                row[1] += known
                row[2] += counts
            state.apply((expert if state.turn == 0 else bots[state.turn]).choose(obs))
    return dict(out)


def shares(
    state: GameState, obs: Observation, sampler: Guesses, guesses: int, rng: random.Random
) -> tuple[float, float]:
    """At one decision of ``obs``'s seat: the share of the other seats' real tiles that ``guesses`` guesses put in
    the right hand; and the share guesses that know only the hand sizes would (each real tile of a seat lands there
    with the chance of that seat's size over the unseen tiles)."""
    rules = obs.rules
    ts = tile_set(rules.max_pip)
    unseen = ts.full_mask & ~ts.mask_of(obs.hand) & ~ts.mask_of(obs.board.tiles())
    masks = state.kernel.masks
    others = [s for s in range(rules.players) if s != obs.seat and masks[s]]
    held = sum(masks[s].bit_count() for s in others)
    known = 0.0
    for _ in range(guesses):
        guess = sampler.sample(rng)
        known += sum((guess.masks[s] & masks[s]).bit_count() for s in others) / held
    counts = sum(masks[s].bit_count() ** 2 for s in others) / held / unseen.bit_count()
    return known / guesses, counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("variant")
    ap.add_argument("opponent")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--guesses", type=int, default=400)
    ap.add_argument("--seed", type=int, default=500)
    args = ap.parse_args(argv)
    rows = measure(args.variant, args.opponent, args.games, args.guesses, args.seed)
    print(
        f"{args.variant}, expert against {args.opponent}: {args.games} games (seed {args.seed}), "
        f"{args.guesses} guesses a decision"
    )
    print(f"{'tiles on the table':>18} {'decisions':>9} {'real tiles placed':>17} {'by counts alone':>15}")
    for (lo, hi), (n, known, counts) in sorted(rows.items()):
        stage = f"{lo}-{hi - 1}" if hi < 99 else f"{lo}+"
        print(f"{stage:>18} {int(n):>9} {known / n:>17.1%} {counts / n:>15.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
