"""A bot of known strength: another bot's move, or now and then any legal move at random.

With ``noise`` 0 it is its base bot, with 1 the random bot, and in between its strength falls as the noise grows:
a row of them with evenly spread noise is a field whose true order is known, which is what measuring a league's
ranking needs (benchmarks/league_quality.py).
"""

from __future__ import annotations

import random

from ..engine import Observation
from ..engine.moves import Move
from .base import Bot
from .simple import GreedyBot


class NoisyBot(Bot):
    name = "noisy"
    description = "The greedy move, or with a set chance any legal move at random."

    def __init__(self, rng: random.Random | None = None, noise: float = 0.5, base: Bot | None = None) -> None:
        super().__init__(rng)
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a chance, between 0 and 1, not {noise}")
        self.noise = noise
        self.base = base if base is not None else GreedyBot(self.rng)

    def choose(self, obs: Observation) -> Move:
        if self.rng.random() < self.noise:
            return self.rng.choice(obs.legal)
        return self.base.choose(obs)
