"""The trains of a train game around their hub (see `train_layout`); a click on a train posts TrainClicked."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import ClassVar

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..train_layout import TrainPicture, TrainRow, lay_out

ROLES = ("hub", "line", "label", "acting", "target", "tile", "newest", "double", "end")


class TrainsView(Widget):
    """Set the trains with `show`; the picture fits the widget's size (the newest tiles of a long train)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {f"trains--{r}" for r in ROLES}
    DEFAULT_CSS = """
    TrainsView { width: 100%; height: 100%; }
    TrainsView > .trains--hub { color: $accent; text-style: bold; }
    TrainsView > .trains--line { color: $foreground-muted; }
    TrainsView > .trains--label { color: $foreground; }
    TrainsView > .trains--acting { color: $foreground; text-style: bold; }
    TrainsView > .trains--target { color: $accent; text-style: bold reverse; }
    TrainsView > .trains--tile { color: $foreground; }
    TrainsView > .trains--newest { color: $text-secondary; text-style: bold; }
    TrainsView > .trains--double { color: $warning; text-style: bold reverse; }
    TrainsView > .trains--end { color: $foreground-muted; text-style: bold; }
    """

    version: reactive[int] = reactive(0, layout=True)

    class TrainClicked(Message):
        def __init__(self, train: int) -> None:
            self.train = train
            super().__init__()

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.hub = 12
        self.trains: tuple[TrainRow, ...] = ()
        self.targets: frozenset[int] = frozenset()
        self.newest: tuple[int, int] | None = None
        self._offset = (0, 0)
        self._cache: tuple[tuple, TrainPicture] | None = None

    def show(
        self, hub: int, trains: Sequence[TrainRow], targets: Collection[int] = (), newest: tuple[int, int] | None = None
    ) -> None:
        self.hub = hub
        self.trains = tuple(trains)
        self.targets = frozenset(targets)
        self.newest = newest
        self._cache = None
        self.version += 1

    def picture(self) -> TrainPicture:
        w, h = max(self.size.width, 1), max(self.size.height, 1)
        key = (self.version, w, h)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, lay_out(self.hub, self.trains, w, h, self.targets, self.newest))
        return self._cache[1]

    def render(self) -> Text:
        if not self.trains:
            return Text("")
        canvas = self.picture().canvas
        oy = max((self.size.height - canvas.height) // 2, 0)
        self._offset = (0, oy)
        styles = {r: self.get_component_rich_style(f"trains--{r}") for r in ROLES}
        return canvas.styled(styles, top=oy)

    def train_at(self, x: int, y: int) -> int | None:
        if not self.trains:
            return None  # nothing dealt yet (a click as the table opens): no picture to find a train in
        ox, oy = self._offset
        return self.picture().train_at(x - ox, y - oy)

    def on_click(self, event: Click) -> None:
        train = self.train_at(event.x, event.y)
        if train is not None:
            event.stop()
            self.post_message(self.TrainClicked(train))
