"""A room server's database that an earlier version wrote (tests/earlier_saves/README.md), opened by this version's
real `domino-tui serve`: the room whose first round of trains that version blocked rightly resumes at its place,
dealt as it was, and its person takes their seat back with their token; the room whose first round it ended while a
seat could still play is not resumed (its later play stands on a wrong score), and the server says so and serves
the other."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from domino_tui.net.client import NetError, RoomClient, TrainSeatView

from .conftest import ServerProcess, free_port
from .events import wait_for

FOLDER = Path(__file__).parents[1] / "earlier_saves"
EXPECTED = json.loads((FOLDER / "expected.json").read_text())


async def test_the_earlier_rooms_resume_or_are_refused_by_their_rule(tmp_path) -> None:
    db = tmp_path / "rooms.sqlite3"
    shutil.copyfile(FOLDER / "rooms.sqlite", db)
    server = ServerProcess(db, free_port())
    await server.start()
    url = f"ws://127.0.0.1:{server.port}"
    ann, watcher = RoomClient(url, retry=(0.05, 0.2)), RoomClient(url, retry=(0.05, 0.2))
    said = EXPECTED["rooms"]["AAAA2222"]
    try:
        welcome = await ann.rejoin("AAAA-2222", EXPECTED["token"])
        assert welcome.seat == 0
        view = await wait_for(ann, lambda e: isinstance(e, TrainSeatView))
        assert view.game == 2 and view.observation.seat == 0
        assert list(view.observation.totals) == said["first_round_points"]
        assert len(view.observation.history) >= 6  # the second round's moves are all there
        assert ann.info is not None and ann.info.options["house"]["engine_search"] == "drawn_until_found"
        with pytest.raises(NetError) as refused:
            await asyncio.wait_for(watcher.watch("BBBB-3333"), 10)
        assert refused.value.code == "no_room", refused.value
    finally:
        await ann.close()
        await watcher.close()
        await server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "room BBBB-3333 is not resumed" in log and "earlier version of domino-tui" in log
