"""Stage 3's table without rules: tiles go where they are put, as they lie, and the game still ends."""

from __future__ import annotations

from domino_tui.plain.deal import COMPUTER, NOBODY, PLAYER

from .positions import free_table

# The Hyperskill stage text: a line whose ends both show 5 with eight 5s in it is a draw. Here the 5s number seven so
# far.
SEVEN_FIVES = "55 25 12 15 45 04 05 35"


def test_eighth_five_at_both_ends_is_a_draw():
    table = free_table(SEVEN_FIVES, "11 22 33", "16 56", 0, PLAYER)
    assert table.outcome is None
    table.player_move(-2)  # [5, 6] on the left, as it lies: the line now reads 5 ... 5 with eight 5s
    assert table.line[0] == (5, 6) and table.outcome == NOBODY


def test_equal_ends_with_fewer_than_eight_go_on():
    table = free_table("55 25 12 15 45 04", "11 22 33", "16 05", 0, PLAYER)
    table.player_move(2)  # [0, 5] on the right: ends 5 and 5, but only six 5s
    assert table.outcome is None and table.turn == COMPUTER


def test_eight_of_a_number_with_different_ends_goes_on():
    table = free_table(SEVEN_FIVES, "11 22 33", "16 56", 0, PLAYER)
    table.player_move(2)  # [5, 6] on the right: eight 5s, but the ends are 5 and 6
    assert table.outcome is None


def test_no_rules_any_tile_anywhere():
    table = free_table("66", "11 22 33", "01 23", 5, PLAYER)
    table.player_move(-2)
    assert table.line == [(2, 3), (6, 6)]


def test_zero_draws_the_last_tile_of_the_stock_and_skips_once_it_is_empty():
    table = free_table("66", "11 22 33", "01", "04 05", PLAYER, numbers=[0])
    table.player_move(0)
    assert table.hand == [(0, 1), (0, 5)] and table.stock == [(0, 4)]
    table.computer_move()
    assert table.hands[COMPUTER][-1] == (0, 4) and table.stock == []
    table.player_move(0)
    assert table.hand == [(0, 1), (0, 5)] and table.turn == COMPUTER


def test_emptying_a_hand_wins():
    table = free_table("66", "11 22", "01", 3, COMPUTER, numbers=[-1, 1])
    table.computer_move()
    table.player_move(1)
    assert table.outcome == PLAYER
