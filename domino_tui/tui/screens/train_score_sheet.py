"""The score sheet of a train game: each round's points per player, the running totals, lowest wins."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ..train_session import TrainSession


class TrainScoreSheetScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,s", "close", "Close", key_display="Esc")]

    def __init__(self, session: TrainSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        s = self.session
        with Vertical(id="score-box", classes="dialog"):
            yield Static(f"Score sheet · {s.rules.title} · lowest total wins", classes="dialog-title")
            yield self.sheet()
            yield Static("Esc closes", classes="dialog-hint")

    def sheet(self) -> DataTable:
        s = self.session
        table: DataTable = DataTable(id="sheet", cursor_type="none", zebra_stripes=True)
        table.add_column("Round", key="round")
        table.add_column("Engine", key="engine")
        for seat in range(s.players):
            table.add_column(s.short_name(seat), key=f"seat{seat}")
        for number, engine, points in s.sheet():
            table.add_row(str(number), f"{engine}|{engine}", *["" if p is None else str(p) for p in points])
        table.add_row("Total", "", *[str(t) for t in s.totals()], key="total")
        return table

    def action_close(self) -> None:
        self.dismiss(None)
