"""The line of play: tiles laid out to fit the space, the last play in heavy lines, open ends clickable."""

from __future__ import annotations

from collections.abc import Collection
from typing import ClassVar

from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Board, End, Tile
from ..board_layout import Picture, lay_out

ROLES = ("tile", "last", "spinner", "end", "target", "line")


class SnakeView(Widget):
    """Draws a Board. Set ``board`` (a copy), ``last`` and ``targets``; posts EndClicked on a click at an end."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"snake--{r}" for r in ROLES}
    DEFAULT_CSS = """
    SnakeView { width: auto; height: auto; min-width: 100%; min-height: 100%; }
    SnakeView > .snake--tile { color: $foreground; }
    SnakeView > .snake--last { color: $secondary; text-style: bold; }
    SnakeView > .snake--spinner { color: $foreground; text-style: bold; }
    SnakeView > .snake--end { color: $foreground-muted; }
    SnakeView > .snake--target { color: $accent; text-style: bold reverse; }
    SnakeView > .snake--line { color: $foreground-muted; }
    """

    version: reactive[int] = reactive(0, layout=True)

    class EndClicked(Message):
        def __init__(self, end: End) -> None:
            self.end = end
            super().__init__()

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.board = Board()
        self.last: Tile | None = None
        self.targets: frozenset[End] = frozenset()
        self._cache: tuple[tuple, Picture] | None = None
        self._offset = (0, 0)

    def show(self, board: Board, last: Tile | None, targets: Collection[End] = ()) -> None:
        self.board = board
        self.last = last
        self.targets = frozenset(targets)
        self._cache = None
        self.version += 1

    def _space(self) -> Size:
        parent = self.parent
        if isinstance(parent, Widget):
            return parent.scrollable_content_region.size
        return self.size

    def picture(self, width: int | None = None, height: int | None = None) -> Picture:
        space = self._space()
        w = max(width if width is not None else space.width, 1)
        h = max(height if height is not None else space.height, 1)
        key = (self.version, w, h)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, lay_out(self.board, w, h, self.last, self.targets))
        return self._cache[1]

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.picture(container.width, container.height).canvas.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.picture(container.width, container.height).canvas.height

    def render(self) -> Text:
        if self.board.empty:
            self._offset = (0, 0)
            msg = Text("The table is empty.", style=self.get_component_rich_style("snake--end"))
            msg.align("center", self.size.width)
            return Text("\n" * max(self.size.height // 2 - 1, 0)) + msg
        pic = self.picture()
        canvas = pic.canvas
        ox = max((self.size.width - canvas.width) // 2, 0)
        oy = max((self.size.height - canvas.height) // 2, 0)
        self._offset = (ox, oy)
        styles = {r: self.get_component_rich_style(f"snake--{r}") for r in ROLES}
        return canvas.styled(styles, ox, oy)

    def end_at(self, x: int, y: int) -> End | None:
        if self.board.empty:
            return None
        ox, oy = self._offset
        return self.picture().end_at(x - ox, y - oy)

    def on_click(self, event: Click) -> None:
        end = self.end_at(event.x, event.y)
        if end is not None:
            event.stop()
            self.post_message(self.EndClicked(end))
