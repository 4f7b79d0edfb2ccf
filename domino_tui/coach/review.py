"""The review of a finished hand: each of a seat's decisions rated again from what it knew at that moment.

The hand is replayed from its deal (`GameState.replay`), or read from the observations the seat was sent as it
played (`seen_choices`: a table in a room never has the deal), and at every turn where the seat had a
choice its observation is rated by the coach's hint (`hint.rate`, the expert's own ranking). The loss of a
decision is the best move's value minus the value of the move made, in the variant's units; costly ones get a
note naming the better move and the facts that favour it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..ai.expert import ExpertBot
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
from .hint import Names, Rated, Units, rate, units_of


@dataclass(frozen=True, slots=True)
class Decision:
    ply: int  # index of the move in the game's moves and history
    obs: Observation | TrainObservation  # what the seat knew: the table as it was
    made: Move
    ranking: tuple[Rated, ...]  # best first
    units: Units

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
) -> Review:
    """Rate every decision of ``seat`` in ``game`` (a round of Mexican Train too); ``progress(done, total)`` is
    called after each one."""
    todo: Sequence[tuple[int, Observation | TrainObservation, Move]] = (
        train_choices(game, seat) if isinstance(game, TrainRoundState) else choices(game, seat, match_scores, target)
    )
    if todo:
        units = units_of(todo[0][1])
    elif isinstance(game, TrainRoundState):
        units = units_of(observe_train(game, seat))
    else:
        units = units_of(observe(game, seat, match_scores, target))
    return rate_choices(seat, units, todo, bot, names, progress)


def rate_choices(
    seat: int,
    units: Units,
    todo: Sequence[tuple[int, Observation | TrainObservation, Move]],
    bot: ExpertBot,
    names: Names | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> Review:
    """Rate each of ``seat``'s decisions ``todo`` in ``units``, calling ``progress(done, total)`` after each."""
    decisions = []
    for done, (ply, obs, made) in enumerate(todo, 1):
        decisions.append(Decision(ply, obs, made, tuple(rate(obs, bot, names)), units))
        if progress is not None:
            progress(done, len(todo))
    return Review(seat, units, tuple(decisions))
