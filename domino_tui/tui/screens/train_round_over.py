"""The end of a round of a train game: every hand laid open with its pips, the round's points and the totals so
far (lowest wins), and what next: the next round, or at the match's end who won and a new match.

Every figure comes from the engine's result; nothing here redoes a rule.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ..train_session import TrainSession
from .over_dialog import FIRST_KEYS, LAST_KEYS, OverDialog


class TrainRoundOverScreen(OverDialog):
    """Dismissed with "next", "again", "new", "sheet", "look" (close to see the table) or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [*FIRST_KEYS, *LAST_KEYS]

    def __init__(self, session: TrainSession) -> None:
        super().__init__(session.match_over)
        self.session = session

    def hands(self) -> Table:
        s = self.session
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("")
        table.add_column("Tiles left")
        table.add_column("Round", justify="right")
        table.add_column("Total", justify="right")
        round_points = s.round_points()
        totals = s.totals()
        best = min(totals)
        for seat in range(s.players):
            tiles = " ".join(str(t) for t in s.hand(seat)) or "out"
            lead = " ◀ lowest" if totals[seat] == best else ""
            table.add_row(s.name(seat), tiles, str(round_points[seat]), f"{totals[seat]}{lead}")
        return table

    def compose(self) -> ComposeResult:
        s = self.session
        title = "Match over" if s.match_over else f"{s.round_title()} over"
        lines = [s.result_text()]
        if s.match_over:
            lines.append(s.match_text())
        with Vertical(id="over-box", classes="dialog"):
            yield from self.heading(title, lines)
            with VerticalScroll(id="over-scroll"):
                yield Static(self.hands(), id="over-hands")
            yield from self.buttons("Play again" if s.match_over else "Next round")
            yield Static("Enter continues · n new game · s score sheet · Esc the table", classes="dialog-hint")
