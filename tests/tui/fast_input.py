"""Input as a terminal sends it in a test: keys queued at once (as a fast typist, key repeat or a script types
them), then the app catching up. The pilot's ``press`` instead waits for the process to idle after every key, two
naps of 20 ms and a frame each: a whole game through the pilot, a hand of fifteen tiles walked by the arrows, spent
more time in those waits and frames than in the game."""

from __future__ import annotations

import asyncio

from textual import events
from textual.pilot import _get_mouse_message_arguments
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

CHARS = {"space": " ", "question_mark": "?", "enter": "\r", "tab": "\t", "escape": "\x1b", "backspace": "\x7f"}


def send_key(app, key: str) -> None:
    """A key as the terminal would send it, queued at once (the pilot's press would wait for the app)."""
    char = CHARS.get(key, key if len(key) == 1 else None)
    app.post_message(events.Key(key, char))


async def type_keys(pilot, *keys: str) -> None:
    """Type ``keys`` at once, then let the app handle them all."""
    for key in keys:
        send_key(pilot.app, key)
    await catch_up(pilot)


async def click(pilot, widget: Widget | str, offset: tuple[int, int] = (0, 0)) -> None:
    """A click at ``offset`` in ``widget`` (or the widget a selector finds on the screen in front), the button down,
    up and the click forwarded at once as the terminal reports them, then the app catching up. The pilot's
    ``click`` waits for the process to idle before each of the three and after them."""
    app = pilot.app
    screen = app.screen
    target = widget if isinstance(widget, Widget) else screen.query_one(widget)
    args = _get_mouse_message_arguments(target, offset, button=1)
    app.mouse_position = (args["x"], args["y"])
    for cls in (events.MouseDown, events.MouseUp, events.Click):
        screen._forward_event(cls(**({**args, "chain": 1} if cls is events.Click else args)))
    await catch_up(pilot)


async def catch_up(pilot) -> None:
    """Let the app handle what was typed and lay out the result: until no message, screen change, layout or
    widget waits to be done (mounting, such as the footer's keys after the bindings change, takes a few
    rounds). Not ``pilot.pause()``, which waits for the process to be idle (with a hint or a review being
    worked out in a thread, a second each time) and draws the screen at every round."""
    app = pilot.app
    for _ in range(1000):
        await pilot._wait_for_screen()
        await asyncio.sleep(0)
        screen = app.screen
        if app._message_queue.empty() and screen._message_queue.empty():
            screen._on_timer_update()  # lay out what changed
            if settled(screen):
                return
        await asyncio.sleep(0.001)


def settled(screen) -> bool:
    if not (screen.app._message_queue.empty() and screen._message_queue.empty()):
        return False
    if screen._layout_required or screen._recompose_required or screen._dirty_widgets:
        return False
    if any(not child.is_mounted or child._layout_required for child in screen.walk_children()):
        return False
    if getattr(screen.app, "closing", False):
        return True  # quitting: every key is off, the footer empty for good
    # The footer's keys are made anew whenever the bindings change: settled once they are laid out, or once a
    # footer with nothing to show (every key off while you type a chat line) has none.
    for footer in screen.query(Footer):
        keys = list(footer.query(FooterKey))
        if not (all(k.region.width for k in keys) if keys else shows_no_keys(footer)):
            return False
    return True


def shows_no_keys(footer: Footer) -> bool:
    """Whether ``footer`` has no key to show: none of its screen's bindings is shown, nor the palette's key. (Waiting
    for keys there, `catch_up` went round its thousand times, a second and more, after every key typed in a chat.)"""
    if not footer._bindings_ready:
        return False  # its keys not composed yet
    bindings = footer.screen.active_bindings
    palette = footer.show_command_palette and footer.app.ENABLE_COMMAND_PALETTE
    return not any(binding.show for _node, binding, _on, _tip in bindings.values()) and not (
        palette and footer.app.COMMAND_PALETTE_BINDING in bindings
    )
