"""The bots by name: what the command line, the tournaments and the levels ask for."""

from __future__ import annotations

import random

from .base import Bot
from .expert import ExpertBot
from .ismcts import IsmctsBot
from .simple import DoublesBot, DummyBot, FiveScorerBot, FivesDenierBot, GreedyBot, HyperskillBot, RandomBot
from .train_planner import TrainPlannerBot

BOTS: dict[str, type[Bot]] = {
    cls.name: cls
    for cls in (
        RandomBot,
        DummyBot,
        GreedyBot,
        DoublesBot,
        HyperskillBot,
        FiveScorerBot,
        FivesDenierBot,
        TrainPlannerBot,
        ExpertBot,
        IsmctsBot,
    )
}


def make_bot(name: str, rng: random.Random | None = None, **options: object) -> Bot:
    """Build a registered bot by name; an unknown name gets a message listing the known ones."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose one of: {', '.join(BOTS)}") from None
    return cls(rng, **options)
