"""The tile tracker beside the table: who has shown a void in which numbers, and how many of each are unseen.

Built only from your observation (`coach.tracker.track`), so it tells nothing a careful player could not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

if TYPE_CHECKING:  # the tracker, and the bots with it, load when the panel is first shown
    from ...coach.tracker import Tracker

NUMBERS_A_ROW = 10


class TrackerPanel(Static):
    DEFAULT_CSS = """
    TrackerPanel {
        width: 34; height: 1fr; padding: 0 1;
        border: round $primary 40%; border-title-color: $foreground-muted;
    }
    """

    def on_mount(self) -> None:
        self.border_title = "Tile tracker"

    def show(self, tracker: Tracker, name: Callable[[int], str]) -> None:
        self.update(render(tracker, name))


def render(tracker: Tracker, name: Callable[[int], str]) -> Text:
    text = Text()
    text.append("Shown to hold none of\n", style="dim")
    players = len(tracker.hand_sizes)
    others = [(tracker.seat + step) % players for step in range(1, players)]
    # A column as wide as the longest name and a space, so that "Computer" never runs into what follows it.
    width = max((len(name(seat)) for seat in others), default=0) + 1
    for seat in others:
        voids = tracker.voids.get(seat, {})
        text.append(f"{name(seat):<{width}}", style="bold")
        if not voids:
            text.append("—\n", style="dim")
            continue
        # A "?" marks a void that is only likely (classic lets you draw or pass with a tile that fits).
        text.append(" ".join(f"{n}s{'?' if shown.likely else ''}" for n, shown in sorted(voids.items())) + "\n")
    text.append("\nUnseen tiles of each number\n", style="dim")
    # Ten numbers to a row: a double-twelve set's thirteen would wrap in the panel's width, out of line.
    for first in range(0, tracker.max_pip + 1, NUMBERS_A_ROW):
        numbers = range(first, min(first + NUMBERS_A_ROW, tracker.max_pip + 1))
        text.append(" ".join(f"{n:>2}" for n in numbers) + "\n", style="bold")
        text.append(" ".join(f"{tracker.unseen[n]:>2}" for n in numbers) + "\n")
    return text
