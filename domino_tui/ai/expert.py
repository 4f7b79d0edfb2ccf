"""The searching bot: infer, guess the hidden tiles many times, play each guess out, keep the best move.

For every guess (a deal of the unseen tiles consistent with the history, see determinize.py) each candidate move
is tried on the same guess and the game is finished by a quick playout policy, or searched exactly when few tiles
are left. The move with the best average outcome over all guesses wins. Outcomes are measured in what the variant
plays for (`objective.py`). The time budget caps the work; the first guesses are always completed, so a bot on a
slow machine still plays sensibly, just less well.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..engine import Move, Observation
from ..engine.moves import code_of, move_of
from ..engine.train_observation import TrainObservation
from .base import SearchingBot, candidates
from .determinize import Determinizer, knowledge
from .endgame import LineSolver, TooBig, solve
from .inference import Knowledge
from .lines import COMPILED
from .objective import Objective
from .playout import Playout
from .sampling import Guesses, Sampler
from .train_expert import TrainSearch, train_guesses
from .train_view import Replayed

MIN_SAMPLES = 4
# Positions an exact search visits per second, roughly, on this machine: the line search (compiled some 20 million
# or more, interpreted about 80,000: benchmarks/search_speed.py), and the search over the kernel's positions that
# the other games use (endgame.solve, about 6 µs a position).
LINE_NODES_PER_SECOND = 20_000_000 if COMPILED else 80_000
NODES_PER_SECOND = 160_000

# Told each guess's values of the moves (in their order), says whether the search may stop there: the coach's
# review stops a decision's search once its verdict is settled (coach/review.py).
Until = Callable[[Sequence[float]], bool]


@dataclass(frozen=True, slots=True)
class ExpertOptions:
    """How the expert thinks. The defaults are the measured ones (docs/removed-experiments.md has the options that
    measured no gain and left)."""

    budget: float | None = 0.6
    """Seconds per decision; None makes the bot deterministic for its rng (exactly ``samples`` guesses)."""
    samples: int = 5000
    """At most this many guesses per decision."""
    exact: int = 10
    """Solve exactly once this few tiles are left in the hands and the stock is empty (0: never)."""
    exact_line: int = 16
    """The same for line games (no stock, no spinner, no counts), which the faster line search solves."""
    nodes: int = 3000
    """An exact search that would visit more positions gives up, and playouts finish the decision (with a budget
    under 0.075 s the limit is lower: what a quarter of the budget can visit)."""
    explore: float = 0.25
    """How often a playout player picks a random tile instead of the policy's."""
    control: int = 8
    """(Line games) how much the playouts prefer leaving ends that show numbers the hand holds."""
    presume: bool = True
    """(Games without stock or counts) guess as if every other seat but the partner sheds its heaviest fitting
    tile, (games that score the count) as if it takes the most points it can, until it shows otherwise or no
    deal fits that (model.py)."""
    reply: float = 2.0
    """(Variants that score the count: All Fives, Fives and Threes) how much the playouts count against a play
    what the next seat could score at once in answer (playout.best_reply; 0: only what the play scores)."""
    train_explore: float = 0.0
    """(Mexican Train) how often a playout player lays a random tile instead of the planner's: the planner's play
    alone, without noise, compares moves on the same guess best (0.1 measured worse, see docs/strength.md)."""
    width: int = 0
    """(Mexican Train) search only this many of the plays the planner rates best (0: every legal move)."""
    margin: float = 1.0
    """(Mexican Train) play the planner's own move unless another beats it by this many standard errors of their
    paired difference over the guesses: a few guesses' noise must not talk the bot out of the planner's play."""
    many_samples: int = 0
    """At a table of more than two sides, each for himself (Fives and Threes for three or four; Mexican Train has
    ``train_samples``), at most this many guesses per decision (0: ``samples``): among three, 300 guesses earned
    the most points alone more often than 60 (docs/strength.md)."""
    train_samples: int = 0
    """(Mexican Train) at most this many guesses per decision (0: ``samples``): a train guess is cheap, and the
    levels' guesses are set for the line games."""
    train_against_best: bool = False
    """(Mexican Train) rate a finished playout by the best other seat's pips less its own, not the others' mean
    less its own: the lowest score alone is what wins a round. It pays with enough guesses to clear the margin
    (300 at Hard) and measured worse at 60 (docs/strength.md)."""


class ExpertBot(SearchingBot):
    name = "expert"
    description = "Infers the hidden hands from the history, samples them and searches every sample."

    def __init__(
        self, rng: random.Random | None = None, options: ExpertOptions | None = None, **changes: object
    ) -> None:
        """``options`` (`ExpertOptions`, the defaults when None), with ``changes`` to any of them by name:
        ``ExpertBot(rng, budget=None, samples=60)``; an unknown name is a TypeError."""
        super().__init__(rng)
        base = options if options is not None else ExpertOptions()
        self.options = replace(base, **changes)  # type: ignore[arg-type]  # the dataclass checks the names

    def choose_train(self, obs: TrainObservation) -> Move:
        """Mexican Train: its own records and search (train_expert.py), with the same options."""
        if len(obs.legal) == 1:
            return obs.legal[0]
        return self.rank(obs)[0][0]

    def decide(self, obs: Observation) -> Move:
        return self.rank(obs)[0][0]

    def rank(
        self, obs: Observation | TrainObservation, moves: Sequence[Move] | None = None, until: Until | None = None
    ) -> list[tuple[Move, float]]:
        """Every move `evaluate` considers with its value, best first (ties keep the order of ``obs.legal``).
        `choose` plays the first, and the coach's hint shows the list: one evaluation serves both. (At Mexican
        Train the first is the move the bot plays, which may not have the best average: train_expert.py.)"""
        if isinstance(obs, TrainObservation):
            search = self.train_search()
            ranked = search.rank(obs, moves, until)
            self.guesses.append(search.done)
            return ranked
        scores = self.evaluate(obs, moves, until)
        return sorted(scores.items(), key=lambda item: -item[1])

    def evaluate(
        self, obs: Observation | TrainObservation, moves: Sequence[Move] | None = None, until: Until | None = None
    ) -> dict[Move, float]:
        """Average outcome of each of ``moves`` (by default the `candidates` the bot plays from; the coach
        rates every legal move) over the guesses the budget allows (higher is better), or fewer: ``until`` is
        told each guess's values and may stop the search after it (never before ``MIN_SAMPLES`` guesses)."""
        options = self.options
        if isinstance(obs, TrainObservation):
            return dict(self.rank(obs, moves, until))
        start = time.perf_counter()
        rules = obs.rules
        determinizer = Determinizer(obs, guesses=self.sampler(obs))
        objective = Objective(obs)
        playout = Playout(rules, self.rng, options.explore, options.control, options.reply)
        legal = candidates(obs) if moves is None else tuple(moves)
        codes = [code_of(m, rules.tiles) for m in legal]
        totals = [0.0] * len(codes)
        # Past the deadline an exact search gives up (the first guesses are finished by playouts instead).
        deadline = start + options.budget if options.budget is not None else math.inf
        # A search that could not finish the first guesses within the budget would spend it all and then leave
        # those guesses to playouts anyway, so small budgets only try small searches.
        line = rules.is_line and not obs.board.empty
        nodes = options.nodes
        if options.budget is not None:
            speed = LINE_NODES_PER_SECOND if line else NODES_PER_SECOND
            nodes = min(nodes, int(options.budget * speed / MIN_SAMPLES))
        # Line games are searched and played out by the line loop (`LineSolver`), a lead included.
        line_solver = LineSolver(rules, objective, nodes, deadline) if playout.line is not None else None
        in_hands = sum(obs.hand_sizes)
        if line:
            exact = options.exact > 0 and in_hands <= options.exact_line
        else:
            exact = in_hands <= options.exact and not obs.stock_size
        samples = options.many_samples if options.many_samples and len(rules.teams) > 2 else options.samples
        done = 0
        while done < samples:
            # One position for every guess: the searches copy it before they play on it.
            root = determinizer.fill(determinizer.guess(self.rng))
            # Each guess's own values are only needed by ``until``; without it they are added up as they come.
            sums = totals if until is None else [0.0] * len(codes)
            values = None
            if exact:
                try:
                    if line_solver is not None and line:
                        values = line_solver.solve(root, codes)
                    else:
                        values = solve(root, codes, objective, nodes, deadline)
                except TooBig:
                    exact = False  # this position is too big to solve: playouts for the rest of this decision
            if values is not None:
                for i, value in enumerate(values):
                    sums[i] += value
            elif line_solver is not None and playout.line is not None:
                line_solver.playouts(root, codes, playout.line, self.rng, sums)
            else:
                for i, move in enumerate(codes):
                    sim = root.copy()
                    sim.apply(move)
                    playout.run(sim)
                    sums[i] += objective.value(sim)
            done += 1
            if until is not None:
                for i, value in enumerate(sums):
                    totals[i] += value
                if until(sums) and done >= MIN_SAMPLES:
                    break
            if (
                options.budget is not None
                and done >= MIN_SAMPLES
                and (time.perf_counter() - start) * (done + 1) / done > options.budget
            ):
                break
        self.guesses.append(done)
        return {move_of(m, rules.tiles): t / done for m, t in zip(codes, totals, strict=True)}

    def train_search(self) -> TrainSearch:
        o = self.options
        samples = o.train_samples or o.samples
        return TrainSearch(
            self.rng,
            o.budget,
            samples,
            o.train_explore,
            MIN_SAMPLES,
            o.width,
            o.margin,
            o.train_against_best,
            self.train_guesses,
        )

    def train_guesses(self, obs: TrainObservation, replayed: Replayed) -> Guesses:
        """What a Mexican Train search draws its guesses from (benchmarks/train_strength.py's ``--oracle``: the
        truth)."""
        return train_guesses(obs, replayed)

    def sampler(self, obs: Observation) -> Guesses:
        """What the guesses are drawn from: deals consistent with what ``obs`` shows (benchmarks/strength.py's
        ``--oracle`` gives one that always deals the truth)."""
        return Sampler(self.knowledge(obs), obs.stock_size)

    def knowledge(self, obs: Observation) -> Knowledge:
        """What ``obs`` says of the hidden tiles, with the presumption of heavy play where it applies."""
        return knowledge(obs, self.options.presume)
