"""The bots' one line loop against the referee: every policy it plays, replayed move by move through GameState
from the same deal, must be legal at every step and end in the same result, hands and ends."""

from __future__ import annotations

import random

import pytest

from domino_tui.ai.lines import CALL, FIRST, HEAVIEST, PLAYOUT, RANDOM, PlayoutPolicy, TileWeights, play_line
from domino_tui.ai.playout import random_playout
from domino_tui.engine import VARIANTS, GameResult, GameState, tile_set
from domino_tui.engine.moves import move_of
from domino_tui.engine.state import deal_position

LINE_VARIANTS = [name for name, rules in VARIANTS.items() if rules.is_line]
GAMES = 700


class _Doubles:
    """A CALL policy: doubles first, then the heaviest (the tournament's doubles bot on the line)."""

    def __init__(self, max_pip: int) -> None:
        ts = tile_set(max_pip)
        self.key = [p + (100 if lo == hi else 0) for p, lo, hi in zip(ts.pips, ts.low, ts.high, strict=True)]

    def lead(self, hand: int) -> int:
        return max((i for i in range(hand.bit_length()) if hand >> i & 1), key=lambda i: (self.key[i], -i)) << 2

    def line(self, left_fits: int, right_fits: int, left: int, right: int) -> int:
        moves = [(i, 0) for i in range(left_fits.bit_length()) if left_fits >> i & 1]
        moves += [(i, 1) for i in range(right_fits.bit_length()) if right_fits >> i & 1]
        i, end = max(moves, key=lambda m: self.key[m[0]])
        return i << 2 | end


def test_the_line_variants_are_the_ones_without_stock_spinner_or_fives() -> None:
    assert LINE_VARIANTS == ["block", "partnership", "partnership9"]


@pytest.mark.parametrize("variant", LINE_VARIANTS)
def test_every_line_policy_plays_legal_games_the_referee_agrees_with(variant: str) -> None:
    rules = VARIANTS[variant]
    ts = tile_set(rules.max_pip)
    kinds_cycle = [RANDOM, FIRST, HEAVIEST, PLAYOUT, CALL]
    for seed in range(GAMES):
        rng = random.Random(seed)
        referee = GameState.new(rules, random.Random(seed))
        sim = deal_position(rules, random.Random(seed))  # the same deal, opened the same way
        kinds = [kinds_cycle[(seed + s) % len(kinds_cycle)] for s in range(rules.players)]
        policy = PlayoutPolicy(TileWeights(ts.pips), 0.3, control=seed % 3)
        trace: list[int] = []
        outcome = play_line(sim, kinds, rng.getrandbits(64), [_Doubles(rules.max_pip)] * 4, policy, trace)
        for move in trace:
            referee.apply(move_of(move, ts))  # raises on an illegal move
        assert referee.result == GameResult.of(outcome), (variant, seed, kinds)
        assert referee.kernel.masks == sim.masks and referee.board.ends[:2] == sim.layout.ends[:2]
        assert len(referee.board) == sim.layout.tiles


def test_a_seed_replays_the_random_line_game() -> None:
    def play(seed: int) -> list[int]:
        rng = random.Random(seed)
        trace: list[int] = []
        random_playout(deal_position("partnership", rng), rng, trace)
        return trace

    assert play(5) == play(5)
    assert play(5) != play(6)
