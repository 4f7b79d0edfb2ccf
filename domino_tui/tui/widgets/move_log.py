"""The table's log of moves (and chat online): a RichLog, which brings rich.pretty and, through it, attrs; the
table mounts it when it first shows it (see `RoomTable.mount_log`), so that a first frame without it waits for
neither."""

from __future__ import annotations

from textual.widgets import RichLog


class MoveLog(RichLog, can_focus=False):
    """The log of moves. Not focusable from the start (the screen focuses the first focusable widget as it
    mounts): the arrows belong to the hand and the choice of an end or a train, not to scrolling."""

    def __init__(self) -> None:
        super().__init__(id="log", wrap=True, markup=False, auto_scroll=True, min_width=24)
