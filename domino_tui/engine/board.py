"""The layout on the table: a line with two ends, and for All Fives a spinner with arms up and down."""

from __future__ import annotations

from dataclasses import dataclass

from .moves import End
from .tiles import Tile

CLOSED = -1


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile as it lies: ``first`` is its half nearer the left (in the line) or nearer the spinner (on an arm)."""

    tile: Tile
    first: int
    second: int

    def __str__(self) -> str:
        return f"[{self.first}|{self.second}]"


class Board:
    """Tiles on the table, with the number showing at each open end.

    ``ends[e]`` is the pip showing at end ``e`` or CLOSED; the hot path reads it directly.
    """

    __slots__ = ("line", "up", "down", "spinner", "ends", "allow_spinner")

    def __init__(self, allow_spinner: bool = False) -> None:
        self.line: list[Placed] = []
        self.up: list[Placed] = []
        self.down: list[Placed] = []
        # Index in ``line`` of the spinner (the first double played), when the variant has one.
        self.spinner: int | None = None
        self.ends: list[int] = [CLOSED, CLOSED, CLOSED, CLOSED]
        self.allow_spinner = allow_spinner

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.line = self.line.copy()
        b.up = self.up.copy()
        b.down = self.down.copy()
        b.spinner = self.spinner
        b.ends = self.ends.copy()
        b.allow_spinner = self.allow_spinner
        return b

    def __len__(self) -> int:
        return len(self.line) + len(self.up) + len(self.down)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Board)
            and self.line == other.line
            and self.up == other.up
            and self.down == other.down
            and self.spinner == other.spinner
        )

    @property
    def empty(self) -> bool:
        return not self.line

    def open_ends(self) -> tuple[End, ...]:
        return tuple(End(e) for e in range(4) if self.ends[e] != CLOSED)

    def tiles(self) -> list[Tile]:
        return [p.tile for p in self.line] + [p.tile for p in self.up] + [p.tile for p in self.down]

    def place(self, tile: Tile, end: End) -> Placed:
        """Lay ``tile`` at ``end`` turned so the matching numbers touch. The caller has checked it fits."""
        ends = self.ends
        if not self.line:
            placed = Placed(tile, tile.low, tile.high)
            self.line.append(placed)
            ends[0], ends[1] = tile.low, tile.high
            if self.allow_spinner and tile.is_double:
                self.spinner = 0
            return placed
        pip = ends[end]
        outer = tile.other(pip)
        if end == End.LEFT:
            placed = Placed(tile, outer, pip)
            self.line.insert(0, placed)
            if self.spinner is not None:
                self.spinner += 1
            elif self.allow_spinner and tile.is_double:
                self.spinner = 0
            ends[0] = outer
        elif end == End.RIGHT:
            placed = Placed(tile, pip, outer)
            self.line.append(placed)
            if self.spinner is None and self.allow_spinner and tile.is_double:
                self.spinner = len(self.line) - 1
            ends[1] = outer
        else:
            placed = Placed(tile, pip, outer)
            (self.up if end == End.UP else self.down).append(placed)
            ends[end] = outer
        self._open_spinner_arms()
        return placed

    def _open_spinner_arms(self) -> None:
        """Up and down open once the spinner has a tile on each side; down only after up has a tile,
        because the two empty arms are the same choice and offering both would only double the work."""
        s = self.spinner
        if s is None or s == 0 or s == len(self.line) - 1:
            return
        pip = self.line[s].first
        self.ends[2] = self.up[-1].second if self.up else pip
        self.ends[3] = self.down[-1].second if self.down else (pip if self.up else CLOSED)

    def count(self) -> int:
        """The All Fives count: the sum of the open ends, a double at an end counting both halves.

        The spinner counts both halves while it is an end of the line; an arm counts once it has a tile.
        """
        line = self.line
        if not line:
            return 0
        first, last = line[0], line[-1]
        if len(line) == 1:
            return first.first + first.second
        total = first.first * 2 if first.tile.is_double else first.first
        total += last.second * 2 if last.tile.is_double else last.second
        for arm in (self.up, self.down):
            if arm:
                tip = arm[-1]
                total += tip.second * 2 if tip.tile.is_double else tip.second
        return total

    def fives_points(self) -> int:
        """What the count scores in All Fives: itself when a multiple of 5, else nothing."""
        count = self.count()
        return count if count % 5 == 0 else 0

    def pip_count(self, pip: int) -> int:
        """How many halves showing ``pip`` lie on the table (the classic eight-of-a-number stalemate)."""
        n = 0
        for arm in (self.line, self.up, self.down):
            for p in arm:
                n += (p.first == pip) + (p.second == pip)
        return n

    def __str__(self) -> str:
        return "".join(str(p) for p in self.line)
