"""Double-nine partnership of Havana: cases from the MC102 assignment (docs/rules.md, "partnership9")."""

from __future__ import annotations

from domino_tui.engine import (
    PASS,
    Reason,
    get_rules,
)
from tests.engine.positions import play, position, settled


def test_partnership9_blocked_compares_each_teams_lighter_hand():
    """The MC102 assignment: a closed game is won by the pair whose player holds the smaller sum; equal, a tie."""
    rules = get_rules("partnership9")
    # Team 0's lighter hand holds 2, team 1's holds 3: team 0 wins, though its total is larger.
    assert settled(rules, None, [40, 3, 2, 30]) == (0, (1, 0))
    assert settled(rules, None, [3, 3, 9, 9]) == (None, (0, 0))
    assert settled(rules, 1, [3, 0, 9, 9]) == (1, (0, 1))


def test_partnership9_four_passes_block_the_game():
    """The MC102 assignment: the game is closed when all four players pass in a row."""
    g = position("partnership9", ["99 88", "00 01", "11 12", "22 23"])
    play(g, "99")
    for _ in range(3):
        g.apply(PASS)
    assert not g.over
    g.apply(PASS)
    assert g.over and g.result.reason is Reason.BLOCKED


def test_the_lead_moves_clockwise_game_by_game_whoever_won():
    """The MC102 assignment: a random player starts the first game, and the start then moves clockwise."""
    from domino_tui.engine import GameResult, Opening

    rules = get_rules("partnership9")
    for result in (
        GameResult(Reason.OUT, 0, (1, 0), (0, 9, 5, 9), out_seat=0, last_seat=0),
        GameResult(Reason.BLOCKED, 1, (0, 1), (9, 3, 9, 8), last_seat=2),
    ):
        assert rules.next_opening(rules, result, Opening(3), 3, 4) == Opening(0)
