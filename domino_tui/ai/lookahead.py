"""A search of the next few plays on one guess, for the variants that score the count: each seat sees the hands
the guess gives, the stock's order is the guess's, and the playouts (or the points so far) value the leaves.

At two players it is minimax with alpha-beta; among more it is paranoid: every other seat plays against the
searching side (the objective's margin over the best of the others), which is what a deeper reply costs at most.
Draws and passes are forced where the rules make a player draw until a tile fits, so only plays count as plies.
"""

from __future__ import annotations

from ..engine.core import Sim
from ..engine.tiles import tile_set
from .objective import Objective
from .playout import Playout

INF = float("inf")


class Lookahead:
    def __init__(
        self, playout: Playout | None, objective: Objective, depth: int, others: Playout | None = None
    ) -> None:
        """``depth`` plays are searched (the move being rated is the first); below them ``playout`` finishes the
        game, or (None) the leaf is worth the points earned so far, the objective's margin as if the hand ended
        there. With ``others`` the other sides do not search: each plays that policy's move
        (`Playout.policy_move`), and only the searching side's plays branch."""
        self.playout = playout
        self.others = others
        self.objective = objective
        self.depth = depth
        self.team = objective.team
        self.visited = 0

    def values(self, root: Sim, moves: list[int]) -> list[float]:
        """The value of each of ``moves`` at ``root``, each searched with a full window (their values are
        averaged over guesses, so each must be exact, not a bound)."""
        out = []
        for m in moves:
            sim = root.copy()
            sim.apply(m)
            out.append(self._search(sim, self.depth - 1, -INF, INF))
        return out

    def _leaf(self, sim: Sim) -> float:
        if sim.outcome is None:
            if self.playout is None:
                return self.objective.of(None, sim.team_points())
            sim = sim.copy()
            self.playout.run(sim)
        return self.objective.value(sim)

    def _search(self, sim: Sim, depth: int, alpha: float, beta: float) -> float:
        self.visited += 1
        # Forced draws and passes are no decision: they take no ply.
        while sim.outcome is None:
            legal = sim.legal()
            if legal[0] >= 0:
                break
            sim.apply(legal[0])
        if sim.outcome is None and depth <= 0:
            return self._leaf(sim)
        if sim.outcome is not None:
            return self.objective.value(sim)
        maximize = sim.rules.team_of(sim.turn) == self.team
        if not maximize and self.others is not None:
            sim.apply(self.others.policy_move(sim))
            return self._search(sim, depth - 1, alpha, beta)
        if len(legal) > 1:
            legal = ordered(sim, legal)
        best = -INF if maximize else INF
        for m in legal:
            c = sim.copy()
            c.apply(m)
            v = self._search(c, depth - 1, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best


def ordered(sim: Sim, legal: list[int]) -> list[int]:
    """Plays that score most now first (they are the likeliest best, so alpha-beta cuts more); a draw or pass
    offered beside plays is left out, as the playouts never take it."""
    layout = sim.layout
    ts = tile_set(sim.rules.max_pip)
    points = sim.rules.count_points
    keyed = []
    for m in legal:
        if m < 0:
            continue
        tile = m >> 2
        keyed.append((-points(layout.count_after(ts.low[tile], ts.high[tile], m & 3)), m))
    keyed.sort()
    return [m for _, m in keyed]
