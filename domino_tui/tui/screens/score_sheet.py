"""The score sheet: each game's points per side and the running total, from plain data (`ScoreSheet`): the games of
the match in a room, as its results gave them; and the dialog every score sheet is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

SHEET_WIDTH = 90  # the dialog's width where the terminal has room (#score-box)
DIALOG_FRAME = 2 + 2  # a dialog's border and padding, both sides
SCROLLBAR = 2  # a long match's sheet scrolls
RESULT_LEAST = 16  # the narrowest the results are squeezed to, however many sides


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
        totals = [0] * len(about.teams)
        rows: list[tuple[str, ...]] = []
        for i, (pts, result) in enumerate(about.games, start=1):
            for t in teams:
                totals[t] += pts[t]
            rows.append((str(i), *[str(pts[t]) for t in teams], result))
        rows.append(("Total", *[str(v) for v in totals], about.total))
        # The results take what the other columns leave of the dialog, each on as many lines as it needs: a
        # sentence cut at the terminal's edge (Fives and Threes says what every side earned) loses its end.
        columns = [max(len(row[c]) for row in [("Game", *about.teams), *rows]) for c in range(len(teams) + 1)]
        room = min(SHEET_WIDTH, self.app.size.width) - DIALOG_FRAME - SCROLLBAR
        room -= sum(w + 2 for w in columns) + 2  # each column's cell padding
        longest = max(len(row[-1]) for row in rows)
        width = max(room, RESULT_LEAST) if longest > room else None
        table.add_column("Result", key="result", width=width)
        for row in rows:
            cells = [*row[:-1], Text(row[-1])]
            table.add_row(*cells, height=None if width else 1, key="total" if row[0] == "Total" else None)
        return table
