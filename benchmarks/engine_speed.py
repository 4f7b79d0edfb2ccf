"""Random-vs-random complete games per CPU-second, for every variant: our kernel compiled and interpreted, the
referee, the `dominoes` package, and the same partnership game as a small C loop (the physical limit).

Per variant: the referee (GameState: legal_moves/apply with validation and a public history, what the app and
tournaments use); the kernel's position (engine/core.py Sim: the deal, a random playout, the settlement, as the
bots and tournaments build games); and, for the line variants, the random bot's line games (ai/lines.py
RandomLines: the kernel's deal, play and settlement on C integers, Python objects only for the opening and the
result). The compiled build is measured (when the install built it), and the interpreted one (DOMINO_TUI_PURE=1,
in a child process). In the same run the PyPI package
`dominoes` plays its own 4-player partnership game with its random player, and, where a C compiler is present,
a C loop written below plays the random partnership game (deal, highest double opens, uniform legal plays, passes,
block, settle), for the ratios.

Mexican Train (4 players, and 2 and 8): random rounds per CPU-second of the referee (TrainRoundState, what the
table and the bots' observations use) and of the train kernel (engine/train_core.py TrainRound: the deal, the
engine laid, random moves to the end, the score), compiled and interpreted like the rest: driven move by move from
Python (legal(), then apply()), and played out in the kernel's loop by the expert's playout at explore 1, a uniform
random legal move at every choice (ai/train_loops.py TrainPlayout). No published engine plays Mexican Train to
measure beside it; the line games' rows of the same run are its reference. ``--before DIR`` measures the kernel of
another checkout (its own build, e.g. the commit before a change) in the same run, for the before and after.

    pip install '.[bench]' && python benchmarks/engine_speed.py [--seconds 3] [--before DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from domino_tui.ai.lines import RandomLines
from domino_tui.ai.playout import random_playout
from domino_tui.engine import MEXICAN_TRAIN, VARIANTS, GameState, TrainRoundState
from domino_tui.engine.core import COMPILED
from domino_tui.engine.state import deal_position
from domino_tui.engine.train_core import new_round

C_LOOP = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t s = 1;
static uint64_t next(void) {
    uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv) {
    double seconds = atof(argv[1]);
    int lo[28], hi[28], dbl[7], n = 0;
    uint32_t match[7] = {0};
    for (int a = 0; a <= 6; a++)
        for (int b = a; b <= 6; b++) {
            lo[n] = a; hi[n] = b;
            match[a] |= 1u << n; match[b] |= 1u << n;
            if (a == b) dbl[a] = n;
            n++;
        }
    long games = 0, checksum = 0;
    clock_t start = clock();
    while ((double)(clock() - start) / CLOCKS_PER_SEC < seconds) {
        for (int rep = 0; rep < 1000; rep++, games++) {
            int order[28];
            uint32_t hand[4] = {0, 0, 0, 0};
            for (int i = 0; i < 28; i++) order[i] = i;
            for (int i = 27; i > 0; i--) {
                int j = next() % (i + 1), t = order[i];
                order[i] = order[j]; order[j] = t;
            }
            for (int i = 0; i < 28; i++) hand[i / 7] |= 1u << order[i];
            int turn = 0, passes = 0, out = -1;
            while (!((hand[turn] >> dbl[6]) & 1)) turn++;  /* every tile is dealt: someone holds [6|6] */
            hand[turn] &= ~(1u << dbl[6]);
            int left = 6, right = 6;
            turn = (turn + 1) % 4;
            for (;;) {
                uint32_t lf = hand[turn] & match[left], rf = hand[turn] & match[right];
                int cl = __builtin_popcount(lf), c = cl + __builtin_popcount(rf);
                if (!c) { if (++passes >= 4) break; turn = (turn + 1) % 4; continue; }
                passes = 0;
                int k = next() % c, end = k >= cl;
                uint32_t p = end ? rf : lf;
                for (k -= end ? cl : 0; k; k--) p &= p - 1;
                int i = __builtin_ctz(p);
                if (end) right = lo[i] == right ? hi[i] : lo[i]; else left = lo[i] == left ? hi[i] : lo[i];
                hand[turn] &= ~(1u << i);
                if (!hand[turn]) { out = turn; break; }
                turn = (turn + 1) % 4;
            }
            for (int p = 0; p < 4; p++)
                for (int i = 0; i < 28; i++)
                    if ((hand[p] >> i) & 1) checksum += lo[i] + hi[i];
            checksum += out;
        }
    }
    printf("%f %ld\n", games / ((double)(clock() - start) / CLOCKS_PER_SEC), checksum);
    return 0;
}
"""


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


def kernel_game(variant: str, rng: random.Random) -> Callable[[], object]:
    return lambda: random_playout(deal_position(variant, rng), rng)


TRAIN_TABLES = (4, 2, 8)


def train_referee_round(players: int, rng: random.Random) -> Callable[[], object]:
    rules = MEXICAN_TRAIN.with_players(players)
    rounds = iter(range(10**9))

    def play() -> object:
        state = TrainRoundState.new(rules, next(rounds) % rules.rounds, rng)
        while not state.over:
            state.apply(rng.choice(state.legal_moves()))
        return state.points()

    return play


def train_kernel_round(players: int, rng: random.Random) -> Callable[[], object]:
    codes = MEXICAN_TRAIN.with_players(players).kernel
    rounds = iter(range(10**9))

    def play() -> object:
        game = new_round(codes, next(rounds) % 13, rng)
        while not game.over:
            legal = game.legal()
            game.apply(legal[int(rng.random() * len(legal))])
        return game.points()

    return play


def train_playout_round(players: int, rng: random.Random) -> Callable[[], object]:
    """Random rounds played out by the expert's playout loop at explore 1 (in a checkout from before the loop was
    compiled, its Python function train_expert.play_out)."""
    from domino_tui.ai.train_expert import weights

    codes = MEXICAN_TRAIN.with_players(players).kernel
    weight = weights(codes.max_pip)
    try:
        from domino_tui.ai.train_loops import TrainPlayout

        finish = TrainPlayout(rng, 1.0, weight).finish
    except ImportError:
        from domino_tui.ai import train_expert

        def finish(game: Any) -> None:
            train_expert.play_out(game, rng, 1.0, weight)  # type: ignore[attr-defined]

    rounds = iter(range(10**9))

    def play() -> object:
        game = new_round(codes, next(rounds) % 13, rng)
        finish(game)
        return game.points()

    return play


def kernel_rates(seconds: float) -> dict[str, dict[str, float]]:
    """Games per CPU-second of the kernel's position (Sim) in every variant, and of its random line games; random
    Mexican Train rounds of the train kernel, moved from Python and played out in its loop."""
    playouts = {n: train_playout_round(n, random.Random(1)) for n in TRAIN_TABLES}
    return {
        "train": {str(n): rate(train_kernel_round(n, random.Random(1)), seconds) for n in TRAIN_TABLES},
        "train playout": {str(n): rate(play, seconds) for n, play in playouts.items()},
        "sim": {name: rate(kernel_game(name, random.Random(1)), seconds) for name in VARIANTS},
        "lines": {
            name: rate(RandomLines(rules, random.Random(1)).play, seconds)
            for name, rules in VARIANTS.items()
            if rules.is_line
        },
    }


def interpreted_rates(seconds: float) -> dict[str, dict[str, float]]:
    """The kernel's rates with DOMINO_TUI_PURE=1, measured in a child process (the module is chosen at import)."""
    return child_rates(seconds, {**os.environ, "DOMINO_TUI_PURE": "1"})


def before_rates(seconds: float, checkout: str) -> dict[str, dict[str, float]]:
    """The compiled kernel's rates of another checkout (``checkout``: its folder, its own build beside it)."""
    env = {key: value for key, value in os.environ.items() if key != "DOMINO_TUI_PURE"}
    return child_rates(seconds, {**env, "PYTHONPATH": os.path.abspath(checkout)})


def child_rates(seconds: float, env: dict[str, str]) -> dict[str, dict[str, float]]:
    out = subprocess.run(
        [sys.executable, __file__, "--kernel-only", "--seconds", str(seconds)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


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


def c_rate(seconds: float) -> float | None:
    """The C loop's partnership games per CPU-second, or None without a C compiler."""
    cc = shutil.which(os.environ.get("CC", "cc"))
    if cc is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "loop.c"
        src.write_text(C_LOOP)
        exe = Path(tmp) / "loop"
        if subprocess.run([cc, "-O2", "-o", str(exe), str(src)], capture_output=True).returncode != 0:
            return None
        out = subprocess.run([str(exe), str(seconds)], capture_output=True, text=True, check=True)
        return float(out.stdout.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    parser.add_argument("--kernel-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--before", metavar="DIR", help="also measure the compiled kernel of this checkout")
    args = parser.parse_args()
    if args.kernel_only:
        print(json.dumps(kernel_rates(args.seconds)))
        return
    reference = dominoes_game()
    ref_rate = rate(reference, args.seconds) if reference else None
    c = c_rate(args.seconds)
    compiled = kernel_rates(args.seconds) if COMPILED else None
    interpreted = interpreted_rates(args.seconds)
    before = before_rates(args.seconds, args.before) if args.before else None
    print("games per CPU-second; Sim: the kernel's position, lines: its random line games (RandomLines)")
    head = f"{'variant':<14}{'referee':>10}{'Sim interp.':>13}{'Sim compiled':>14}"
    print(head + f"{'lines interp.':>15}{'lines compiled':>16}{'dominoes':>10}{'C loop':>11}")
    for name in VARIANTS:
        ours = rate(referee_game(name, random.Random(1)), args.seconds)
        row = f"{name:<14}{ours:>10,.0f}{interpreted['sim'][name]:>13,.0f}"
        row += f"{compiled['sim'][name]:>14,.0f}" if compiled else f"{'-':>14}"
        row += f"{interpreted['lines'][name]:>15,.0f}" if name in interpreted["lines"] else f"{'':>15}"
        if compiled and name in compiled["lines"]:
            row += f"{compiled['lines'][name]:>16,.0f}"
        else:
            row += f"{'' if name not in interpreted['lines'] else '-':>16}"
        if name == "partnership":
            row += f"{ref_rate:>10,.0f}" if ref_rate else f"{'-':>10}"
            row += f"{c:>11,.0f}" if c else f"{'-':>11}"
        print(row)
    print()
    print("Mexican Train: random rounds per CPU-second; referee: TrainRoundState, kernel: train_core.TrainRound")
    print("moved: legal() and apply() called from Python; played out: the kernel's loop (train_loops.TrainPlayout)")
    head = f"{'players':<9}{'referee':>9}{'moved interp.':>15}{'moved compiled':>16}"
    if before:
        head += f"{'before':>9}"
    head += f"{'played out interp.':>20}{'played out compiled':>21}"
    if before:
        head += f"{'before':>9}"
    print(head)

    def cell(rates: dict[str, dict[str, float]] | None, kind: str, n: int, width: int) -> str:
        figure = (rates or {}).get(kind, {}).get(str(n))
        return f"{figure:>{width},.0f}" if figure is not None else f"{'-':>{width}}"

    for n in TRAIN_TABLES:
        ours = rate(train_referee_round(n, random.Random(1)), args.seconds)
        row = f"{n:<9}{ours:>9,.0f}{cell(interpreted, 'train', n, 15)}{cell(compiled, 'train', n, 16)}"
        if before:
            row += cell(before, "train", n, 9)
        row += cell(interpreted, "train playout", n, 20) + cell(compiled, "train playout", n, 21)
        if before:
            row += cell(before, "train playout", n, 9)
        print(row)
    if before:
        print(f"before: the compiled kernel of {args.before}, measured in this run")
    fastest = (compiled or interpreted)["lines"]["partnership"]
    if ref_rate:
        sim, lines = interpreted["sim"]["partnership"], interpreted["lines"]["partnership"]
        print(f"partnership, against the dominoes package: Sim interpreted {sim / ref_rate:.1f}x", end="")
        print(f", random line games interpreted {lines / ref_rate:.1f}x", end="")
        print(f", compiled {fastest / ref_rate:.0f}x" if compiled else " (no compiled kernel installed)")
    else:
        print("(install the bench extra for the dominoes package reference: pip install '.[bench]')")
    if c:
        print(f"partnership: the C loop is {c / fastest:.1f}x our fastest kernel's random line games")
    print("dominoes: its own 4-player partnership game, Game.new() + players.random, same run.")
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
