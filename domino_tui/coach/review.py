"""The review of a finished hand: each of a seat's decisions rated again from what it knew at that moment.

The hand is replayed from its deal (`GameState.replay`), or read from the observations the seat was sent as it
played (`seen_choices`: a table in a room never has the deal), and at every turn where the seat had a
choice its observation is rated by the coach's hint (`hint.rate`, the expert's own ranking). The loss of a
decision is the best move's value minus the value of the move made, in the variant's units; costly ones get a
note naming the better move and the facts that favour it.

The app's review is ready within a few seconds (docs/speed.md, "The coach's review"): each decision's search stops
once what the review says of it is settled (`Settled`), the decisions are searched in parallel in other processes
(`review_pool`) within a time shared among them (`TimeShare`), and a decision the hint already ranked is not
searched again.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, replace

from ..ai.expert import ExpertBot, ExpertOptions
from ..engine import (
    DRAW,
    PASS,
    Event,
    GameState,
    Kind,
    Move,
    Observation,
    TrainObservation,
    TrainRoundState,
    observe,
    observe_train,
)
from .hint import Names, Rated, Units, explain, units_of


@dataclass(frozen=True, slots=True)
class Decision:
    ply: int  # index of the move in the game's moves and history
    obs: Observation | TrainObservation  # what the seat knew: the table as it was
    made: Move
    ranking: tuple[Rated, ...]  # best first
    units: Units
    guesses: int = 0  # how many guesses of the hidden tiles its search looked at (0: the hint's ranking taken)

    @property
    def best(self) -> Rated:
        return self.ranking[0]

    @property
    def made_value(self) -> float:
        for rated in self.ranking:
            if rated.move == self.made:
                return rated.value
        return self.best.value  # a move the expert does not weigh (never with its defaults): no verdict

    @property
    def loss(self) -> float:
        return max(0.0, self.best.value - self.made_value)

    @property
    def costly(self) -> bool:
        return self.units.costly(self.loss)

    @property
    def note(self) -> str:
        """E.g. "−12% chance: [5|5] left; [3|5] right was best (East passed on 3s)", or "" when not costly."""
        if not self.costly:
            return ""
        made = next((r for r in self.ranking if r.move == self.made), None)
        facts = [r for r in self.best.reasons if made is None or r not in made.reasons]
        why = f" ({'; '.join(facts)})" if facts else ""
        return f"{self.units.loss(self.loss)}: {self.made}; {self.best.move} was best{why}"


@dataclass(frozen=True, slots=True)
class Review:
    seat: int
    units: Units
    decisions: tuple[Decision, ...]

    @property
    def average_loss(self) -> float:
        """Mean loss per decision in the variant's units (0.0 for a hand without choices)."""
        if not self.decisions:
            return 0.0
        return sum(d.loss for d in self.decisions) / len(self.decisions)

    @property
    def costly(self) -> tuple[Decision, ...]:
        return tuple(d for d in self.decisions if d.costly)


def choices(
    game: GameState, seat: int, match_scores: tuple[int, ...] = (), target: int | None = None
) -> list[tuple[int, Observation, Move]]:
    """(ply, observation, move made) for every turn of ``seat`` in ``game`` where it had more than one move."""
    return [
        (len(state.moves), observe(state, seat, match_scores, target), move)
        for state, move in game.replay()
        if state.turn == seat and len(state.legal_moves()) > 1
    ]


def move_of_event(event: Event) -> Move:
    """The move a public event records."""
    if event.kind is Kind.PLAY:
        assert event.tile is not None and event.end is not None
        return Move.play(event.tile, event.end)
    return DRAW if event.kind is Kind.DRAW else PASS


def seen_choices(seen: Sequence[Observation], history: Sequence[Event]) -> list[tuple[int, Observation, Move]]:
    """(ply, observation, move made) for every observation ``seen`` by a seat where it had more than one move,
    the move read from the hand's public ``history`` as it was at its end: the event after what the
    observation had seen is the seat's own (it was its turn)."""
    out = []
    for obs in seen:
        ply = len(obs.history)
        if len(obs.legal) > 1 and ply < len(history) and history[ply].seat == obs.seat:
            out.append((ply, obs, move_of_event(history[ply])))
    return out


def train_choices(
    game: TrainRoundState, seat: int, round_scores: tuple[tuple[int, ...], ...] = ()
) -> list[tuple[int, TrainObservation, Move]]:
    """The same for a round of Mexican Train, replayed from its deal (its save without the moves)."""
    state = TrainRoundState.from_json({**game.to_json(), "moves": []})
    out = []
    for ply, move in enumerate(game.moves):
        if state.turn == seat:
            obs = observe_train(state, seat, round_scores)
            if len(obs.legal) > 1:
                out.append((ply, obs, move))
        state.apply(move)
    return out


def review(
    game: GameState | TrainRoundState,
    seat: int,
    bot: ExpertBot,
    match_scores: tuple[int, ...] = (),
    target: int | None = None,
    names: Names | None = None,
    progress: Callable[[int, int], object] | None = None,
    *,
    settle: bool = False,
    jobs: int = 1,
) -> Review:
    """Rate every decision of ``seat`` in ``game`` (a round of Mexican Train too); ``progress(done, total)`` is
    called after each one; ``settle`` and ``jobs`` as `rate_choices` takes them."""
    todo: Sequence[tuple[int, Observation | TrainObservation, Move]] = (
        train_choices(game, seat) if isinstance(game, TrainRoundState) else choices(game, seat, match_scores, target)
    )
    if todo:
        units = units_of(todo[0][1])
    elif isinstance(game, TrainRoundState):
        units = units_of(observe_train(game, seat))
    else:
        units = units_of(observe(game, seat, match_scores, target))
    return rate_choices(seat, units, todo, bot, names, progress, settle=settle, jobs=jobs)


def rate_choices(
    seat: int,
    units: Units,
    todo: Sequence[tuple[int, Observation | TrainObservation, Move]],
    bot: ExpertBot,
    names: Names | None = None,
    progress: Callable[[int, int], object] | None = None,
    *,
    settle: bool = False,
    jobs: int = 1,
    known: Callable[[Observation | TrainObservation], Sequence[Rated] | None] | None = None,
    rated: Callable[[int, Decision], object] | None = None,
    within: float | None = None,
) -> Review:
    """Rate each of ``seat``'s decisions ``todo`` in ``units``, calling ``progress(done, total)`` after each and
    ``rated(index, decision)`` as each is ready (in any order when they are rated in parallel).

    Each decision is searched by a bot of ``bot``'s options seeded from ``bot``'s rng, so the review is the same
    however many ``jobs`` (processes) share it. ``settle``: each search stops once its verdict is settled
    (`Settled`), not at the end of its budget. ``known``: the ranking the hint already made of an observation, if
    any, which is taken as it is. ``within``: seconds the whole review should take, shared among the decisions
    left to search as each starts (time a settled decision leaves goes to those after it; none searches longer
    than ``bot``'s budget)."""
    seeds = [bot.rng.getrandbits(64) for _ in todo]
    decisions: list[Decision | None] = [None] * len(todo)
    done = 0

    def finish(index: int, ranking: Sequence[Rated], guesses: int = 0) -> None:
        nonlocal done
        ply, obs, made = todo[index]
        decision = decisions[index] = Decision(ply, obs, made, tuple(ranking), units, guesses)
        done += 1
        if rated is not None:
            rated(index, decision)
        if progress is not None:
            progress(done, len(todo))

    searched = []
    for index, (_, obs, _) in enumerate(todo):
        hinted = known(obs) if known is not None else None
        if hinted is not None and {r.move for r in hinted} == set(obs.legal):
            finish(index, hinted)
        else:
            searched.append(index)
    lanes = min(jobs, len(searched)) if jobs > 1 and len(searched) > 1 else 1
    deadline = time.time() + within if within is not None else None

    def share(order: int) -> TimeShare | None:
        """The ``order``-th decision searched starts once about ``order`` others have: it shares the time left
        with those still to come and those the other lanes are searching."""
        return None if deadline is None else TimeShare(deadline, len(searched) - order + lanes - 1, lanes)

    if lanes > 1:
        pool = review_pool(jobs)
        futures = {
            pool.submit(rank_decision, todo[i][1], todo[i][2], units, bot.options, seeds[i], settle, share(order)): i
            for order, i in enumerate(searched)
        }
        pending = set(futures)
        while pending:
            # Looked at again every moment rather than waited on for good: once the app closes and stops the pool
            # (`stop_pool`), nobody will read this review, and its thread must not keep the app from ending.
            answered, pending = wait(pending, timeout=POOL_LOOK, return_when=FIRST_COMPLETED)
            if current_pool() is not pool:
                raise ReviewStopped("the review's processes were stopped")
            for future in answered:
                index = futures[future]
                ranking, guesses = future.result()
                finish(index, explain(todo[index][1], ranking, names), guesses)
    else:
        for order, index in enumerate(searched):
            _, obs, made = todo[index]
            ranking, guesses = rank_decision(obs, made, units, bot.options, seeds[index], settle, share(order))
            finish(index, explain(obs, ranking, names), guesses)
    return Review(seat, units, tuple(d for d in decisions if d is not None))


@dataclass(frozen=True, slots=True)
class TimeShare:
    """A decision's share of a review's time: the time left until ``deadline`` (seconds since the epoch, the same
    clock in every process), over the ``sharing`` decisions searched from when it starts, ``lanes`` at once."""

    deadline: float
    sharing: int
    lanes: int

    def budget(self, most: float) -> float:
        left = max(0.0, self.deadline - time.time())
        return min(most, left * self.lanes / max(1, self.sharing))


def rank_decision(
    obs: Observation | TrainObservation,
    made: Move,
    units: Units,
    options: ExpertOptions,
    seed: int,
    settle: bool,
    share: TimeShare | None = None,
) -> tuple[list[tuple[Move, float]], int]:
    """The expert's ranking of every legal move of one decision (in a process of the review's pool, or here), and
    how many guesses it looked at; searched for its ``share`` of the review's time at most."""
    until = Settled(obs.legal.index(made), units) if settle and made in obs.legal else None
    if share is not None and options.budget is not None:
        options = replace(options, budget=share.budget(options.budget))
    bot = ExpertBot(random.Random(seed), options)
    ranking = bot.rank(obs, obs.legal, until)
    return ranking, bot.guesses[-1]


# What a review should take at most, in seconds: it is ready before the player has read the end-of-hand summary.
# Most take far less: the decisions whose verdict settles early do not use their share.
REVIEW_SECONDS = 2.4

# A settled verdict needs this many standard errors of margin; it is checked every CHECK_EVERY guesses from
# FIRST_CHECK on. The spread of a move's advantage is taken as at least PRIOR_SPREAD times the loss worth saying,
# as if PRIOR_GUESSES guesses had shown it: guesses that all agree (an endgame solved exactly) still leave doubt.
MARGIN_SIGMAS = 3.0
FIRST_CHECK = 48
CHECK_EVERY = 16
PRIOR_SPREAD = 2.0
PRIOR_GUESSES = 8
# The note's better move is settled once no other move can be better than it by more than this share of the loss
# worth saying (moves closer than that are as good as each other, and a full search names either).
BEST_TOLERANCE = 0.5


class Settled:
    """Stops a decision's search once what the review says of it cannot change: whether the move made was costly
    (some move beats it by the loss worth saying, or none can), and, when it was, which move was best. Told each
    guess's values of the legal moves (the same guess for every move, so their differences are compared pair by
    pair), it keeps their sums and the sums of their products."""

    def __init__(self, made: int, units: Units) -> None:
        self.made = made
        self.threshold = units.worth_saying
        self.prior = (PRIOR_SPREAD * self.threshold) ** 2 * PRIOR_GUESSES
        self.n = 0
        self.sums: list[float] = []
        self.products: list[list[float]] = []

    def __call__(self, values: Sequence[float]) -> bool:
        if not self.sums:
            self.sums = [0.0] * len(values)
            self.products = [[0.0] * len(values) for _ in values]
        self.n += 1
        for i, a in enumerate(values):
            self.sums[i] += a
            row = self.products[i]
            for j in range(i, len(values)):
                row[j] += a * values[j]
        return self.n >= FIRST_CHECK and self.n % CHECK_EVERY == 0 and self.settled()

    def advantage(self, i: int, j: int) -> tuple[float, float]:
        """How much better move ``i`` is than move ``j``: the mean and its margin (MARGIN_SIGMAS standard errors)."""
        n = self.n
        mean = (self.sums[i] - self.sums[j]) / n
        a, b = min(i, j), max(i, j)
        squares = self.products[i][i] - 2 * self.products[a][b] + self.products[j][j]
        spread = max(0.0, squares - n * mean * mean)
        variance = (spread + self.prior) / (n - 1 + PRIOR_GUESSES)
        return mean, MARGIN_SIGMAS * math.sqrt(variance / n)

    def settled(self) -> bool:
        moves = range(len(self.sums))
        tolerance = BEST_TOLERANCE * self.threshold
        bounds = [self.advantage(j, self.made) for j in moves if j != self.made]
        if all(mean + margin < self.threshold for mean, margin in bounds):
            return True  # no move can beat the one made by the loss worth saying
        best = max(moves, key=self.sums.__getitem__)
        against_best = [self.advantage(j, best) for j in moves if j != best]
        if all(margin < tolerance for _, margin in bounds + against_best):
            # Every difference is known this closely: the loss is on a knife's edge of worth saying, where a
            # longer search would only toss the coin again.
            return True
        if not any(mean - margin >= self.threshold for mean, margin in bounds):
            return False
        return all(mean + margin < tolerance for mean, margin in against_best)


def verdicts_agree(a: Decision, b: Decision) -> bool:
    """Whether two reviews of the same decision say the same of it: costly or not, and the better move a costly
    note names."""
    return a.costly == b.costly and (not a.costly or a.best.move == b.best.move)


def warm_pool(jobs: int) -> None:
    """Start the review's processes ahead of the first review (a hand is being played: they are idle till then)."""
    if jobs > 1:
        review_pool(jobs).submit(int)


# The processes reviews spread their decisions over, started by the first review that wants them and kept for the
# next (starting one costs more than a decision's search).
_POOL: tuple[int, ProcessPoolExecutor] | None = None
# The pool is asked for from worker threads (the warm-up while a hand is played, then the review itself): one at a
# time, or two could each start a pool, and each swap sys.stderr while the tracker starts.
_POOL_LOCK = threading.Lock()


class ReviewStopped(Exception):
    """The review's processes were stopped (the app closes) before the review was made."""


POOL_LOOK = 0.25  # seconds a review waits on its processes before it looks whether the pool was stopped


def current_pool() -> ProcessPoolExecutor | None:
    with _POOL_LOCK:
        return None if _POOL is None else _POOL[1]


def review_pool(jobs: int) -> ProcessPoolExecutor:
    """The pool of ``jobs`` processes (spawned, not forked: the app has threads running)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL[0] != jobs or not takes_work(_POOL[1]):
            if _POOL is not None:
                _POOL[1].shutdown(wait=False, cancel_futures=True)
            start_resource_tracker()
            _POOL = (jobs, ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn")))
        return _POOL[1]


def takes_work(pool: ProcessPoolExecutor) -> bool:
    """Whether ``pool`` can still run decisions: one whose process died (killed for memory, say) is broken for good,
    and one shut down takes nothing more (each submit raises). The executor says neither publicly."""
    return not (pool._broken or pool._shutdown_thread)


def start_resource_tracker() -> None:
    """Start the process multiprocessing keeps to clean up after its workers, handing it the real stderr: in the app,
    Textual's stand-in for ``sys.stderr`` has no file (its ``fileno`` is -1, and starting the tracker with it
    fails)."""
    from multiprocessing import resource_tracker

    stand_in, real = sys.stderr, sys.__stderr__
    if real is None or stand_in is real:
        resource_tracker.ensure_running()
        return
    sys.stderr = real  # for the moment it takes to start it: nothing else writes to stderr in the app
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = stand_in


def stop_pool() -> None:
    """The app closes: the review's processes stop, dropping decisions not started (a review no one will read)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None:
            _POOL[1].shutdown(wait=False, cancel_futures=True)
            _POOL = None


def free_cores() -> int:
    """How many processes a review may use: every core (the review is what the player waits for)."""
    return os.cpu_count() or 1
