"""The layout on the table: a line with two ends, and for All Fives a spinner with arms up and down."""

from __future__ import annotations

from dataclasses import dataclass

from .core import CLOSED, fives_count, lay
from .moves import End
from .tiles import Tile

__all__ = ["CLOSED", "Board", "Placed"]


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile as it lies: ``first`` is its half nearer the left (in the line) or nearer the spinner (on an arm)."""

    tile: Tile
    first: int
    second: int

    def __str__(self) -> str:
        return f"[{self.first}|{self.second}]"


class Board:
    """Tiles on the table as they lie, with the kernel's view of the ends.

    ``ends[e]`` is the pip showing at end ``e`` or CLOSED; ``dbl``, ``arm`` and ``spin`` are the rest of what the
    kernel (core.lay) keeps about the ends. Where the tiles lie is the board's own business; which ends are open
    and what they show is the kernel's.
    """

    __slots__ = ("allow_spinner", "arm", "dbl", "down", "ends", "line", "spin", "spinner", "up")

    def __init__(self, allow_spinner: bool = False) -> None:
        self.line: list[Placed] = []
        self.up: list[Placed] = []
        self.down: list[Placed] = []
        # Index in ``line`` of the spinner (the first double played), when the variant has one.
        self.spinner: int | None = None
        self.ends: list[int] = [CLOSED, CLOSED, CLOSED, CLOSED]
        self.dbl: list[bool] = [False, False, False, False]
        self.arm: list[bool] = [False, False]
        self.spin: list[int] = [CLOSED, 0, 0]
        self.allow_spinner = allow_spinner

    @classmethod
    def laid_out(
        cls,
        allow_spinner: bool,
        line: list[Placed],
        up: list[Placed],
        down: list[Placed],
        spinner: int | None,
        ends: list[int],
    ) -> Board:
        """A board rebuilt from where its tiles lie and the ends showing (a decoded observation): the rest of
        the kernel's view is read off the layout."""
        b = cls(allow_spinner)
        b.line, b.up, b.down, b.spinner, b.ends = line, up, down, spinner, list(ends)
        if line:
            b.dbl[0] = line[0].tile.is_double
            b.dbl[1] = line[-1].tile.is_double
        for k, arm in enumerate((up, down)):
            if arm:
                b.arm[k] = True
                b.dbl[2 + k] = arm[-1].tile.is_double
        if spinner is not None:
            b.spin = [line[spinner].first, spinner > 0, spinner < len(line) - 1]
        return b

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.line = self.line.copy()
        b.up = self.up.copy()
        b.down = self.down.copy()
        b.spinner = self.spinner
        b.ends = self.ends.copy()
        b.dbl = self.dbl.copy()
        b.arm = self.arm.copy()
        b.spin = self.spin.copy()
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

    __hash__ = None  # type: ignore[assignment]  # mutable and compared by value: unhashable, as mypy cannot say

    @property
    def empty(self) -> bool:
        return not self.line

    def open_ends(self) -> tuple[End, ...]:
        return tuple(End(e) for e in range(4) if self.ends[e] != CLOSED)

    def tiles(self) -> list[Tile]:
        return [p.tile for p in self.line] + [p.tile for p in self.up] + [p.tile for p in self.down]

    def place(self, tile: Tile, end: End) -> Placed:
        """Lay ``tile`` at ``end`` turned so the matching numbers touch. The caller has checked it fits."""
        pip = self.ends[end]
        had_spinner = self.spin[0] >= 0
        lay(self.ends, self.dbl, self.arm, self.spin, tile.low, tile.high, end, self.allow_spinner)
        return self.record(tile, end, pip, not had_spinner and self.spin[0] >= 0)

    def record(self, tile: Tile, end: End, pip: int, spinner: bool) -> Placed:
        """Put ``tile`` where it lies after the kernel laid it at ``end``, which showed ``pip``; ``spinner``:
        this tile became the spinner. The ends are not touched (GameState shares them with its kernel)."""
        if not self.line:
            placed = Placed(tile, tile.low, tile.high)
            self.line.append(placed)
        elif end == End.LEFT:
            placed = Placed(tile, tile.other(pip), pip)
            self.line.insert(0, placed)
            if self.spinner is not None:
                self.spinner += 1
        elif end == End.RIGHT:
            placed = Placed(tile, pip, tile.other(pip))
            self.line.append(placed)
        else:
            placed = Placed(tile, pip, tile.other(pip))
            (self.up if end == End.UP else self.down).append(placed)
        if spinner:
            self.spinner = 0 if end == End.LEFT or len(self.line) == 1 else len(self.line) - 1
        return placed

    def count(self) -> int:
        """The All Fives count of the layout (core.fives_count)."""
        return fives_count(self.ends, self.dbl, self.arm, len(self))

    def __str__(self) -> str:
        return "".join(str(p) for p in self.line)
