"""The app's writes to the record of games: never in the interface's thread (a database another app holds
keeps a write waiting for seconds), and a game that cannot be written yet waits on disk for the next start."""

from __future__ import annotations

import sqlite3
import threading
import time

from domino_tui.records import Records, store
from domino_tui.tui.screens.game_over import GameOverScreen
from tests.records.test_store import record

from .conftest import make_app, play_heaviest


async def finish_a_game(pilot) -> None:
    await play_heaviest(pilot, 40)
    for _ in range(100):
        if isinstance(pilot.app.screen, GameOverScreen):
            return
        await pilot.pause(0.02)
    raise AssertionError("the game did not end")


async def test_the_record_is_written_outside_the_interface_thread(monkeypatch):
    writers: list[threading.Thread] = []
    real_add = Records.add

    def slow_add(self, record):
        writers.append(threading.current_thread())
        time.sleep(1.0)  # as a database held by another app for a while
        return real_add(self, record)

    monkeypatch.setattr(Records, "add", slow_add)
    app = make_app("block", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await finish_a_game(pilot)
        started = time.monotonic()
        await pilot.press("s")  # the score sheet opens while the record is being written
        await pilot.pause()
        assert time.monotonic() - started < 0.8
        for _ in range(200):
            if writers:
                break
            await pilot.pause(0.02)
    assert writers and all(t is not threading.main_thread() for t in writers)


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
