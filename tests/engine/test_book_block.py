"""The block game: cases from zpag, learnplaywin and onlinedominogames (docs/rules.md, "block")."""

from __future__ import annotations

import pytest

from domino_tui.engine import (
    DRAW,
    PASS,
    IllegalMoveError,
    Kind,
    Reason,
    Tile,
)
from tests.engine.positions import play, position


def test_block_game_pass_only_when_unable_and_both_pass_ends_it():
    """zpag and learnplaywin (the block game): pass only when unable; the game ends when no player can go, and the
    lighter hand scores the loser's pips."""
    g = position("block", ["66 56 00", "55 11 01"])
    play(g, "66")
    assert g.legal_moves() == [PASS]
    with pytest.raises(IllegalMoveError):
        g.apply(DRAW)
    g.apply(PASS)
    play(g, "56")  # ends 6 and 5
    assert [m.tile for m in g.legal_moves() if m.kind is Kind.PLAY] == [Tile(5, 5)]
    play(g, "55")
    assert g.legal_moves() == [PASS]  # seat 0 holds only 00
    g.apply(PASS)
    assert g.legal_moves() == [PASS]  # seat 1 holds 11 01
    g.apply(PASS)
    assert g.over and g.result.reason is Reason.BLOCKED
    # Seat 0 holds 0 pips, seat 1 holds 3: the lighter hand scores the opponent's pips.
    assert g.result.winner == 0 and g.result.points == (3, 0)


def test_block_equal_hands_score_nothing():
    """onlinedominogames (block): a blocked game with equal hands has no winner and scores nothing."""
    g = position("block", ["66 12", "56 03"])
    play(g, "66")
    play(g, "56")
    g.apply(PASS)
    g.apply(PASS)
    assert g.result.reason is Reason.BLOCKED and g.result.winner is None and g.result.points == (0, 0)


def test_going_out_scores_the_opponents_pips():
    """zpag, learnplaywin (block): the player who goes out scores the pips of the opponent's tiles."""
    g = position("block", ["66", "56 45"])
    play(g, "66")
    assert g.result.reason is Reason.OUT and g.result.points == (20, 0)


def test_the_lead_alternates_game_by_game():
    """onlinedominogames (block): the player next to the previous leader leads the next round, any tile."""
    from domino_tui.engine import GameResult, Opening, Reason, get_rules

    rules = get_rules("block")
    won = GameResult(Reason.OUT, 1, (0, 9), (9, 0), out_seat=1, last_seat=1)
    assert rules.first_opening(rules, None) == Opening(0)
    assert rules.next_opening(rules, won, Opening(0), 0, 1) == Opening(1)
    assert rules.next_opening(rules, won, Opening(1), 1, 2) == Opening(0)


def test_a_player_who_can_play_may_not_pass():
    """zpag, learnplaywin (the block game): a player passes only when unable to play."""
    g = position("block", ["66 12", "56 03"])
    play(g, "66")
    assert {m.kind for m in g.legal_moves()} == {Kind.PLAY} and {m.tile for m in g.legal_moves()} == {Tile(5, 6)}
    with pytest.raises(IllegalMoveError, match="must play"):
        g.apply(PASS)
    assert g.turn == 1 and not g.over


def test_a_blocked_game_gives_the_lighter_hand_the_opponents_pips_not_the_difference():
    """zpag (the block game): when no player can go, the lighter hand scores "the total pip count of the loser's
    tiles" (learnplaywin's difference is not played: docs/rules.md)."""
    g = position("block", ["66 13", "45"])
    play(g, "66")
    g.apply(PASS)  # [4|5] does not fit a 6
    g.apply(PASS)  # nor [1|3]
    assert g.over and g.result.reason is Reason.BLOCKED
    # Seat 0 holds 4 pips, seat 1 holds 9: seat 0 scores the 9, not the difference of 5.
    assert g.result.winner == 0 and g.result.points == (9, 0) and g.team_points() == (9, 0)
