"""Reading a client's events in a test: wait for the one that answers a condition."""

from __future__ import annotations

import asyncio


async def wait_for(client, condition, timeout: float = 10.0):
    """The first event from ``client`` for which ``condition(event)`` holds."""

    async def read():
        async for event in client.events():
            if condition(event):
                return event
        raise AssertionError("the client closed before the event came")

    return await asyncio.wait_for(read(), timeout)
