"""The panels beside the board of a line table (the move log, the tile tracker, the hint), placed for the
terminal's width by `side_panels.place`: beside the board while it keeps its room, else the latest opened over
the table, else nowhere for now; Esc closes the one over the table.

A mixin of the line table, which composes widgets ``#log``, ``#tracker`` (a
`TrackerPanel`) and ``#hint`` (a `HintPanel`) and side seats of class ``-side``, keeps ``show_log`` (None: by
width), and provides ``coach_update`` (what the coach's panels show now) and ``remember_log`` (keep the log's
choice in the settings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import RichLog

from ..side_panels import BOARD_ROOM, Panel, Placement, place
from ..widgets.hint_panel import HintPanel
from .room_table import LOG_AUTO_WIDTH

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget

    _Base = Screen
else:
    _Base = object


class MoveLog(RichLog, can_focus=False):
    """The log of moves. Not focusable from the start: the arrows belong to the hand and the ends."""


TRACKER_AUTO_WIDTH = 160  # the tracker shows by itself from this width (beside the log, which needs 130)
# The panels beside the board, by their widgets' ids.
PANELS = ("hint", "tracker", "log")


class BesidePanels(_Base):
    recent: list[str]  # panels opened by the player in this sitting, the latest first
    placement: Placement
    show_log: bool | None  # None: by width
    show_tracker: bool | None = None  # None: by width

    def coach_update(self) -> None:
        """What the coach's panels show, after a change of the table or of where they are."""

    def remember_log(self, shown: bool) -> None:
        """The player showed or hid the log: kept for the next start (where settings are kept)."""

    def coach_shown(self) -> bool:
        """Whether the coach's panels may show at this table at all."""
        return True

    def opened(self, panel: str) -> None:
        """The player opened ``panel``: it comes first, and may open over the table."""
        self.recent = [panel, *(p for p in self.recent if p != panel)]

    def tracker_wanted(self) -> bool:
        return self.show_tracker if self.show_tracker is not None else self.app.size.width >= TRACKER_AUTO_WIDTH

    def wanted(self, panel: str) -> bool:
        if panel == "hint":
            return self.query_one(HintPanel).wanted and self.coach_shown()
        if panel == "tracker":
            return self.tracker_wanted() and self.coach_shown()
        return self.show_log if self.show_log is not None else self.app.size.width >= LOG_AUTO_WIDTH

    def taken_down(self) -> bool:
        """Whether the table's widgets are gone (they go before the screen, which may still hear a key)."""
        return not self.query(HintPanel)

    def arrange_panels(self) -> None:
        """Put each wanted panel beside the board while the board keeps its room, else over the table (the
        latest opened only), else nowhere for now."""
        if self.taken_down():
            return
        order = [*self.recent, *(p for p in PANELS if p not in self.recent)]
        latest = self.recent[0] if self.recent else None
        wanted = [Panel(p, _width(self.query_one(f"#{p}")), p == latest) for p in order if self.wanted(p)]
        seats = sum(_width(seat) for seat in self.query(".-side") if not seat.has_class("-absent"))
        placement = place(self.app.size.width - seats - BOARD_ROOM, wanted)
        # Each change of the table's classes restyles all of it at once: the panels' changes are made together
        # and restyle it once (three times over at mount otherwise, before the first frame).
        before = set(self.classes)
        for panel in PANELS:
            self.set_class(not placement.shows(panel), f"-{panel}-hidden", update=False)
            self.set_class(placement.over == panel, f"-{panel}-over", update=False)
            self.query_one(f"#{panel}").border_subtitle = "Esc closes" if placement.over == panel else ""
        if set(self.classes) != before:
            self.update_node_styles()
        if placement != self.placement:
            self.placement = placement
            self.refresh_bindings()  # Esc closes a panel over the table
        self.coach_update()

    def close_panel(self, panel: str) -> None:
        """Close ``panel``; the one opened before it, if still wanted, may come back over the table."""
        self.recent = [p for p in self.recent if p != panel]
        if self.taken_down():
            return
        if panel == "hint":
            self.query_one(HintPanel).hide()
        elif panel == "tracker":
            self.show_tracker = False
        else:
            self.show_log = False
            self.remember_log(False)
        self.arrange_panels()

    def panel_to_close(self) -> bool:
        """Whether Esc has a panel to close (asked also while the screen is taken down and its panels gone)."""
        return self.placement.over is not None or any(hint.wanted for hint in self.query(HintPanel))

    def action_close_panel(self) -> None:
        """Esc otherwise: close the panel over the table, else the hint."""
        if self.placement.over is not None:
            self.close_panel(self.placement.over)
        elif any(hint.wanted for hint in self.query(HintPanel)):
            self.close_panel("hint")

    def action_toggle_log(self) -> None:
        if not self.has_class("-log-hidden"):
            self.close_panel("log")
            return
        self.show_log = True
        self.opened("log")
        self.remember_log(True)
        self.arrange_panels()

    def action_toggle_tracker(self) -> None:
        if not self.has_class("-tracker-hidden"):
            self.close_panel("tracker")
            return
        self.show_tracker = True
        self.opened("tracker")
        self.arrange_panels()


def _width(widget: Widget) -> int:
    """The columns a widget of fixed width takes (its border and padding included)."""
    width = widget.styles.width
    return int(width.value) if width is not None else 0
