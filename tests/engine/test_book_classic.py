"""The classic draw game: cases from the Hyperskill stage text and the README of a game built to it."""

from __future__ import annotations

import pytest

from domino_tui.engine import (
    DRAW,
    PASS,
    IllegalMoveError,
    Reason,
    Tile,
    get_rules,
)
from tests.engine.positions import L, R, line, play, position, settled


def _alternate(variant: str, tiles: str, extra=("66", "06")):
    """Seat 0 leads the first tile, then the seats alternate, every play on the right."""
    ts = tiles.split()
    hands = [" ".join([*ts[0::2], extra[0]]), " ".join([*ts[1::2], extra[1]])]
    g = position(variant, hands)
    play(g, ts[0])
    for t in ts[1:]:
        play(g, t)
    return g


def test_the_stage_texts_orientation_example():
    """The Hyperskill stage text, stage 4: a tile is turned so that the matching numbers touch."""
    # The Hyperskill stage text, stage 4: [3,4][4,4][4,2] and [1,2]: not on the left (no 3), on the right turned
    # to [2,1].
    g = position("classic", ["34 24 66", "44 12 55"])
    play(g, "34")
    play(g, "44")
    play(g, "24")
    assert line(g) == [[3, 4], [4, 4], [4, 2]]
    with pytest.raises(IllegalMoveError, match="does not fit the left end, which shows 3"):
        play(g, "12", L)
    assert line(g) == [[3, 4], [4, 4], [4, 2]]
    play(g, "12", R)
    assert line(g)[-1] == [2, 1]


def test_the_eight_of_a_number_rule_draw():
    """The Hyperskill stage text: both ends show the same number and it appears eight times in the snake: a draw."""
    g = _alternate("classic", "55 25 12 15 45 04 05 35 36 56", extra=("11", "00"))
    assert line(g) == [[5, 5], [5, 2], [2, 1], [1, 5], [5, 4], [4, 0], [0, 5], [5, 3], [3, 6], [6, 5]]
    assert g.result is not None and g.result.reason is Reason.STALEMATE and g.result.winner is None


def test_the_eight_of_a_number_rule_not_yet():
    """The Hyperskill stage text: fewer than eight of the number in the snake, the game goes on."""
    g = _alternate("classic", "55 25 12 15 45 04 05", extra=("11", "00"))
    assert line(g)[-1] == [0, 5] and not g.over


def test_the_eight_of_a_number_rule_ends_differ():
    """The Hyperskill stage text: the eight-times rule needs both ends to show the number."""
    # [6,5][5,5]...[5,3][3,1]: the ends show 6 and 1, so the game goes on.
    g = position("classic", ["55 25 15 04 35 11", "56 12 45 05 13 00"])
    play(g, "55")
    play(g, "56", L)
    for t in ["25", "12", "15", "45", "04", "05", "35", "13"]:
        play(g, t)
    assert line(g)[0] == [6, 5] and line(g)[-1] == [3, 1]
    assert not g.over


def test_classic_may_draw_with_a_playable_tile_and_drawing_ends_the_turn():
    """The Hyperskill stage text: "0" takes a piece from the stock and skips the turn, whatever the hand holds."""
    g = position("classic", ["66 01", "16 23"], stock="45 34")
    play(g, "66")
    assert DRAW in g.legal_moves()
    g.apply(DRAW)
    assert g.turn == 0 and g.hand(1)[-1] == Tile(3, 4) and g.stock_size == 28 - 4 - 1


def test_classic_with_an_empty_stock_zero_skips_the_turn():
    """The Hyperskill stage text: with the stock empty, "0" simply skips the turn."""
    g = position(
        "classic",
        ["66 01 02 03 04 05 11 12 13 14 15 22 23 24", "25 33 34 35 44 45 55 00 06 16 26 36 46 56"],
        stock="",
    )
    assert g.stock_size == 0
    play(g, "66")
    # Seat 1 holds every other 6 and must be offered both ends for each, plus the skip that "0" means.
    assert PASS in g.legal_moves() and DRAW not in g.legal_moves()
    g.apply(PASS)
    assert g.turn == 0 and not g.over


def test_classic_settles_a_locked_line_as_a_draw():
    """The README of the game built to the Hyperskill stage text: neither player can move and the stock is empty: a
    draw."""
    rules = get_rules("classic")
    assert settled(rules, None, [3, 30]) == (None, (0, 0))
    assert settled(rules, None, [3, 30]) == (None, (0, 0))
    assert settled(rules, 1, [12, 0]) == (1, (0, 12))


@pytest.mark.parametrize(
    ("hands", "opener", "double"),
    [
        (["56 44 01", "55 23 02"], 1, [5, 5]),  # [5|6] is the heaviest tile, [5|5] the highest double
        (["66 01 02", "55 56 03"], 0, [6, 6]),
    ],
)
def test_the_holder_of_the_highest_double_lays_it_and_the_other_player_moves_first(hands, opener, double):
    """The Hyperskill stage text (and the README of the game built to it): the player with the highest double places
    it to start the snake, and the opposing player makes the first move."""
    g = position("classic", hands, lead=None)
    assert line(g) == [double]
    assert g.leader == opener and g.turn == 1 - opener
    assert len(g.hand(opener)) == 2 and len(g.hand(1 - opener)) == 3
