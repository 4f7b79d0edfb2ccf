"""Tiles drawn with box-drawing characters, in three sizes, and a character canvas to lay them out on.

The big look draws real pip patterns on a 3x3 grid; the medium and small looks fall back to numerals so
that a long line stays legible at 80x24. Every cell carries a role name; widgets map roles to theme styles.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

# Pip positions (row, column) on a 3x3 grid for a half lying across a horizontal tile.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    7: ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    8: ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    9: tuple((r, c) for r in range(3) for c in range(3)),
}

PIP = "●"
LINES = {
    "heavy": str.maketrans("┌┐└┘─│┬┴├┤┼", "┏┓┗┛━┃┳┻┣┫╋"),
    "double": str.maketrans("┌┐└┘─│┬┴├┤┼", "╔╗╚╝═║╦╩╠╣╬"),
}


@dataclass(frozen=True, slots=True)
class Look:
    """A tile size: horizontal width x height and vertical (crosswise) width x height in cells."""

    name: str
    hw: int
    hh: int
    vw: int
    vh: int

    def size(self, vertical: bool) -> tuple[int, int]:
        return (self.vw, self.vh) if vertical else (self.hw, self.hh)


BIG = Look("big", 13, 5, 7, 9)
MEDIUM = Look("medium", 9, 3, 5, 5)
SMALL = Look("small", 5, 1, 3, 3)
# The least a tile can be: a crosswise tile two rows tall, for a crowded table on a small terminal.
TINY = Look("tiny", 5, 1, 3, 2)
LOOKS = (BIG, MEDIUM, SMALL, TINY)
# Numerals of two digits, for sets beyond double-nine (double-twelve): a medium tile three rows tall and a small
# one on a single row, each number in two cells.
WIDE_MEDIUM = Look("medium-wide", 7, 3, 4, 5)
WIDE_SMALL = Look("small-wide", 7, 1, 4, 3)
WIDE_LOOKS = (WIDE_MEDIUM, WIDE_SMALL)


def looks_for(max_pip: int) -> tuple[Look, ...]:
    """The looks a hand of a set up to ``max_pip`` is drawn in, biggest first (pips up to nine, numerals of
    two digits beyond)."""
    return WIDE_LOOKS if max_pip > 9 else (BIG, MEDIUM, SMALL)


def _pip_block(n: int, transpose: bool) -> list[str]:
    rows = [[" "] * 5 for _ in range(3)]
    for r, c in PIPS.get(n, ()):
        if transpose:
            r, c = c, r
        rows[r][c * 2] = PIP
    return ["".join(row) for row in rows]


def draw_tile(a: int, b: int, look: Look, vertical: bool = False, lines: str = "light") -> list[str]:
    """Rows of text for a tile showing ``a`` on the left (or top) half and ``b`` on the right (or bottom),
    drawn in ``lines``: "light", "heavy" (the newest tile) or "double" (the spinner)."""
    rows = _draw(a, b, look, vertical)
    if lines in LINES:
        rows = [r.translate(LINES[lines]) for r in rows]
    return rows


def _draw(a: int, b: int, look: Look, vertical: bool) -> list[str]:
    if look is WIDE_MEDIUM:
        if vertical:
            return ["┌──┐", f"│{a:>2}│", "├──┤", f"│{b:>2}│", "└──┘"]
        return ["┌──┬──┐", f"│{a:>2}│{b:<2}│", "└──┴──┘"]
    if look is WIDE_SMALL:
        if vertical:
            return [f"┌{a:>2}┐", "├──┤", f"└{b:>2}┘"]
        return [f"[{a:>2}│{b:<2}]"]
    if look is BIG:
        if vertical:
            top, bottom = _pip_block(a, True), _pip_block(b, True)
            return ["┌─────┐", *[f"│{r}│" for r in top], "├─────┤", *[f"│{r}│" for r in bottom], "└─────┘"]
        left, right = _pip_block(a, False), _pip_block(b, False)
        return ["┌─────┬─────┐", *[f"│{x}│{y}│" for x, y in zip(left, right, strict=True)], "└─────┴─────┘"]
    if look is MEDIUM:
        if vertical:
            return ["┌───┐", f"│ {a} │", "├───┤", f"│ {b} │", "└───┘"]
        return ["┌───┬───┐", f"│ {a} │ {b} │", "└───┴───┘"]
    if vertical:
        return [f"┌{a}┐", f"└{b}┘"] if look is TINY else [f"┌{a}┐", "├─┤", f"└{b}┘"]
    return [f"[{a}│{b}]"]


@dataclass
class Canvas:
    """A grid of characters, each with a role (a name the widget turns into a style)."""

    width: int
    height: int
    chars: list[list[str]] = field(init=False)
    roles: list[list[str]] = field(init=False)

    def __post_init__(self) -> None:
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.roles = [[""] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, rows: list[str], role: str) -> None:
        for dy, row in enumerate(rows):
            yy = y + dy
            if not 0 <= yy < self.height:
                continue
            for dx, ch in enumerate(row):
                xx = x + dx
                if 0 <= xx < self.width:
                    self.chars[yy][xx] = ch
                    self.roles[yy][xx] = role

    def runs(self, y: int) -> list[tuple[str, str]]:
        """Row ``y`` as (text, role) runs."""
        out: list[tuple[str, str]] = []
        chars, roles = self.chars[y], self.roles[y]
        start = 0
        for x in range(1, self.width + 1):
            if x == self.width or roles[x] != roles[start]:
                out.append(("".join(chars[start:x]), roles[start]))
                start = x
        return out

    def text(self) -> str:
        return "\n".join("".join(row) for row in self.chars)

    def styled(self, styles: Mapping[str, Style], left: int = 0, top: int = 0) -> Text:
        """The canvas as text, each role in its style (a widget's), ``top`` empty rows above it and ``left``
        columns before each row."""
        out = Text("\n" * top, no_wrap=True, end="")
        for y in range(self.height):
            out.append(" " * left)
            for chunk, role in self.runs(y):
                out.append(chunk, styles.get(role, Style()))
            if y < self.height - 1:
                out.append("\n")
        return out
