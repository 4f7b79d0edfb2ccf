"""One app owns the saved game at a time: two domino-tui started with the same config folder would both resume
room.json, and whichever wrote last would lose the other's moves. The first holds the game's lock while it plays;
a second says so and plays games that are not saved, leaving the file alone; once the first has gone (quit or
killed, the system lets its lock go), the next start resumes the game as always."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from domino_tui.tui.app import DominoApp
from domino_tui.tui.local_game import room_path

from .conftest import play_heaviest, settle, the_room

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
