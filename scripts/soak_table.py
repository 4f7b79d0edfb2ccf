"""A long random walk through the room tables: keys, clicks and resizes between 80x24 and 160x50, moves by keys,
every screen over the table and the command palette, in every variant, checking after each step that nothing
raised, that the room's log replays to the room, and that the table in front shows every open end and the newest
tile and keeps its footer's Quit (tests/tui/random_walk.py). At the end it says where each variant's walk went,
and which of the places it should reach it never did (`random_walk.PLACES`).

    python scripts/soak_table.py [--variant V ...] [--steps N] [--seed S]

walks N steps per variant (default 4,000, some 22,000 inputs a variant) from seed S (default: a new one, printed)
and stops at the first failure with its seed, step and last actions; the same seed walks the same way, up to the
timing of the bots' and the coach's worker threads.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from domino_tui.engine import TRAIN_VARIANTS, VARIANTS  # after the repository is on the path
from domino_tui.tui.app import DominoApp
from tests.tui.random_walk import PLACES, walk

# Each walk is a few hundred steps, one seed after another, so that a failure replays quickly.
WALK = 250


async def soak(variants: list[str], steps: int, seed: int) -> int:
    for variant in variants:
        started, done, inputs, n, moves = time.monotonic(), 0, 0, 0, 0
        places: set[str] = set()
        while done < steps:
            walk_seed = seed + n
            try:
                walked = await walk(variant, walk_seed, min(WALK, steps - done))
            except AssertionError as exc:
                print(f"FAILED: {exc}\nreplay: python scripts/soak_table.py --variant {variant} --seed {walk_seed}")
                return 1
            done, inputs, n, moves = done + walked.steps, inputs + walked.inputs, n + 1, moves + walked.moves
            places |= walked.screens
            print(f"{variant}: {done} steps, {inputs} inputs, {time.monotonic() - started:.0f} s", flush=True)
        missed = PLACES["train" if variant in TRAIN_VARIANTS else "line"] - places
        print(f"{variant}: {moves} moves by keys; went to {', '.join(sorted(places))}")
        if missed:
            print(f"{variant}: never reached {', '.join(sorted(missed))} (walk longer)")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--variant", action="append", choices=[*VARIANTS, *TRAIN_VARIANTS], help="a variant (default: all)"
    )
    parser.add_argument("--steps", type=int, default=4000, help="steps per variant")
    parser.add_argument("--seed", type=int, default=None, help="the first walk's seed (default: a new one)")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    print(f"seed {seed}")
    # The player's files of the walk live and die with it; no first-run tour over the table.
    os.environ["DOMINO_TUI_CONFIG_DIR"] = tempfile.mkdtemp(prefix="domino-soak-")
    DominoApp.first_run_tour = False
    return asyncio.run(soak(args.variant or [*VARIANTS, *TRAIN_VARIANTS], args.steps, seed))


if __name__ == "__main__":
    sys.exit(main())
