"""From an observation to full positions: the guesses a searching bot plays on, as simulator states.

This is the narrow interface between the searching bots and the engine's simulator: inference and the opponent
model (`infer`, `presume`), the sampler, and a skinny `Sim` per guess, with the counters the observation implies.
"""

from __future__ import annotations

import random

from ..engine import Kind, Observation
from ..engine.core import Sim
from .inference import infer
from .model import presume as presume_heavy_first
from .sampling import Sampler


class Determinizer:
    """Makes full positions consistent with what ``obs``'s seat knows; the per-decision work is done once."""

    def __init__(self, obs: Observation, presume: bool = True) -> None:
        rules = obs.rules
        know = infer(obs)
        if presume and not rules.has_stock and not rules.fives:
            presume_heavy_first(know, obs)
        self.sampler = Sampler(know, obs.hand_mask, obs.stock_size)
        root = Sim.from_board(rules, obs.board, [0] * rules.players, [], obs.turn)
        root.passes = trailing_passes(obs)
        root.fives = list(obs.points)
        root.last_play = last_player(obs)
        self._root = root

    def sim(self, rng: random.Random) -> Sim:
        """One guess at the hidden tiles, as a position ready to play on."""
        guess = self.sampler.sample(rng)
        sim = self._root.copy()
        sim.masks = list(guess.masks)
        sim.stock = list(guess.stock)
        return sim


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
