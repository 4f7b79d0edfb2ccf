"""Between two people's turns at one keyboard: the table hidden whole until the next player says they are ready.

A full screen, not a dialog over the table: nothing of the hand that was just played, or of the next, shows
through. Only the public news is told (what the last player did), which everyone at the table saw anyway. Names
come from people (any printable text): shown as written, never read as markup.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Button, Static

from ..widgets.key_footer import KeyFooter


class HandoverScreen(Screen[None]):
    """Dismissed when the player ``name`` confirms they have the keyboard."""

    DEFAULT_CSS = """
    HandoverScreen { align: center middle; }
    HandoverScreen #handover-box {
        width: 52; height: auto; border: heavy $accent; padding: 1 2; background: $panel;
    }
    HandoverScreen #handover-title { text-style: bold; width: 100%; content-align: center middle; }
    HandoverScreen #handover-news { width: 100%; color: $text-muted; margin: 1 0; }
    HandoverScreen Button { width: 100%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "ready", "I am ready", key_display="⏎"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, name: str, news: str = "") -> None:
        super().__init__()
        self.player = name
        self.news = news

    def compose(self) -> ComposeResult:
        with Middle(), Center(id="handover-box"):
            yield Static(Text(f"Pass the keyboard to {self.player}"), id="handover-title")
            yield Static(
                Text(
                    (self.news + "\n\n" if self.news else "")
                    + f"Everyone else, look away. {self.player}: press Enter when only you can see the screen."
                ),
                id="handover-news",
            )
            yield Button(Text(f"I am {self.player}: show my hand"), id="ready", variant="primary")
        yield KeyFooter(compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        self.dismiss(None)
