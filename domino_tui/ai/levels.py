"""Named levels for the new-game screen: each is a bot and a thinking budget.

The README ("Bots") gives the measured strength of each level. Names are stable: the TUI and the plain mode offer
exactly these, in this order.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .base import Bot
from .registry import make_bot


@dataclass(frozen=True, slots=True)
class Level:
    name: str
    bot: str
    options: dict[str, object] = field(default_factory=dict)
    description: str = ""


LEVELS: dict[str, Level] = {
    lv.name: lv
    for lv in (
        Level("Beginner", "random", {}, "Plays any legal tile."),
        Level("Easy", "greedy", {}, "Sheds its heaviest tile or scores the most."),
        Level("Normal", "expert", {"budget": 0.03, "samples": 6}, "Reads the table a little, thinks briefly."),
        # Levels differ in guesses, not only seconds: with the kernel's playouts a line game's 0.2 s already
        # buys the expert's whole 5,000 guesses, and Hard would be Master there. At Mexican Train it plays for the
        # lowest score alone, which needs more guesses than 60 to pay, and so does Fives and Threes among three
        # (docs/strength.md).
        Level(
            "Hard",
            "expert",
            {"budget": 0.2, "samples": 60, "many_samples": 300, "train_samples": 300, "train_against_best": True},
            "Reads the table and weighs 60 guesses a move, 300 at Mexican Train and among three or four.",
        ),
        Level("Master", "expert", {}, "Reads the table and thinks up to 0.6 s (the expert at its default)."),
    )
}


def make_level(level: str, rng: random.Random | None = None) -> Bot:
    """The bot for a named level; an unknown name gets a message listing the levels."""
    try:
        lv = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose one of: {', '.join(LEVELS)}") from None
    return make_bot(lv.bot, rng, **lv.options)
