"""The expert at Mexican Train: infer, guess the hidden tiles many times, play each guess out, keep the best move.

The same three steps as the expert of the line games (expert.py), on the train game's records:

- inference (`train_knowledge`): a seat that drew or passed held no tile that fits any end it could have played
  on at that moment (the rules make a player who can play do so); tiles it drew afterwards are exempt, as in
  inference.py, whose `Knowledge` and counting condition it fills;
- guesses (`WideSampler`): deals of the unseen tiles (other hands and the boneyard) consistent with those facts;
- search: on each guess every candidate move is played, and the round is finished with every seat playing the
  planner's rule (train_playout.py: its longest run kept for its own train, the rest laid elsewhere; played by
  train_loops.PlannerPlayout, compiled where the build could). A finished round is worth the other seats'
  mean pips minus the bot's own (what Mexican Train is played for: fewest pips), or with ``against_best`` the
  best other seat's pips minus its own (what wins the round: the lowest score alone).
  The candidates come in the planner's order (`by_planner`), its own move first, and the bot plays the planner's
  move unless another's average beats it by ``margin`` standard errors of their difference on the same guesses:
  with a few guesses (Normal) the search's noise would otherwise talk it out of a better play.

The time budget and the number of guesses are the expert's options (expert.py's `ExpertOptions`), so that the levels
(levels.py) mean the same in every variant. It sees only the observation.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from ..engine import Kind
from ..engine.moves import Move
from ..engine.train_core import train_tables
from ..engine.train_moves import TrainPlay
from ..engine.train_observation import TrainObservation
from .inference import Knowledge, SeatKnowledge, Void
from .sampling import Guesses
from .train_loops import PlannerPlayout
from .train_planner import TrainPlannerBot
from .train_view import Replayed, kernel_round, move_code, replay
from .wide_sampling import WideSampler


def train_knowledge(obs: TrainObservation, replayed: Replayed | None = None) -> Knowledge:
    """What ``obs``'s seat may deduce about the tiles it cannot see, from the public history (``replayed``: its
    replay, when the caller has it already)."""
    facts = replayed if replayed is not None else replay(obs)
    ts = obs.rules.tiles
    own = ts.mask_of(obs.hand)
    seen = own
    for train in obs.trains:
        seen |= ts.mask_of(train.tiles)
    seen |= 1 << train_tables(obs.rules.max_pip).double[obs.engine]
    players = obs.rules.players
    seats = {s: SeatKnowledge(s, obs.hand_sizes[s]) for s in range(players) if s != obs.seat}
    for i, ev in enumerate(obs.history):
        sk = seats.get(ev.seat)
        if sk is None:
            continue
        if ev.kind is Kind.PLAY:
            assert ev.tile is not None
            sk.played.append((ts.index[ev.tile], i))
            continue
        if ev.kind is Kind.DRAW:
            sk.draw_index.append(i)
        mask = facts.fits.get(i, 0)
        if mask:
            sk.voids.append(Void(i, mask))
    return Knowledge(
        players=players,
        me=obs.seat,
        own=own,
        unknown=ts.full_mask & ~seen,
        rest_size=obs.boneyard_size,
        seats=seats,
    )


class TrainSearch:
    """One decision's search for the expert (expert.ExpertBot hands Mexican Train observations to it)."""

    def __init__(
        self,
        rng: random.Random,
        budget: float | None,
        samples: int,
        explore: float,
        min_samples: int,
        width: int = 0,
        margin: float = 0.0,
        against_best: bool = False,
        guesses: Callable[[TrainObservation, Replayed], Guesses] | None = None,
    ) -> None:
        """``budget`` seconds (None: exactly ``samples`` guesses), at most ``samples`` guesses and at least
        ``min_samples``; ``explore``: how often a playout plays a random legal move. `choose` searches the
        ``width`` plays the planner rates best (0: every legal move) and keeps the planner's own move unless another
        beats it by ``margin`` standard errors of their paired difference over the guesses. ``against_best``: a
        finished round is worth the best other seat's pips less its own (`worth_against_best`), not the others'
        mean less its own (`worth`). ``guesses`` gives what the search draws its guesses from (by default
        `train_guesses`: uniform deals that keep the history's facts; benchmarks/train_strength.py's ``--oracle``:
        the true deal)."""
        self.rng = rng
        self.budget = budget
        self.samples = samples
        self.explore = explore
        self.min_samples = min_samples
        self.width = width
        self.margin = margin
        self.worth = worth_against_best if against_best else worth
        self.guesses = guesses or train_guesses
        self.done = 0  # the guesses the last search looked at

    def choose(self, obs: TrainObservation) -> Move:
        """The move to play: the planner's unless the search finds another clearly better."""
        return self.rank(obs)[0][0]

    def rank(
        self,
        obs: TrainObservation,
        moves: Sequence[Move] | None = None,
        until: Callable[[Sequence[float]], bool] | None = None,
    ) -> list[tuple[Move, float]]:
        """``moves`` (by default the ``width`` plays the planner rates best, or all) with their average worth over
        the guesses the budget allows (higher is better: the others' mean pips minus one's own at the round's
        end): the move to play first, the planner's unless another beats it by ``margin`` standard errors of their
        paired difference, then the others best first. The coach's hint shows the list, so it leads with the move
        the bot plays. ``until`` is told each guess's worths and may stop the search after it (the review's)."""
        ordered = by_planner(obs)
        if moves is not None:
            wanted = set(moves)
            ordered = [m for m in ordered if m in wanted]
        elif self.width:
            ordered = ordered[: self.width]
        if len(ordered) == 1:
            self.done = 0
            return [(ordered[0], 0.0)]
        values, done, spread = self.search(obs, ordered, until)
        best = max(range(len(ordered)), key=values.__getitem__)
        if best and done >= 2:
            mean = values[best] - values[0]
            variance = (spread[best] - done * mean * mean) / (done - 1)
            if mean <= self.margin * math.sqrt(max(variance, 0.0) / done):
                best = 0
        rest = sorted((i for i in range(len(ordered)) if i != best), key=lambda i: -values[i])
        return [(ordered[i], values[i]) for i in (best, *rest)]

    def search(
        self,
        obs: TrainObservation,
        moves: Sequence[Move],
        until: Callable[[Sequence[float]], bool] | None = None,
    ) -> tuple[list[float], int, list[float]]:
        """Each of ``moves``' average worth, the number of guesses, and each move's sum over the guesses of its
        squared difference from the first move's worth on the same guess (for `choose`'s margin)."""
        start = time.perf_counter()
        rng = self.rng
        replayed = replay(obs)
        sampler = self.guesses(obs, replayed)
        codes = [move_code(m, obs) for m in moves]
        totals = [0.0] * len(codes)
        spread = [0.0] * len(codes)
        playout = PlannerPlayout(rng, self.explore, train_tables(obs.rules.max_pip))
        budget = self.budget
        seat = obs.seat
        rate = self.worth
        done = 0
        while done < self.samples:
            guess = sampler.sample(rng)
            root = kernel_round(replayed, guess.masks, guess.stock)
            values = [0.0] * len(codes)
            for i, code in enumerate(codes):
                sim = root.copy()
                sim.apply(code)
                playout.finish(sim)
                values[i] = value = rate(sim.points(), seat)
                totals[i] += value
                spread[i] += (value - values[0]) ** 2
            done += 1
            if until is not None and until(values) and done >= self.min_samples:
                break
            if (
                budget is not None
                and done >= self.min_samples
                and (time.perf_counter() - start) * (done + 1) / done > budget
            ):
                break
        self.done = done
        return [t / done for t in totals], done, spread


def train_guesses(obs: TrainObservation, replayed: Replayed) -> Guesses:
    """The search's guesses: uniform deals of the unseen tiles that keep the facts the history shows."""
    return WideSampler(train_knowledge(obs, replayed), obs.boneyard_size)


def weights(max_pip: int) -> list[int]:
    """What the compiled quick policy (train_loops.TrainPlayout, the kernel's own playout loop that
    benchmarks/engine_speed.py measures) sheds first, by tile index: pips, doubles first among equals."""
    t = train_tables(max_pip)
    return [2 * p + d for p, d in zip(t.pips, t.is_double, strict=True)]


def by_planner(obs: TrainObservation) -> list[Move]:
    """``obs``'s legal moves, the planner's choice first and its plays in the planner's order (a draw or a pass
    is the only move when it is legal)."""
    plays = [m for m in obs.legal if isinstance(m, TrainPlay)]
    if not plays:
        return list(obs.legal)
    planner = TrainPlannerBot()
    rated = sorted(plays, key=lambda m: planner.worth(obs, m), reverse=True)
    return [*rated, *(m for m in obs.legal if not isinstance(m, TrainPlay))]


def worth(points: Sequence[int], seat: int) -> float:
    """A finished round seen by ``seat``: the other seats' mean points minus its own (higher is better)."""
    return (sum(points) - points[seat]) / (len(points) - 1) - points[seat]


def worth_against_best(points: Sequence[int], seat: int) -> float:
    """A finished round seen by ``seat``: the fewest points of another seat minus its own (higher is better;
    above 0 exactly when it has the lowest score alone)."""
    return min(p for s, p in enumerate(points) if s != seat) - points[seat]
