"""Fives and Threes: cases from gambiter (after Arthur Taylor), onlinedominogames and eightygames.wordpress.com
(docs/rules.md, "fivesandthrees")."""

from __future__ import annotations

import dataclasses

import pytest

from domino_tui.engine import (
    DRAW,
    PASS,
    IllegalMoveError,
    Kind,
    Reason,
    core,
    get_rules,
)
from domino_tui.engine.rules import Blocked
from tests.engine.positions import L, R, T, blanks_out, play, position, settled


@pytest.mark.parametrize(
    ("count", "points"),
    [(0, 0), (1, 0), (3, 1), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8), (18, 6), (20, 4), (30, 16), (7, 0)],
)
def test_fives_and_threes_count_scores_a_point_a_five_and_a_point_a_three(count, points):
    """gambiter, eightygames.wordpress.com's table: a point for each five and each three in the count (15 scores 8, 18
    scores 6)."""
    assert get_rules("fivesandthrees").count_points(count) == points


def test_fives_and_threes_first_tile_scores_both_halves():
    """gambiter: doubles count the total of their pips; the first tile's two halves are both ends."""
    g = position("fivesandthrees", ["55 01", "34 26"], lead=0)
    play(g, "55")  # a lead: the count is its two halves, 10: two fives
    assert g.history[-1].scored == 2 and g.team_points() == (2, 0)
    g = position("fivesandthrees", ["14 01", "34 26"], lead=1)
    play(g, "26")  # 8 scores nothing
    assert g.history[-1].scored == 0 and g.team_points() == (0, 0)


def test_fives_and_threes_fifteen_scores_eight_and_doubles_at_an_end_count_both_halves():
    """gambiter: no spinner; a double at an end counts both halves; 18 scores 6."""
    g = position("fivesandthrees", ["56 33 00", "36 01 02"], lead=0)
    play(g, "56")  # 11
    assert g.history[-1].scored == 0
    play(g, "36", R)  # 5 + 3 = 8
    assert g.history[-1].scored == 0 and g.board.count() == 8
    play(g, "33", R)  # 5 + [3|3] counted 6 = 11
    assert g.board.count() == 11 and g.history[-1].scored == 0
    assert g.board.spinner is None and g.board.open_ends() == (L, R)  # no spinner: play goes on both sides only
    g = position("fivesandthrees", ["55 50 44", "54 03 12"], lead=0)
    play(g, "55")  # 10: 2
    play(g, "54", R)  # [5|5] at the left counts 10, plus 4: 14
    assert g.board.count() == 14 and g.history[-1].scored == 0
    play(g, "44", R)  # 10 + 8 = 18: six threes
    assert g.history[-1].scored == 6 and g.team_points() == (8, 0)
    g = position("fivesandthrees", ["55 50 44", "54 03 12 15"], lead=0)
    play(g, "55")
    play(g, "54", R)  # 10 + 4
    play(g, "50", L)  # 0 + 4: no three or five
    assert g.board.count() == 4 and g.history[-1].scored == 0


def test_fives_and_threes_fifteen_scores_eight():
    """gambiter, onlinedominogames: 15 is three fives and five threes, 8 points."""
    g = position("fivesandthrees", ["66 01", "63 12"], lead=0)
    play(g, "66")  # 12: four threes
    assert g.history[-1].scored == 4
    play(g, "63", R)  # [6|6] at the left counts 12, plus 3: 15 is three fives and five threes
    assert g.board.count() == 15 and g.history[-1].scored == 8 and g.team_points() == (4, 8)
    g = position("fivesandthrees", ["36 01", "12"], lead=0)
    play(g, "36")  # 9: three threes
    assert g.history[-1].scored == 3


def test_fives_and_threes_going_out_scores_one_and_a_block_nothing():
    # gambiter.com's Fives and Threes (after Arthur Taylor): the go's point is for chipping out; a blocked hand
    # scores nobody. The lighter hand's point is the house rule Blocked.LIGHTER_TEAM.
    g = position("fivesandthrees", ["44", "56 34"], lead=0)
    play(g, "44")  # 8 scores nothing; seat 0 is out
    assert g.result.reason is Reason.OUT and g.result.points == (1, 0) and g.team_points() == (1, 0)
    rules = get_rules("fivesandthrees")
    assert settled(rules, None, [4, 17]) == (None, (0, 0))
    assert settled(rules, None, [9, 9]) == (None, (0, 0))
    house = dataclasses.replace(rules, blocked=Blocked.LIGHTER_TEAM)
    assert settled(house, None, [4, 17]) == (0, (1, 0))
    assert settled(house, None, [9, 9]) == (None, (0, 0))


def test_fives_and_threes_draws_until_playable():
    """dominorules.com's Threes and Fives, as this project's earlier pages cite it: draw until a tile fits."""
    g = position("fivesandthrees", ["16 55", "12 13"], stock="04 45 33", lead=0)
    play(g, "55")
    assert g.turn == 1 and g.legal_moves() == [DRAW]
    g.apply(DRAW)  # 33: still nothing
    assert g.turn == 1 and g.legal_moves() == [DRAW]
    g.apply(DRAW)  # 45 fits
    assert all(m.kind is Kind.PLAY for m in g.legal_moves())


def test_a_blocked_hand_among_three_or_four_sides_scores_nobody_or_the_one_lightest_hand() -> None:
    """Fives and Threes for 3 and 4, each for himself (gambiter.com, after Arthur Taylor): a blocked hand scores
    nobody; going out takes the point whatever the hands hold. With the house rule Blocked.LIGHTER_TEAM the go's
    point goes to the one lightest hand; two hands equally lightest, nobody."""
    from domino_tui.engine import VARIANTS

    book = VARIANTS["fivesandthrees"].with_players(3).kernel
    assert core.settle_points(book, core.NOBODY, (9, 4, 12)) == (core.NOBODY, (0, 0, 0))
    house = dataclasses.replace(VARIANTS["fivesandthrees"], blocked=Blocked.LIGHTER_TEAM)
    three = house.with_players(3).kernel
    four = house.with_players(4).kernel
    assert core.settle_points(three, core.NOBODY, (9, 4, 12)) == (1, (0, 1, 0))
    assert core.settle_points(three, core.NOBODY, (4, 9, 4)) == (core.NOBODY, (0, 0, 0))
    assert core.settle_points(four, core.NOBODY, (8, 7, 12, 3)) == (3, (0, 0, 0, 1))
    assert core.settle_points(four, core.NOBODY, (3, 7, 12, 3)) == (core.NOBODY, (0, 0, 0, 0))
    assert core.settle_points(four, 2, (3, 7, 0, 1)) == (2, (0, 0, 1, 0))


def test_the_lead_passes_to_the_next_seat_hand_by_hand():
    """gambiter: the first leader is chosen by lot; in the following hands the turn to start passes to the left."""
    from domino_tui.engine import GameResult, Opening

    rules = get_rules("fivesandthrees").with_players(3)
    blocked = GameResult(Reason.BLOCKED, None, (0, 0, 0), (4, 9, 4))
    assert rules.next_opening(rules, blocked, Opening(2), 2, 1) == Opening(0)
    assert rules.next_opening(rules, blocked, Opening(0), 0, 2) == Opening(1)


def test_a_player_able_to_play_may_not_knock_or_draw():
    """gambiter: "It is illegal to knock when able to play a tile"; dominorules: one draws only when unable."""
    g = position("fivesandthrees", ["55 01", "56 12"], stock="33 44", lead=0)
    play(g, "55")
    assert {m.kind for m in g.legal_moves()} == {Kind.PLAY}
    for refused in (PASS, DRAW):
        with pytest.raises(IllegalMoveError, match="must play"):
            g.apply(refused)
    assert g.turn == 1 and g.stock_size == 28 - 4 and g.hand(1) == tuple(T("56 12"))


@pytest.mark.parametrize(
    ("blocked", "settlement"),
    [(Blocked.DRAW, (None, (0, 0))), (Blocked.LIGHTER_TEAM, (0, (1, 0)))],
)
def test_a_blocked_hand_played_out_scores_nobody_or_the_lighter_hand_by_the_house_rule(blocked, settlement):
    """The copy of gambiter's text: "If the game is blocked, no one scores this point" (onlinedominogames: "no bonus
    point is awarded"); our house rule Blocked.LIGHTER_TEAM gives the point to the lighter hand. What the counts
    scored in play stays."""
    g = blanks_out(dataclasses.replace(get_rules("fivesandthrees"), blocked=blocked), "11 13 22")
    # No spinner; 3 (after [0|3]) and 5 (after [0|5]) score 1, 6 (after [5|6], against a blank end) scores 2.
    assert [e.scored for e in g.history] == [0, 0, 0, 0, 1, 0, 0, 1, 2, 0] and g.team_points() == (3, 1)
    assert g.board.ends == (0, 0, -1, -1) and g.stock_size == 0 and g.legal_moves() == [PASS]
    g.apply(PASS)
    g.apply(PASS)
    assert g.over and g.result.reason is Reason.BLOCKED and g.result.pips == (10, 116)
    winner, points = settlement
    assert (g.result.winner, g.result.points) == (winner, points)
    assert g.team_points() == (3 + points[0], 1 + points[1])


def test_at_a_table_of_three_each_count_scores_for_the_player_who_made_it():
    """gambiter (two to four players, each for himself): the count after a play scores for its player; the turn goes
    round the three seats."""
    g = position(get_rules("fivesandthrees").with_players(3), ["12 66", "24 55", "44 11"], lead=0)
    play(g, "12")  # 3: a three
    play(g, "24", R)  # 1 + 4 = 5: a five
    play(g, "44", R)  # 1 + [4|4] counted 8 = 9: three threes
    assert [e.scored for e in g.history] == [1, 1, 3] and g.team_points() == (1, 1, 3) and g.turn == 0
