"""What the end-of-game and end-of-round dialogs share: the keys, the buttons, and the answer they are dismissed
with ("next", "again", "new", "sheet", "look" to see the table, "quit", or what a subclass adds).

A subclass passes its buttons and what its keys answer to ``__init__`` and composes its own figures between
`heading` and `choices` inside ``Vertical(id="over-box", classes="dialog")``; its ``BINDINGS`` are
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
    def __init__(self, buttons: tuple[tuple[str, str], ...], keys: dict[str, str]) -> None:
        """``buttons``: (choice, label), the first of them Enter's; ``keys``: what each key's choice answers
        (a key whose choice is not there does nothing)."""
        super().__init__()
        self.primary = buttons[0][0]
        self.choice_buttons = buttons
        self.keys = keys

    def heading(self, title: str, lines: list[str]) -> ComposeResult:
        yield Static(title, classes="dialog-title")
        yield Static(Text("\n".join(lines), style="bold"), id="over-text")

    def choices(self, hint: str) -> ComposeResult:
        """The buttons (the first is Enter's, Quit is red) and the line that says the keys."""
        with Horizontal(classes="buttons"):
            for i, (choice, label) in enumerate(self.choice_buttons):
                if i == 0:
                    yield Button(label, id=choice, variant="primary")
                else:
                    yield Button(label, id=choice, variant="error" if choice == "quit" else "default")
        yield Static(hint, classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(f"#{self.primary}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "look")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters and parameters[0] not in ("primary", "look"):
            return str(parameters[0]) in self.keys
        return True

    def action_choose(self, what: str) -> None:
        if what == "primary":
            self.dismiss(self.primary)
        elif what == "look":
            self.dismiss("look")
        elif what in self.keys:
            self.dismiss(self.keys[what])
