"""The layout on the table: a line with two ends, and for All Fives a spinner with arms up and down."""

from __future__ import annotations

from dataclasses import dataclass

from .core import CLOSED, Layout
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
    """Tiles on the table as they lie, with the kernel's view of them (``layout``).

    Where the tiles lie is the board's own business; which ends are open, what they show and the All Fives count
    are the kernel's (`core.Layout`): ``ends[e]`` is the number showing at end ``e``, or CLOSED.
    """

    __slots__ = ("down", "layout", "line", "spinner", "up")

    def __init__(self, allow_spinner: bool = False, layout: Layout | None = None) -> None:
        self.line: list[Placed] = []
        self.up: list[Placed] = []
        self.down: list[Placed] = []
        # Index in ``line`` of the spinner (the first double played), when the variant has one.
        self.spinner: int | None = None
        self.layout = layout if layout is not None else Layout(allow_spinner)

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
        b.line, b.up, b.down, b.spinner = line, up, down, spinner
        double_at = [bool(line) and line[0].tile.is_double, bool(line) and line[-1].tile.is_double, False, False]
        arm_started = [bool(up), bool(down)]
        for k, arm in enumerate((up, down)):
            if arm:
                double_at[2 + k] = arm[-1].tile.is_double
        side_taken = (False, False) if spinner is None else (spinner > 0, spinner < len(line) - 1)
        number = CLOSED if spinner is None else line[spinner].first
        tiles = len(line) + len(up) + len(down)
        b.layout = Layout.rebuilt(allow_spinner, ends, double_at, arm_started, number, side_taken, tiles)
        return b

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.line = self.line.copy()
        b.up = self.up.copy()
        b.down = self.down.copy()
        b.spinner = self.spinner
        b.layout = self.layout.copy()
        return b

    @property
    def ends(self) -> tuple[int, int, int, int]:
        """The number showing at each end (left, right, up, down), CLOSED where nothing can be played."""
        return self.layout.ends

    @property
    def allow_spinner(self) -> bool:
        return self.layout.spinner_allowed

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
        return tuple(End(e) for e, pip in enumerate(self.layout.ends) if pip != CLOSED)

    def tiles(self) -> list[Tile]:
        return [p.tile for p in self.line] + [p.tile for p in self.up] + [p.tile for p in self.down]

    def place(self, tile: Tile, end: End) -> Placed:
        """Lay ``tile`` at ``end`` turned so the matching numbers touch. The caller has checked it fits."""
        layout = self.layout
        pip = layout.end(end)
        had_spinner = layout.spinner != CLOSED
        layout.lay(tile.low, tile.high, end)
        return self.record(tile, end, pip, not had_spinner and layout.spinner != CLOSED)

    def record(self, tile: Tile, end: End, pip: int, spinner: bool) -> Placed:
        """Put ``tile`` where it lies after the kernel laid it at ``end``, which showed ``pip``; ``spinner``:
        this tile became the spinner. The layout is not touched (GameState shares it with its kernel)."""
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
        """The count of the open ends, which All Fives and Fives and Threes score (the kernel's `Layout.count`)."""
        return self.layout.count()

    def __str__(self) -> str:
        return "".join(str(p) for p in self.line)
