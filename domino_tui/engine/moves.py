"""Moves and the public record of what happened at the table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from .errors import ArgumentError, SaveFormatError, shown
from .tiles import Tile, is_whole_number


class End(IntEnum):
    """An open end of the layout. UP and DOWN exist only off an All Fives spinner."""

    LEFT = 0
    RIGHT = 1
    UP = 2
    DOWN = 3

    @property
    def label(self) -> str:
        return self.name.lower()


class Kind(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


_KINDS = {k.value: k for k in Kind}


@dataclass(frozen=True, slots=True)
class Move:
    """Play ``tile`` on ``end``, or draw, or pass. On an empty table a lead is played on ``End.LEFT``."""

    kind: Kind
    tile: Tile | None = None
    end: End | None = None

    def __post_init__(self) -> None:
        # A Move is checked once, here, so that everything that takes one (apply, bots, the wire) can trust it.
        if self.kind.__class__ is not Kind:
            raise ArgumentError(f"not a kind of move: {shown(self.kind)} (play, draw or pass)")
        if self.kind is not Kind.PLAY:
            if self.tile is not None or self.end is not None:
                raise ArgumentError(f"a {self.kind.value} names no tile and no end")
            return
        if self.tile.__class__ is not Tile:
            raise ArgumentError(f"a play needs a Tile, not {shown(self.tile)}")
        if self.end.__class__ is not End:
            if not (is_whole_number(self.end) and 0 <= self.end < len(End)):
                raise ArgumentError(f"no end {shown(self.end)}: the ends are 0 to 3 (left, right, up, down)")
            object.__setattr__(self, "end", End(self.end))

    @classmethod
    def play(cls, tile: Tile, end: End = End.LEFT) -> Move:
        return cls(Kind.PLAY, tile, end)

    def __str__(self) -> str:
        if self.kind is Kind.PLAY:
            assert self.end is not None  # Move.play sets it
            return f"{self.tile} {self.end.label}"
        return self.kind.value

    def to_json(self) -> list[object]:
        if self.kind is Kind.PLAY:
            assert self.tile is not None and self.end is not None  # Move.play sets both
            return [self.kind.value, self.tile.low, self.tile.high, int(self.end)]
        return [self.kind.value]

    @classmethod
    def from_json(cls, data: object) -> Move:
        """Read ``["play", a, b, end]``, ``["draw"]`` or ``["pass"]``; SaveFormatError for anything else."""
        shape = '(a move is saved as ["play", a, b, end], ["draw"] or ["pass"])'
        if not (isinstance(data, list) and data and isinstance(data[0], str) and data[0] in _KINDS):
            raise SaveFormatError(f"not a move: {shown(data)} {shape}")
        kind = _KINDS[data[0]]
        if len(data) != (4 if kind is Kind.PLAY else 1):
            raise SaveFormatError(f"not a move: {shown(data)} {shape}")
        if kind is not Kind.PLAY:
            return cls(kind)
        try:
            return cls(kind, Tile.of(data[1], data[2]), data[3])
        except ArgumentError as exc:
            raise SaveFormatError(f"not a move: {shown(data)}: {exc}") from None


DRAW = Move(Kind.DRAW)
PASS = Move(Kind.PASS)


@dataclass(frozen=True, slots=True)
class Event:
    """One public fact: who played what where (with the ends showing before it), drew, or passed.

    A draw never names the tile drawn: that is hidden from everybody but the drawer, who sees it in the hand.
    ``forced`` marks a turn lost to a faulty bot (counted as a pass, as the seed-003 judge does).
    """

    seat: int
    kind: Kind
    tile: Tile | None = None
    end: End | None = None
    ends_before: tuple[int, ...] = ()
    scored: int = 0
    forced: bool = False
