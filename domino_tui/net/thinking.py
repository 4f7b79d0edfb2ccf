"""Bots think in worker processes, so that a room's bot searching for half a second stalls no other room.

A worker gets the seat's observation as the bot protocol's JSON (the bot sees what a person in that seat would
see, and nothing of the server), the level and the seed of its random numbers, and answers the move as JSON.
Workers are started with ``spawn`` (a fresh interpreter holding nothing of the server: no sockets, no database,
no room seeds) and lazily, on a room's first bot move.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..ai import BOTS, LEVELS, Bot, make_bot, make_level
from ..engine import move_to_json, observation_from_json


def make(level: str, rng: random.Random) -> Bot:
    """A bot for a level name (Beginner to Master) or a bot's own name (random, greedy, expert...)."""
    return make_level(level, rng) if level in LEVELS else make_bot(level, rng)


def think(level: str, seed: str, obs: dict[str, object]) -> list[object]:
    """In a worker: the move ``level``'s bot makes, seeded with ``seed``, seeing ``obs``."""
    return move_to_json(make(level, random.Random(seed)).choose(observation_from_json(obs)))


class Thinkers:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, len(os.sched_getaffinity(0)))
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, level: str, seed: str, obs: dict[str, object]) -> list[object]:
        """The bot's move. A worker that died is replaced and the question asked again, once."""
        assert level in LEVELS or level in BOTS
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            try:
                return await loop.run_in_executor(self._workers(), think, level, seed, obs)
            except BrokenProcessPool:
                self._pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def _workers(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
