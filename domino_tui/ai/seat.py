"""A bot in a seat of either family of game: which bots and levels play a family, and a bot's move on the
observation it is handed (a line game's or Mexican Train's)."""

from __future__ import annotations

import random

from ..engine import Move, TrainObservation
from ..engine.observation import Observation
from .base import Bot
from .levels import LEVELS, make_level
from .registry import BOTS, make_bot


def plays(level: str, trains: bool) -> bool:
    """Whether the level or bot ``level`` can take a seat at a line game, or at a train game (``trains``); each
    bot says which it plays."""
    lv = LEVELS.get(level)
    cls = BOTS.get(lv.bot if lv is not None else level)
    return cls is not None and (cls.plays_trains if trains else cls.plays_lines)


def make(level: str, rng: random.Random) -> Bot:
    """A bot for a level name (Beginner to Master) or a bot's own name (random, greedy, expert...)."""
    return make_level(level, rng) if level in LEVELS else make_bot(level, rng)


def decide(bot: Bot, obs: Observation | TrainObservation) -> Move:
    """``bot``'s move on ``obs``, whichever family the observation is of."""
    return bot.choose_train(obs) if isinstance(obs, TrainObservation) else bot.choose(obs)
