"""Bots: from a random player to a searching expert. Each sees only an Observation.

The bots by name, and the levels, are the registry's (domino_tui/bot_registry.py): it imports a bot's module when
that bot is asked for, so this package loads none of them itself.

The search's hot paths (lines.py, stirring.py, train_loops.py) may be installed compiled beside their source,
as the engine's kernel is; DOMINO_TUI_PURE=1 runs their source interpreted even then.
"""

import os as _os
from typing import TYPE_CHECKING

from ..engine.compiled import PURE as _PURE
from ..engine.compiled import use_sources as _use_sources

if _PURE:  # before anything imports the compiled modules
    _use_sources(__name__, _os.path.dirname(__file__), "lines", "stirring", "train_loops")

from ..bot_registry import LEVELS, Level, make_bot, make_level
from .base import Bot

if TYPE_CHECKING:
    from .noisy import NoisyBot


def __getattr__(name: str) -> object:
    # The noisy bot wraps the greedy one: it loads the simple bots, so only when it is asked for.
    if name == "NoisyBot":
        from .noisy import NoisyBot

        return NoisyBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["LEVELS", "Bot", "Level", "NoisyBot", "make_bot", "make_level"]
