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
    out = [(f"Level: {name}", name) for name in _levels()]
    for name, cls in BOTS.items():
        label = f"{name}: {cls.description}" if cls.description else name
        out.append((label if len(label) <= 52 else label[:51] + "…", name))
    return out


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
