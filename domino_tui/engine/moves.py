"""Moves and the public record of what happened at the table."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

from .tiles import Tile


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


@dataclass(frozen=True, slots=True)
class Move:
    """Play ``tile`` on ``end``, or draw, or pass. On an empty table a lead is played on ``End.LEFT``."""

    kind: Kind
    tile: Tile | None = None
    end: End | None = None

    @classmethod
    def play(cls, tile: Tile, end: End = End.LEFT) -> Move:
        return cls(Kind.PLAY, tile, End(end))

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
    def from_json(cls, data: list[Any]) -> Move:
        kind = Kind(data[0])
        if kind is Kind.PLAY:
            return cls(kind, Tile.of(data[1], data[2]), End(data[3]))
        return cls(kind)


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
