"""The chance of winning a match from its score: a match equity table, as backgammon programs keep.

In a match to a target, a game is worth what it does to the team's chance of winning the match, not its points:
at 0-0 in block a narrow win is worth nearly as much as a big one, and at 95-60 any win ends the match. The table
is worked out, not learned: a few thousand games played by the quick playout policy (`playout.py`) give how
often each pair of points comes up, each counted for both teams (even players); taking games as independent, the
chance that a team at ``a`` wins against ``b``, first to the target strictly ahead, follows by working back from
the target. Scores are counted in steps (``step``) that keep the table within about 40 x 40: a table takes 50 to
250 ms on this machine, once per process and target.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from functools import cache

from ..engine import Rules
from ..engine.state import deal_position
from .playout import Playout

GAMES = 2000
CELLS = 40
# The table is the same in every process and run (a bot's choices replay from its own seed).
SEED = 20261123


class Equity:
    """``chance(a, b)``: the chance that a team with ``a`` points beats one with ``b`` to ``target``."""

    def __init__(self, outcomes: Counter[tuple[int, int]], target: int) -> None:
        self.target = target
        # Points come in multiples of a unit (5 in All Fives): steps are whole units, so none is rounded away.
        unit = math.gcd(*(x for pair in outcomes for x in pair)) or 1
        self.step = step = unit * max(1, -(-target // (unit * CELLS)))
        self.size = size = -(-target // step)  # scores of ``size`` steps or more have reached the target
        total = sum(outcomes.values())
        moves: Counter[tuple[int, int]] = Counter()
        for (x, y), n in outcomes.items():
            moves[(round(x / step), round(y / step))] += n
        still = moves.pop((0, 0), 0)  # a game that changes nothing: the same position again
        rest = total - still
        odds = [(x, y, n / rest) for (x, y), n in moves.items()]
        table = [[0.5] * size for _ in range(size)]
        for a in range(size - 1, -1, -1):
            for b in range(size - 1, -1, -1):
                table[a][b] = sum(p * self._after(table, a + x, b + y) for x, y, p in odds)
        self.table = table

    def _after(self, table: list[list[float]], a: int, b: int) -> float:
        size = self.size
        if a >= size or b >= size:
            if a != b:
                return 1.0 if a > b else 0.0
            # Both past the target and level (rare, and only in steps): a coin toss is near enough.
            return 0.5
        return table[a][b]

    def chance(self, a: int, b: int) -> float:
        """The chance that the team at ``a`` wins the match against the team at ``b`` (exact at the target)."""
        target = self.target
        if max(a, b) >= target and a != b:
            return 1.0 if a > b else 0.0
        step = self.step
        return self._after(self.table, min(a, target - 1) // step, min(b, target - 1) // step)


@cache
def equity(rules: Rules, target: int) -> Equity:
    """The table for matches of ``rules`` to ``target`` (made once per process)."""
    rng = random.Random(SEED)
    playout = Playout(rules, rng, 0.25)
    outcomes: Counter[tuple[int, int]] = Counter()
    for _ in range(GAMES):
        sim = deal_position(rules, rng)
        playout.run(sim)
        mine, theirs = sim.team_points()[:2]
        outcomes[(mine, theirs)] += 1
        outcomes[(theirs, mine)] += 1
    return Equity(outcomes, target)
