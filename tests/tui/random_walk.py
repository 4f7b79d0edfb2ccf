"""A random walk through the app: keys, clicks and resizes between 80x24 and 160x50, through every screen over
the room's table (new game, help, score sheet, review, statistics, the handover of a keyboard several people
share, chat), the command palette, and the lobby of a real room server on 127.0.0.1 (its public rooms, joined
now and then, and quick match: its wait, cancelled, or ended by another seeker with a table online), checking
after every step that nothing raised, that the room's log replays to the room as it stands, and that the room's
table, when it is in front, shows every open end (every train's end) and the newest tile, as its room has them,
and keeps its footer's Quit (see `walks_helpers`).

A step is a burst of up to sixteen inputs typed faster than the app answers (as a fast typist, key repeat or a
mouse does), then the app catching up; the checks follow each step. (Drawing the screen after each step costs
far more than the inputs, so bursts walk further for the same time.)

Every walk is one seed: a failure names it, with the step and the last actions, and replays exactly with
``python scripts/soak_table.py --variant V --seed S --steps N`` (up to the timing of the bots' worker threads).
The pytest form (tests/tui/test_random_soak.py) walks some 750 inputs; the script walks as long as asked.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import tempfile
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from textual import events
from textual.command import CommandPalette
from textual.geometry import Size
from textual.pilot import _get_mouse_message_arguments

from domino_tui.engine import DRAW, PASS, VARIANTS, TrainPlay
from domino_tui.net.client import quick_match
from domino_tui.net.room import Status
from domino_tui.tui.app import DominoApp
from domino_tui.tui.local_game import room_path
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.lobby import LobbyScreen
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.room_table import RoomTable
from domino_tui.tui.tile_keys import tile_key
from domino_tui.tui.train_words import train_key, trains_for
from tests.net.conftest import Running, start_server

from .conftest import keys_for
from .fast_input import catch_up, send_key
from .walks_helpers import (
    assert_saved_game_is_the_room,
    caught_up,
    check_game_at_this_keyboard,
    last_shown,
    table_of_the_game,
)

GAME_KEYS = [
    *"1234567890",
    "left", "right", "up", "down", "enter", "space", "escape", "tab", "shift+tab",
    "d", "p", "n", "s", "l", "h", "t", "u", "r", "y", "c", "m", "x", "a", "b", "question_mark", "f1", "ctrl+s",
    "ctrl+o", "home", "end", "pageup", "pagedown", "backspace",
    "ctrl+l", "ctrl+f", "ctrl+r",  # the new-game screen's Lobby; the lobby's Quick match and Refresh
]  # fmt: skip
# Rarer: q leaves the table (quits the app: the walk goes on in a new one).
LEAVE = "q"
# The palette's commands at a table that lead to the screens over it, and some that act there.
COMMANDS = [
    "Help", "Score sheet", "Review the last hand", "Statistics", "New game", "Play online", "Hint",
    "Show or hide the move log", "Show or hide the tile tracker", "Automatic draw", "Undo on/off", "Draw a tile",
    "Pass", "Play All Fives", "Play Mexican Train", "Theme",
]  # fmt: skip
# Typed into the palette's search (or anywhere): enough letters to find every command.
LETTERS = list("abcdefghiklmnoprstuvwy ")
BOTS = ["greedy", "random", "dummy", "hyperskill", "doubles", "fivescorer"]
PERSON = "person"  # another person at this keyboard: a hot seat, its hands behind the handover screen
COACH = {"budget": None, "samples": 2}
SMALLEST, LARGEST = (80, 24), (160, 50)
# Where a long walk gets to at each family's table (`where` names them): the screens over it and chat.
PLACES = {
    "line": {
        "LineTable", "CommandPalette", "NewGameScreen", "HelpScreen", "ScoreSheetScreen", "GameOverScreen",
        "ReviewScreen", "StatsScreen", "HandoverScreen", "chat", "LobbyScreen", "quick match",
    },
    "train": {
        "TrainTable", "CommandPalette", "NewGameScreen", "HelpScreen", "TrainScoreSheetScreen",
        "TrainRoundOverScreen", "StatsScreen", "chat", "LobbyScreen", "quick match",
    },
}  # fmt: skip


@dataclass
class Walked:
    steps: int = 0
    inputs: int = 0
    apps: int = 0
    screens: set[str] = field(default_factory=set)
    palette_commands: int = 0
    moves: int = 0  # moves made by their keys at the table


def random_size(rng: random.Random) -> tuple[int, int]:
    return rng.randint(SMALLEST[0], LARGEST[0]), rng.randint(SMALLEST[1], LARGEST[1])


def resize(app, size: tuple[int, int]) -> None:
    """The terminal resized, as the driver reports it (Pilot.resize_terminal would wait for the CPU to idle)."""
    app._driver._size = Size(*size)
    app.post_message(events.Resize(Size(*size), Size(*size)))


def post_click(app, x: int, y: int) -> None:
    """A click as the terminal reports it: the button down and up, queued in order with the keys (the app makes
    the click of them, on whatever screen is in front by then)."""
    for cls in (events.MouseDown, events.MouseUp):
        args = {"x": x, "y": y, "delta_x": 0, "delta_y": 0, "button": 1, "shift": False, "meta": False}
        app.post_message(cls(None, ctrl=False, screen_x=x, screen_y=y, **args))


def send_click(app, x: int, y: int) -> None:
    """A click delivered at once to the screen in front now (two of them reach the same screen, however quickly
    it goes: tests/tui/test_robustness.py)."""
    screen = app.screen
    args = _get_mouse_message_arguments(screen, (x, y), button=1)
    app.mouse_position = (x, y)
    for cls in (events.MouseDown, events.MouseUp, events.Click):
        screen._forward_event(cls(**({**args, "chain": 1} if cls is events.Click else args)))


def opponents(variant: str, rng: random.Random) -> tuple[str, ...]:
    """The other seats: bots, or at a line game now and then a person at this keyboard in some (a hot seat)."""
    bot = rng.choice(BOTS)
    if variant in VARIANTS and rng.random() < 0.3:
        return rng.choice([(PERSON,), (bot, PERSON)])
    return (bot,)


def where(app) -> str:
    """The screen in front, in a word: chatting at a table is a place of its own."""
    screen = app.screen
    if isinstance(screen, RoomTable) and screen.has_class("-chatting"):
        return "chat"
    if isinstance(screen, LobbyScreen) and screen.seeking_since is not None:
        return "quick match"
    return type(screen).__name__


PUBLIC_ROOMS = 2  # of the walk's variant, waiting in the lobby (a walk that joins one takes a seat there)


@contextlib.asynccontextmanager
async def lobby_server(variant: str) -> AsyncIterator[Running]:
    """A room server on 127.0.0.1 in this loop for the walk's lobby, with public rooms of ``variant`` waiting; the
    seekers the walk sends are cancelled, its clients closed and the server stopped at the end."""
    with tempfile.TemporaryDirectory() as folder:
        running = await start_server(f"{folder}/rooms.sqlite3", rooms_per_address=1000, per_address=100_000)
        seekers: set[asyncio.Task[object]] = set()
        running.seekers = seekers  # type: ignore[attr-defined]  # the walk's other seekers, ended here
        try:
            for n in range(PUBLIC_ROOMS):
                await running.client().create(f"Host {n}", variant, public=True)
            yield running
        finally:
            for task in seekers:
                task.cancel()
            await asyncio.gather(*seekers, return_exceptions=True)
            for client in running.clients:
                await client.close()
            await running.server.stop()


async def table_shown(pilot, limit: int = 2000) -> None:
    """Wait for the first table (its room is made in a worker), or the lobby of an app started there."""
    for _ in range(limit):
        if any(isinstance(screen, RoomTable | LobbyScreen) for screen in pilot.app.screen_stack):
            return
        await pilot.pause(0.01)
    raise AssertionError("the table never came")


async def walk(variant: str, seed: int, steps: int, from_the_lobby: bool = False) -> Walked:
    """Walk ``steps`` random steps in ``variant`` from ``seed``; AssertionError names the seed and the step.
    ``Walked.inputs`` counts the keys, clicks and resizes. ``from_the_lobby``: the first app starts in the lobby
    (later ones now and then, as always)."""
    async with lobby_server(variant) as server:
        return await walk_with(variant, seed, steps, server, from_the_lobby)


async def walk_with(variant: str, seed: int, steps: int, server: Running, from_the_lobby: bool) -> Walked:
    rng = random.Random(f"{variant}:{seed}")
    done = Walked()
    last: deque[str] = deque(maxlen=25)
    while done.steps < steps:
        # The coach with two guesses a move: its hints and reviews run, in threads, without eating the walk's time.
        seats = opponents(variant, rng)
        # Now and then the app starts in the lobby (``domino-tui lobby HOST``): leaving it ends the app.
        in_lobby = rng.random() < 0.25 or (from_the_lobby and not done.apps)
        lobby = f"127.0.0.1:{server.port}" if in_lobby else None
        app = DominoApp(
            variant=variant, seed=rng.randrange(10_000), pause=0.0, opponents=seats, coach=COACH, lobby=lobby
        )
        app.deliver_screenshot = lambda *args, **kwargs: None  # type: ignore[method-assign]  # the palette's: no files
        done.apps += 1
        # Quitting ends this app and the walk goes on in a new one (the terminal's keys after a quit are not the
        # game's business).
        quits: list[object] = []
        app.exit = lambda *args, quits=quits, **kwargs: quits.append(args)  # type: ignore[method-assign]
        size = random_size(rng)
        at = f"in the lobby of {lobby}" if lobby else f"against {', '.join(seats)}"
        last.append(f"new app {variant} {at} at {size[0]}x{size[1]}")
        async with app.run_test(size=size) as pilot:
            # The lobby and the online form point at the walk's server (never at whatever listens on the default).
            app.remember(online_server=f"127.0.0.1:{server.port}")
            # Every screen that comes in front, also one come and gone within a burst.
            app.screen_change_signal.subscribe(app, lambda screen: done.screens.add(type(screen).__name__))
            # Now and then the first keys come while the room is being made, as a person may type them.
            early = rng.random() < 0.2
            while done.steps < steps and not quits:
                if not early:
                    await table_shown(pilot)
                early = False
                for _ in range(rng.randint(1, 16)):
                    action = await step(app, pilot, rng, server)
                    last.append(action)
                    done.inputs += 1
                    done.palette_commands += action == "palette enter" or action.startswith("palette '")
                    done.moves += action.startswith("play")
                    if quits or action.startswith("play"):
                        break
                done.steps += 1
                try:
                    await catch_up(pilot)
                    if quits:
                        # The app has quit (its exit stubbed): no table is drawn any more, its footer is emptied, and
                        # the game it kept is checked below, as the next start would find it.
                        break
                    done.screens.add(where(app))
                    check_game_at_this_keyboard(app)
                except Exception as exc:
                    screens = " > ".join(type(screen).__name__ for screen in app.screen_stack)
                    raise AssertionError(
                        f"seed {seed}, {variant}, step {done.steps}: {exc!r}\nthe screens: {screens}\n"
                        f"the last steps: {', '.join(last)}"
                    ) from exc
            await catch_up(pilot)  # keys typed before a quit are handled before the app goes
            kept, shown = app.game, last_shown(app)
        if kept is not None and app.save_settings:
            # The app closed its room: what the next start resumes is that room as it was left.
            assert_saved_game_is_the_room(kept, room_path(), shown)
    return done


def move_keys(app, rng: random.Random) -> list[str] | None:
    """The keys of a random legal move at the table in front when it shows a turn at this keyboard as its room has
    it (the room says which moves are legal), else None."""
    table, game = app.screen, app.game
    if not isinstance(table, RoomTable) or game is None or table_of_the_game(app) is not table or table.too_small:
        return None
    room = game.room.room
    here = table.seats_here if isinstance(table, LineTable) else {table.mine}
    if room.status is not Status.PLAYING or room.to_act() not in here or table.choosing:
        return None
    if not caught_up(table, room) or not table.my_turn:
        return None
    move = rng.choice(room.match.legal_moves())  # type: ignore[union-attr]  # a game is played
    if isinstance(table, LineTable):
        return keys_for(table, move)
    obs = table.observation
    if move in (DRAW, PASS) or obs is None or not isinstance(move, TrainPlay):
        return ["d" if move == DRAW else "p"]
    keys = [tile_key(obs.hand.index(move.tile))]
    if len(trains_for(obs, move.tile)) > 1:
        keys.append(train_key(obs.rules, move.train))
    return keys


def another_seeker(app, server: Running) -> str | None:
    """While the lobby in front seeks a quick match, now and then another person seeks one of its variant too (the
    server seats them together: the app goes to that table online)."""
    screen = app.screen
    if not isinstance(screen, LobbyScreen) or screen.seeking_since is None:
        return None
    seekers: set[asyncio.Task[object]] = server.seekers  # type: ignore[attr-defined]
    if seekers:
        return None  # one at a time (one the lobby stopped waiting with waits on, as the server allows)
    variant = screen.chosen_variant()
    task = asyncio.ensure_future(quick_match(server.url, variant, "Yan"))
    seekers.add(task)
    task.add_done_callback(lambda done: ended(done, seekers))
    return f"another seeker of {variant}"


def ended(seeker: asyncio.Task[object], seekers: set[asyncio.Task[object]]) -> None:
    """Another seeker's end: seated, refused (the server counts the searches of an address, the app's among them:
    its answer, no failure of the app's), or cancelled at the end of the walk."""
    seekers.discard(seeker)
    if not seeker.cancelled():
        seeker.exception()  # retrieved, so that asyncio does not report it


async def step(app, pilot, rng: random.Random, server: Running) -> str:
    """One random action; what it was, in words (a move ends the burst: the next is chosen from what it did)."""
    roll = rng.random()
    in_palette = isinstance(app.screen, CommandPalette)
    if roll < 0.1:
        seeker = another_seeker(app, server)
        if seeker is not None:
            return seeker
    if roll < 0.2 and isinstance(app.screen, NewGameScreen):
        send_key(app, "ctrl+l")  # the way to the lobby from a table
        return "ctrl+l"
    if roll < 0.04:
        size = random_size(rng)
        resize(app, size)
        return f"resize {size[0]}x{size[1]}"
    if roll < 0.07 and not in_palette:
        send_key(app, "ctrl+p")
        return "ctrl+p"
    if roll < 0.075 and not in_palette:
        send_key(app, LEAVE)
        return LEAVE
    if roll < 0.12 and not in_palette:
        # A command by its first letters, as a person finds it.
        command = rng.choice(COMMANDS)
        typed = command[: rng.randint(3, len(command))].lower()
        for key in ["ctrl+p", *typed, "enter"]:
            send_key(app, key)
        return f"palette {typed!r}"
    if in_palette and roll < 0.6:
        key = rng.choice([*LETTERS, "down", "up", "enter", "enter", "backspace", "escape"])
        send_key(app, key)
        return f"palette {key}"
    if roll < 0.5 and not in_palette:
        keys = move_keys(app, rng)
        if keys:
            for key in keys:
                send_key(app, key)
            return f"play {' '.join(keys)}"
    if roll < 0.825:
        key = rng.choice(GAME_KEYS)
        send_key(app, key)
        return key
    w, h = app._driver._size  # the terminal's, as the last resize set it (the app learns it when it gets there)
    x, y = rng.randrange(w), rng.randrange(h)
    post_click(app, x, y)
    return f"click {x},{y}"
