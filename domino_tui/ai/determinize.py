"""From an observation to full positions: the guesses a searching bot plays on, as the kernel's positions.

This is the narrow interface between the searching bots and the engine's kernel: inference and the opponent
model (`infer`, `presume`), the sampler, and a position (`core.Sim`) per guess, with the counters the observation
implies.
"""

from __future__ import annotations

import random

from ..engine import Kind, Observation
from ..engine.core import NOBODY, Sim
from .inference import Knowledge, infer
from .model import presume as presume_heavy_first
from .model import presume_scoring
from .sampling import Guess, Guesses, Sampler


def knowledge(obs: Observation, presume: bool = True) -> Knowledge:
    """What ``obs`` says of the hidden tiles, with the presumptions about the others' play where ``presume`` asks
    for them: that they shed heavy tiles first (games without stock or counts), or take the most points they can
    (games that score the count; measured in Fives and Threes against `fivesdenier`, 1,200 hands at 60 guesses:
    +1.33 points a hand with it and the objective of points, +0.89 before)."""
    know = infer(obs)
    if presume and not obs.rules.has_stock and not obs.rules.fives:
        presume_heavy_first(know, obs)
    if presume and obs.rules.fives:
        presume_scoring(know, obs)
    return know


class Determinizer:
    """Makes full positions consistent with what ``obs``'s seat knows; the per-decision work is done once.
    ``guesses`` deals the hidden tiles (by default a `Sampler` of `knowledge`)."""

    def __init__(self, obs: Observation, presume: bool = True, guesses: Guesses | None = None) -> None:
        self.guesses = guesses if guesses is not None else Sampler(knowledge(obs, presume), obs.stock_size)
        root = Sim(obs.rules.kernel, [0] * obs.rules.players, [], obs.board.layout.copy(), obs.turn)
        root.passes = trailing_passes(obs)
        root.fives = list(obs.points)
        last = last_player(obs)
        root.last_play = NOBODY if last is None else last
        self.root = root

    def guess(self, rng: random.Random) -> Guess:
        """One guess at the hidden tiles."""
        return self.guesses.sample(rng)

    def sim(self, rng: random.Random) -> Sim:
        """One guess at the hidden tiles, as a position ready to play on."""
        return self.position(self.guess(rng))

    def position(self, guess: Guess) -> Sim:
        """``guess`` as a position ready to play on."""
        return self.fill(guess).copy()

    def fill(self, guess: Guess) -> Sim:
        """The one root position of this decision with ``guess``'s hands and stock in place: cheaper than
        `position`, for a caller that copies it before playing on it (the expert's searches do)."""
        root = self.root
        root.masks = list(guess.masks)
        root.stock = list(guess.stock)
        return root


def trailing_passes(obs: Observation) -> int:
    """Passes in a row since the last play (a line game is blocked once every seat has passed)."""
    n = 0
    for ev in reversed(obs.history):
        if ev.kind is Kind.PLAY:
            break
        if ev.kind is Kind.PASS:
            n += 1
    return n


def last_player(obs: Observation) -> int | None:
    for ev in reversed(obs.history):
        if ev.kind is Kind.PLAY:
            return ev.seat
    return None
