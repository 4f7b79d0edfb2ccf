"""Fives and Threes for 3 and 4 players, each for himself: every bot plays it, the expert's objective weighs its
hand against the side ahead of the others, and Hard takes more guesses there."""

from __future__ import annotations

import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.objective import Objective
from domino_tui.bot_registry import make_level
from domino_tui.engine import GameState, get_rules, observe


@pytest.mark.parametrize("players", [3, 4])
def test_every_bot_plays_whole_hands_among_more_sides(players: int) -> None:
    rules = get_rules("fivesandthrees").with_players(players)
    names = ["random", "greedy", "fivescorer", "expert"]
    for deal in range(4):
        state = GameState.new(rules, random.Random(deal))
        bots = [make_bot(names[(s + deal) % 4], random.Random(s), **_fast(names[(s + deal) % 4])) for s in range(4)]
        while not state.over:
            state.apply(bots[state.turn].choose(observe(state, state.turn, (), None)))  # apply refuses an illegal one
        assert len(state.team_points()) == players


def _fast(name: str) -> dict[str, object]:
    return {"budget": None, "samples": 8} if name == "expert" else {}


def test_the_objective_among_four_sides_is_against_the_side_ahead() -> None:
    rules = get_rules("fivesandthrees").with_players(4)
    state = GameState.new(rules, random.Random(3))
    hand = Objective(observe(state, 0, (), None))
    assert hand.of(None, (6, 5, 1, 0)) > 0 > hand.of(None, (3, 5, 1, 0))
    # Tied with the best of the others is a draw, whichever of them it is.
    assert hand.of(None, (6, 5, 1, 0)) > hand.of(None, (6, 5, 6, 0)) == hand.of(None, (6, 6, 1, 0))
    # In a match the rival is the leader after the hand: 3 points are worth more against a leader on 50 than
    # against one on 58, whoever earns what in this hand.
    near = Objective(observe(state, 0, (40, 50, 10, 10), 61))
    far = Objective(observe(state, 0, (40, 58, 10, 10), 61))
    assert near.in_match and near.of(None, (3, 0, 0, 0)) > far.of(None, (3, 0, 0, 0))


def test_a_hand_on_its_own_is_worth_its_points_not_only_who_earned_more() -> None:
    # Even odds of 10 points ahead or 1 behind are worth more than 1 point ahead for sure: the hand is played for
    # points (outside a match; in one, the match's equity decides).
    state = GameState.new(get_rules("fivesandthrees"), random.Random(3))
    hand = Objective(observe(state, 0, (), None))
    gamble = (hand.of(None, (10, 0)) + hand.of(None, (0, 1))) / 2
    assert gamble > hand.of(None, (1, 0)) > hand.of(None, (0, 0)) == 0.0


@pytest.mark.parametrize(("players", "guesses"), [(2, 3), (3, 7), (4, 7)])
def test_a_table_of_more_than_two_sides_takes_the_many_samples_guesses(players: int, guesses: int) -> None:
    rules = get_rules("fivesandthrees").with_players(players)
    state = GameState.new(rules, random.Random(5))
    obs = observe(state, state.turn, (), None)
    ranks = []
    for _ in range(2):
        bot = ExpertBot(random.Random(1), budget=None, samples=3, many_samples=7)
        ranks.append(bot.rank(obs))
        assert bot.guesses == [guesses]
    assert ranks[0] == ranks[1]  # the same seed, the same values: a run replays


def test_hard_takes_300_guesses_among_three_or_four() -> None:
    hard = make_level("Hard", random.Random(1))
    assert isinstance(hard, ExpertBot)
    assert (hard.options.samples, hard.options.many_samples) == (60, 300)
