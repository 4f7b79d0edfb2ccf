"""A bot that takes a seat like a person: a client (over the network, or of a room in this process) and a bot of
the ai package.

It answers every observation that asks it to move (and moves again when the server's rate limit dropped the
move), says next when a game is over, and plays until the room
is closed, the match is over (``until_over``) or it is cancelled. The benchmark's rooms and the tests' mixed
tables are made of these.
"""

from __future__ import annotations

import asyncio
import random

from ..ai.seat import decide
from ..bot_registry import make
from ..engine import Move
from .heard import GameOver, RoomClosed, SeatClient, SeatView, ServerError, TrainRoundOver, TrainSeatView


async def play_seat(
    client: SeatClient,
    level: str = "random",
    seed: int | str | None = None,
    *,
    until_over: bool = True,
    in_thread: bool = False,
) -> GameOver | TrainRoundOver | None:
    """Play ``client``'s seat with ``level``'s bot; the last GameOver heard. ``in_thread``: think off the event
    loop (for the searching levels, so that other seats on the same loop go on)."""
    bot = make(level, random.Random(seed))
    last: GameOver | TrainRoundOver | None = None

    def choose(seen: SeatView | TrainSeatView) -> Move:
        return decide(bot, seen.observation)

    async for event in client.events():
        if isinstance(event, SeatView | TrainSeatView) and event.observation.legal:
            move = await asyncio.to_thread(choose, event) if in_thread else choose(event)
            await client.move(move, event.position)
        elif isinstance(event, GameOver | TrainRoundOver):
            last = event
            if event.match_over and until_over:
                return last
            await client.next_game()
        elif isinstance(event, ServerError) and event.code == "too_fast":
            # The move was dropped unread: it is still this seat's turn. Wait a moment and send it again.
            await asyncio.sleep(0.25)
            seen = client.observation or client.train_observation
            if seen is not None and seen.observation.legal:
                await client.move(choose(seen), seen.position)
        elif isinstance(event, RoomClosed):
            break
    return last
