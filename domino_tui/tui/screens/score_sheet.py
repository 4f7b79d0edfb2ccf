"""The score sheet: each game's points per side and the running total, from plain data (`ScoreSheet`): the games of
the match in a room, as its results gave them; and the dialog every score sheet is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static


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


@dataclass(frozen=True)
class ScoreSheet:
    title: str
    teams: tuple[str, ...]
    games: tuple[tuple[tuple[int, ...], str], ...]  # each game: its points per team, how it ended
    total: str  # beside the totals: the match's result, or its goal


class ScoreSheetScreen(SheetDialog):
    def __init__(self, about: ScoreSheet) -> None:
        super().__init__()
        self.about = about

    def title_text(self) -> str:
        return self.about.title

    def sheet(self) -> DataTable:
        """The table filled before it is mounted (a query after mounting can miss it while the app quits)."""
        about = self.about
        table: DataTable = DataTable(id="sheet", cursor_type="none", zebra_stripes=True)
        teams = range(len(about.teams))
        table.add_column("Game", key="game")
        for t in teams:
            table.add_column(about.teams[t], key=f"team{t}")
        table.add_column("Result", key="result")
        totals = [0] * len(about.teams)
        for i, (pts, result) in enumerate(about.games, start=1):
            for t in teams:
                totals[t] += pts[t]
            table.add_row(str(i), *[str(pts[t]) for t in teams], result)
        table.add_row("Total", *[str(v) for v in totals], about.total, key="total")
        return table
