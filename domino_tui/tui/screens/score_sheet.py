"""The score sheets, from plain data, and the dialog every score sheet is: a line game's (`ScoreSheet`), each game's
points per side and the running total, the games of the match in a room as its results gave them; a train game's
(`TrainSheet`), each round's points per player and the running totals, lowest wins, from what a seat sees
(`of_observation`) of a train room's rounds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from ...engine import TrainObservation
from ..train_words import sheet_rounds

SHEET_WIDTH = 90  # the dialog's width where the terminal has room (#score-box)
DIALOG_FRAME = 2 + 2  # a dialog's border and padding, both sides
SCROLLBAR = 2  # a long match's sheet scrolls
RESULT_LEAST = 16  # the narrowest the results are squeezed to, however many sides


class Titled(Protocol):
    @property
    def title(self) -> str: ...


class SheetDialog(ModalScreen[None]):
    """A score sheet in a dialog, of plain data (``about``, with its ``title``); a subclass provides the filled
    ``sheet``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,s", "close", "Close", key_display="Esc")]

    def __init__(self, about: Titled) -> None:
        super().__init__()
        self.about = about

    def sheet(self) -> DataTable:
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        with Vertical(id="score-box", classes="dialog"):
            yield Static(self.about.title, classes="dialog-title")
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
    about: ScoreSheet

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


@dataclass(frozen=True)
class TrainSheet:
    title: str
    names: tuple[str, ...]  # each seat's, short
    rounds: tuple[tuple[int, int, tuple[int | None, ...]], ...]  # (number, engine, points per seat or None in play)
    totals: tuple[int, ...]


def of_observation(
    obs: TrainObservation, names: Sequence[str], now: Sequence[int] | None, totals: Sequence[int]
) -> TrainSheet:
    """The sheet of the match a seat sees: the rounds before this one, this one's points once it is over
    (``now``), and the totals."""
    title = f"Score sheet · {obs.rules.title} · lowest total wins"
    return TrainSheet(title, tuple(names), sheet_rounds(obs, now), tuple(totals))


class TrainScoreSheetScreen(SheetDialog):
    about: TrainSheet

    def sheet(self) -> DataTable:
        about = self.about
        table: DataTable = DataTable(id="sheet", cursor_type="none", zebra_stripes=True)
        table.add_column("Round", key="round")
        table.add_column("Engine", key="engine")
        for seat, name in enumerate(about.names):
            table.add_column(name, key=f"seat{seat}")
        for number, engine, points in about.rounds:
            table.add_row(str(number), f"{engine}|{engine}", *["" if p is None else str(p) for p in points])
        table.add_row("Total", "", *[str(t) for t in about.totals], key="total")
        return table
