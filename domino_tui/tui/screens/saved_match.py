"""The question asked when the saved game comes back to this window: the other window that owned it has closed,
leaving a match in progress in it, while this window plays a match of its own that was not saved. Only one of the
two can be the saved game from now on."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

RESUME = "resume"  # the saved match at this table; the one played here so far ends
KEEP = "keep"  # the match played here is saved from now on, in place of the saved one


class SavedMatchScreen(ModalScreen[str | None]):
    """Dismissed with `RESUME`, `KEEP`, or None (Esc): nothing chosen, nothing written."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", f"answer('{RESUME}')", "Resume it"),
        Binding("k", f"answer('{KEEP}')", "Keep this match"),
        Binding("escape", "answer(None)", "Later"),
    ]

    def __init__(self, saved: str) -> None:
        """``saved``: how far the saved match has gone (local_game.progress)."""
        super().__init__()
        self.saved = saved

    def compose(self) -> ComposeResult:
        with Vertical(id="saved-match-box", classes="dialog"):
            yield Static(
                "The other domino-tui window has closed, so this one can save your game again. It left a match "
                f"in progress: {self.saved}.",
                classes="dialog-title",
            )
            yield Static(
                "Resume it here (this match ends), or keep this match and save it instead (the other one is lost). "
                "Esc: decide at your next new match; until then this match is not saved.",
                classes="dialog-hint",
            )
            with Horizontal(classes="buttons"):
                yield Button("Resume it (r)", id=RESUME, variant="primary")
                yield Button("Keep this match (k)", id=KEEP)

    def on_mount(self) -> None:
        self.query_one(f"#{RESUME}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id)

    def action_answer(self, choice: str | None) -> None:
        self.dismiss(choice)
