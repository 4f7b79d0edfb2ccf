"""Exact search of a guessed position once few tiles are left: minimax with alpha-beta over two teams."""

from __future__ import annotations

import time

from ..engine import Reason
from ..engine.core import Sim, settle
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
    if sim.result is not None:
        return objective.value(sim)
    _tick(budget)
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


class LineSolver:
    """The same search for games without stock or spinner (block, partnership, partnership9) on plain ints:
    hands as a list of masks, the two ends, whose turn and the passes in a row. Several times faster than
    copying skinny states, so it can take over earlier in the game."""

    def __init__(self, sim: Sim, objective: Objective, limit: int, deadline: float = INF) -> None:
        rules = sim.rules
        self.rules = rules
        self.match = sim.match
        self.low = sim.low
        self.high = sim.high
        self.pips = sim.pips
        self.players = sim.players
        self.objective = objective
        self.team = objective.team
        self.budget = [float(limit), deadline]
        order = sorted(range(len(sim.pips)), key=lambda i: -sim.pips[i])
        self.order = order

    def solve(self, root: Sim, moves: list[int]) -> list[float]:
        """Exact values of ``moves`` (int plays or PASS) at ``root``; raises TooBig past the node limit."""
        out = []
        for m in moves:
            masks = root.masks.copy()
            e0, e1 = root.ends[0], root.ends[1]
            turn = root.turn
            if m < 0:
                out.append(self._node(masks, e0, e1, (turn + 1) % self.players, root.passes + 1, -INF, INF))
                continue
            i = m >> 2
            lo, hi = self.low[i], self.high[i]
            if m & 3 == 0:
                e0 = hi if e0 == lo else lo
            else:
                e1 = hi if e1 == lo else lo
            masks[turn] ^= 1 << i
            if not masks[turn]:
                out.append(self._end(masks, turn))
            else:
                out.append(self._node(masks, e0, e1, (turn + 1) % self.players, 0, -INF, INF))
        return out

    def _end(self, masks: list[int], out: int | None) -> float:
        result = settle(self.rules, Reason.BLOCKED if out is None else Reason.OUT, out, None, masks)
        return self.objective.of(result.winner, result.points)

    def _node(self, masks: list[int], e0: int, e1: int, turn: int, passes: int, alpha: float, beta: float) -> float:
        _tick(self.budget)
        players = self.players
        hand = masks[turn]
        playable = hand & (self.match[e0] | self.match[e1])
        if not playable:
            if passes + 1 >= players:
                return self._end(masks, None)
            return self._node(masks, e0, e1, (turn + 1) % players, passes + 1, alpha, beta)
        maximize = turn % 2 == self.team  # two teams: seat s plays for team s % 2
        best = -INF if maximize else INF
        low = self.low
        high = self.high
        nxt = (turn + 1) % players
        for i in self.order:
            if not (playable >> i) & 1:
                continue
            lo, hi = low[i], high[i]
            masks[turn] = hand ^ (1 << i)
            for side in (0, 1):
                if side == 0:
                    if e0 != lo and e0 != hi:
                        continue
                    a, b = (hi if e0 == lo else lo), e1
                else:
                    if (e1 != lo and e1 != hi) or (e0 == e1):
                        continue
                    a, b = e0, (hi if e1 == lo else lo)
                v = self._end(masks, turn) if masks[turn] == 0 else self._node(masks, a, b, nxt, 0, alpha, beta)
                if maximize:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                else:
                    if v < best:
                        best = v
                        if v < beta:
                            beta = v
                if alpha >= beta:
                    masks[turn] = hand
                    return best
            masks[turn] = hand
        return best
