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
