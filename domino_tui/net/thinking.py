"""Bots think off the event loop, so that a room's bot searching for half a second stalls no other room.

A bot is handed the seat's observation as the bot protocol's JSON (it sees what a person in that seat would see,
and nothing of the server), the level and the seed of its random numbers, and answers the move as JSON. It
thinks in a thread of a small pool: the event loop keeps the interpreter at least every few milliseconds (the
interpreter's switch interval), so the other rooms' moves go on while it searches, and nothing outlives the
server (worker processes were tried first: a killed server's pool had to be reaped, and CPython 3.11's process
pool now and then lost a call after a restart).
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor

from ..ai import BOTS, LEVELS
from ..ai.seat import decide, make
from ..games import MatchKind


def think(kind: MatchKind, level: str, seed: str, obs: dict[str, object]) -> list[object]:
    """The move ``level``'s bot makes at a room of ``kind``, seeded with ``seed``, seeing ``obs``."""
    return kind.write_move(decide(make(level, random.Random(seed)), kind.read_observation(obs)))


class Thinkers:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or 4
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")

    async def choose(self, kind: MatchKind, level: str, seed: str, obs: dict[str, object]) -> list[object]:
        assert level in LEVELS or level in BOTS
        return await asyncio.get_running_loop().run_in_executor(self._pool, think, kind, level, seed, obs)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
