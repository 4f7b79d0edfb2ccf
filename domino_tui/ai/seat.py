"""A bot in a seat of either family of game: its move on the observation it is handed (a line game's or Mexican
Train's). Which bots play which family, and making one by name, are the registry's (domino_tui/bot_registry.py)."""

from __future__ import annotations

from ..engine import Move, TrainObservation
from ..engine.observation import Observation
from .base import Bot


def decide(bot: Bot, obs: Observation | TrainObservation) -> Move:
    """``bot``'s move on ``obs``, whichever family the observation is of."""
    return bot.choose_train(obs) if isinstance(obs, TrainObservation) else bot.choose(obs)
