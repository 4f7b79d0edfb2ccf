"""The status bar: whose turn, the stock, the score. Each part is kept whole: when the line is too narrow
the bar breaks between parts, never inside one."""

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
        """The parts on as few lines of ``width`` as they fit on, each part whole."""
        lines: list[Text] = [Text()]
        for part in self.parts(info):
            gap = 3 if lines[-1].cell_len else 0
            if lines[-1].cell_len and lines[-1].cell_len + gap + part.cell_len > width:
                lines.append(Text())
                gap = 0
            lines[-1].append(" " * gap)
            lines[-1].append_text(part)
        return Text("\n").join(lines)
