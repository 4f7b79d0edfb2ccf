"""Random keys and clicks on every screen, at several sizes and in every variant: nothing may raise.

Events are fed the way the terminal driver feeds them, without the pilot's wait after each one (which
would make a few thousand steps take minutes); the app catches up at random moments, as with a fast typist.
"""

from __future__ import annotations

import random

import pytest
from textual import events
from textual.command import CommandPalette
from textual.pilot import _get_mouse_message_arguments

from domino_tui.engine import VARIANTS

from .conftest import make_app

KEYS = [
    *"1234567890",
    "left", "right", "up", "down", "enter", "space", "escape", "tab", "shift+tab",
    "d", "p", "n", "s", "l", "question_mark", "f1", "x", "ctrl+s",
]  # fmt: skip
CHARS = {"space": " ", "question_mark": "?", "enter": "\r", "tab": "\t", "escape": "\x1b"}
SIZES = [(80, 24), (120, 40), (79, 23), (45, 14), (100, 30), (140, 40)]
STEPS = 400


def send_key(app, key: str) -> None:
    char = CHARS.get(key, key if len(key) == 1 else None)
    app._driver.send_message(events.Key(key, char))


def send_click(app, x: int, y: int) -> None:
    screen = app.screen
    args = _get_mouse_message_arguments(screen, (x, y), button=1)
    app.mouse_position = (x, y)
    for cls in (events.MouseDown, events.MouseUp, events.Click):
        screen._forward_event(cls(**({**args, "chain": 1} if cls is events.Click else args)))


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(VARIANTS))
async def test_random_keys_and_clicks_never_crash(variant):
    rng = random.Random(f"soak-{variant}")
    steps = 0
    screens_seen: set[str] = set()
    while steps < STEPS:
        app = make_app(variant, seed=rng.randrange(1000))
        # Quitting ends this app and the walk goes on in a new one; events typed after a quit are the
        # terminal's business, not the game's.
        quits: list[object] = []
        app.exit = lambda *args, quits=quits, **kwargs: quits.append(args)  # type: ignore[method-assign]
        async with app.run_test(size=rng.choice(SIZES)) as pilot:
            while steps < STEPS and not quits:
                steps += 1
                roll = rng.random()
                if roll < 0.7:
                    send_key(app, rng.choice(KEYS))
                elif roll < 0.97:
                    w, h = app.size
                    send_click(app, rng.randrange(w), rng.randrange(h))
                    if isinstance(app.screen, CommandPalette):
                        # Textual's palette pops itself once per click outside it: two queued clicks would
                        # pop the table too. Real clicks arrive one frame apart.
                        await pilot.pause()
                else:
                    await pilot.resize_terminal(*rng.choice(SIZES))
                if rng.random() < 0.08:
                    await pilot.pause()
                    screens_seen.add(type(app.screen).__name__)
            await pilot.pause()
        assert app._exception is None
    assert steps == STEPS
    # The walk really went places: the table and at least two screens over it.
    assert "TableScreen" in screens_seen and len(screens_seen) >= 3, screens_seen
