"""The searching bot: infer, guess the hidden tiles many times, play each guess out, keep the best move.

For every guess (a deal of the unseen tiles consistent with the history, see sampling.py) each candidate move is
tried on the same guess and the game is finished by a quick playout policy, or searched exactly when few tiles
are left. The move with the best average outcome over all guesses wins. Outcomes are measured in what the variant
plays for (`objective.py`). The time budget caps the work; the first guesses are always completed, so a bot on a
slow machine still plays sensibly, just less well.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..engine import Move, Observation
from ..engine.core import COMPILED, DRAW_MOVE, PASS_MOVE, Sim, from_move, to_move
from .base import SearchingBot, candidates
from .determinize import last_player, trailing_passes
from .endgame import LineSolver, TooBig, solve
from .inference import Knowledge, infer
from .model import presume
from .objective import Objective
from .playout import Playout
from .sampling import Guesses, Sampler

MIN_SAMPLES = 4
# Positions an exact search visits per second, roughly, on this machine: the kernel's search of line games
# (compiled some 20 million or more, interpreted about 80,000: benchmarks/search_speed.py), and the search over
# skinny states that the other games use (endgame.solve, about 6 µs a position).
LINE_NODES_PER_SECOND = 20_000_000 if COMPILED else 80_000
NODES_PER_SECOND = 160_000


class ExpertBot(SearchingBot):
    name = "expert"
    description = "Infers the hidden hands from the history, samples them and searches every sample."

    def __init__(
        self,
        rng: random.Random | None = None,
        budget: float | None = 0.6,
        samples: int = 5000,
        exact: int = 10,
        explore: float = 0.25,
        exact_line: int = 16,
        nodes: int = 3000,
        control: int = 8,
        presume: bool = True,
        reply: float = 2.0,
    ) -> None:
        """Options (the defaults are the measured ones):

        - ``budget``: seconds per decision; None makes the bot deterministic for its rng (``samples`` guesses);
        - ``samples``: at most this many guesses per decision;
        - ``exact``: solve exactly once this few tiles are left in hands and the stock is empty (0: never);
          ``exact_line``: the same for games without stock or spinner, where a faster solver is used;
          ``nodes``: an exact search that would visit more positions falls back to playouts (with a budget
          under 0.075 s the limit is lower: what a quarter of the budget can visit);
        - ``explore``: how often a playout player picks a random tile instead of the policy's;
        - ``control``: (line games) how much playouts prefer leaving ends that show numbers the hand holds;
        - ``presume``: (games without stock or counts) guess as if every other seat but the partner sheds its
          heaviest fitting tile, until it shows otherwise or no deal fits that (see model.py);
        - ``reply``: (All Fives) how much the playouts count against a play what the next seat could score at
          once in answer (see playout.best_reply; 0: only what the play scores);
        """
        super().__init__(rng)
        self.budget = budget
        self.samples = samples
        self.exact = exact
        self.explore = explore
        self.exact_line = exact_line
        self.nodes = nodes
        self.control = control
        self.presume = presume
        self.reply = reply

    def decide(self, obs: Observation) -> Move:
        return self.rank(obs)[0][0]

    def rank(self, obs: Observation, moves: Sequence[Move] | None = None) -> list[tuple[Move, float]]:
        """Every move `evaluate` considers with its value, best first (ties keep the order of ``obs.legal``).
        `choose` plays the first, and the coach's hint shows the list: one evaluation serves both."""
        scores = self.evaluate(obs, moves)
        return sorted(scores.items(), key=lambda item: -item[1])

    def evaluate(self, obs: Observation, moves: Sequence[Move] | None = None) -> dict[Move, float]:
        """Average outcome of each of ``moves`` (by default the `candidates` the bot plays from; the coach
        rates every legal move) over the guesses the budget allows (higher is better)."""
        start = time.perf_counter()
        rules = obs.rules
        sampler = self.sampler(obs)
        objective = Objective(obs)
        playout = Playout(rules, self.rng, self.explore, self.control, self.reply)
        legal = candidates(obs) if moves is None else tuple(moves)
        codes = [from_move(m, rules) for m in legal]
        totals = [0.0] * len(codes)
        passes = trailing_passes(obs)
        last_play = last_player(obs)
        # Past this, an exact search gives up (the first guesses are finished by playouts instead).
        deadline = start + self.budget if self.budget is not None else float("inf")
        done = 0
        exact = self.exact > 0
        # A search that could not finish the first guesses within the budget would spend it all and then leave
        # those guesses to playouts anyway, so small budgets only try small searches.
        line = rules.is_line and not obs.board.empty
        nodes = self.nodes
        if self.budget is not None:
            speed = LINE_NODES_PER_SECOND if line else NODES_PER_SECOND
            nodes = min(nodes, int(self.budget * speed / MIN_SAMPLES))
        # Line games are searched and played out by the kernel (`LineSolver`), a lead included.
        line_policy = playout.line
        solver = LineSolver(rules, objective, nodes, deadline) if line_policy is not None else None
        root: Sim | None = None
        in_hands = 0
        while done < self.samples:
            guess = sampler.sample(self.rng)
            if root is None or solver is None:
                root = Sim.from_board(rules, obs.board, list(guess.masks), list(guess.stock), obs.turn)
                root.passes = passes
                root.fives = list(obs.points)
                root.last_play = last_play
                in_hands = sum(m.bit_count() for m in guess.masks)
            else:  # guesses of a line game differ only in the hands (which the kernel copies, never changes)
                root.masks = list(guess.masks)
            values = None
            if exact and line and solver is not None and in_hands <= self.exact_line:
                try:
                    values = solver.solve(root, codes)
                except TooBig:
                    exact = False  # this position is too big to solve: playouts for the rest of this decision
            elif exact and in_hands <= self.exact and not root.stock:
                try:
                    values = solve(root, codes, objective, nodes, deadline)
                except TooBig:
                    exact = False
            if values is not None:
                for i, value in enumerate(values):
                    totals[i] += value
            elif solver is not None and line_policy is not None:
                solver.playouts(root, codes, line_policy, self.rng, totals)
            else:
                for i, move in enumerate(codes):
                    sim = root.copy()
                    sim.apply(move)
                    playout.run(sim)
                    totals[i] += objective.value(sim)
            done += 1
            if (
                self.budget is not None
                and done >= MIN_SAMPLES
                and (time.perf_counter() - start) * (done + 1) / done > self.budget
            ):
                break
        self.guesses.append(done)
        return {to_move(m, rules): t / done for m, t in zip(codes, totals, strict=True)}

    def sampler(self, obs: Observation) -> Guesses:
        """What the guesses are drawn from: deals consistent with what ``obs`` shows (benchmarks/strength.py's
        ``--oracle`` gives one that always deals the truth)."""
        return Sampler(self.knowledge(obs), obs.hand_mask, obs.stock_size)

    def knowledge(self, obs: Observation) -> Knowledge:
        """What ``obs`` says of the hidden tiles, with the presumption of heavy play where it applies."""
        know = infer(obs)
        if self.presume and not obs.rules.has_stock and not obs.rules.fives:
            presume(know, obs)
        return know


__all__ = ["DRAW_MOVE", "PASS_MOVE", "ExpertBot"]
