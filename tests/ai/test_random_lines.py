"""The random bot's line games (ai.lines.RandomLines: the kernel's deal, then play and settlement on C integers when
compiled) against the referee: every game replayed move by move through GameState from the same deal must be legal
at every step, end where the loop ended, and settle the same. A seed replays, and the compiled and interpreted
modules play the same games."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import random
import subprocess
import sys

import pytest

from domino_tui.ai.lines import COMPILED, RandomLines
from domino_tui.engine import VARIANTS, GameState, tile_set
from domino_tui.engine.moves import move_of

LINE_VARIANTS = [name for name, rules in VARIANTS.items() if rules.is_line]
GAMES = 2000


@pytest.mark.parametrize("variant", LINE_VARIANTS)
def test_random_line_games_replay_through_the_referee(variant: str) -> None:
    rules = VARIANTS[variant]
    ts = tile_set(rules.max_pip)
    games = RandomLines(rules, random.Random(variant))
    winners = set()
    for n in range(GAMES):
        trace: list[int] = []
        deals: list[tuple[list[int], object]] = []
        winner, points = games.play(trace, deals)
        ((masks, opening),) = deals
        assert sum(m.bit_count() for m in masks) == rules.players * rules.hand_size
        held = 0
        for m in masks:
            assert not held & m  # no tile dealt twice
            held |= m
        referee = GameState(
            rules, [ts.tiles_of(m) for m in masks], [t for i, t in enumerate(ts.tiles) if not held >> i & 1], opening
        )
        for move in trace:
            assert not referee.over, (variant, n)
            referee.apply(move_of(move, ts))  # raises on an illegal move
        assert referee.result is not None, (variant, n)
        assert (referee.result.winner, referee.result.points) == (winner, points), (variant, n)
        winners.add(winner)
    assert winners >= {0, 1}


def test_every_tile_is_dealt_to_every_seat_about_equally() -> None:
    rules = VARIANTS["partnership"]
    games = RandomLines(rules, random.Random(3))
    counts = [[0] * 28 for _ in range(4)]
    for _ in range(4000):
        deals: list[tuple[list[int], object]] = []
        games.play(None, deals)
        for seat, mask in enumerate(deals[0][0]):
            for i in range(28):
                counts[seat][i] += mask >> i & 1
    # 1000 expected in each cell, standard deviation about 27: a broken shuffle is far outside these bounds.
    assert all(850 < c < 1150 for row in counts for c in row)


def _digest(games: int) -> str:
    """A digest of each line variant's first games from a fixed seed: moves, deals and results."""
    h = hashlib.sha256()
    for variant in LINE_VARIANTS:
        play = RandomLines(VARIANTS[variant], random.Random(11))
        for _ in range(games):
            trace: list[int] = []
            deals: list[tuple[list[int], object]] = []
            result = play.play(trace, deals)
            h.update(json.dumps([trace, deals[0][0], result]).encode())
    return h.hexdigest()


def test_a_seed_replays_and_the_compiled_kernel_plays_the_interpreted_ones_games() -> None:
    assert _digest(300) == _digest(300)
    script = "from tests.ai.test_random_lines import _digest; print(_digest(300))"
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == _digest(300), f"compiled {COMPILED} and interpreted kernels differ"


def test_only_line_games_are_played_this_way() -> None:
    with pytest.raises(ValueError, match="not a line game"):
        RandomLines(VARIANTS["classic"], random.Random(1))


def test_a_table_the_kernels_arrays_cannot_seat_is_refused() -> None:
    rules = dataclasses.replace(VARIANTS["partnership"], players=9, hand_size=3)
    with pytest.raises(ValueError, match="1 to 8 seats"):
        RandomLines(rules, random.Random(1))
