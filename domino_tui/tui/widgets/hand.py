"""Your tiles: numbered for the keys, playable ones marked with ✓ (and, where the count scores, the points they would
score now), the cursor tile raised and marked ▲. A hand too big for the rows it may take packs its rows closer: no
tile is raised then (the cursor's colour and ▲ still mark it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from rich.text import Text
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...engine import Tile
from ..tile_art import BIG, SMALL, WIDE_SMALL, Canvas, Look, draw_tile, looks_for
from ..tile_keys import tile_key

ROLES = ("tile", "playable", "dim", "cursor", "label", "label-cursor")
GAP = 1


class HandView(Widget, can_focus=False):
    COMPONENT_CLASSES: ClassVar[set[str]] = {f"hand--{r}" for r in ROLES}
    DEFAULT_CSS = """
    HandView { width: 100%; height: auto; }
    HandView > .hand--tile { color: $foreground; }
    HandView > .hand--playable { color: $success; text-style: bold; }
    HandView > .hand--dim { color: $foreground-muted; }
    HandView > .hand--cursor { color: $accent; text-style: bold reverse; }
    HandView > .hand--label { color: $foreground-muted; }
    HandView > .hand--label-cursor { color: $accent; text-style: bold; }
    """

    cursor: reactive[int] = reactive(0, layout=True)
    version: reactive[int] = reactive(0, layout=True)

    class TileClicked(Message):
        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.tiles: tuple[Tile, ...] = ()
        self.playable: frozenset[int] = frozenset()
        self.points: dict[int, int] = {}
        self.active = False
        # The looks to draw in, biggest first: a double-twelve hand has numbers of two digits.
        self.looks = looks_for(6)
        # The most rows the hand may take (the table keeps the rest for its board); None: as many as it needs.
        self.max_height: int | None = None
        self._boxes: list[tuple[int, int, int, int]] = []

    def show(
        self,
        tiles: Sequence[Tile],
        playable: Sequence[int],
        active: bool,
        points: Mapping[int, int] | None = None,
        max_pip: int = 6,
    ) -> None:
        """``points``: what each playable tile (by index) would score now, where that is worth saying;
        ``max_pip``: the set's highest number (numerals of two digits beyond nine)."""
        self.looks = looks_for(max_pip)
        self.tiles = tuple(tiles)
        self.playable = frozenset(playable)
        self.points = {i: p for i, p in (points or {}).items() if p}
        self.active = active
        if self.cursor >= len(self.tiles):
            self.cursor = max(len(self.tiles) - 1, 0)
        self.version += 1

    def validate_cursor(self, value: int) -> int:
        return max(0, min(value, len(self.tiles) - 1)) if self.tiles else 0

    def _mark(self, i: int) -> str:
        fits = self.active and i in self.playable
        return tile_key(i) + (" ✓" if fits else "") + (f" +{self.points[i]}" if fits and i in self.points else "")

    def label(self, i: int) -> str:
        return ("▲ " + self._mark(i)) if self.active and i == self.cursor else self._mark(i)

    def _slot_width(self, look: Look) -> int:
        # Wide enough for the longest label a tile may get (the cursor moves, so count its ▲ on every one).
        longest = max((len(self._mark(i)) + 2 for i in range(len(self.tiles))), default=0)
        return max(look.hw + (1 if look in (SMALL, WIDE_SMALL) else 0), longest)

    def _look(self, width: int) -> tuple[Look, int]:
        n = max(len(self.tiles), 1)
        tall = self.screen.size.height if self.is_attached else 24
        rows_allowed = 1 if tall < 30 else 2
        *bigger, smallest = self.looks
        for look in bigger:
            per_row = max((width + GAP) // (self._slot_width(look) + GAP), 1)
            rows = -(-n // per_row)
            if look is BIG and (rows > 1 or tall < 36):
                continue
            if rows <= rows_allowed:
                return look, per_row
        return smallest, max((width + GAP) // (self._slot_width(smallest) + GAP), 1)

    def _canvas(self, width: int) -> Canvas:
        look, per_row = self._look(width)
        slot_w = self._slot_width(look)
        n = len(self.tiles)
        rows = max(-(-n // per_row), 1)
        rise = 1 if self.max_height is None or rows * (look.hh + 2) <= self.max_height else 0
        slot_h = look.hh + rise + 1  # a row to rise into (while there is room) and a row for the label
        canvas = Canvas(max(width, 1), rows * slot_h)
        self._boxes = []
        for i, tile in enumerate(self.tiles):
            r, c = divmod(i, per_row)
            x, y = c * (slot_w + GAP), r * slot_h
            is_cursor = self.active and i == self.cursor
            fits = i in self.playable
            if not self.active:
                role = "tile"
            elif is_cursor:
                role = "cursor"
            else:
                role = "playable" if fits else "dim"
            canvas.put(x, y + (0 if is_cursor else rise), draw_tile(tile.low, tile.high, look), role)
            label = self.label(i)
            canvas.put(
                x + max((look.hw - len(label)) // 2, 0),
                y + slot_h - 1,
                [label],
                "label-cursor" if is_cursor else "label",
            )
            self._boxes.append((x, y, slot_w, slot_h))
        return canvas

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._canvas(width).height if self.tiles else 1

    def render(self) -> Text:
        if not self.tiles:
            return Text("(no tiles)", style=self.get_component_rich_style("hand--label"))
        styles = {r: self.get_component_rich_style(f"hand--{r}") for r in ROLES}
        return self._canvas(self.size.width).styled(styles)

    def index_at(self, x: int, y: int) -> int | None:
        for i, (bx, by, bw, bh) in enumerate(self._boxes):
            if bx <= x < bx + bw and by <= y < by + bh:
                return i
        return None

    def on_click(self, event: Click) -> None:
        index = self.index_at(event.x, event.y)
        if index is not None:
            event.stop()
            self.post_message(self.TileClicked(index))
