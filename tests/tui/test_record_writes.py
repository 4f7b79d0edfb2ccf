"""The app's writes to the record of games: never in the interface's thread (a database another app holds
keeps a write waiting for seconds), and a game that cannot be written yet waits on disk for the next start."""

from __future__ import annotations

import sqlite3
import threading

from domino_tui.records import Records, store
from domino_tui.tui.screens.over_dialog import OverDialog
from domino_tui.tui.screens.score_sheet import SheetDialog
from tests.records.test_store import record

from .conftest import make_app, play_heaviest, the_room
from .disk_helpers import started


async def finish_a_game(pilot) -> None:
    """Play your heaviest tiles until the game is over and its dialog is up over the table."""
    await started(pilot)
    await play_heaviest(pilot, 40)
    for _ in range(200):
        if isinstance(pilot.app.screen, OverDialog):
            assert the_room(pilot.app).match.game_over  # type: ignore[union-attr]
            return
        await pilot.pause(0.02)
    raise AssertionError("the game did not end")


async def test_the_record_is_written_outside_the_interface_thread(monkeypatch):
    writers: list[threading.Thread] = []
    release = threading.Event()
    real_add = Records.add

    def held_add(self, record):
        writers.append(threading.current_thread())
        release.wait(10)  # as a database another app holds until the test lets go
        return real_add(self, record)

    monkeypatch.setattr(Records, "add", held_add)
    app = make_app("block", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await finish_a_game(pilot)
        for _ in range(200):
            if writers:
                break
            await pilot.pause(0.02)
        # The write has begun and is held: the interface still answers (in its own thread it would wait 10 s).
        began = bool(writers)
        await pilot.press("s")
        await pilot.pause()
        answered = isinstance(pilot.app.screen, SheetDialog)
        release.set()
    assert began and all(t is not threading.main_thread() for t in writers)
    assert answered


async def test_a_game_finished_while_the_record_is_held_is_written_at_the_next_start(private_config, monkeypatch):
    monkeypatch.setattr(store, "BUSY_MS", 100)
    path = private_config / "records.sqlite3"
    private_config.mkdir(parents=True)
    Records(path).add(record(seed=1))
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN EXCLUSIVE")  # another process, for longer than the busy timeout
    app = make_app("block", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await finish_a_game(pilot)
        for _ in range(200):
            if any("Record of games" in str(n.title) for n in app._notifications):
                break
            await pilot.pause(0.02)
        notes = [str(n.message) for n in app._notifications if n.title == "Record of games"]
    blocker.rollback()
    blocker.close()
    games, problem = Records(path).games()  # the next start
    assert problem is None and [g.variant for g in games] == ["classic", "block"]
    assert len(notes) == 1 and "waits in" in notes[0]
