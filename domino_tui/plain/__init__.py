"""``domino-tui --plain``: the Hyperskill stage text's line-by-line game against the computer, byte for byte as its
graders read it.

Stages 1 to 3 need only the standard library; the engine and the bot load for stages 4 and 5 alone, so that
``--stage 1`` starts about as fast as Python itself (see benchmarks/plain_startup.py). Nothing here imports
textual or rich.
"""

from .game import run

__all__ = ["run"]
