"""A yes-or-no question over the table, such as abandoning a match in progress."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class ConfirmScreen(ModalScreen[bool]):
    """Dismissed with True when the answer is yes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("escape,n", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "Keep playing") -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no
        self.withdrawn = False

    def withdraw(self) -> None:
        """The question no longer stands (a knock that ended unanswered): the dialog goes with no answer (None),
        now if it is in front, else as soon as it comes to the front (a screen is dismissed from the top)."""
        self.withdrawn = True
        if self.is_current:
            self.dismiss(None)

    def on_screen_resume(self) -> None:
        if self.withdrawn:
            self.call_later(self.dismiss, None)

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            with Horizontal(classes="buttons"):
                yield Button(f"{self.yes} (y)", id="yes", variant="error")
                yield Button(f"{self.no} (n)", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
