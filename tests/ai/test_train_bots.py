"""The random and greedy bots play Mexican Train through the one bot interface, from the observation alone."""

from __future__ import annotations

import random

import pytest

from domino_tui.bot_registry import BOTS, make_bot
from domino_tui.engine import MEXICAN_TRAIN, Tile, TrainPlay, TrainRoundState, observe_train


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_bot_plays_legal_moves_for_whole_rounds(name):
    rng = random.Random(3)
    for i in range(30):
        rules = MEXICAN_TRAIN.with_players(2 + i % 7)
        state = TrainRoundState.new(rules, i % 13, rng)
        bot = make_bot(name, random.Random(i))
        while not state.over:
            obs = observe_train(state, state.turn)
            move = bot.choose_train(obs)
            assert move in obs.legal
            state.apply(move)


def test_greedy_lays_its_heaviest_tile_and_satisfies_the_open_double():
    rules = MEXICAN_TRAIN.with_players(2)
    state = TrainRoundState.new(rules, 0, random.Random(8))
    bot = make_bot("greedy", random.Random(0))
    for _ in range(200):
        if state.over:
            break
        obs = observe_train(state, state.turn)
        move = bot.choose_train(obs)
        plays = [m for m in obs.legal if isinstance(m, TrainPlay)]
        if plays:
            assert isinstance(move, TrainPlay)
            assert move.tile.pips == max(m.tile.pips for m in plays)
            if obs.open_double is not None:
                assert move.train == obs.open_double
        state.apply(move)


def test_bots_that_do_not_play_trains_say_so():
    state = TrainRoundState.new(MEXICAN_TRAIN, 0, random.Random(1))
    obs = observe_train(state, state.turn)
    for name, entry in BOTS.items():
        if not entry.trains:
            with pytest.raises(NotImplementedError, match="does not play Mexican Train"):
                make_bot(name, random.Random(0)).choose_train(obs)
    assert Tile(12, 12) not in obs.hand  # the engine is in the hub
