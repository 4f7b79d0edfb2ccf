"""The denier (`fivesdenier`): its choices on hand-built positions scored as the rule books score them (the count
of the open ends, a double at an end counting both halves: docs/rules.md, from pagat.com's All Fives and Fives
and Threes), and that it only ever plays legal moves."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domino_tui.ai import make_bot
from domino_tui.ai.simple import FivesDenierBot, reply_chance
from domino_tui.engine import End, GameState, Move, Tile, get_rules, observe

from .helpers import line, mask, observation

# A Fives and Threes hand near its end (found in a game against the greedy scorer): the stock is empty, so the
# one tile nobody can see, [6|6], is the opponent's last. The ends show 6 and 5 (count 11).
ENDGAME = "61 10 03 36 60 05 55 53 31 14 45 51 11 12 20 00 04 46 62 22 23 34 42 25"


def choose(name: str, obs) -> Move:
    return make_bot(name, random.Random(0)).choose(obs)


def test_it_takes_two_that_leave_nothing_over_four_that_let_the_opponent_score_six_and_go_out() -> None:
    obs = observation("fivesandthrees", "33 44 56", line(ENDGAME))
    obs = replace(obs, hand_sizes=(3, 1))
    # [5|6] on the right: ends 6 and 6, count 12, four threes, 4 points; then [6|6] makes 6 + 12 = 18 (six threes)
    # and goes out. On the left: ends 5 and 5, count 10, two fives, 2 points, and [6|6] fits nowhere.
    assert choose("fivescorer", obs) == Move.play(Tile(5, 6), End.RIGHT)
    assert choose("fivesdenier", obs) == Move.play(Tile(5, 6), End.LEFT)
    # Told not to deny, it takes the 4 as the greedy scorer does.
    assert FivesDenierBot(random.Random(0), deny=False).choose(obs) == Move.play(Tile(5, 6), End.RIGHT)


def test_it_declines_ten_that_leave_fifteen_for_a_safe_five() -> None:
    # All Fives, ends 5 and 1 (count 6), and the next player surely holds [5|5] (its only tile that could be).
    obs = observation("allfives", "15 45 02", line("53 31"), stock=5)
    ten = Move.play(Tile(1, 5), End.RIGHT)  # ends 5 and 5: 10; then [5|5] on a 5 makes 10 + 5 = 15
    five = Move.play(Tile(4, 5), End.LEFT)  # ends 4 and 1: 5; [5|5] fits nowhere
    sure = (mask("55"), 1)
    assert FivesDenierBot.worth(obs, five, sure) > FivesDenierBot.worth(obs, ten, sure)
    # Told nothing of the reply (no tile could answer), it takes the ten like the greedy scorer.
    nothing = (0, 1)
    assert FivesDenierBot.worth(obs, ten, nothing) > FivesDenierBot.worth(obs, five, nothing)


def test_the_chance_of_a_reply_is_the_chance_a_random_hand_holds_it() -> None:
    assert reply_chance(24, 7, 1) == pytest.approx(7 / 24)
    assert reply_chance(24, 7, 0) == 0.0
    assert reply_chance(3, 3, 1) == 1.0  # the hand is every tile it may hold
    assert reply_chance(10, 2, 2) == pytest.approx(1 - (8 * 7) / (10 * 9))


def test_without_a_count_it_plays_the_heaviest_tile() -> None:
    obs = observation("block", "01 45 33", line("13 34"))
    assert choose("fivesdenier", obs) == choose("greedy", obs)


@pytest.mark.parametrize(
    ("variant", "players", "deals"),
    [
        ("fivesandthrees", 2, 1000),
        ("fivesandthrees", 3, 500),
        ("fivesandthrees", 4, 500),
        ("allfives", 2, 500),
        ("block", 2, 200),
        ("classic", 2, 200),
    ],
)
def test_it_only_plays_legal_moves(variant: str, players: int, deals: int) -> None:
    rules = get_rules(variant)
    if players != rules.players:
        rules = rules.with_players(players)
    for deal in range(deals):
        state = GameState.new(rules, random.Random(deal))
        bots = [
            make_bot("fivesdenier" if s == deal % players else "fivescorer", random.Random(s)) for s in range(players)
        ]
        while not state.over:
            obs = observe(state, state.turn, (), None)
            move = bots[state.turn].choose(obs)
            assert move in obs.legal
            state.apply(move)
