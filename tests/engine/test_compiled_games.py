"""The compiled kernel plays the interpreted one's games in every variant: the same seeds give the same moves,
what each play scored in play (the count: All Fives, Fives and Threes), the points and the results, move for move,
for every player count a variant seats.
(The line games' own loop is compared in tests/ai/test_random_lines.py.)"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys

from domino_tui.engine import VARIANTS, core
from domino_tui.engine.state import deal_position


def _digest(games: int) -> str:
    h = hashlib.sha256()
    # Every variant, and each for every player count it seats (the settlement among 3 and 4 sides).
    seated = [(f"{name}/{n}", rules.with_players(n)) for name, rules in VARIANTS.items() for n in rules.player_counts]
    for name, rules in seated:
        rng = random.Random(f"compiled/{name}")
        for _ in range(games):
            sim = deal_position(rules, rng)
            scored = []
            while sim.outcome is None:
                move = rng.choice(sim.legal())
                scored.append((move, sim.play(move) if move >= 0 else sim.apply(move)))
            out = sim.outcome
            h.update(json.dumps([name, scored, sim.team_points(), out.reason, out.winner, out.pips]).encode())
        counts = [rules.kernel.count_points(c) for c in range(-1, 50)]
        h.update(json.dumps([name, counts]).encode())
    return h.hexdigest()


def test_the_compiled_kernel_plays_and_scores_the_interpreted_ones_games() -> None:
    here = _digest(200)
    script = "from tests.engine.test_compiled_games import _digest; print(_digest(200))"
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == here, f"compiled ({core.COMPILED}) and interpreted kernels differ"
