"""The bots and levels by name: each bot's name, which families of game it plays and where it lives (its module and
class), and the named levels over them. Nothing here imports a bot: naming, listing or checking bots (the command
line's --opponent, a room checking its seats as it is made, which at a game of this keyboard is before the first
frame) loads none of them, and asking for one bot imports its own module only, when it is first asked for."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from .ai.base import Bot


@dataclass(frozen=True, slots=True)
class BotEntry:
    """A bot by name: whether it plays the line games and the train games, and its class (``module`` of this
    package, ``class_name`` in it)."""

    name: str
    module: str
    class_name: str
    lines: bool = True
    trains: bool = False


BOTS: dict[str, BotEntry] = {
    bot.name: bot
    for bot in (
        BotEntry("random", "ai.simple", "RandomBot", trains=True),
        BotEntry("dummy", "ai.simple", "DummyBot"),
        BotEntry("greedy", "ai.simple", "GreedyBot", trains=True),
        BotEntry("doubles", "ai.simple", "DoublesBot"),
        BotEntry("hyperskill", "ai.simple", "HyperskillBot"),
        BotEntry("fivescorer", "ai.simple", "FiveScorerBot"),
        BotEntry("fivesdenier", "ai.simple", "FivesDenierBot"),
        BotEntry("trainplanner", "ai.train_planner", "TrainPlannerBot", lines=False, trains=True),
        BotEntry("expert", "ai.expert", "ExpertBot", trains=True),
        BotEntry("ismcts", "ai.ismcts", "IsmctsBot"),
    )
}


@dataclass(frozen=True, slots=True)
class Level:
    """A named level of the new-game screen: a bot and its options (a thinking budget)."""

    name: str
    bot: str
    options: dict[str, object] = field(default_factory=dict)
    description: str = ""


# The README ("Bots") gives the measured strength of each level. Names are stable: the TUI and the plain mode offer
# exactly these, in this order (Beginner to Master).
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


def is_bot(name: str) -> bool:
    """Whether ``name`` names a level or a bot."""
    return name in LEVELS or name in BOTS


def plays(name: str, trains: bool) -> bool:
    """Whether the level or bot ``name`` can take a seat at a line game, or at a train game (``trains``)."""
    level = LEVELS.get(name)
    bot = BOTS.get(level.bot if level is not None else name)
    return bot is not None and (bot.trains if trains else bot.lines)


def bot_class(name: str) -> type[Bot]:
    """The class of the bot ``name``, its module imported now if it was not; an unknown name gets a message listing
    the known ones."""
    try:
        bot = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose one of: {', '.join(BOTS)}") from None
    module = importlib.import_module(f"{__package__}.{bot.module}")
    return cast("type[Bot]", getattr(module, bot.class_name))


def make_bot(name: str, rng: random.Random | None = None, **options: object) -> Bot:
    """Build a registered bot by name; an unknown name gets a message listing the known ones."""
    return bot_class(name)(rng, **options)


def make_level(level: str, rng: random.Random | None = None) -> Bot:
    """The bot for a named level; an unknown name gets a message listing the levels."""
    try:
        lv = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}; choose one of: {', '.join(LEVELS)}") from None
    return make_bot(lv.bot, rng, **lv.options)


def make(name: str, rng: random.Random) -> Bot:
    """A bot for a level name (Beginner to Master) or a bot's own name (random, greedy, expert...)."""
    return make_level(name, rng) if name in LEVELS else make_bot(name, rng)
