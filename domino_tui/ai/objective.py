"""What a finished game is worth to a team, in the terms its variant is played for.

classic and partnership9 are about not losing the game; All Fives, block and partnership count points towards a
match target, so there the margin counts and reaching the target (or letting the other team reach it) counts most.
"""

from __future__ import annotations

from ..engine import Observation
from ..engine.core import Sim

# What winning the whole match is worth, in points of this game's margin.
MATCH = 60.0
# In point games, a small premium on winning the game itself, so that a win by little beats a loss by little.
GAME = 10.0


class Objective:
    def __init__(self, obs: Observation) -> None:
        rules = obs.rules
        self.team = obs.team
        self.points = rules.fives or rules.wins_by_points
        self.match = tuple(obs.match_scores) if obs.match_scores else (0,) * len(rules.teams)
        self.target = obs.target if obs.target is not None else rules.target

    def value(self, sim: Sim) -> float:
        """The finished ``sim`` seen by the team (higher is better)."""
        assert sim.result is not None  # only finished games are valued
        return self.of(sim.result.winner, sim.team_points())

    def of(self, winner: int | None, tp: tuple[int, ...]) -> float:
        """A finished game's worth from its winning team and the points each team earned in it."""
        team = self.team
        game = 0.0 if winner is None else (1.0 if winner == team else -1.0)
        if not self.points:
            return game
        mine = tp[team]
        theirs = tp[1 - team]
        value = mine - theirs + GAME * game
        if self.target:
            a = self.match[team] + mine
            b = self.match[1 - team] + theirs
            if max(a, b) >= self.target and a != b:
                value += MATCH if a > b else -MATCH
        return value
