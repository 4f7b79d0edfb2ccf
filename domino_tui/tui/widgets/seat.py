"""A seat at the table: its name, how many tiles it holds and what it did last, in words.

One widget per seat (not a line of the status bar), so that the table can place seats around the board and
later screens can add to a seat (a tracker, a hint) without touching the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

BAR_MAX = 10


@dataclass(frozen=True)
class SeatInfo:
    name: str
    tiles: int
    acting: bool  # this seat's turn
    action: str  # its latest turn in words, "" before it has moved


def tiles_text(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


class SeatView(Static):
    """Set ``info``. The class ``-side`` stacks the seat in a column beside the board; otherwise one line."""

    DEFAULT_CSS = """
    SeatView { height: auto; padding: 0 1; color: $foreground; }
    SeatView.-side { width: 14; height: 1fr; padding: 1 1; }
    SeatView.-acting { background: $boost; }
    """

    info: reactive[SeatInfo | None] = reactive(None)

    def watch_info(self, info: SeatInfo | None) -> None:
        self.set_class(bool(info and info.acting), "-acting")
        self.update(seat_text(info, self.has_class("-side")) if info else "")


def seat_text(info: SeatInfo, side: bool) -> Text:
    """The seat in words: stacked in a column beside the board (``side``), else on one line."""
    name = Text()
    # The seat to play is marked by a sign and bold, not by colour alone.
    name.append(("▸ " if info.acting else "  ") + info.name, style="bold" if info.acting else "")
    bar = Text("▮" * min(info.tiles, BAR_MAX) + ("+" if info.tiles > BAR_MAX else ""), style="dim")
    count = Text(tiles_text(info.tiles)) if info.tiles else Text("out: no tiles left", style="bold")
    action = Text(info.action, style="italic") if info.action else Text("—", style="dim")
    if side:
        return Text("\n").join([name, bar, count, Text(""), action])
    return Text("  ").join([name, Text(" ").join([bar, count]), Text("·", style="dim"), action])
