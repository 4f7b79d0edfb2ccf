"""The status bar: whose turn, the stock, the score. Each part is kept whole: when the line is too narrow
the bar breaks between parts, never inside one; a part wider than the line itself (the score of eight seats at 80
columns) breaks between its items ("You 0 · Ana 0"), never inside a name or after its number."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static


@dataclass(frozen=True)
class StatusInfo:
    turn: str  # "Your turn", "West is thinking…", "Game over"
    stock: int | None  # None in games without a stock
    score: str = ""  # "You 35 · Computer 20 (to 150)"
    stock_name: str = "Stock"  # what the tiles left to draw are called: the stock, the boneyard
    teams: str = ""  # a partnership room's lobby: who plays with whom, "You & Seat 4 vs Ana & Rosa (Easy)"


ITEM_GAP = " · "  # between the items of a part (the seats' scores)


class StatusBar(Static):
    DEFAULT_CSS = """
    StatusBar { height: auto; padding: 0 1; background: $panel; color: $foreground; }
    """

    info: reactive[StatusInfo | None] = reactive(None)

    def parts(self, info: StatusInfo) -> list[Text]:
        parts = [Text(f" {info.turn} ", style="bold reverse")]
        if info.stock is not None:
            parts.append(Text.assemble((f"{info.stock_name} ", "dim"), (str(info.stock), "bold")))
        if info.score:
            parts.append(Text.assemble(("Score: ", "dim"), (info.score, "bold")))
        if info.teams:
            parts.append(Text.assemble(("Teams: ", "dim"), (info.teams, "bold")))
        return parts

    def watch_info(self, info: StatusInfo | None) -> None:
        self.draw()

    def on_resize(self) -> None:
        self.draw()

    def draw(self) -> None:
        info = self.info
        if info is None:
            self.update("")
            return
        width = max(self.content_region.width, 20) if self.is_mounted and self.size.width else 78
        self.update(self.layout_text(info, width))

    def layout_text(self, info: StatusInfo, width: int) -> Text:
        """The parts on as few lines of ``width`` as they fit on, each part whole, or, wider than a line, each of
        its items whole."""
        pieces: list[tuple[str, Text]] = []  # what goes before each piece on a line it shares, and the piece
        for part in self.parts(info):
            # Each item keeps the · after it, so a line broken there says that the score goes on.
            items = list(part.split(ITEM_GAP, include_separator=True)) if part.cell_len > width else [part]
            for i, item in enumerate(items):
                if len(items) > 1:
                    item.rstrip()
                pieces.append(("   " if i == 0 else " ", item))
        lines: list[Text] = [Text()]
        for gap, piece in pieces:
            if not lines[-1].cell_len:
                gap = ""
            elif lines[-1].cell_len + len(gap) + piece.cell_len > width:
                lines.append(Text())
                gap = ""
            lines[-1].append(gap)
            lines[-1].append_text(piece)
        return Text("\n").join(lines)

    def height_for(self, info: StatusInfo, width: int) -> int:
        """The rows the bar takes in a terminal ``width`` wide."""
        return len(self.layout_text(info, max(width - 2, 20)).plain.split("\n"))  # less the bar's padding
