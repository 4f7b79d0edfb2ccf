"""The one bot interface: a bot turns an Observation into a legal Move."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar

from ..engine import Observation
from ..engine.moves import Move


class Bot(ABC):
    """Subclass, set ``name``, implement ``choose``. All randomness must come from ``self.rng``."""

    name: ClassVar[str] = "bot"
    description: ClassVar[str] = ""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    @abstractmethod
    def choose(self, obs: Observation) -> Move:
        """Return one of ``obs.legal``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class SearchingBot(Bot):
    """A bot that searches guesses of the hidden tiles (expert, ismcts): it thinks only when it has a choice, and
    counts the guesses each decision it thought about looked at (benchmarks/strength.py reports them)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self.guesses: list[int] = []

    def choose(self, obs: Observation) -> Move:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        return self.decide(obs)

    @abstractmethod
    def decide(self, obs: Observation) -> Move:
        """Choose among two or more legal moves."""
