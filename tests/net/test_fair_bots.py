"""Bots against hostile rooms, through a real server on 127.0.0.1: one address's many rooms of searching bots
hold another room's bot no longer than a decision; a move clock has a floor; and in a room with a person, how
soon a bot answers does not tell whether it had a choice."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

from domino_tui.ai.expert import ExpertOptions

from .conftest import start_server

MASTER = ExpertOptions().budget or 0.6  # the longest a Master bot thinks (wall time)


async def person(url: str, address: str, **create: object) -> ClientConnection:
    """A person's connection from ``address`` (127.0.0.0/8 is all this machine) that has made a room."""
    ws = await connect(url, local_addr=(address, 0), compression=None, max_size=1 << 20)
    await ws.send(json.dumps({"type": "create", "v": 1, "name": "P", **create}))
    return ws


async def read(ws: ClientConnection, kind: str) -> dict:
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == kind:
            return msg
        assert msg["type"] != "error", msg


async def test_one_address_s_rooms_of_searching_bots_hold_another_room_s_bot_no_longer_than_a_decision(
    tmp_path: Path,
) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3")  # two bot threads
    honest = await person(running.url, "127.0.0.2", variant="block", seats=[None, "greedy"], between=0)
    hogs: list[ClientConnection] = []
    drains: list[asyncio.Task[None]] = []
    try:
        await honest.send(json.dumps({"type": "start"}))

        async def answers(count: int) -> list[float]:
            """How long the honest room's bot took to answer each of ``count`` moves of its person."""
            loop, times, sent = asyncio.get_running_loop(), [], None
            while len(times) < count:
                msg = await read(honest, "obs")
                if sent is not None and msg["position"] == sent[1] + 2:
                    times.append(loop.time() - sent[0])  # the person's move, then the bot's: shown
                if msg["obs"]["legal"]:
                    await honest.send(
                        json.dumps({"type": "move", "position": msg["position"], "move": msg["obs"]["legal"][0]})
                    )
                    sent = (loop.time(), msg["position"])
            return times

        idle = await asyncio.wait_for(answers(5), 10)
        # Twelve rooms from one address, each a person who never moves (the fastest clock has Master stand in
        # for them) and three Master bots: far more searching than two threads can do.
        hot = asyncio.Event()
        seen: dict[int, int] = {}

        async def drain(number: int, ws: ClientConnection) -> None:
            async for raw in ws:  # read all, or the server drops a reader that falls behind (and its room waits)
                if json.loads(raw)["type"] == "obs":
                    seen[number] = seen.get(number, 0) + 1
                    if len(seen) == 12 and min(seen.values()) >= 3:
                        hot.set()

        for number in range(12):
            ws = await person(
                running.url,
                "127.0.0.1",
                variant="partnership",
                seats=[None, "Master", "Master", "Master"],
                bots="Master",
                clock=1,
                between=0,
            )
            await read(ws, "welcome")
            await ws.send(json.dumps({"type": "start"}))
            hogs.append(ws)
            drains.append(asyncio.create_task(drain(number, ws)))
        await asyncio.wait_for(hot.wait(), 30)  # every hog room's bots are at it
        busy = await asyncio.wait_for(answers(5), 30)
        # A decision waits for no more than one of the other address's: the thread that frees first is its.
        assert max(busy) <= max(idle) + 2 * MASTER + 0.5, (idle, busy)
    finally:
        for task in drains:
            task.cancel()
        for ws in [honest, *hogs]:
            await ws.close()
        await running.server.stop()


async def test_a_move_clock_below_the_floor_is_refused_with_words(running) -> None:
    ws = await person(running.url, "127.0.0.1", variant="block", clock=0.5)
    msg = json.loads(await ws.recv())
    assert msg["type"] == "error" and msg["code"] == "bad_message"
    assert "a move clock is at least 1 s" in msg["message"], msg
    await ws.close()
    ws = await person(running.url, "127.0.0.1", variant="block", clock=1)
    assert (await read(ws, "room"))["options"]["clock"] == 1.0
    await ws.close()


async def test_a_bot_answers_a_person_no_sooner_whether_it_had_a_choice_or_not(tmp_path: Path) -> None:
    # Above the most a Hard bot thinks (its budget, 0.2 s; at the block game it answers in a few ms, 10 at most at
    # a load of 9), as the default is above a Master's: the pace, not the thinking, decides when it answers.
    pace = 0.3
    running = await start_server(tmp_path / "rooms.sqlite3", bot_pace=pace)
    ws = await person(running.url, "127.0.0.1", variant="block", seats=[None, "Hard"], between=0)
    try:
        await ws.send(json.dumps({"type": "start"}))
        loop = asyncio.get_running_loop()
        times: dict[bool, list[float]] = {False: [], True: []}  # per whether the bot had a choice
        sent, choice = None, None

        async def play() -> None:
            nonlocal sent, choice
            while min(len(t) for t in times.values()) < 3:
                msg = await read(ws, "obs")
                position = msg["position"]
                if sent is not None and position == sent[1] + 1:
                    room = running.room()  # its person's move shown: what the bot sees, while it thinks
                    if room.position == position and room.to_act() == 1:
                        choice = len(room.observation(1)["obs"]["legal"]) > 1
                if sent is not None and choice is not None and position == sent[1] + 2:
                    times[choice].append(loop.time() - sent[0])
                    choice = None
                if msg["obs"]["legal"]:
                    await ws.send(json.dumps({"type": "move", "position": position, "move": msg["obs"]["legal"][0]}))
                    sent = (loop.time(), position)

        await asyncio.wait_for(play(), 30)
        forced, chosen = times[False], times[True]
        assert min(forced) >= pace * 0.95 and min(chosen) >= pace * 0.95, times
        # Forced and chosen answers come in the same span of times, give or take what the event loop does after a
        # decision (a chosen one leaves the garbage collector more to do: a few ms on a busy machine, well inside a
        # network's jitter): neither tells the other apart, where unpaced they were 1-5 ms against 41-364 ms.
        slack = 0.01
        assert min(chosen) <= max(forced) + slack and min(forced) <= max(chosen) + slack, times
    finally:
        await ws.close()
        with contextlib.suppress(Exception):
            await running.server.stop()
