"""Guesses of the hidden tiles in a set too big for the sampler's C arrays (Mexican Train's 91 tiles).

`Sampler` keeps a guess in C arrays of 64 tiles for its stirring steps and reads hands off them there. A wider
set is guessed by the same plan and the same weighted placement, without stirring, and its hands are read in
Python (a hand is a Python int of as many bits as the set has tiles). Without stirring a guess late in a round
leans somewhat towards some consistent deals (sampling.py says by how much); the train game's facts bind few
tiles, so that is where it matters least.
"""

from __future__ import annotations

import random

from .inference import Knowledge
from .sampling import Guess, Sampler, _Plan
from .train_loops import COMPILED as TRAIN_LOOPS_COMPILED
from .train_loops import TilePlacer


class WideSampler(Sampler):
    """A `Sampler` for any number of tiles (no stirring)."""

    def __init__(self, know: Knowledge, stock_size: int) -> None:
        super().__init__(know, stock_size, stir=0)
        self._placers: dict[int, TilePlacer | None] = {}  # by the plan's id: its plans are kept for the sampler's life

    def _try(self, plan: _Plan, rng: random.Random) -> list[int] | None:
        """As `Sampler._try`, the same places from the same random numbers, in C where the build compiled
        train_loops.py (a plan too big for its arrays, or the interpreted build, is placed by `Sampler._try`)."""
        if not TRAIN_LOOPS_COMPILED:  # interpreted, the placer's loops cost more than `Sampler._try`'s
            return super()._try(plan, rng)
        key = id(plan)
        if key not in self._placers:
            self._placers[key] = self._placer(plan)
        placer = self._placers[key]
        if placer is None:
            return super()._try(plan, rng)
        places: list[int] | None = placer.place(rng)
        return places

    def _placer(self, plan: _Plan) -> TilePlacer | None:
        know = self.know
        room = [0] * (know.players + 1)
        for s, sk in know.seats.items():
            room[s] = sk.size
        room[know.players] = know.rest_size
        checks = [(s, mask, count) for s, facts in plan.counted.items() for mask, count in facts]
        try:
            return TilePlacer(plan.ordered, room, checks)
        except ValueError:
            return None

    def _guess(self, plan: _Plan, places: list[int], rng: random.Random) -> Guess:
        players = self.know.players
        hands = [0] * (players + 1)
        rest = []
        for t, s in zip(plan.tiles, places, strict=True):
            hands[s] |= 1 << t
            if s == players:
                rest.append(t)
        hands[self.know.me] = self.know.own
        if not self.stock_size:
            return Guess(tuple(hands[:players]), ())
        rng.shuffle(rest)
        return Guess(tuple(hands[:players]), tuple(rest[: self.stock_size]))
