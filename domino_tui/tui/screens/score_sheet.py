"""The score sheet: each game's points per side and the running total; and the dialog every score sheet is."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ..session import Session


class SheetDialog(ModalScreen[None]):
    """A score sheet in a dialog; a subclass provides its ``title`` and its filled ``sheet``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,s", "close", "Close", key_display="Esc")]

    def title_text(self) -> str:
        raise NotImplementedError

    def sheet(self) -> DataTable:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(id="score-box", classes="dialog"):
            yield Static(self.title_text(), classes="dialog-title")
            yield self.sheet()
            yield Static("Esc closes", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)


class ScoreSheetScreen(SheetDialog):
    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def title_text(self) -> str:
        s = self.session
        return f"Score sheet · {s.rules.title} {('· ' + s.goal()) if s.goal() else ''}"

    def sheet(self) -> DataTable:
        """The table filled before it is mounted (a query after mounting can miss it while the app quits)."""
        s = self.session
        table: DataTable = DataTable(id="sheet", cursor_type="none", zebra_stripes=True)
        teams = range(len(s.rules.teams))
        table.add_column("Game", key="game")
        for t in teams:
            table.add_column(s.team_name(t), key=f"team{t}")
        table.add_column("Result", key="result")
        totals = [0] * len(s.rules.teams)
        for i, game in enumerate(s.match.games, start=1):
            pts = game.team_points()
            for t in teams:
                totals[t] += pts[t]
            result = s.result_text(game) if game.over else "in play"
            table.add_row(str(i), *[str(pts[t]) for t in teams], result)
        table.add_row("Total", *[str(v) for v in totals], s.match_text() or s.goal(), key="total")
        return table
