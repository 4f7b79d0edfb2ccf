"""The line table that enters a room online hands its client to the train table when the room's news says it plays
a train game. When the room's news comes fast (another person sits down as this one enters, and the room starts
at once), the line table has heard several descriptions of the room before it reads the first: the train table
still takes over once, and shows the start that comes while it mounts."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from domino_tui.engine import MEXICAN_TRAIN
from domino_tui.net.heard import SeatClient
from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.widgets.hand import HandView
from tests.net.conftest import Running

from .conftest import COACH, until

SIZE = (100, 30)


async def heard(check: Callable[[], object], limit: float = 30.0) -> None:
    """Wait until ``check`` holds of what a client heard. Not by the pilot: its pause waits for the screen in front,
    whose mount this test holds back. ``limit`` only bounds a failing test."""
    deadline = time.monotonic() + limit
    while not check():
        assert time.monotonic() < deadline, "the room's news never came"
        await asyncio.sleep(0.01)


async def test_a_train_room_that_starts_as_its_table_mounts_is_shown_started(
    server: Running, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's app joins a Mexican Train room; before her table reads the room's news, Bob sits down too (two
    descriptions of the room wait for it), and the room starts while the train table is still mounting: the train
    table in front shows the room playing and Ann's hand."""
    cleo = server.client()
    welcome = await cleo.create("Cleo", MEXICAN_TRAIN.name)
    entered: asyncio.Future[SeatClient] = asyncio.get_running_loop().create_future()
    bob_heard = asyncio.Event()  # Ann's client has heard Bob sit down: her table may read the room's news
    started = asyncio.Event()  # Ann's client has heard the start: the train tables may finish mounting
    mounting: list[TrainTable] = []  # the train tables that began to mount

    enter = Connect.enter

    async def enter_then_wait(self: Connect, *args: object, **kwargs: object) -> SeatClient:
        client = await enter(self, *args, **kwargs)  # type: ignore[arg-type]
        entered.set_result(client)
        await bob_heard.wait()
        return client

    # The train table's mount waits for the start, as a slow machine's can: the start comes while it mounts (a
    # screen's handlers of its mount run from the subclass's up, each awaited: the table's own runs after this).
    async def mount_after_the_start(self: TrainTable) -> None:
        mounting.append(self)
        await started.wait()

    monkeypatch.setattr(Connect, "enter", enter_then_wait)
    monkeypatch.setattr(TrainTable, "on_mount", mount_after_the_start, raising=False)

    app = DominoApp(online=Connect.join(f"127.0.0.1:{server.port}/{welcome.room}", "Ann", seat=1), coach=COACH)
    async with app.run_test(size=SIZE) as pilot:
        ann = await asyncio.wait_for(entered, 30)
        bob = server.client()
        await bob.join(welcome.room, "Bob", seat=2)
        await heard(lambda: ann.info is not None and ann.info.seats[2].name == "Bob")
        bob_heard.set()
        await heard(lambda: mounting)
        await cleo.start()
        await heard(lambda: ann.train_observation is not None and ann.info and ann.info.status == "playing")
        started.set()
        await until(pilot, lambda: isinstance(app.screen, TrainTable) and app.screen.is_mounted)
        table = app.screen
        assert isinstance(table, TrainTable)
        await until(pilot, lambda: table.status == "playing" and table.observation is not None, limit=10)
        seen = server.room().observation(1)
        assert seen is not None
        assert table.observation is not None and table.query_one(HandView).tiles == table.observation.hand
        dealt = sorted(sorted(tile) for tile in seen["obs"]["hand"])  # the room's JSON: [low, high] pairs
        assert dealt == sorted([t.low, t.high] for t in table.observation.hand)
        assert len(mounting) == 1, "the line table handed its client over more than once"
