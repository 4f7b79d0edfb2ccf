"""The bots and levels by name, and which family of game each plays, without loading a bot: a room checks the
seats it is asked for as it is made, which at a game of this keyboard is before the first frame, while the bots
themselves (the ai package, its search with them) load when the first one moves. The bots' own lists are
ai/registry.py's BOTS and ai/levels.py's LEVELS; tests/net/test_bot_names.py keeps this one the same as theirs."""

from __future__ import annotations

# Each bot (in BOTS's order): whether it plays the line games, and whether it plays the train games.
BOT_FAMILIES: dict[str, tuple[bool, bool]] = {
    "random": (True, True),
    "dummy": (True, False),
    "greedy": (True, True),
    "doubles": (True, False),
    "hyperskill": (True, False),
    "fivescorer": (True, False),
    "fivesdenier": (True, False),
    "trainplanner": (False, True),
    "expert": (True, True),
    "ismcts": (True, False),
}

# Each named level (in LEVELS's order, Beginner to Master): the bot it is.
LEVEL_BOTS: dict[str, str] = {
    "Beginner": "random",
    "Easy": "greedy",
    "Normal": "expert",
    "Hard": "expert",
    "Master": "expert",
}


def is_bot(level: str) -> bool:
    """Whether ``level`` names a level or a bot."""
    return level in LEVEL_BOTS or level in BOT_FAMILIES


def plays(level: str, trains: bool) -> bool:
    """Whether the level or bot ``level`` can take a seat at a line game, or at a train game (``trains``); as
    ai.seat.plays answers, from each bot's own word."""
    families = BOT_FAMILIES.get(LEVEL_BOTS.get(level, level))
    return families is not None and families[1 if trains else 0]
