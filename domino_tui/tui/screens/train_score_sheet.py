"""The score sheet of a train game: each round's points per player, the running totals, lowest wins."""

from __future__ import annotations

from textual.widgets import DataTable

from ..train_session import TrainSession
from .score_sheet import SheetDialog


class TrainScoreSheetScreen(SheetDialog):
    def __init__(self, session: TrainSession) -> None:
        super().__init__()
        self.session = session

    def title_text(self) -> str:
        return f"Score sheet · {self.session.rules.title} · lowest total wins"

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
