"""The end of a hand: every hand laid open with its pips, the points broken down (scored during play, the out
or block bonus, its rounding), the match score, and what next (next game, play again, new game, quit).

The dialog shows plain data (`GameOverText`) the line table builds from the room's result and what its seat saw.
Every figure comes from the engine's result; nothing here redoes a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from .over_dialog import FIRST_KEYS, LAST_KEYS, OverDialog


@dataclass(frozen=True)
class GameOverText:
    """What the end-of-hand dialog shows, and the choices it offers."""

    title: str
    lines: tuple[str, ...]  # how the hand (and the match) ended
    hands: tuple[tuple[str, str, int], ...]  # each seat: its name, its tiles in words, its pips
    teams: tuple[str, ...]
    points: tuple[tuple[str, tuple[int, ...]], ...]  # (label, figure per team) rows
    buttons: tuple[tuple[str, str], ...]  # (what the dialog is dismissed with, label); Enter takes the first
    hint: str
    # A key's choice (n "new", s "sheet", r "review", q "quit") -> what the dialog is dismissed with; a key not
    # here does nothing.
    keys: dict[str, str] = field(default_factory=dict)


class GameOverScreen(OverDialog):
    """Dismissed with one of its buttons' or keys' choices (at this keyboard: "next", "again", "new", "sheet",
    "review", "quit"), or "look" (close to see the table)."""

    BINDINGS: ClassVar[list[BindingType]] = [*FIRST_KEYS, Binding("r", "choose('review')", "Review"), *LAST_KEYS]

    def __init__(self, about: GameOverText) -> None:
        self.about = about
        super().__init__(self.about.buttons, self.about.keys)

    def hands(self) -> Table:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        table.add_column(justify="right")
        for name, tiles, pips in self.about.hands:
            table.add_row(name, tiles, f"{pips} pip" if pips == 1 else f"{pips} pips")
        return table

    def points(self) -> Table:
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("Points")
        for team in self.about.teams:
            table.add_column(team, justify="right")
        for label, figures in self.about.points:
            bold = label.startswith(("This hand", "Match"))
            shown = [f"{f:+d}" if label == "Rounding" and f else str(f) for f in figures]
            table.add_row(label, *shown, style="bold" if bold else "")
        return table

    def compose(self) -> ComposeResult:
        about = self.about
        with Vertical(id="over-box", classes="dialog"):
            yield from self.heading(about.title, list(about.lines))
            yield Static(self.hands(), id="over-hands")
            yield Static(self.points(), id="over-points")
            yield from self.choices(about.hint)
