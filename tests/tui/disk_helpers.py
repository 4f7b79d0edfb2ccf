"""Honest files of the game at this keyboard, made by playing: the room's file (``room.json``) that a room in the
app's process writes as it is played, for the tests of what is kept on disk to damage; the damage, and what the
app says of it."""

from __future__ import annotations

import asyncio
import copy
import functools
import json
import os
import random
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from domino_tui.net.room import Status
from domino_tui.tui.app import DominoApp
from domino_tui.tui.local_game import new_game
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.room_table import RoomTable
from domino_tui.tui.settings import Settings

from .conftest import heard, settle


async def play_room(
    path: Path | None,
    variant: str = "block",
    seed: int = 5,
    moves: int = 3,
    finish_first_game: bool = False,
    bots: tuple[str, ...] = ("greedy",),
) -> None:
    """A match of ``variant`` against ``bots``, its room kept at ``path``: ``moves`` moves of the person's (at
    random, from ``seed``), the bots' between, up to the person's next turn; or on to the end of the first game.
    Then left, as the app leaves it on quitting."""
    game = await new_game(Settings(variant=variant, bots=bots).with_variant(variant), seed, 0.0, path)
    room, client = game.room.room, game.clients[0]
    rng = random.Random(seed)
    try:
        for _ in range(4000):
            if room.status is not Status.PLAYING:
                break
            seen = client.observation
            if room.to_act() == 0 and seen is not None and seen.position == room.position:
                if moves <= 0 and not finish_first_game:
                    break
                assert room.match is not None
                await client.move(rng.choice(room.match.legal_moves()))
                moves -= 1
            await asyncio.sleep(0.005)
        else:
            raise AssertionError("the room never came to an end of what was asked")
        if finish_first_game:
            assert room.status is Status.BETWEEN, "the first game ended the match, or never ended"
    finally:
        await game.close()


@functools.cache
def _honest(variant: str, seed: int, moves: int, finish_first_game: bool) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "room.json"
        coro = play_room(path, variant, seed, moves, finish_first_game)
        with ThreadPoolExecutor(1) as pool:  # its own loop, whether or not the caller runs one
            pool.submit(asyncio.run, coro).result(timeout=60)
        return path.read_text()


def honest_room(variant: str = "block", seed: int = 5, moves: int = 3, finish_first_game: bool = False) -> dict:
    """The JSON of a room's file as playing it left it (made once per worker, a fresh copy each time)."""
    return copy.deepcopy(json.loads(_honest(variant, seed, moves, finish_first_game)))


# ----- damaging a file, and what the app says of it -----


def damage(path: Path, how) -> bytes | None:
    """Put the damaged file in place; its bytes (None for what is no regular file, and for the huge one)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(path):
        path.unlink()
    if how == "FIFO":  # an ordinary open of it waits for a writer for ever
        os.mkfifo(path)
        return None
    if how == "DEVICE":  # endless zeros
        path.symlink_to("/dev/zero")
        return None
    if how == "HUGE":  # 17 MiB (sparse): larger than any settings file or saved match
        with open(path, "wb") as f:
            f.truncate(17 << 20)
        return None
    if how == "DIRECTORY":
        path.mkdir()
        (path / "inside").write_text("kept")
        return None
    if how == "LOOP":
        path.symlink_to(path.name)
        return None
    content = how() if callable(how) else how
    data = content if isinstance(content, bytes) else content.encode()
    path.write_bytes(data)
    return data


def set_aside(path: Path) -> Path:
    """The one copy of ``path`` moved aside."""
    (aside,) = path.parent.glob(path.name + ".bad-*")
    return aside


def check_moved_aside(path: Path, before: bytes | None, problem: str | None, gone: bool = True) -> Path:
    assert problem is not None
    aside = set_aside(path)
    assert str(aside) in problem
    if gone:
        assert not os.path.lexists(path)  # the next save starts a new file
    if before is not None:
        assert aside.read_bytes() == before
    return aside


def said(app: DominoApp, words: str) -> list[str]:
    """The app's notifications that begin with ``words``, posted since it started (a notification's timeout may
    have taken it off the screen by the time a loaded machine has the table up)."""
    return [message for message in heard(app) if message.startswith(words)]


async def started(pilot, table: type[RoomTable] = LineTable, limit: int = 400) -> None:
    """Wait until the app has sat down at ``table`` (the room is made or restored in a worker), and the bots have
    moved up to your turn."""
    for _ in range(limit):
        await pilot.pause()
        if isinstance(pilot.app.screen, table) and pilot.app.game is not None:
            await settle(pilot)
            return
    raise AssertionError("no table came up")
