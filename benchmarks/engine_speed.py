"""Random-vs-random complete games per CPU-second, for every variant, beside the `dominoes` package.

Two figures per variant: the referee (GameState: legal_moves/apply with validation and a public history, what the
app and tournaments use) and the skinny simulator (Sim: what search and bulk simulation use). In the same run the
PyPI package `dominoes` plays its own 4-player partnership game with its random player, for the ratio.

    pip install '.[bench]' && python benchmarks/engine_speed.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from domino_tui.engine import VARIANTS, GameState
from domino_tui.engine.core import Sim


def rate(play_one: Callable[[], object], seconds: float) -> float:
    """Games per CPU-second (process time, so other load on the machine counts less)."""
    play_one()
    n = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        for _ in range(20):
            play_one()
        n += 20
    return n / elapsed


def referee_game(variant: str, rng: random.Random) -> Callable[[], object]:
    def play() -> object:
        game = GameState.new(variant, rng)
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
        return game.result

    return play


def sim_game(variant: str, rng: random.Random) -> Callable[[], object]:
    return lambda: Sim.deal(variant, rng).random_playout(rng)


def dominoes_game() -> Callable[[], object] | None:
    try:
        import dominoes
    except ImportError:
        return None

    def play() -> object:
        game = dominoes.Game.new()
        while game.result is None:
            dominoes.players.random(game)
            game.make_move(*game.valid_moves[0])
        return game.result

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    args = parser.parse_args()
    reference = dominoes_game()
    ref_rate = rate(reference, args.seconds) if reference else None
    print(f"{'variant':<14}{'referee/s':>12}{'sim/s':>12}{'dominoes/s':>12}{'sim ratio':>11}")
    for name in VARIANTS:
        ours = rate(referee_game(name, random.Random(1)), args.seconds)
        fast = rate(sim_game(name, random.Random(1)), args.seconds)
        if name == "partnership" and ref_rate:
            print(f"{name:<14}{ours:>12,.0f}{fast:>12,.0f}{ref_rate:>12,.0f}{fast / ref_rate:>10.1f}x")
        else:
            print(f"{name:<14}{ours:>12,.0f}{fast:>12,.0f}{'':>12}{'':>11}")
    if ref_rate is None:
        print("(install the bench extra for the dominoes package reference: pip install '.[bench]')")
    else:
        print("dominoes: its own 4-player partnership game, Game.new() + players.random, same run.")


if __name__ == "__main__":
    main()
