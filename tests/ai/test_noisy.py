"""The noisy bot: the greedy move, or with a set chance a random legal one; its strength falls as the noise grows."""

from __future__ import annotations

import random

import pytest

from domino_tui.ai import NoisyBot, make_bot
from domino_tui.engine import GameState, Move, Observation, observe

from .helpers import line, observation


def decisions(noise: float, seed: int, games: int = 20) -> list[tuple[Observation, Move]]:
    """Every decision of seat 0 against greedy in classic, with the move the noisy bot made."""
    out = []
    for g in range(games):
        state = GameState.new("classic", random.Random(g))
        bots = [NoisyBot(random.Random(f"{seed}/{g}"), noise=noise), make_bot("greedy")]
        while not state.over:
            obs = observe(state, state.turn)
            move = bots[state.turn].choose(obs)
            if state.turn == 0:
                out.append((obs, move))
            state.apply(move)
    return out


def test_without_noise_it_is_greedy() -> None:
    greedy = make_bot("greedy")
    assert all(move == greedy.choose(obs) for obs, move in decisions(0.0, seed=1))


def test_with_full_noise_it_plays_any_legal_move() -> None:
    made = decisions(1.0, seed=2)
    greedy = make_bot("greedy")
    assert all(move in obs.legal for obs, move in made)
    choices = [(obs, move) for obs, move in made if len(obs.legal) > 1]
    unlike_greedy = sum(move != greedy.choose(obs) for obs, move in choices)
    assert 0.3 * len(choices) < unlike_greedy < len(choices)


def test_the_same_seed_makes_the_same_moves() -> None:
    assert [m for _, m in decisions(0.5, seed=3)] == [m for _, m in decisions(0.5, seed=3)]


def test_more_noise_is_weaker() -> None:
    # The field of benchmarks/league_quality.py rests on this: in classic a random move is often a needless draw.
    won = lost = 0
    for g in range(200):
        state = GameState.new("classic", random.Random(g))
        bots = [NoisyBot(random.Random(g), noise=0.2), NoisyBot(random.Random(-g), noise=0.8)]
        if g % 2:
            bots.reverse()
        while not state.over:
            state.apply(bots[state.turn].choose(observe(state, state.turn)))
        winner = state.result.winner if state.result else None
        won += winner == g % 2
        lost += winner == 1 - g % 2
    assert won > 2 * lost


def test_a_base_bot_may_be_given() -> None:
    obs = observation("block", "01 45 33", line("13 34"))
    assert NoisyBot(random.Random(1), noise=0.0, base=make_bot("dummy")).choose(obs) == make_bot("dummy").choose(obs)


@pytest.mark.parametrize("noise", [-0.1, 1.5])
def test_noise_is_a_chance(noise: float) -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        NoisyBot(noise=noise)
