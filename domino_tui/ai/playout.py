"""The quick policy that finishes a guessed game: mostly a sensible greedy move, sometimes a random one.

Greedy here means the best immediate count in All Fives and otherwise shedding weight (doubles a little first,
since they fit only one number). A player never draws or passes while a tile fits, even where the rules allow it.
"""

from __future__ import annotations

import random

from ..engine import Rules
from ..engine.fast import Sim
from ..engine.tiles import tile_set


class Playout:
    def __init__(self, rules: Rules, rng: random.Random, explore: float, keep: int = 0) -> None:
        """``keep``: how much a tile whose numbers the hand holds many of is preferred (keeping variety)."""
        ts = tile_set(rules.max_pip)
        self.keep = keep
        self.match = ts.match
        self.low = ts.low
        self.high = ts.high
        self.rng = rng
        self.explore = explore
        self.fives = rules.fives
        # Shedding weight: pips, and a double counts as somewhat heavier.
        self.weight = tuple(p + (3 if lo == hi else 0) for p, lo, hi in zip(ts.pips, ts.low, ts.high, strict=True))

    def run(self, sim: Sim) -> None:
        """Play ``sim`` to the end."""
        rnd = self.rng.random
        randrange = self.rng.randrange
        explore = self.explore
        weight = self.weight
        fives = self.fives
        while sim.result is None:
            legal = sim.legal()
            if len(legal) == 1 or legal[0] < 0:
                sim.apply(legal[0])
                continue
            if legal[-1] < 0:
                legal.pop()  # classic's draw or pass next to a playable tile
                if len(legal) == 1:
                    sim.apply(legal[0])
                    continue
            if rnd() < explore:
                sim.apply(legal[randrange(len(legal))])
                continue
            if fives:
                sim.apply(best_count(sim, legal, weight))
                continue
            keep = self.keep
            if keep:
                hand = sim.masks[sim.turn]
                match = self.match
                low = self.low
                high = self.high
                best = legal[0]
                bw = -1
                for m in legal:
                    i = m >> 2
                    w = weight[i] + keep * ((hand & match[low[i]]).bit_count() + (hand & match[high[i]]).bit_count())
                    if w > bw:
                        best, bw = m, w
            else:
                best = legal[0]
                bw = weight[best >> 2]
                for m in legal:
                    w = weight[m >> 2]
                    if w > bw:
                        best, bw = m, w
            sim.apply(best)


def best_count(sim: Sim, legal: list[int], weight: tuple[int, ...]) -> int:
    """The play that scores most right now (then the heavier tile)."""
    team = sim.rules.team_of(sim.turn)
    before = sim.fives[team]
    best = legal[0]
    key = (-1, -1)
    for m in legal:
        c = sim.copy()
        c.play(m)
        k = (c.fives[team] - before, weight[m >> 2])
        if k > key:
            best, key = m, k
    return best
