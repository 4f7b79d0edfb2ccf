"""All Fives: cases from the All Fives bot README and pagat (docs/rules.md, "allfives")."""

from __future__ import annotations

import pytest

from domino_tui.engine import (
    DRAW,
    PASS,
    IllegalMoveError,
    Kind,
    Reason,
    get_rules,
    round5,
)
from tests.engine.positions import D, L, R, U, blanks_out, line, play, position, settled


def test_allfives_spinner_and_scoring():
    """The All Fives bot README, pagat: the first double is the spinner; play goes on both its sides, then up and down;
    the open ends are counted after each play."""
    g = position("allfives", ["55 35 25 16", "05 56 44 12"], lead=None)
    # The highest double opens by itself and scores 10 for its owner, seat 0.
    assert line(g) == [[5, 5]] and g.team_points() == (10, 0) and g.turn == 1
    assert g.board.spinner == 0
    assert g.board.open_ends() == (L, R)
    play(g, "05", R)  # spinner end 5+5 plus 0: 10
    assert g.history[-1].scored == 10 and g.team_points() == (10, 10)
    play(g, "35", L)  # the spinner now has both sides: 3 + 0, and the arms open (empty arms count nothing)
    assert g.history[-1].scored == 0 and g.board.count() == 3
    assert g.board.open_ends() == (L, R, U)  # down opens once up has a tile
    play(g, "56", U)  # 3 + 0 + 6 = 9
    assert g.board.count() == 9 and g.history[-1].scored == 0
    assert g.board.open_ends() == (L, R, U, D)
    play(g, "25", D)  # 3 + 0 + 6 + 2 = 11
    assert g.board.count() == 11
    assert [[p.first, p.second] for p in g.board.up] == [[5, 6]]
    assert [[p.first, p.second] for p in g.board.down] == [[5, 2]]


def test_allfives_double_at_an_end_counts_both_halves():
    """The All Fives bot README: "With doubles, both numbers are counted"."""
    g = position("allfives", ["55 35 33 16", "25 22 14"], lead=None)
    assert g.team_points() == (10, 0)
    play(g, "25", R)  # spinner 10 + 2
    assert g.history[-1].scored == 0
    play(g, "35", L)  # 3 + 2: the spinner is no longer an end
    assert g.history[-1].scored == 5
    play(g, "22", R)  # 3 + [2|2] counted 4 = 7
    assert g.history[-1].scored == 0
    play(g, "33", L)  # [3|3] counted 6 + 4 = 10
    assert g.history[-1].scored == 10
    assert g.team_points() == (25, 0)


def test_allfives_locked_round_with_an_empty_boneyard():
    """The All Fives bot README: both players passing with the boneyard empty locks the round; the lighter hand gets
    the difference, rounded to the nearest 5."""
    # Find a real locked round among seeded random games and check it by the rules.
    import random

    from domino_tui.engine import GameState

    for seed in range(500):
        rng = random.Random(seed)
        g = GameState.new("allfives", rng)
        while not g.over:
            g.apply(rng.choice(g.legal_moves()))
        if g.result.reason is Reason.BLOCKED:
            break
    else:
        pytest.fail("no locked All Fives round in 500 seeded games")
    assert g.stock_size == 0
    assert [e.kind for e in g.history[-2:]] == [Kind.PASS, Kind.PASS]
    assert not any(g.playable(s) for s in range(2))
    a, b = g.result.pips
    if a == b:
        assert g.result.winner is None
    else:
        assert g.result.winner == (0 if a < b else 1)
        assert g.result.points[g.result.winner] == round5(abs(a - b))


def test_allfives_draw_until_playable():
    """The All Fives bot README: a player without a legal move draws, and draws again while the drawn tile does not
    connect."""
    g = position("allfives", ["55 16", "12 13"], stock="04 45 33", lead=None)
    assert g.turn == 1
    assert g.legal_moves() == [DRAW]
    g.apply(DRAW)  # 33: still nothing
    assert g.turn == 1 and g.legal_moves() == [DRAW]
    g.apply(DRAW)  # 45 fits
    assert g.turn == 1
    assert all(m.kind is Kind.PLAY for m in g.legal_moves())
    with pytest.raises(IllegalMoveError, match="must play"):
        g.apply(DRAW)


@pytest.mark.parametrize(("raw", "rounded"), [(0, 0), (2, 0), (3, 5), (12, 10), (13, 15), (27, 25), (28, 30)])
def test_round_to_five(raw, rounded):
    """The All Fives bot README: hands are scored rounded to the nearest 5."""
    assert round5(raw) == rounded


def test_allfives_round_end_scores_rounded():
    """The All Fives bot README: going out scores the opponent's tiles rounded to the nearest 5."""
    g = position("allfives", ["55", "56 34"], lead=None)  # seat 0 goes out with the opening double
    assert g.result.reason is Reason.OUT
    assert g.result.points == (20, 0)  # 18 pips round to 20
    assert g.team_points() == (30, 0)  # plus the 10 the [5|5] scored


def test_allfives_locked_round_gives_difference_rounded():
    """The All Fives bot README: a locked round gives the lower count the difference, rounded to the nearest 5."""
    rules = get_rules("allfives")
    assert settled(rules, None, [4, 17]) == (0, (15, 0))  # 13 -> 15
    assert settled(rules, None, [9, 9]) == (None, (0, 0))


def test_allfives_count_scores_itself_when_a_multiple_of_five():
    """The All Fives bot README: a board score that is a multiple of 5 scores itself; otherwise nothing."""
    rules = get_rules("allfives")
    assert [rules.count_points(c) for c in (0, 5, 10, 15, 6, 9)] == [0, 5, 10, 15, 0, 0]


def test_the_winner_leads_and_a_locked_round_opens_with_the_highest_double():
    """The All Fives bot README: the player who went out starts the next round with any tile; the first round and
    any round after a locked one start with the highest double either player holds."""
    from domino_tui.engine import GameResult, Opening

    rules = get_rules("allfives")
    out = GameResult(Reason.OUT, 1, (0, 15), (14, 0), out_seat=1, last_seat=1)
    locked = GameResult(Reason.BLOCKED, 0, (5, 0), (4, 9), last_seat=0)
    assert rules.first_opening(rules, None) == Opening(None)
    assert rules.next_opening(rules, out, Opening(None), 0, 1) == Opening(1)
    assert rules.next_opening(rules, locked, Opening(1), 1, 2) == Opening(None)


def test_a_double_played_later_is_the_spinner_and_only_the_first_double_is():
    """pagat's All Fives: "The first double, and only the first double, played is used as a spinner", led or not; the
    first and second tiles go against its sides, then the third and fourth against its ends."""
    g = position("allfives", ["35 56 33 11", "55 25 44"], lead=0)
    play(g, "35")  # a lead that is no double: no spinner yet
    assert g.board.spinner is None
    play(g, "55", R)  # the first double: its side against [3|5] is taken, its other side is the right end
    assert line(g)[g.board.spinner] == [5, 5] and g.board.open_ends() == (L, R) and g.board.count() == 3 + 10
    play(g, "56", R)  # both sides taken: play may now go up from it (3 + 6 = 9)
    assert g.board.open_ends() == (L, R, U) and g.board.count() == 9
    play(g, "25", U)  # 3 + 6 + 2
    assert g.board.open_ends() == (L, R, U, D) and g.board.count() == 11
    play(g, "33", L)  # a second double is no spinner: it counts both halves at the end, and nothing opens
    assert line(g)[g.board.spinner] == [5, 5] and g.board.open_ends() == (L, R, U, D)
    assert g.board.count() == 6 + 6 + 2 and g.history[-1].scored == 0


def test_a_locked_round_played_out_gives_the_lighter_hand_the_difference_rounded_to_five():
    """The All Fives bot README: a locked game is one where neither player can play and the boneyard is empty; "the
    player with a lower tile count gets the sum of their opponent's tiles minus the sum of their tiles, rounded to the
    nearest 5"."""
    g = blanks_out("allfives", "11 13 22")
    # The spinner [0|0] leads; only [0|5] on the right, against a left end of 0, makes a multiple of five.
    assert [e.scored for e in g.history] == [0, 0, 0, 0, 0, 0, 0, 5, 0, 0] and g.team_points() == (0, 5)
    assert g.board.ends == (0, 0, 0, -1) and g.stock_size == 0
    assert g.legal_moves() == [PASS]
    g.apply(PASS)
    g.apply(PASS)
    assert g.over and g.result.reason is Reason.BLOCKED
    # Seat 0 holds 2 + 4 + 4 = 10; seat 1 the other 116 of the 126 pips no blank is on: 106, rounded to 105.
    assert g.result.pips == (10, 116) and g.result.winner == 0 and g.result.points == (105, 0)
    assert g.team_points() == (105, 5)
