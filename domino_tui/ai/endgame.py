"""Exact search of a guessed position once few tiles are left: minimax with alpha-beta over two teams."""

from __future__ import annotations

from ..engine.fast import Sim
from .objective import Objective

INF = float("inf")


class TooBig(Exception):
    """The search passed its node limit: the caller goes back to playouts."""


def solve(root: Sim, moves: list[int], objective: Objective, limit: int = 4000) -> list[float]:
    """The exact value of each of ``moves`` at ``root`` for the objective's team, everybody seeing all tiles.
    Raises TooBig after ``limit`` positions."""
    out = []
    budget = [limit]
    for m in moves:
        sim = root.copy()
        sim.apply(m)
        out.append(_search(sim, objective, -INF, INF, budget))
    return out


def _search(sim: Sim, objective: Objective, alpha: float, beta: float, budget: list[int]) -> float:
    if sim.result is not None:
        return objective.value(sim)
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    legal = sim.legal()
    if len(legal) > 1 and legal[-1] < 0:
        legal.pop()  # drawing or passing next to a playable tile is never searched
    if len(legal) > 1:
        pips = sim.pips
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
