"""The one bot interface: a bot turns an Observation into a legal Move."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar

from ..engine import Kind, Observation
from ..engine.moves import Move
from ..engine.train_observation import TrainObservation


class Bot(ABC):
    """Subclass, set ``name``, implement ``choose``. All randomness must come from ``self.rng``."""

    name: ClassVar[str] = "bot"
    description: ClassVar[str] = ""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    @abstractmethod
    def choose(self, obs: Observation) -> Move:
        """Return one of ``obs.legal``."""

    # The train games (Mexican Train) hand a bot a TrainObservation instead; which bots play them (and which play
    # only them) the registry says (domino_tui/bot_registry.py), so that a seat is checked without loading its bot.
    def choose_train(self, obs: TrainObservation) -> Move:
        """Return one of ``obs.legal`` in a train game; a bot that does not play them refuses plainly."""
        raise NotImplementedError(f"the {self.name} bot does not play Mexican Train")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class SearchingBot(Bot):
    """A bot that searches guesses of the hidden tiles (expert, ismcts): it thinks only when it has a choice, and
    counts the guesses each decision it thought about looked at (benchmarks/strength.py reports them)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self.guesses: list[int] = []

    def choose(self, obs: Observation) -> Move:
        legal = candidates(obs)
        if len(legal) == 1:
            return legal[0]
        return self.decide(obs)

    @abstractmethod
    def decide(self, obs: Observation) -> Move:
        """Choose among two or more `candidates`."""


def candidates(obs: Observation) -> tuple[Move, ...]:
    """The legal moves a searching bot thinks about: all of them, but a pass that answers a pass with the stock
    empty while a tile fits. Where a player may pass at will (classic), that pass hands the other player back the
    very position it passed on, and two searchers who each find passing best would pass to each other forever.
    Refusing only this pass keeps passing as a tactic and makes every two turns lay a tile or end the game."""
    legal = obs.legal
    history = obs.history
    if (
        obs.stock_size
        or not history
        or history[-1].kind is not Kind.PASS
        or not any(m.kind is Kind.PLAY for m in legal)
    ):
        return legal
    return tuple(m for m in legal if m.kind is not Kind.PASS)
