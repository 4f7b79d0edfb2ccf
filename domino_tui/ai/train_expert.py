"""The expert at Mexican Train: infer, guess the hidden tiles many times, play each guess out, keep the best move.

The same three steps as the expert of the line games (expert.py), on the train game's records:

- inference (`train_knowledge`): a seat that drew or passed held no tile that fits any end it could have played
  on at that moment (the rules make a player who can play do so); tiles it drew afterwards are exempt, as in
  inference.py, whose `Knowledge` and counting condition it fills;
- guesses (`WideSampler`): deals of the unseen tiles (other hands and the boneyard) consistent with those facts;
- search: on each guess every candidate move is played, and the round is finished by a quick policy
  (train_loops.py, compiled with the kernel: the heaviest tile that fits, now and then a random legal move).
  A finished round is worth the other seats' mean pips minus the bot's own (what Mexican Train is played for:
  fewest pips); the move with the best average wins.

The time budget and the number of guesses are the expert's options (expert.py's `ExpertOptions`), so that the levels
(levels.py) mean the same in every variant. It sees only the observation.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from ..engine import Kind
from ..engine.moves import Move
from ..engine.train_core import train_tables
from ..engine.train_observation import TrainObservation
from .inference import Knowledge, SeatKnowledge, Void
from .train_loops import TrainPlayout
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
        self, rng: random.Random, budget: float | None, samples: int, explore: float, min_samples: int
    ) -> None:
        """``budget`` seconds (None: exactly ``samples`` guesses), at most ``samples`` guesses and at least
        ``min_samples``; ``explore``: how often a playout plays a random legal move."""
        self.rng = rng
        self.budget = budget
        self.samples = samples
        self.explore = explore
        self.min_samples = min_samples

    def evaluate(
        self, obs: TrainObservation, moves: Sequence[Move], until: Callable[[Sequence[float]], bool] | None = None
    ) -> tuple[dict[Move, float], int]:
        """Average worth of each of ``moves`` over the guesses the budget allows (higher is better: the others'
        mean pips minus one's own at the round's end), and how many guesses that was; ``until`` is told each
        guess's worths and may stop the search after it (not before ``min_samples`` guesses)."""
        start = time.perf_counter()
        rng = self.rng
        replayed = replay(obs)
        sampler = WideSampler(train_knowledge(obs, replayed), obs.boneyard_size)
        codes = [move_code(m, obs) for m in moves]
        totals = [0.0] * len(codes)
        playout = TrainPlayout(rng, self.explore, weights(obs.rules.max_pip))
        budget = self.budget
        seat = obs.seat
        done = 0
        while done < self.samples:
            guess = sampler.sample(rng)
            root = kernel_round(replayed, guess.masks, guess.stock)
            values = [0.0] * len(codes)
            for i, code in enumerate(codes):
                sim = root.copy()
                sim.apply(code)
                playout.finish(sim)
                values[i] = worth(sim.points(), seat)
                totals[i] += values[i]
            done += 1
            if until is not None and until(values) and done >= self.min_samples:
                break
            if (
                budget is not None
                and done >= self.min_samples
                and (time.perf_counter() - start) * (done + 1) / done > budget
            ):
                break
        return {m: t / done for m, t in zip(moves, totals, strict=True)}, done


def weights(max_pip: int) -> list[int]:
    """What the quick policy sheds first, by tile index: pips, doubles first among equals (a double must be
    answered, and it fits one number only)."""
    t = train_tables(max_pip)
    return [2 * p + d for p, d in zip(t.pips, t.is_double, strict=True)]


def worth(points: Sequence[int], seat: int) -> float:
    """A finished round seen by ``seat``: the other seats' mean points minus its own (higher is better)."""
    return (sum(points) - points[seat]) / (len(points) - 1) - points[seat]
