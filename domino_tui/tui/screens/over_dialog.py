"""What the end-of-game and end-of-round dialogs share: the keys, the buttons, and the answer they are dismissed
with ("next", "again", "new", "sheet", "look" to see the table, "quit", or what a subclass adds).

A subclass passes whether the match is over to ``__init__`` and composes its own figures between
`heading` and `buttons` inside ``Vertical(id="over-box", classes="dialog")``; its ``BINDINGS`` are
``[*FIRST_KEYS, its own, *LAST_KEYS]`` (a subclass's keys would otherwise come after Quit).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import ModalScreen
from textual.widgets import Button, Static

FIRST_KEYS = [
    Binding("enter", "choose('primary')", "Continue", show=False),
    Binding("n", "choose('new')", "New game"),
    Binding("s", "choose('sheet')", "Scores"),
]
LAST_KEYS = [
    Binding("escape", "choose('look')", "See the table"),
    Binding("q", "choose('quit')", "Quit"),
]


class OverDialog(ModalScreen[str]):
    def __init__(self, match_over: bool) -> None:
        super().__init__()
        # Enter goes on: to the next game or round, or once the match is over, to another match.
        self.primary = "again" if match_over else "next"

    def heading(self, title: str, lines: list[str]) -> ComposeResult:
        yield Static(title, classes="dialog-title")
        yield Static(Text("\n".join(lines), style="bold"), id="over-text")

    def buttons(self, label: str) -> ComposeResult:
        with Horizontal(classes="buttons"):
            yield Button(label, id=self.primary, variant="primary")
            yield Button("New game…", id="new")
            yield Button("Quit", id="quit", variant="error")

    def on_mount(self) -> None:
        self.query_one(f"#{self.primary}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "look")

    def action_choose(self, what: str) -> None:
        self.dismiss(self.primary if what == "primary" else what)
