"""What one seat may know: its own hand and everything public. Never a reference to the state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .board import Board
from .checks import check_seat
from .moves import Event, Move
from .rules import Rules
from .tiles import Tile

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of a game, built fresh for every decision.

    Hidden tiles are absent by construction: the hands of others appear only as counts, the stock only as a
    size, and the history names no drawn tile. ``board`` is a private copy, so changing it changes nothing.
    """

    rules: Rules
    seat: int
    turn: int
    hand: tuple[Tile, ...]
    board: Board
    hand_sizes: tuple[int, ...]
    stock_size: int
    sleeping: int  # tiles dealt to nobody and out of play (block, partnership9)
    history: tuple[Event, ...]
    legal: tuple[Move, ...]  # the seat's legal moves when it is to act, else empty
    points: tuple[int, ...]  # points each team has earned in this game so far
    match_scores: tuple[int, ...] = ()  # running match score per team before this game, when in a match
    target: int | None = None

    @property
    def ends(self) -> tuple[int, ...]:
        return tuple(self.board.ends)

    @property
    def team(self) -> int:
        return self.rules.team_of(self.seat)

    @property
    def partner(self) -> int | None:
        if not self.rules.partnership:
            return None
        return (self.seat + 2) % self.rules.players


def observe(state: GameState, seat: int, match_scores: tuple[int, ...] = (), target: int | None = None) -> Observation:
    """Build ``seat``'s observation of ``state`` (a GameState). ArgumentError for a seat not at the table."""
    check_seat(seat, state.rules.players)
    return Observation(
        rules=state.rules,
        seat=seat,
        turn=state.turn,
        hand=state.hand(seat),
        board=state.board.copy(),
        hand_sizes=state.hand_sizes(),
        stock_size=state.stock_size,
        sleeping=len(state.sleeping),
        history=tuple(state.history),
        legal=tuple(state.legal_moves()) if seat == state.turn else (),
        points=state.team_points(),
        match_scores=match_scores,
        target=target,
    )
