"""What the new-game screen offers for a seat: the named levels, then every bot. The settings check their
opponents by name (the bot registry) as the app starts; the bots' descriptions load with the new-game screen."""

from __future__ import annotations

import re

from ..bot_registry import BOTS, LEVELS, bot_class, is_bot, plays

# What a player needs to know of each bot; the classes' own descriptions speak to developers (seeds, origins).
PLAIN = {
    "random": "Any tile that fits, at random.",
    "dummy": "The first tile it finds that fits.",
    "greedy": "Its heaviest tile that fits.",
    "doubles": "Doubles first, then the heaviest tile.",
    "hyperskill": "Its most common numbers first.",
    "fivescorer": "The play that scores most right now.",
    "trainplanner": "Keeps a run for its own train.",
    "fivesdenier": "Scores, leaving the next player little.",
    "expert": "Reads the hidden hands and searches.",
}
# A seat for a person at this keyboard (hot seat): each hand is hidden behind a "pass the keyboard" screen.
PERSON = "person"
PERSON_LABEL = "person: Another player at this keyboard (hot seat)."
LABEL_WIDTH = 52  # the new-game screen's selects show this much on one line


def _plain(name: str, description: str) -> str:
    """A short description for the menu: the given one without asides, cut at a word, never mid-word."""
    text = PLAIN.get(name) or re.sub(r"\s*\([^)]*\)", "", description).strip()
    room = LABEL_WIDTH - len(name) - 2
    if len(text) > room:
        text = text[:room].rsplit(" ", 1)[0].rstrip(",;:") + "."
    return text


def choices(trains: bool = False) -> list[tuple[str, str]]:
    """(label, name) pairs, levels first, then every bot, then a person at this keyboard. ``trains``: the bots'
    level of a train game (Mexican Train): only those that play it, and no person (a train game asks how many
    people share the keyboard)."""
    out = []
    for name in names(trains):
        if name == PERSON:
            out.append((PERSON_LABEL, PERSON))
        else:
            description = _plain(name, _description(name))
            out.append((f"{name}: {description}" if description else name, name))
    return out


def names(trains: bool = False) -> list[str]:
    """The names ``choices`` offers, in its order, without loading a bot for its description."""
    return [name for name in [*LEVELS, *BOTS] if plays(name, trains)] + ([] if trains else [PERSON])


def _description(name: str) -> str:
    """A level's description, or a bot's own: its class's (the bot's module is loaded for it) where ours has none."""
    if name in LEVELS:
        return LEVELS[name].description
    return PLAIN.get(name) or bot_class(name).description or ""


def opponent_for(name: str, trains: bool) -> str:
    """``name`` if it plays the family (the train games: ``trains``), else the strongest level below it that does
    (else the first that does)."""
    if plays(name, trains):
        return name
    levels = list(LEVELS)
    below = levels[: levels.index(name)] if name in levels else []
    playing = [lv for lv in below if plays(lv, trains)]
    return playing[-1] if playing else names(trains)[0]


def default_opponent() -> str:
    """The middle level."""
    return "Normal"


def known(name: str) -> bool:
    return name == PERSON or is_bot(name)
