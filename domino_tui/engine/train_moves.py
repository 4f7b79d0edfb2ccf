"""Moves and public events of the train game: a `TrainPlay` lays a tile on a train; drawing and passing are the
same DRAW and PASS as in every variant. An event says which seat played what on which train, drew, or passed.

A play here names a train where `Play` names an end of the line, so it is its own class (still a `Move` of kind
PLAY, so that code that only asks ``move.kind`` treats the variants alike).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from .core import DRAW_MOVE, PASS_MOVE
from .errors import ArgumentError, shown
from .moves import DRAW, PASS, Draw, Kind, Move, Pass, saved_move
from .tiles import Tile, TileSet, is_whole_number, tile_set
from .train_core import TRAIN_SHIFT, code_tile, code_train, train_play_code

MAX_TRAINS = 16


@dataclass(frozen=True, slots=True)
class TrainPlay(Move):
    """Lay ``tile`` on train ``train`` (a seat's own train is its seat number; the Mexican train is ``players``)."""

    tile: Tile
    train: int = -1  # a default only because Move's ``tile`` property reads as one to dataclass; -1 is refused
    kind: ClassVar[Kind] = Kind.PLAY

    def __post_init__(self) -> None:
        if self.tile.__class__ is not Tile:
            raise ArgumentError(f"a play needs a Tile, not {shown(self.tile)}")
        if not (is_whole_number(self.train) and 0 <= self.train < MAX_TRAINS):
            raise ArgumentError(f"no train {shown(self.train)}: trains are numbered from 0")

    def __str__(self) -> str:
        return f"{self.tile} on train {self.train}"

    def to_json(self) -> list[object]:
        return [self.kind.value, self.tile.low, self.tile.high, self.train]


TrainMove = TrainPlay | Draw | Pass


def train_move_from_json(data: object) -> Move:
    """Read ``["play", a, b, train]``, ``["draw"]`` or ``["pass"]``; SaveFormatError for anything else."""
    return saved_move(data, '(a train move is ["play", a, b, train], ["draw"] or ["pass"])', TrainPlay)


def train_move_of(code: int, tiles: TileSet) -> Move:
    """The Move of the train kernel's int ``code``."""
    if code == DRAW_MOVE:
        return DRAW
    if code == PASS_MOVE:
        return PASS
    return _train_plays(tiles.max_pip)[code]


@cache
def _train_plays(max_pip: int) -> tuple[TrainPlay, ...]:
    """Every play of the set at its int code, made once, so that listing legal moves makes no new object."""
    ts = tile_set(max_pip)
    return tuple(TrainPlay(ts.tiles[code_tile(c)], code_train(c)) for c in range(ts.size << TRAIN_SHIFT))


def train_code_of(move: Move, tiles: TileSet) -> int:
    """The train kernel's int for ``move``; ArgumentError for a move of the line games."""
    if isinstance(move, TrainPlay):
        return train_play_code(tiles.index[move.tile], move.train)
    if move is DRAW:
        return DRAW_MOVE
    if move is PASS:
        return PASS_MOVE
    raise ArgumentError(f"not a train move: {shown(move)} (play a tile on a train, draw or pass)")


@dataclass(frozen=True, slots=True)
class TrainEvent:
    """One public fact: ``seat`` played ``tile`` on ``train``, drew (the tile stays hidden), or passed. A pass by a
    seat that could not play puts its marker out (``marked``); a pass that ends a first turn's run does not. A
    forfeit (a faulty bot in a tournament: `TrainRoundState.forfeit`) is a pass with its marker out that also takes
    the seat out of the round (``forfeit``)."""

    seat: int
    kind: Kind
    tile: Tile | None = None
    train: int | None = None
    marked: bool = False
    forfeit: bool = False

    def to_json(self) -> list[object]:
        if self.kind is Kind.PLAY:
            assert self.tile is not None
            return [self.seat, "play", self.tile.low, self.tile.high, self.train]
        if self.forfeit:
            return [self.seat, "forfeit"]
        if self.kind is Kind.PASS:
            return [self.seat, "pass", self.marked]
        return [self.seat, self.kind.value]
