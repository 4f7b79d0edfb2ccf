"""One app owns the saved game at a time: two domino-tui started with the same config folder would both resume
room.json, and whichever wrote last would lose the other's moves. The first holds the game's lock while it plays;
a second says so and plays games that are not saved, leaving the file alone; once the first has gone (quit or
killed, the system lets its lock go), the next start resumes the game as always. And the second, at a natural
moment after the first has gone (a deal's end, a new match), takes the game over: it saves its own match, or asks
first when the file holds a match the first left in progress."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from domino_tui.net.room import Status
from domino_tui.stored_file import OwnerLock
from domino_tui.tui.app import DominoApp
from domino_tui.tui.local_game import in_progress, room_lock_path, room_path
from domino_tui.tui.screens.confirm import ConfirmScreen
from domino_tui.tui.screens.saved_match import SavedMatchScreen

from .conftest import play_heaviest, settle, the_game, the_room, until
from .fast_input import type_keys

REPO = Path(__file__).resolve().parents[2]


def a_window() -> DominoApp:
    """An app as started with no options: it resumes the saved game, even one nobody has moved in yet (the
    other window's settings give the bots; an option asking for them would start afresh instead)."""
    return DominoApp(pause=0)


def told_elsewhere(app: DominoApp) -> bool:
    return app.saved_elsewhere and any(n.title == "Saved game" and n.severity == "warning" for n in app._notifications)


async def test_a_second_app_leaves_the_first_apps_saved_game_alone(private_config):
    first = DominoApp(pause=0, opponents=("greedy",))
    async with first.run_test(size=(100, 30)) as pilot:
        await play_heaviest(pilot, 2)
        code = the_room(first).code
        kept = room_path().read_bytes()
        second = a_window()
        async with second.run_test(size=(100, 30)) as other:
            await play_heaviest(other, 3)
            assert told_elsewhere(second)
            assert the_room(second).code != code  # a game of its own, in memory
            assert room_path().read_bytes() == kept
        assert room_path().read_bytes() == kept
        await play_heaviest(pilot, 1)  # the first goes on saving
        assert room_path().read_bytes() != kept
    again = a_window()  # the first has quit: its game is back
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert the_room(again).code == code and not again.saved_elsewhere


async def test_another_process_holds_the_saved_game_until_it_is_killed(private_config):
    env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(private_config), "PYTHONPATH": str(REPO)}
    window = subprocess.Popen(
        [sys.executable, "-m", "tests.tui.saved_game_window"],
        cwd=REPO,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert window.stdout is not None
        code = (await asyncio.wait_for(asyncio.to_thread(window.stdout.readline), 120)).strip()
        assert code, "the other window never came up"
        kept = room_path().read_bytes()
        app = a_window()
        async with app.run_test(size=(100, 30)) as pilot:
            await play_heaviest(pilot, 3)
            assert told_elsewhere(app)
            assert the_room(app).code != code
        assert room_path().read_bytes() == kept
        window.send_signal(signal.SIGKILL)  # no quit, no clean-up: only the system lets the lock go
        await asyncio.to_thread(window.wait, 60)
        app = a_window()
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert the_room(app).code == code and not app.saved_elsewhere
            await play_heaviest(pilot, 1)
        assert room_path().read_bytes() != kept  # and it saves it again
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()


# ----- once the other window has gone, this one saves again -----


def another_window(private_config: Path, moves: int = 0, seed: int | None = None) -> subprocess.Popen[str]:
    """A domino-tui window in a process of its own over the same config folder (tests/tui/saved_game_window.py),
    which makes ``moves`` moves of yours in its match (dealt from ``seed``)."""
    env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(private_config), "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.tui.saved_game_window", str(moves), *([] if seed is None else [str(seed)])],
        cwd=REPO,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


async def its_code(window: subprocess.Popen[str]) -> str:
    """The code of the other window's room, once its match is on disk."""
    assert window.stdout is not None
    code = (await asyncio.wait_for(asyncio.to_thread(window.stdout.readline), 120)).strip()
    assert code, "the other window never came up"
    return code


async def quit_window(window: subprocess.Popen[str]) -> None:
    """The other window quits as a player quits it (its app ends and lets its lock go)."""
    assert window.stdin is not None
    window.stdin.write("\n")
    window.stdin.flush()
    assert await asyncio.to_thread(window.wait, 60) == 0


def saved_code() -> str:
    return str(json.loads(room_path().read_text())["code"])


def told(app: DominoApp, severity: str = "information") -> bool:
    return any(n.title == "Saved game" and n.severity == severity for n in app._notifications)


async def finish_the_deal(pilot) -> None:
    """Your moves (the heaviest tile that fits) until the deal in play has ended."""
    while not the_game(pilot.app).over:
        await play_heaviest(pilot, 1)
    await settle(pilot)


@contextmanager
def window_process(window: subprocess.Popen[str]) -> Iterator[subprocess.Popen[str]]:
    try:
        yield window
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()


async def test_once_the_other_window_has_quit_the_next_match_is_saved(private_config):
    """The other window left a match nobody had moved in: nothing to lose, so this window's next match is saved,
    and it says so."""
    # A deal in which the other window's automatic draw or pass makes no move of yours before your first turn.
    with window_process(another_window(private_config, seed=1)) as window:
        code = await its_code(window)
        app = a_window()
        async with app.run_test(size=(100, 30)) as pilot:
            await play_heaviest(pilot, 2)
            assert told_elsewhere(app)
            await quit_window(window)
            assert app.saved_elsewhere  # no polling: nothing happens before a natural moment
            await finish_the_deal(pilot)
            played = the_room(app).code
            assert the_room(app).status is Status.OVER  # a match of one game: its end is no moment to ask
            assert app.saved_elsewhere and saved_code() == code
            await type_keys(pilot, "enter")  # another match
            await until(pilot, lambda: app.game is not None and the_room(app).code != played)
            assert not app.saved_elsewhere and told(app)
            await play_heaviest(pilot, 1)
            await app.game.room.store.drain()
            latest = the_room(app).code
            assert saved_code() == latest
        again = a_window()  # and it is this window's match that comes back
        async with again.run_test(size=(100, 30)) as pilot:
            await settle(pilot)
            assert the_room(again).code == latest


async def test_a_match_the_other_window_left_in_progress_is_offered_back(private_config):
    with window_process(another_window(private_config, moves=2)) as window:
        code = await its_code(window)
        # A match of several deals here: the end of its first deal is the moment to ask.
        app = DominoApp(variant="partnership", pause=0, opponents=("greedy",))
        async with app.run_test(size=(100, 30)) as pilot:
            await play_heaviest(pilot, 1)
            assert told_elsewhere(app)
            await quit_window(window)
            kept = room_path().read_bytes()
            await finish_the_deal(pilot)
            await until(pilot, lambda: isinstance(app.screen, SavedMatchScreen))
            assert room_path().read_bytes() == kept  # not written over before the answer
            await type_keys(pilot, "r")
            await until(pilot, lambda: app.game is not None and the_room(app).code == code)
            await settle(pilot)
            assert not app.saved_elsewhere and told(app)
            await play_heaviest(pilot, 1)
            await app.game.room.store.drain()
            assert saved_code() == code and room_path().read_bytes() != kept


# The other window, in the tests of the dialogue below: the lock it would hold, taken and let go in this process
# (the tests above use a real second process).


async def the_other_window_quits_in_the_deal(pilot, other: OwnerLock) -> None:
    """A move here while ``other`` (a window in this process's stead) holds the saved game, and this window is told
    so; then the other window quits, and the deal here is played to its end."""
    await play_heaviest(pilot, 1)
    assert told_elsewhere(pilot.app)
    other.release()
    await finish_the_deal(pilot)


async def a_saved_match_in_progress() -> str:
    """A match of several deals left with two of your moves made in it, as a window that has quit leaves it; its
    code. The next window started plays the same game (its last settings)."""
    first = DominoApp(variant="partnership", pause=0, opponents=("greedy",))
    async with first.run_test(size=(100, 30)) as pilot:
        await play_heaviest(pilot, 2)
        return the_room(first).code


async def test_at_a_deals_end_the_match_here_is_saved_when_none_was_left_in_progress(private_config):
    first = DominoApp(variant="partnership", seed=1, pause=0, opponents=("greedy",))
    async with first.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert not in_progress(first.game.room)
    other = OwnerLock(room_lock_path())
    assert other.take()
    app = a_window()
    async with app.run_test(size=(100, 30)) as pilot:
        await the_other_window_quits_in_the_deal(pilot, other)
        assert the_room(app).status is Status.BETWEEN
        await until(pilot, lambda: not app.saved_elsewhere and told(app))
        assert not any(isinstance(s, SavedMatchScreen) for s in app.screen_stack)
        await app.game.room.store.drain()
        assert saved_code() == the_room(app).code


async def test_keep_saves_the_match_here_in_place_of_the_one_left(private_config):
    code = await a_saved_match_in_progress()
    other = OwnerLock(room_lock_path())
    assert other.take()
    app = a_window()
    async with app.run_test(size=(100, 30)) as pilot:
        await the_other_window_quits_in_the_deal(pilot, other)
        await until(pilot, lambda: isinstance(app.screen, SavedMatchScreen))
        await type_keys(pilot, "k")
        await until(pilot, lambda: told(app))
        await app.game.room.store.drain()
        assert the_room(app).code != code and saved_code() == the_room(app).code
        assert not OwnerLock(room_lock_path()).take()  # this app holds the saved game now


async def test_esc_changes_nothing_until_the_next_match_asks_again(private_config):
    code = await a_saved_match_in_progress()
    kept = room_path().read_bytes()
    other = OwnerLock(room_lock_path())
    assert other.take()
    app = a_window()
    async with app.run_test(size=(100, 30)) as pilot:
        await the_other_window_quits_in_the_deal(pilot, other)
        await until(pilot, lambda: isinstance(app.screen, SavedMatchScreen))
        await type_keys(pilot, "escape")
        await until(pilot, lambda: told(app))
        assert app.saved_elsewhere and room_path().read_bytes() == kept
        free = OwnerLock(room_lock_path())  # the lock let go again: a window started now would own the game
        assert free.take()
        free.release()
        # The next deal's end does not ask again.
        await until(pilot, lambda: not isinstance(app.screen, SavedMatchScreen))
        assert the_room(app).status is Status.BETWEEN
        await type_keys(pilot, "enter")  # the next game of the match
        await finish_the_deal(pilot)
        assert not any(isinstance(s, SavedMatchScreen) for s in app.screen_stack)
        assert app.saved_elsewhere and room_path().read_bytes() == kept
        # A new match brings the saved one back to the table, and asks whether to abandon it for the new one.
        app.begin(replace(app.settings, seed=None))
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await type_keys(pilot, "y")  # abandon this window's unsaved match
        await until(pilot, lambda: app.game is not None and the_room(app).code == code)
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert not app.saved_elsewhere and room_path().read_bytes() == kept
        await type_keys(pilot, "n")  # keep playing it
        await settle(pilot)
        await play_heaviest(pilot, 1)
        await app.game.room.store.drain()
        assert saved_code() == code and room_path().read_bytes() != kept


async def test_quitting_over_the_question_writes_nothing(private_config):
    await a_saved_match_in_progress()
    kept = room_path().read_bytes()
    other = OwnerLock(room_lock_path())
    assert other.take()
    app = a_window()
    async with app.run_test(size=(100, 30)) as pilot:
        await play_heaviest(pilot, 1)
        other.release()
        await finish_the_deal(pilot)
        await until(pilot, lambda: isinstance(app.screen, SavedMatchScreen))
        await app.action_quit()
    assert room_path().read_bytes() == kept
    again = OwnerLock(room_lock_path())  # and the lock went with the app
    assert again.take()
    again.release()
