"""Work-arounds for Textual bugs that could otherwise take the game down, each with the test that shows it.

OptionList._move_page (Textual 8.2) reads the line of the highlighted option before the list has been laid
out, so PageUp/PageDown straight after opening the command palette or a Select raises KeyError and the app
exits (tests/tui/test_robustness.py). Before the first layout there is no page to move by: do nothing.
"""

from __future__ import annotations

from contextlib import suppress

from textual.widgets import OptionList

_move_page = OptionList._move_page


def _safe_move_page(self: OptionList, direction: int) -> None:
    with suppress(KeyError):
        _move_page(self, direction)  # type: ignore[arg-type]  # Textual's own method, called unbound


def apply() -> None:
    OptionList._move_page = _safe_move_page  # type: ignore[method-assign]  # wraps Textual's bug, see above
