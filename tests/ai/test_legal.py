"""Every bot returns only legal moves, in every variant, over many seeded games."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domino_tui.bot_registry import BOTS, LEVELS, make_bot, make_level
from domino_tui.engine import VARIANTS, GameState, observe

# The searching bots have tests of their own; a bot of the train games alone plays none of these.
SIMPLE = [name for name, entry in BOTS.items() if name not in ("expert", "ismcts") and entry.lines]


def play_out(variant: str, bots: list, seed: int) -> int:
    state = GameState.new(variant, random.Random(seed))
    decisions = 0
    while not state.over:
        obs = observe(state, state.turn)
        move = bots[state.turn].choose(obs)
        assert move in obs.legal, f"{bots[state.turn]} chose {move} not in {obs.legal}"
        state.apply(move)
        decisions += 1
    return decisions


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_simple_bots_only_play_legal_moves(variant: str) -> None:
    players = VARIANTS[variant].players
    games = 0
    for seed in range(400):
        names = [SIMPLE[(seed + k) % len(SIMPLE)] for k in range(players)]
        bots = [make_bot(n, random.Random(seed * 10 + k)) for k, n in enumerate(names)]
        play_out(variant, bots, seed)
        games += 1
    assert games == 400


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_expert_only_plays_legal_moves(variant: str) -> None:
    players = VARIANTS[variant].players
    for seed in range(20):
        bots = [
            make_bot("expert", random.Random(seed), budget=None, samples=3, exact=8)
            if k % 2 == seed % 2
            else make_bot("random", random.Random(seed))
            for k in range(players)
        ]
        assert play_out(variant, bots, 1000 + seed) > 0


def test_every_level_builds_a_registered_bot_that_plays() -> None:
    assert list(LEVELS) == ["Beginner", "Easy", "Normal", "Hard", "Master"]
    for name, level in LEVELS.items():
        assert level.bot in BOTS
        bot = make_level(name, random.Random(0))
        if level.bot == "expert":
            bot.options = replace(bot.options, budget=None, samples=2)  # quick; the level's own budget is benchmarked
        play_out("block", [bot, make_bot("greedy", random.Random(1))], 7)


def test_each_level_is_the_bot_and_the_time_a_decision_the_new_game_screen_says() -> None:
    levels = {name: make_level(name, random.Random(0)) for name in LEVELS}
    assert {name: bot.name for name, bot in levels.items()} == {
        "Beginner": "random",
        "Easy": "greedy",
        "Normal": "expert",
        "Hard": "expert",
        "Master": "expert",
    }
    assert [levels[name].options.budget for name in ("Normal", "Hard", "Master")] == [0.03, 0.2, 0.6]


def test_unknown_names_get_a_clear_message() -> None:
    with pytest.raises(ValueError, match="choose one of"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="Beginner"):
        make_level("Impossible")
