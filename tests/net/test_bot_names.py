"""The room's list of bots and levels by name (net.bot_names, read before any bot is loaded) is the bots' own:
the same names in the same order, each playing the same families, each level the same bot."""

from __future__ import annotations

from domino_tui.ai import BOTS, LEVELS
from domino_tui.ai import seat as ai_seat
from domino_tui.net import bot_names


def test_every_bot_by_name_plays_what_the_bot_itself_says() -> None:
    told = {name: (cls.plays_lines, cls.plays_trains) for name, cls in BOTS.items()}
    assert told == bot_names.BOT_FAMILIES
    assert list(bot_names.BOT_FAMILIES) == list(BOTS)


def test_every_level_by_name_is_the_same_bot() -> None:
    told = {name: level.bot for name, level in LEVELS.items()}
    assert told == bot_names.LEVEL_BOTS
    assert list(bot_names.LEVEL_BOTS) == list(LEVELS)


def test_plays_answers_as_the_bots_do() -> None:
    for name in [*LEVELS, *BOTS, "nobody", "person"]:
        for trains in (False, True):
            assert bot_names.plays(name, trains) == ai_seat.plays(name, trains), (name, trains)
        assert bot_names.is_bot(name) == (name in LEVELS or name in BOTS)
