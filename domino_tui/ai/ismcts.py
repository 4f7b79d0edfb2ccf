"""Information-set Monte Carlo tree search (single observer): one tree over the seat's own view of the game.

Each iteration guesses the hidden tiles (the expert's inference and sampler, `determinize.py`), walks the one
tree along moves legal in that guess, adds a node, finishes the game with a playout and credits every node on
the path from the view of the team that made its move. A move legal only in some guesses is judged by how often
it could have been chosen (its availability), not by how often its parent was visited (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", 2012). The move played is the root's most visited one.

Outcomes are what the variant plays for (`objective.py`): a chance of winning the game or the match, from -1 to 1
in every variant, so one exploration constant serves them all. ``reward="points"`` rates a game by its margin in
points instead, divided by about the most a game can be worth, so that the constant is scaled to the variant's
point range: a search that plays for points rather than for the win.
"""

from __future__ import annotations

import math
import random
import time

from ..engine import Move, Observation, Rules
from ..engine.core import Sim
from ..engine.moves import code_of
from ..engine.tiles import tile_set
from .base import SearchingBot, candidates
from .determinize import Determinizer
from .objective import Objective
from .playout import Playout, random_playout


class Node:
    __slots__ = ("children", "visits", "avail", "total", "team")

    def __init__(self, team: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.team = team  # the team that made the move into this node: its outcomes are totalled for it


class IsmctsBot(SearchingBot):
    name = "ismcts"
    description = "Information-set tree search over guesses of the hidden tiles (a sparring partner)."

    def __init__(
        self,
        rng: random.Random | None = None,
        iterations: int = 1000,
        budget: float | None = None,
        c: float = 0.7,
        rollout: str = "random",
        presume: bool = True,
        reward: str = "win",
    ) -> None:
        """Options:

        - ``iterations``: tree walks per decision (deterministic for the rng when ``budget`` is None);
        - ``budget``: seconds per decision, stopping earlier than ``iterations`` when it runs out;
        - ``c``: the UCT exploration constant, on outcomes from -1 to 1;
        - ``rollout``: how a walk finishes the game: ``random`` legal moves, or ``greedy`` (the expert's playout
          policy: best count in All Fives, else the heavy tile, a quarter of the moves random);
        - ``presume``: guess as the expert does that opponents shed their heaviest fitting tile (see model.py);
        - ``reward``: what a finished walk is worth: ``win``, the objective's chance of winning, or ``points``,
          the game's margin over about the most a game can be worth (`point_range`; where only winning
          counts, as in classic, both are the same).
        """
        super().__init__(rng)
        if rollout not in ("random", "greedy"):
            raise ValueError(f"unknown rollout {rollout!r}; choose random or greedy")
        if reward not in ("win", "points"):
            raise ValueError(f"unknown reward {reward!r}; choose win or points")
        self.iterations = iterations
        self.budget = budget
        self.c = c
        self.rollout = rollout
        self.presume = presume
        self.reward = reward

    def decide(self, obs: Observation) -> Move:
        legal = candidates(obs)
        visits = self.search(obs)
        codes = [code_of(m, obs.rules.tiles) for m in legal]
        best = max(range(len(legal)), key=lambda k: (visits.get(codes[k], 0), -k))
        return legal[best]

    def search(self, obs: Observation) -> dict[int, int]:
        """Visits of each root move (int moves) after the search."""
        start = time.perf_counter()
        rules = obs.rules
        rng = self.rng
        determinizer = Determinizer(obs, self.presume)
        objective = Objective(obs)
        me = objective.team
        c = self.c
        scale = point_range(rules) if self.reward == "points" and objective.points else 0.0
        playout = Playout(rules, rng, 0.25) if self.rollout == "greedy" else None
        root = Node(-1)
        done = 0
        deadline = start + self.budget if self.budget is not None else math.inf
        log = math.log
        sqrt = math.sqrt
        while done < self.iterations and (done == 0 or time.perf_counter() < deadline):
            sim = determinizer.sim(rng)
            node = root
            path = [root]
            # Selection: down the tree while every move legal in this guess has a child.
            while sim.outcome is None:
                legal = sim.legal()
                children = node.children
                fresh = [m for m in legal if m not in children]
                if fresh:
                    for m in legal:
                        child = children.get(m)
                        if child is not None:
                            child.avail += 1
                    move = fresh[rng.randrange(len(fresh))] if len(fresh) > 1 else fresh[0]
                    child = Node(rules.team_of(sim.turn))
                    children[move] = child
                    sim.apply(move)
                    path.append(child)
                    break
                best = None
                best_score = -math.inf
                for m in legal:
                    child = children[m]
                    child.avail += 1
                    score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                    if score > best_score:
                        best, best_score = m, score
                assert best is not None  # legal is not empty here: the selection only runs when nothing is fresh
                child = children[best]
                sim.apply(best)
                path.append(child)
                node = child
            value = self._finish(sim, objective, playout, scale)
            for n in path:
                n.visits += 1
                n.total += value if n.team == me else -value
            done += 1
        self.guesses.append(done)
        return {m: n.visits for m, n in root.children.items()}

    def _finish(self, sim: Sim, objective: Objective, playout: Playout | None, scale: float) -> float:
        """Play ``sim`` to the end and rate it for the objective's team: its objective value, or with a
        ``scale`` its margin in points over the scale."""
        if sim.outcome is None:
            if playout is None:
                random_playout(sim, self.rng)
            else:
                playout.run(sim)
        if scale:
            points = sim.team_points()
            return (points[objective.team] - points[1 - objective.team]) / scale
        return objective.value(sim)


def point_range(rules: Rules) -> float:
    """About the most points a game can be worth: the average pips of the tiles the other team is dealt."""
    ts = tile_set(rules.max_pip)
    average = sum(ts.pips) / ts.size
    return average * rules.hand_size * (rules.players - len(rules.teams[0]))
