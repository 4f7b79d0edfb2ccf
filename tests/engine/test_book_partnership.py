"""The Puerto Rico partnership game: cases from the dominoes library's documentation (docs/rules.md, "partnership")."""

from __future__ import annotations

import pytest

from domino_tui.engine import (
    PASS,
    IllegalMoveError,
    Opening,
    Reason,
    Tile,
    get_rules,
)
from tests.engine.positions import line, position, settled


def test_partnership_settlement_with_ties():
    """The dominoes library: out, the team scores every pip left; stuck, the lighter team wins every pip; equal,
    nobody."""
    rules = get_rules("partnership")
    assert settled(rules, 3, [5, 0, 7, 2]) == (1, (0, 14))
    assert settled(rules, None, [5, 3, 5, 3]) == (1, (0, 16))
    assert settled(rules, None, [5, 4, 3, 4]) == (None, (0, 0))


def test_partnership_six_six_leads_and_must_play():
    """The dominoes library: the [6|6] is played first by its holder; a player must play if able."""
    g = position(
        "partnership",
        ["66 01 02 03 04 05 11", "56 12 13 14 15 22 23", "06 24 25 33 34 35 44", "16 26 36 45 46 55 00"],
        lead=None,
    )
    assert line(g) == [[6, 6]] and g.turn == 1
    assert [m.tile for m in g.legal_moves()] == [Tile(5, 6), Tile(5, 6)]
    with pytest.raises(IllegalMoveError, match="must play"):
        g.apply(PASS)


def test_who_leads_the_next_game_of_a_series():
    """The dominoes library's Series: the player who went out leads; a stuck game won by the last player's team
    is led by the last player, one it lost by the player after the last, and a tie by the same leader."""
    from domino_tui.engine import GameResult, Opening, Reason, get_rules

    rules = get_rules("partnership")
    out = GameResult(Reason.OUT, 1, (0, 30), (10, 0, 12, 8), out_seat=1, last_seat=1)
    won = GameResult(Reason.BLOCKED, 0, (30, 0), (3, 10, 5, 12), last_seat=2)
    lost = GameResult(Reason.BLOCKED, 1, (0, 30), (10, 3, 12, 5), last_seat=2)
    tie = GameResult(Reason.BLOCKED, None, (0, 0), (5, 4, 3, 4), last_seat=3)
    assert rules.next_opening(rules, out, Opening(None), 0, 1) == Opening(1)
    assert rules.next_opening(rules, won, Opening(None), 0, 1) == Opening(2)
    assert rules.next_opening(rules, lost, Opening(None), 0, 1) == Opening(3)
    assert rules.next_opening(rules, tie, Opening(2), 2, 1) == Opening(2)


def test_a_stuck_game_played_out_gives_the_lighter_team_every_pip_and_its_staller_the_next_lead():
    """The dominoes library: play proceeds clockwise; a player with no possible move passes; when no player can play
    the game is stuck, and the team with the lower count earns both teams' counts. Its Series: a player who makes
    the game stuck and whose team wins starts the following game."""
    g = position("partnership", ["11", "33", "66 00", "22"], lead=None)
    assert line(g) == [[6, 6]] and g.turn == 3  # the holder of [6|6] lays it; the player after goes on
    for seat in (3, 0, 1, 2):  # nobody holds a 6
        assert g.turn == seat and g.legal_moves() == [PASS]
        g.apply(PASS)
    assert g.over and g.result.reason is Reason.BLOCKED and g.result.last_seat == 2
    # Seats 0 and 2 hold 2 + 0, seats 1 and 3 hold 6 + 4: the lighter team earns all 12.
    assert g.result.pips == (2, 6, 0, 4) and g.result.winner == 0 and g.result.points == (12, 0)
    rules = get_rules("partnership")
    assert rules.next_opening(rules, g.result, g.opening, g.leader, 1) == Opening(2)
