"""Exact search of a guessed position once few tiles are left: minimax with alpha-beta over two teams."""

from __future__ import annotations

import random
import time

from ..engine import Rules
from ..engine.core import Sim
from ..engine.tiles import tile_set
from .lines import LineSearch, PlayoutPolicy
from .objective import Objective

INF = float("inf")


class TooBig(Exception):
    """The search passed its node limit or its deadline: the caller goes back to playouts."""


def _tick(budget: list[float]) -> None:
    """Count one node; every 512 nodes also look at the clock. ``budget`` is [nodes left, deadline]."""
    budget[0] -= 1
    if budget[0] < 0 or (not int(budget[0]) & 511 and time.perf_counter() > budget[1]):
        raise TooBig


def solve(root: Sim, moves: list[int], objective: Objective, limit: int = 4000, deadline: float = INF) -> list[float]:
    """The exact value of each of ``moves`` at ``root`` for the objective's team, everybody seeing all tiles.
    Raises TooBig after ``limit`` positions or once ``time.perf_counter()`` passes ``deadline``."""
    out = []
    budget = [float(limit), deadline]
    for m in moves:
        sim = root.copy()
        sim.apply(m)
        out.append(_search(sim, objective, -INF, INF, budget))
    return out


def _search(sim: Sim, objective: Objective, alpha: float, beta: float, budget: list[float]) -> float:
    if sim.outcome is not None:
        return objective.value(sim)
    _tick(budget)
    legal = sim.legal()
    if len(legal) > 1 and legal[-1] < 0:
        legal.pop()  # drawing or passing next to a playable tile is never searched
    if len(legal) > 1:
        pips = tile_set(sim.rules.max_pip).pips
        legal.sort(key=lambda m: -pips[m >> 2])
    maximize = sim.rules.team_of(sim.turn) == objective.team
    if maximize:
        best = -INF
        for m in legal:
            c = sim.copy()
            c.apply(m)
            v = _search(c, objective, alpha, beta, budget)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best
    best = INF
    for m in legal:
        c = sim.copy()
        c.apply(m)
        v = _search(c, objective, alpha, beta, budget)
        if v < best:
            best = v
            if v < beta:
                beta = v
                if alpha >= beta:
                    break
    return best


class LineSolver:
    """The same search for games without stock or spinner (block, partnership, partnership9), done by the rules
    line loop on C integers (`lines.LineSearch`): many times faster than copying skinny states, so it can take over
    early in the game; and the playouts of those games, valued the same way. The objective's worth of every way a
    game can end is tabulated once, here; each `solve` has ``limit`` positions and the ``deadline`` to itself."""

    def __init__(self, rules: Rules, objective: Objective, limit: int, deadline: float = INF) -> None:
        win, lose, draw = _tables(rules, objective)
        self.search = LineSearch(rules.kernel, objective.team, win, lose, draw, time.perf_counter)
        self.limit = limit
        self.deadline = deadline

    def solve(self, root: Sim, moves: list[int]) -> list[float]:
        """Exact values of ``moves`` (int plays or PASS) at ``root``; raises TooBig past the node limit."""
        values = self.search.solve(root, moves, self.limit, self.deadline)
        if values is None:
            raise TooBig
        return values

    def playouts(
        self, root: Sim, moves: list[int], policy: PlayoutPolicy, rng: random.Random, totals: list[float]
    ) -> None:
        """Add to ``totals[k]`` what ``moves[k]`` is worth at ``root`` when every seat then plays ``policy`` to
        the end (a lead too): the expert's playouts, in the line loop."""
        seeds = [rng.getrandbits(64) for _ in moves]
        self.search.playouts(root, moves, policy, seeds, totals)

    def visited(self) -> int:
        """Positions the last `solve` visited."""
        return int(self.search.visited())


# The tables of recent decisions: they depend only on the rules, the team and the match score and target, which
# stay the same for a whole game, while making them costs several times a small budget's first guess.
_TABLES: dict[tuple[object, ...], tuple[list[float], list[float], float]] = {}


def _tables(rules: Rules, objective: Objective) -> tuple[list[float], list[float], float]:
    """What the game is worth to ``objective``'s team when it wins or loses by each possible total, or ties."""
    key = (rules, objective.team, objective.match, objective.target)
    tables = _TABLES.get(key)
    if tables is None:
        team = objective.team
        top = sum(tile_set(rules.max_pip).pips)
        win = [objective.of(team, _points(team, g)) for g in range(top + 1)]
        lose = [objective.of(1 - team, _points(1 - team, g)) for g in range(top + 1)]
        tables = (win, lose, objective.of(None, (0, 0)))
        if len(_TABLES) >= 64:
            _TABLES.clear()
        _TABLES[key] = tables
    return tables


def _points(team: int, gain: int) -> tuple[int, int]:
    return (gain, 0) if team == 0 else (0, gain)
