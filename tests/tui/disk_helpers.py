"""Honest files of the game at this keyboard, made by playing: the room's file (``room.json``) that a room in the
app's process writes as it is played, for the tests of what is kept on disk to damage."""

from __future__ import annotations

import asyncio
import copy
import functools
import json
import random
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from domino_tui.net.room import Status
from domino_tui.tui.local_game import new_game
from domino_tui.tui.settings import Settings


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
