"""The score sheet of a train game: each round's points per player, the running totals, lowest wins; from plain
data (`TrainSheet`), from what a seat sees (`of_observation`) of a train room's rounds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.widgets import DataTable

from ...engine import TrainObservation
from ..train_words import sheet_rounds
from .score_sheet import SheetDialog


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
    def __init__(self, about: TrainSheet) -> None:
        super().__init__()
        self.about = about

    def title_text(self) -> str:
        return self.about.title

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
