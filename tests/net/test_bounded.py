"""A hostile network against a real server: what a client sends or fails to read costs the server a bounded amount
(a close, a buffer, a room), never memory or time that grows with the attack."""

from __future__ import annotations

import asyncio

from .conftest import start_server
from .raw import RawClient, frame


async def until(condition, timeout: float = 5.0, every=None) -> None:
    """Wait for ``condition()`` (checking each loop turn or so), calling ``every()`` at each look."""
    async with asyncio.timeout(timeout):
        while not condition():
            if every is not None:
                every()
            await asyncio.sleep(0.005)


async def test_junk_past_the_strikes_is_closed_once_and_no_longer_read(tmp_path) -> None:
    running = await start_server(tmp_path / "r.sqlite3", strikes=20)
    server = running.server
    spawned = []
    spawn = server._spawn

    def counting(coro):
        spawned.append(coro)
        return spawn(coro)

    server._spawn = counting  # every close a client's connection starts goes through the server's task set
    try:
        raw = await RawClient.open(running.port)
        raw.send({"type": "create", "v": 1, "name": "Junk", "variant": "block"})
        await until(lambda: len(server.rooms) == 1)
        peak = 0

        async def sample() -> None:
            nonlocal peak
            while True:
                peak = max(peak, len(server._tasks))
                await asyncio.sleep(0)

        sampler = asyncio.create_task(sample())
        # One-byte junk frames, far past the strikes, all at once; the server's close is never answered.
        raw.writer.write(b"".join(frame(b"x") for _ in range(5000)))
        messages, code = await raw.until_closed()
        assert code == 1008 and len([m for m in messages if m["type"] == "error"]) == 20  # each strike answered
        # Someone else is served meanwhile (and the server has had many turns to read more of the junk).
        honest = running.client()
        await honest.create("Ana", "block")
        await honest.close()
        sampler.cancel()
        assert len(spawned) == 1, f"{len(spawned)} closes started for one connection"
        assert peak <= 2, f"the server held {peak} tasks at once"
        raw.close()
        await until(lambda: server.connections == 0)
    finally:
        await server.stop()
