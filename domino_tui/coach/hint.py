"""The coach's hint: the expert's own ranking of every legal move, in the variant's units, with reasons.

There is one evaluator: the hint asks `ExpertBot.rank`, the very list the expert's `choose` plays the top of,
so the hint's best move is the expert's choice for the same seed and budget. Reasons are facts, never guesses:
what a move scores now (All Fives, Fives and Threes) and which seats have shown, by a pass or a draw, that they
hold nothing of a number the move leaves showing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..ai.expert import ExpertBot, Until
from ..ai.inference import infer
from ..ai.objective import HAND_POINTS, Objective
from ..ai.train_expert import train_knowledge
from ..ai.train_view import Replayed, move_code, replay
from ..bot_registry import make_level
from ..engine import End, Kind, Move, Observation, TrainObservation, TrainPlay
from .tracker import Shown, void_numbers

Names = Callable[[int], str]
HINT_LEVEL = "Master"
PIPS_WORTH_SAYING = 3.0  # a Mexican Train decision that costs this many pips or more gets a note
POINTS_WORTH_SAYING = 2.0  # so does a hand of All Fives or Fives and Threes on its own that costs this many points


@dataclass(frozen=True, slots=True)
class Units:
    """What the expert's values mean: the chance of winning the match (in a match to a target) or the game, a
    draw counting half (the objective's -1 .. 1 read as a chance); in a hand of All Fives or Fives and Threes on
    its own (``points``), the points it expects to end ahead of the best of the others; or, in Mexican Train
    (``pips``), the pips the seat expects to end the round with fewer than the others' mean."""

    match: bool
    pips: bool = False
    points: bool = False  # a hand on its own where plays score the count: its margin in points (`Objective`)

    @property
    def label(self) -> str:
        if self.pips:
            return "pips fewer than the others' mean at the round's end"
        if self.points:
            return "points ahead of the best of the others at the hand's end"
        return "chance to win the match" if self.match else "chance to win (a draw counts half)"

    def show(self, value: float) -> str:
        if self.pips:
            return f"{value:+.1f}"
        if self.points:
            return f"{value * HAND_POINTS:+.1f}"
        # A tenth of a point: early in a match the moves' chances often differ by less than one point.
        return f"{min(100.0, max(0.0, (value + 1) * 50)):.1f}%"

    def loss(self, value: float) -> str:
        """A loss (best minus made, >= 0) in these units, e.g. "−12% chance" or "−4.5 pips"."""
        if self.pips:
            return f"−{value:.1f} pips"
        if self.points:
            return f"−{value * HAND_POINTS:.1f} points"
        return f"−{value * 50:.0f}% chance"

    @property
    def worth_saying(self) -> float:
        """The smallest loss worth pointing out, in this unit's own scale: 5 percentage points of the chance,
        3 pips, or 2 points."""
        if self.points:
            return POINTS_WORTH_SAYING / HAND_POINTS
        return PIPS_WORTH_SAYING if self.pips else 0.1

    def costly(self, value: float) -> bool:
        """Whether a loss is worth pointing out."""
        return value >= self.worth_saying


@dataclass(frozen=True, slots=True)
class Rated:
    move: Move
    value: float
    reasons: tuple[str, ...]


def units_of(obs: Observation | TrainObservation) -> Units:
    if isinstance(obs, TrainObservation):
        return Units(match=False, pips=True)
    objective = Objective(obs)
    return Units(objective.in_match, points=objective.by_margin)


def master(rng: random.Random | None = None) -> ExpertBot:
    """The bot the coach thinks with: the Master level."""
    bot = make_level(HINT_LEVEL, rng)
    assert isinstance(bot, ExpertBot)
    return bot


def _seat_name(seat: int) -> str:
    return f"seat {seat}"


def rate(
    obs: Observation | TrainObservation, bot: ExpertBot, names: Names | None = None, until: Until | None = None
) -> list[Rated]:
    """Every legal move of ``obs`` (the seat to act), best first, with its value and reasons (``until``: see
    `ExpertBot.evaluate`)."""
    if len(obs.legal) == 1:
        # The expert does not think about a forced move; neither does the hint (its value is not needed).
        return [Rated(obs.legal[0], 0.0, ("the only legal move",))]
    # Every legal move, even the pass the expert itself never answers a pass with (base.candidates): a player
    # may make it, and the review must rate what was played.
    return explain(obs, bot.rank(obs, obs.legal, until), names)


def explain(
    obs: Observation | TrainObservation, ranking: Sequence[tuple[Move, float]], names: Names | None = None
) -> list[Rated]:
    """The expert's ``ranking`` of ``obs``'s moves (best first) with each move's reasons: the review ranks in other
    processes, which cannot be handed the names."""
    name = names or _seat_name
    if isinstance(obs, TrainObservation):
        replayed = replay(obs)
        train_voids = void_numbers(train_knowledge(obs, replayed), obs)
        return [Rated(move, value, train_reasons(obs, replayed, move, train_voids, name)) for move, value in ranking]
    voids = void_numbers(infer(obs), obs)
    return [Rated(move, value, reasons(obs, move, voids, name)) for move, value in ranking]


def train_reasons(
    obs: TrainObservation, replayed: Replayed, move: Move, voids: dict[int, dict[int, Shown]], name: Names
) -> tuple[str, ...]:
    """The known facts that bear on a Mexican Train play: which seats that may play on the train it lays on have
    shown they hold nothing of the number it leaves showing there."""
    if not isinstance(move, TrainPlay):
        return ()
    showing = move.tile.other(obs.trains[move.train].end)
    # The kernel says who may lay on that train once the play is made (its marker may come in).
    after = replayed.root.copy()
    after.apply(move_code(move, obs))
    if after.chaining:
        after.pass_turn()  # the others' turns come once the first turn's run stops (a pass that marks nothing)
    players = obs.rules.players
    out: list[str] = []
    for step in range(1, players):
        seat = (obs.seat + step) % players
        shown = voids.get(seat, {}).get(showing)
        if shown is not None and move.train in after.playable_trains(seat):
            out.append(f"{name(seat)} {shown.how} on {showing}s")
    return tuple(out)


def reasons(obs: Observation, move: Move, voids: dict[int, dict[int, Shown]], name: Names) -> tuple[str, ...]:
    """The known facts that bear on ``move``: points it scores, and voids in the numbers it leaves showing."""
    if move.kind is not Kind.PLAY:
        return ()
    board = obs.board.copy()
    board.place(move.tile, End.LEFT if board.empty else move.end)  # type: ignore[arg-type]  # a play has both
    out: list[str] = []
    if obs.rules.fives:
        points = obs.rules.count_points(board.count())
        if points:
            out.append(f"scores {points}")
    showing = sorted({board.ends[e] for e in board.open_ends()})
    players = obs.rules.players
    for step in range(1, players):
        seat = (obs.seat + step) % players
        for n in showing:
            shown = voids.get(seat, {}).get(n)
            if shown is not None:
                # In classic a pass or draw with a fitting tile is allowed, so there it only makes a void likely.
                out.append(f"{name(seat)} {shown.how} on {n}s" + (" (likely void)" if shown.likely else ""))
    return tuple(out)
