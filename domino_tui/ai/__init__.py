"""Bots: from a random player to a searching expert. Each sees only an Observation."""

from .base import Bot
from .levels import LEVELS, Level, make_level
from .registry import BOTS, make_bot

__all__ = ["BOTS", "LEVELS", "Bot", "Level", "make_bot", "make_level"]
