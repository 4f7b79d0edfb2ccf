"""The plain mode deals exactly as the engine does, without loading it."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import GameState
from domino_tui.plain.deal import COMPUTER, PLAYER, Deal, deal

from .positions import pairs


def as_pairs(tiles) -> list[tuple[int, int]]:
    return [(t.low, t.high) for t in tiles]


@pytest.mark.parametrize("seed", range(200))
def test_same_seed_same_deal_as_the_engine(seed):
    ours = deal(random.Random(seed))
    state = GameState.new("classic", random.Random(seed))
    hands, rest = state.deal
    tiles = state.ts.tiles
    assert [list(h) for h in ours.hands] == [as_pairs(tiles[i] for i in h) for h in hands]
    assert ours.stock == as_pairs(tiles[i] for i in rest)
    after, line, first = ours.after_opening()
    assert first == state.turn
    assert line == [(p.first, p.second) for p in state.board.line]
    assert after == [as_pairs(state.hand(PLAYER)), as_pairs(state.hand(COMPUTER))]


def test_the_highest_double_opens_and_the_other_player_starts():
    d = Deal(pairs("01 22 34 55 06 13 14"), pairs("44 66 02 03 04 05 11"), [])
    assert d.opening() == (COMPUTER, (6, 6))
    hands, line, first = d.after_opening()
    assert line == [(6, 6)] and first == PLAYER and hands[COMPUTER] == pairs("44 02 03 04 05 11")


def test_no_double_no_opening():
    with pytest.raises(ValueError, match="reshuffled"):
        Deal(pairs("01 02 03 04 05 06 12"), pairs("13 14 15 16 23 24 25"), []).opening()


class FirstShuffleHasNoDouble(random.Random):
    """The first shuffle leaves all seven doubles in the stock; later ones shuffle for real."""

    def shuffle(self, x) -> None:
        if not getattr(self, "shuffled", False):
            self.shuffled = True
            x.sort(key=lambda p: p[0] == p[1])
            return
        super().shuffle(x)


def test_a_deal_without_a_double_is_reshuffled():
    rng = FirstShuffleHasNoDouble(5)
    d = deal(rng)
    assert rng.shuffled
    assert any(a == b for hand in d.hands for a, b in hand)
    assert sorted(d.hands[0] + d.hands[1] + d.stock) == sorted(
        pairs("00 01 02 03 04 05 06 11 12 13 14 15 16 22 23 24 25 26 33 34 35 36 44 45 46 55 56 66")
    )
