"""The status bar: whose turn, the stock, every other seat's tiles, the score, the points just scored."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


@dataclass(frozen=True)
class Seat:
    name: str
    tiles: int
    acting: bool


@dataclass(frozen=True)
class StatusInfo:
    turn: str  # "Your turn", "West is thinking…", "Game over"
    seats: tuple[Seat, ...]  # every seat but yours
    stock: int | None  # None in games without a stock
    score: str = ""  # "You 35 · Computer 20 · to 150"
    scored: str = ""  # "+15 You"


class StatusBar(Static):
    DEFAULT_CSS = """
    StatusBar { height: auto; padding: 0 1; background: $panel; color: $foreground; }
    """

    info: reactive[StatusInfo | None] = reactive(None)

    def watch_info(self, info: StatusInfo | None) -> None:
        if info is None:
            self.update("")
            return
        top = Text()
        top.append(f" {info.turn} ", style="bold reverse")
        if info.scored:
            top.append("  ")
            top.append(f" {info.scored} ", style="bold")
        if info.score:
            top.append("   Score: ", style="dim")
            top.append(info.score, style="bold")
        seats = Text()
        for seat in info.seats:
            marker = "▸" if seat.acting else " "
            seats.append(f"{marker}{seat.name} ", style="bold" if seat.acting else "")
            seats.append("▮" * min(seat.tiles, 12) + ("…" if seat.tiles > 12 else ""), style="dim")
            seats.append(f" {seat.tiles}   ")
        if info.stock is not None:
            seats.append("Stock ", style="dim")
            seats.append(str(info.stock), style="bold")
        self.update(Text("\n").join([top, seats]))
