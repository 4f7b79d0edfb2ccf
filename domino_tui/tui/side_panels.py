"""Where the panels beside the board go (the move log, the tile tracker, the hint): beside the board while it
keeps the room to show every open end and the newest tile, else over the table, one at a time.

The board needs `BOARD_ROOM` columns (its border included): the crowded All Fives cross, squeezed to its
smallest, takes 24 of them and a snake far fewer; the rest is for reading it. A panel the player has just
opened that does not fit beside the board opens over the table (over its right side, the hand still in view),
and only one panel is ever over it; a panel shown by the terminal's width alone, or kept on from an earlier
start, shows only where it fits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

BOARD_ROOM = 36


@dataclass(frozen=True)
class Panel:
    name: str
    width: int
    latest: bool  # the panel the player opened last: the only one that may go over the table


@dataclass(frozen=True)
class Placement:
    beside: tuple[str, ...] = ()
    over: str | None = None

    def shows(self, name: str) -> bool:
        return name in self.beside or name == self.over


def place(room: int, wanted: Sequence[Panel]) -> Placement:
    """Place the ``wanted`` panels, most recently opened first, in the ``room`` columns the board leaves beside
    it: each that fits goes beside it; the latest opened goes over the table if it does not; any other waits
    for room (a wider terminal, or another panel closed)."""
    beside: list[str] = []
    over = None
    for panel in wanted:
        if panel.width <= room:
            beside.append(panel.name)
            room -= panel.width
        elif panel.latest:
            over = panel.name
    return Placement(tuple(beside), over)
