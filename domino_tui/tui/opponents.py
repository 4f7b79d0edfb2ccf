"""What the new-game screen offers for a seat: the named levels when the ai package has them, then every bot."""

from __future__ import annotations

import random

from ..ai import BOTS, Bot, make_bot


def _levels() -> dict[str, object]:
    try:
        from ..ai.levels import LEVELS  # type: ignore[import-not-found]
    except ImportError:
        return {}
    return dict(LEVELS)


def choices() -> list[tuple[str, str]]:
    """(label, name) pairs, levels first."""
    out = []
    for name, level in _levels().items():
        description = getattr(level, "description", "")
        out.append((f"{name}: {description}" if description else name, name))
    for name, cls in BOTS.items():
        label = f"{name}: {cls.description}" if cls.description else name
        out.append((label if len(label) <= 52 else label[:51] + "…", name))
    return out


def default_opponent() -> str:
    """The middle level when the ai package names levels, else seed 000's computer."""
    levels = list(_levels())
    return "Normal" if "Normal" in levels else "hyperskill"


def known(name: str) -> bool:
    return name in BOTS or name in _levels()


def make_opponent(name: str, rng: random.Random) -> Bot:
    """A bot for ``name``: a level (whatever shape the ai package gives it) or a registered bot."""
    levels = _levels()
    if name in levels:
        level = levels[name]
        try:
            from ..ai.levels import make_level  # type: ignore[import-not-found]

            return make_level(name, rng)
        except ImportError:
            pass
        if isinstance(level, str):
            return make_bot(level, rng)
        if isinstance(level, tuple) and len(level) == 2 and isinstance(level[1], dict):
            return make_bot(level[0], rng, **level[1])
        bot_name = getattr(level, "bot", None)
        if isinstance(bot_name, str):
            return make_bot(bot_name, rng, **dict(getattr(level, "options", {}) or {}))
    return make_bot(name, rng)
