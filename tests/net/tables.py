"""Whole games through a real server: people (scripted clients) and bots mixed at one table."""

from __future__ import annotations

import asyncio

from domino_tui.engine import VARIANTS
from domino_tui.net.botclient import play_seat
from domino_tui.net.client import GameOver, RoomClient, Welcome

# Each variant's table: None a person's seat (a scripted client), a level a bot's the server runs.
MIXED = {
    name: ([None, "random"] if rules.players == 2 else [None, "random", None, "greedy"])
    for name, rules in VARIANTS.items()
}


def length(variant: str) -> dict[str, int]:
    """Short matches: whole games, more than one of them, not long ones."""
    return {"target": 30} if VARIANTS[variant].target is not None else {"games": 2}


async def play_table(
    make_client,
    variant: str,
    seats: list[str | None] | None = None,
    record: bool = False,
    watchers: tuple[RoomClient, ...] = (),
) -> tuple[list[RoomClient], list[Welcome], list[GameOver | None]]:
    """Fill a room's person seats with scripted clients (the creator first), let the ``watchers`` in as
    spectators, start it and play the match out."""
    seats = seats if seats is not None else MIXED[variant]
    people = [i for i, s in enumerate(seats) if s is None]
    clients = [make_client() for _ in people]
    for c in clients:
        if record:
            c.raw = []
    first = await clients[0].create("P0", variant, seats=seats, bots="random", between=0, **length(variant))
    welcomes = [first]
    for i, c in enumerate(clients[1:], 1):
        welcomes.append(await c.join(first.room, f"P{i}"))
    for watcher in watchers:
        await watcher.watch(first.room)
    await clients[0].start()
    levels = ["random", "greedy", "dummy", "hyperskill"]
    results = await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, levels[i % 4], i) for i, c in enumerate(clients))), timeout=60
    )
    return clients, welcomes, list(results)
