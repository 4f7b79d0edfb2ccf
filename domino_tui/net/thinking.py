"""Bots think off the event loop, so that a room's bot searching for half a second stalls no other room; and the
threads they think in are shared fairly, so that no room, and no one person's rooms, can keep them from another.

A bot is handed the seat's observation as the bot protocol's JSON (it sees what a person in that seat would see,
and nothing of the server), the level and the seed of its random numbers, and answers the move as JSON. It
thinks in a thread of a small pool: the event loop keeps the interpreter at least every few milliseconds (the
interpreter's switch interval), so the other rooms' moves go on while it searches, and nothing outlives the
server (worker processes were tried first: a killed server's pool had to be reaped, and CPython 3.11's process
pool now and then lost a call after a restart).

The threads are few and every room's bots want them, so who thinks next is decided here, not by the pool's
first-come queue (through which sixteen rooms of searching bots, made by one address, once held another room's
bot for seconds):

- A room has at most one decision thinking, and at most one waiting: a room's host asks for a decision only for
  the position in play, so a newer request means the waiting one's position has passed (an undo, a restart),
  and it is dropped unthought. A room cannot queue up work, however fast it changes.
- Rooms are grouped in shares (on the server, the address that made the room), and a free thread goes to the
  next share in turn with a decision waiting, and within a share to its next room in turn. So a decision waits
  for at most one decision of each other share before it is thought, however many rooms the other shares
  have, and with threads free it waits for none.
"""

from __future__ import annotations

import asyncio
import functools
import random
from collections import deque
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from ..bot_registry import is_bot, make
from ..games import MatchKind


def think(kind: MatchKind, level: str, seed: str, obs: dict[str, object]) -> list[object]:
    """The move ``level``'s bot makes at a room of ``kind``, seeded with ``seed``, seeing ``obs``."""
    from ..ai.seat import decide  # the bots load when the first one moves, not with the room

    return kind.write_move(decide(make(level, random.Random(seed)), kind.read_observation(obs)))


@dataclass(slots=True)
class _Decision:
    share: Hashable
    args: tuple[MatchKind, str, str, dict[str, object]]
    answer: asyncio.Future[list[object]]


class Thinkers:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or 4
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="bot")
        self._waiting: dict[Hashable, _Decision] = {}  # per room: its one decision not yet thinking
        self._thinking: set[Hashable] = set()  # rooms with a decision in a thread
        # Per share: its rooms with a decision waiting and none thinking, in turn; and those shares, in turn.
        self._rooms: dict[Hashable, deque[Hashable]] = {}
        self._shares: deque[Hashable] = deque()

    async def choose(
        self,
        kind: MatchKind,
        level: str,
        seed: str,
        obs: dict[str, object],
        *,
        room: Hashable | None = None,
        share: Hashable | None = None,
    ) -> list[object]:
        """The move, thought in a thread when ``room``'s turn comes (``room``: whose decision this is, its own by
        default; ``share``: whose rooms it takes turns with, the room's own by default). A decision of the same
        room asked for before this one is thought cancels (CancelledError) its request: it answers a position
        that has passed."""
        assert is_bot(level)
        answer: asyncio.Future[list[object]] = asyncio.get_running_loop().create_future()
        room = room if room is not None else answer
        share = share if share is not None else room
        old = self._waiting.get(room)
        self._waiting[room] = _Decision(old.share if old else share, (kind, level, seed, obs), answer)
        if old is not None:
            old.answer.cancel()  # still in its share's turn: the newer decision takes its place
        elif room not in self._thinking:
            self._queue(room, share)
        self._serve()
        return await answer

    @property
    def waiting(self) -> int:
        """Decisions waiting for a thread (one a room at most)."""
        return len(self._waiting)

    def _queue(self, room: Hashable, share: Hashable) -> None:
        rooms = self._rooms.get(share)
        if rooms is None:
            rooms = self._rooms[share] = deque()
            self._shares.append(share)
        rooms.append(room)

    def _serve(self) -> None:
        """Give each free thread to the next share's next room."""
        while len(self._thinking) < self.workers and self._shares:
            share = self._shares.popleft()
            rooms = self._rooms[share]
            room = rooms.popleft()
            if rooms:
                self._shares.append(share)
            else:
                del self._rooms[share]
            decision = self._waiting.pop(room)
            if decision.answer.done():
                continue  # its asker went away (a room stopped): not thought
            self._thinking.add(room)
            work = asyncio.get_running_loop().run_in_executor(self._pool, think, *decision.args)
            work.add_done_callback(functools.partial(self._thought, room, decision))

    def _thought(self, room: Hashable, decision: _Decision, done: asyncio.Future[list[object]]) -> None:
        self._thinking.discard(room)
        answer = decision.answer
        if not answer.done():
            if done.cancelled():
                answer.cancel()
            elif (exc := done.exception()) is not None:
                answer.set_exception(exc)
            else:
                answer.set_result(done.result())
        waiting = self._waiting.get(room)
        if waiting is not None:
            self._queue(room, waiting.share)  # at the back of its share's turn: its other rooms go first
        self._serve()

    def close(self) -> None:
        for decision in self._waiting.values():
            decision.answer.cancel()
        self._waiting.clear()
        self._rooms.clear()
        self._shares.clear()
        self._pool.shutdown(wait=False, cancel_futures=True)
