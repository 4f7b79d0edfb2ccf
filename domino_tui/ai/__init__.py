"""Bots: from a random player to a searching expert. Each sees only an Observation.

The search's hot paths (lines.py, stirring.py, train_loops.py) may be installed compiled beside their source,
as the engine's kernel is; DOMINO_TUI_PURE=1 runs their source interpreted even then.
"""

import os as _os

from ..engine.compiled import PURE as _PURE
from ..engine.compiled import use_sources as _use_sources

if _PURE:  # before anything imports the compiled modules
    _use_sources(__name__, _os.path.dirname(__file__), "lines", "stirring", "train_loops")

from .base import Bot
from .levels import LEVELS, Level, make_level
from .noisy import NoisyBot
from .registry import BOTS, make_bot

__all__ = ["BOTS", "LEVELS", "Bot", "Level", "NoisyBot", "make_bot", "make_level"]
