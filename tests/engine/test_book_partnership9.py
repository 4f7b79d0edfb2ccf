"""Double-nine partnership of Havana: cases from the MC102 assignment (docs/rules.md, "partnership9")."""

from __future__ import annotations

import random

from domino_tui.engine import (
    PASS,
    GameState,
    Reason,
    Tile,
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


def test_a_closed_game_played_out_goes_to_the_pair_with_the_lightest_hand_though_its_pips_are_more():
    """The MC102 assignment: the game ends when the four players have lost their turn in a row; then the pair with
    the player holding the fewest points wins ("vence a dupla que tiver o jogador com menos pontos")."""
    g = position("partnership9", ["99 00", "11 12", "77 78", "22"], lead=0)
    play(g, "99")
    for _ in range(4):  # nobody holds a 9
        g.apply(PASS)
    assert g.over and g.result.reason is Reason.BLOCKED and g.result.pips == (0, 5, 29, 4)
    # Seats 0 and 2 hold 29 pips between them against 9, but seat 0's empty-handed 0 is the lightest hand.
    assert g.result.winner == 0 and g.result.points == (1, 0)


def test_the_player_who_starts_lays_any_tile():
    """The MC102 assignment: "O jogador que começa, coloca a peça que desejar na mesa"."""
    g = position("partnership9", ["12 99 35", "00", "11", "22"], lead=0)
    assert {m.tile for m in g.legal_moves()} == {Tile(1, 2), Tile(9, 9), Tile(3, 5)}
    play(g, "35")
    assert g.board.ends[:2] == (3, 5) and g.turn == 1


def test_each_player_is_dealt_ten_and_nobody_draws_the_fifteen_left():
    """The MC102 assignment: the judge gives each player 10 random tiles of the 55; there is no drawing."""
    g = GameState.new("partnership9", random.Random(9))
    assert g.hand_sizes() == (10, 10, 10, 10) and g.stock_size == 0 and len(g.sleeping) == 15
