"""Work-arounds for Textual bugs that could otherwise take the game down, each with the test that shows it.

OptionList._move_page (Textual 8.2) reads the line of the highlighted option before the list has been laid
out, so PageUp/PageDown straight after opening the command palette or a Select raises KeyError and the app
exits (tests/tui/test_robustness.py). Before the first layout there is no page to move by: do nothing.

Screen.dismiss pops whatever screen is on top. A screen that handles two dismissing events before it is gone
(two quick clicks outside the command palette: each reaches the palette) pops the table under it too, leaving an
empty app whose next key raises. A screen that is no longer on top has been dismissed already: dismissing it
again does nothing (tests/tui/test_robustness.py).

CommandPalette._gather_commands, the worker that searches as you type, looks up the palette's list when it begins
and, through the watchers of the list's visibility and of the busy flag, when it ends. Typed just before the
palette closes, it starts or ends after the list is gone, raises NoMatches('CommandList') and the app exits. A
palette that has closed neither searches nor shows anything (tests/tui/test_robustness.py).

A screen dismissed before it has mounted (the key that answers a question typed at once with the one that asked
it) is taken down before its on_mount runs, which then looks for its widgets and raises NoMatches (found by the
random walk: a new game's "Abandon?" answered at once). It is dismissed once it has mounted
(tests/tui/test_random_soak.py).

OptionList._on_click takes the clicked option's number from the drawn row and looks it up without a bound. The
command palette's list is narrowed as you type, so a click that lands on a row drawn before the last letters
names an option that is gone: IndexError, and the app exits (found by the random walk). A click on an option no
longer listed does nothing (tests/tui/test_robustness.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import suppress

from textual import events, work
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.screen import Screen
from textual.widgets import OptionList

_move_page = OptionList._move_page
_option_clicked = OptionList._on_click
_dismiss = Screen.dismiss
# The search itself, inside Textual's @work wrapper.
_gather = CommandPalette._gather_commands.__wrapped__  # type: ignore[attr-defined]  # functools.wraps sets it


def _safe_move_page(self: OptionList, direction: int) -> None:
    with suppress(KeyError):
        _move_page(self, direction)  # type: ignore[arg-type]  # Textual's own method, called unbound


async def _click_a_listed_option(self: OptionList, event: events.Click) -> None:
    option = event.style.meta.get("option")
    if option is not None and not 0 <= option < self.option_count:
        return
    await _option_clicked(self, event)


def _dismiss_once(self: Screen, result: object = None) -> AwaitComplete:
    if not self.is_attached or self.app.screen is not self:
        return AwaitComplete.nothing()
    if not self.is_mounted:
        # Answered before it has mounted: dismissed once it has (after its on_mount, which finds its widgets).
        def once_mounted() -> None:
            _dismiss_once(self, result)  # not awaited: from the screen's own handler

        self.call_next(once_mounted)
        return AwaitComplete.nothing()
    return _dismiss(self, result)


def _open(palette: CommandPalette) -> bool:
    return palette.is_attached and bool(palette.query(CommandList))


@work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
async def _gather_while_open(self: CommandPalette, search_value: str) -> None:
    if _open(self):
        await _gather(self, search_value)


def _while_open(watcher: Callable[[CommandPalette], Awaitable[None] | None]) -> Callable[..., Awaitable[None]]:
    async def watch(self: CommandPalette) -> None:
        if _open(self):
            done = watcher(self)
            if done is not None:
                await done

    return watch


def apply() -> None:
    OptionList._move_page = _safe_move_page  # type: ignore[method-assign]  # wraps Textual's bug, see above
    OptionList._on_click = _click_a_listed_option  # type: ignore[method-assign]  # wraps Textual's bug, see above
    Screen.dismiss = _dismiss_once  # type: ignore[method-assign]  # wraps Textual's bug, see above
    CommandPalette._gather_commands = _gather_while_open  # type: ignore[method-assign]  # wraps Textual's bug
    for name in ("_watch__list_visible", "_watch__show_busy"):
        setattr(CommandPalette, name, _while_open(getattr(CommandPalette, name)))
