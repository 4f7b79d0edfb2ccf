"""A random walk through the app: keys, clicks and resizes between 80x24 and 160x50, through every screen and
the command palette, checking after every step that nothing raised and that the table, when it is in front,
shows every open end and the newest tile and keeps its footer's Quit.

A step is a burst of up to sixteen inputs typed faster than the app answers (as a fast typist, key repeat or a
mouse does), then the app catching up; the checks follow each step. (Drawing the screen after each step costs
far more than the inputs, so bursts walk further for the same time.)

Every walk is one seed: a failure names it, with the step and the last actions, and replays exactly with
``python scripts/soak_table.py --variant V --seed S --steps N`` (up to the timing of the bots' worker threads).
The pytest form (tests/tui/test_random_soak.py) walks about a thousand inputs; the script walks as long as asked.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from textual import events
from textual.command import CommandPalette
from textual.geometry import Size
from textual.pilot import _get_mouse_message_arguments

from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.local_train_table import TrainTableScreen
from domino_tui.tui.screens.table import TableScreen

from .board_view import assert_all_visible, assert_board_has_room, assert_quit_on_screen
from .fast_input import catch_up, send_key
from .train_helpers import assert_every_train_end_visible

GAME_KEYS = [
    *"1234567890",
    "left", "right", "up", "down", "enter", "space", "escape", "tab", "shift+tab",
    "d", "p", "n", "s", "l", "h", "t", "u", "r", "y", "question_mark", "f1", "ctrl+s",
    "home", "end", "pageup", "pagedown", "backspace",
]  # fmt: skip
# Typed into the palette's search (or anywhere): enough letters to find every command.
LETTERS = list("abcdefghiklmnoprstuvwy ")
BOTS = ["greedy", "random", "dummy", "hyperskill", "doubles", "fivescorer"]
COACH = {"budget": None, "samples": 2}
SMALLEST, LARGEST = (80, 24), (160, 50)


@dataclass
class Walked:
    steps: int = 0
    inputs: int = 0
    apps: int = 0
    screens: set[str] = field(default_factory=set)
    palette_commands: int = 0


def random_size(rng: random.Random) -> tuple[int, int]:
    return rng.randint(SMALLEST[0], LARGEST[0]), rng.randint(SMALLEST[1], LARGEST[1])


def resize(app, size: tuple[int, int]) -> None:
    """The terminal resized, as the driver reports it (Pilot.resize_terminal would wait for the CPU to idle)."""
    app._driver._size = Size(*size)
    app.post_message(events.Resize(Size(*size), Size(*size)))


def send_click(app, x: int, y: int) -> None:
    screen = app.screen
    args = _get_mouse_message_arguments(screen, (x, y), button=1)
    app.mouse_position = (x, y)
    for cls in (events.MouseDown, events.MouseUp, events.Click):
        screen._forward_event(cls(**({**args, "chain": 1} if cls is events.Click else args)))


def check(app) -> None:
    """What must hold after every step."""
    if app._exception is not None:
        raise AssertionError(f"the app raised {app._exception!r}") from app._exception
    screen = app.screen
    if isinstance(screen, TrainTableScreen) and not screen.too_small:
        assert_every_train_end_visible(screen)
        assert_quit_on_screen(screen)
        return
    if not isinstance(screen, TableScreen) or screen.too_small:
        return
    assert_board_has_room(screen)
    assert_all_visible(screen)
    assert_quit_on_screen(screen)


async def walk(variant: str, seed: int, steps: int) -> Walked:
    """Walk ``steps`` random steps in ``variant`` from ``seed``; AssertionError names the seed and the step.
    ``Walked.inputs`` counts the keys, clicks and resizes."""
    rng = random.Random(f"{variant}:{seed}")
    done = Walked()
    last: deque[str] = deque(maxlen=25)
    while done.steps < steps:
        # The coach with two guesses a move: its hints and reviews run, in threads, without eating the walk's time.
        app = DominoApp(
            variant=variant, seed=rng.randrange(10_000), pause=0.0, opponents=(rng.choice(BOTS),), coach=COACH
        )
        app.deliver_screenshot = lambda *args, **kwargs: None  # type: ignore[method-assign]  # the palette's: no files
        done.apps += 1
        # Quitting ends this app and the walk goes on in a new one (the terminal's keys after a quit are not the
        # game's business).
        quits: list[object] = []
        app.exit = lambda *args, quits=quits, **kwargs: quits.append(args)  # type: ignore[method-assign]
        size = random_size(rng)
        last.append(f"new app {variant} at {size[0]}x{size[1]}")
        async with app.run_test(size=size) as pilot:
            while done.steps < steps and not quits:
                for _ in range(rng.randint(1, 16)):
                    action = await step(app, pilot, rng)
                    last.append(action)
                    done.inputs += 1
                    done.palette_commands += action == "palette enter"
                    if quits:
                        break
                done.steps += 1
                try:
                    await catch_up(pilot)
                    done.screens.add(type(app.screen).__name__)
                    check(app)
                except Exception as exc:
                    raise AssertionError(
                        f"seed {seed}, {variant}, step {done.steps}: {exc!r}\nthe last steps: {', '.join(last)}"
                    ) from exc
            await catch_up(pilot)  # keys typed before a quit are handled before the app goes
    return done


async def step(app, pilot, rng: random.Random) -> str:
    """One random action; what it was, in words."""
    roll = rng.random()
    in_palette = isinstance(app.screen, CommandPalette)
    if roll < 0.04:
        size = random_size(rng)
        resize(app, size)
        return f"resize {size[0]}x{size[1]}"
    if roll < 0.07 and not in_palette:
        send_key(app, "ctrl+p")
        return "ctrl+p"
    if in_palette and roll < 0.6:
        key = rng.choice([*LETTERS, "down", "up", "enter", "enter", "backspace", "escape"])
        send_key(app, key)
        return f"palette {key}"
    if roll < 0.82:
        key = rng.choice(GAME_KEYS)
        send_key(app, key)
        return key
    w, h = app.size
    x, y = rng.randrange(w), rng.randrange(h)
    send_click(app, x, y)
    return f"click {x},{y}"
