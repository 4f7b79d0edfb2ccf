"""What the new-game and Play online forms share: the variants, the match length's field, and a form that scrolls
when the terminal is short."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen
from textual.widgets import Input, Label

from ...engine import Rules
from ..settings import default_games, variants
from ..table_options import single_game_note

# The forms' numbers: ASCII digits only (a seed and a target are never negative).
DIGITS = r"[0-9]*"


def variant_choices() -> list[tuple[str, str]]:
    """Every variant, as a form's choice: "Title (name)"."""
    return [(f"{r.title} ({name})", name) for name, r in variants().items()]


def line_length(rules: Rules) -> tuple[str, bool]:
    """What a form says of a line game's match length, and whether there is one to set."""
    if rules.target is not None:
        return f"Points to win the match (default {rules.target})", True
    if rules.single_game:
        return single_game_note(rules.name), False
    return f"Games in the match (default {default_games(rules)})", True


def show_length(label: Label, box: Input, said: str, settable: bool) -> None:
    """The match length's label and field; nothing to set: the label says so as a note, with no field under it."""
    label.update(said)
    box.disabled = not settable
    box.display = settable
    label.set_class(not settable, "-note")


Result = TypeVar("Result")


class FormScreen(ModalScreen[Result]):
    """A dialog whose form (the ``form`` class) scrolls when the terminal is short, so that its buttons stay."""

    def on_resize(self) -> None:
        self.query_one(".form").styles.max_height = max(self.size.height - 10, 5)

    def action_cancel(self) -> None:
        self.dismiss(None)
