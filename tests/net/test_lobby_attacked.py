"""Hostile clients of the lobby and quick match, over real sockets: searches sent at once from one address or one
account (the server's limits hold however fast they come: one account is never seated against itself), a seeker
whose rating claims are forged (the server rates it itself), junk and oversized frames on ``/quick`` and the
lobby's questions (answered in words, or the connection closed, and the server answers the next), and a seeker
killed (SIGKILL) while it waits (the server forgets it, and its address may seek again) or at its table (a bot
plays for it after the room's wait for the absent, and the other plays on)."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from domino_tui.net.client import Matched, NetError, lobby, quick_match, sign_in
from domino_tui.net.protocol import VERSION, encode

from .conftest import Running, start_server
from .test_lobby import eventually, waiting
from .test_ratings import PASSWORD, stopped

ROOT = Path(__file__).resolve().parents[2]


async def accounts(running: Running, names: list[str]) -> list[str]:
    """A session of a new account for each of ``names``."""
    return [(await sign_in(running.url, "register", name, PASSWORD))[1] for name in names]


async def outcomes(searches: list[asyncio.Future[Matched]], timeout: float = 10.0) -> list[Matched | NetError]:
    """What each search came to (seated or refused); those still waiting are cancelled and left out."""
    done, pending = await asyncio.wait(searches, timeout=timeout)
    for search in pending:
        search.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    results: list[Matched | NetError] = []
    for search in done:
        error = search.exception()
        assert error is None or isinstance(error, NetError), error
        results.append(search.result() if error is None else error)
    return results


async def test_one_account_seeking_twice_at_once_is_never_seated_against_itself(room_db: Path | str) -> None:
    """Two searches of one account sent together: the second is refused (both passed the check while the server
    looked up the account's rating, and the two were seated at one table, the account on both sides)."""
    running = await start_server(room_db)
    try:
        (ana,) = await accounts(running, ["Ana"])
        searches = [asyncio.ensure_future(quick_match(running.url, "block", "x", session=ana)) for _ in range(2)]
        await eventually(lambda: any(search.done() for search in searches) or waiting(running) == 2)
        results = await outcomes(searches, timeout=1.0)
        assert not [result for result in results if isinstance(result, Matched)], results
        assert [result.code for result in results if isinstance(result, NetError)] == ["too_fast"]
    finally:
        await stopped(running)


async def test_searches_sent_at_once_from_one_address_stop_at_its_limit(room_db: Path | str) -> None:
    """Four accounts of one address seek at once (tables of four that nobody fills): two wait, as the limit says,
    and two are refused, however the searches interleave."""
    running = await start_server(room_db, seekers_per_address=2)
    try:
        sessions = await accounts(running, ["Ana", "Ben", "Cat", "Dan"])
        searches = [
            asyncio.ensure_future(quick_match(running.url, "fivesandthrees", "x", players=4, session=session))
            for session in sessions
        ]
        await eventually(lambda: sum(search.done() for search in searches) == 2 and waiting(running) == 2)
        assert running.server.seeking["127.0.0.1"] == 2
        refused = await outcomes([search for search in searches if search.done()])
        assert [error.code for error in refused if isinstance(error, NetError)] == ["too_fast"] * 2
        await outcomes(searches, timeout=0.0)
        await eventually(lambda: waiting(running) == 0 and not running.server.seeking)
    finally:
        await stopped(running)


async def seeking_answer(running: Running, question: dict[str, object]) -> dict[str, object]:
    async with connect(f"{running.url}/quick/block") as ws:
        await ws.send(encode(question))
        return json.loads(await asyncio.wait_for(ws.recv(), 10))


async def test_a_seekers_forged_rating_is_refused_or_ignored(running: Running) -> None:
    """A quick message claiming a rating (a field of its own, or the leaderboard's) is refused; the rating a
    seeker waits with is the server's own (a guest's: a new account's)."""
    question = {"type": "quick", "v": VERSION, "variant": "block", "name": "Forger"}
    for forged in ({"rating": 40.0}, {"mu": 99.0, "sigma": 0.1}, {"games": 500}):
        answer = await seeking_answer(running, question | forged)
        assert answer["type"] == "error" and answer["code"] == "bad_message", answer
    answer = await seeking_answer(running, question)
    assert answer["type"] == "seeking" and answer["rating"] == 0.0


JUNK: list[str | bytes] = [
    "not json",
    "{}",
    "[" * 3000,
    b"\x00\xff binary",
    encode({"type": "quick", "v": VERSION, "variant": "block", "name": "a", "players": True}),
    encode({"type": "quick", "v": VERSION, "variant": "block", "name": "a", "bots_after": 1e308}),
    encode({"type": "quick", "v": VERSION, "variant": "block", "name": "a", "bots_after": "soon"}),
    encode({"type": "quick", "v": VERSION, "variant": "nosuch", "name": "a"}),
    encode({"type": "quick", "v": VERSION, "variant": "block", "name": "\x1b[2Jwiped"}),
    encode({"type": "lobby", "v": VERSION, "variant": ["block"]}),
    encode({"type": "lobby", "v": VERSION, "variant": "x\x1b" * 10}),
    encode({"type": "quick", "v": VERSION, "variant": "block" * 2000, "name": "a"}),  # past the frame limit
]


@pytest.mark.parametrize("path", ["/quick/block", "/lobby", "/quick/%00%ff/../..", "/lobby?x=" + "y" * 2000])
async def test_junk_on_quick_and_the_lobby_is_answered_and_the_server_goes_on(running: Running, path: str) -> None:
    public = await running.client().create("Ana", "block", public=True)
    for junk in JUNK:
        try:
            async with connect(running.url + path, max_size=None) as ws:
                await ws.send(junk)
                answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
            assert answer["type"] == "error" and answer["code"] == "bad_message", (junk, answer)
        except ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1009, (junk, closed)  # message too big
    assert waiting(running) == 0 and not running.server.seeking
    listed, _ = await lobby(running.url, "block")
    assert [room.room for room in listed] == [public.room]


SEEKER = """
import asyncio, sys
from domino_tui.net.client import quick_match
asyncio.run(quick_match(sys.argv[1], "fivesandthrees", "Ghost", players=4))
"""


async def test_a_seeker_killed_while_it_waits_is_forgotten(tmp_path: Path) -> None:
    """A client process seeking a table of four, killed (SIGKILL: no close frame): the server takes it off the
    queue and its address's count, so that the address may seek again up to its limit."""
    running = await start_server(tmp_path / "rooms.sqlite3", seekers_per_address=1)
    process = subprocess.Popen([sys.executable, "-c", SEEKER, running.url], cwd=ROOT)
    try:
        await eventually(lambda: waiting(running) == 1, timeout=30)
        with pytest.raises(NetError) as refused:
            await quick_match(running.url, "fivesandthrees", "Zoe", players=4)
        assert refused.value.code == "too_fast"
        process.send_signal(signal.SIGKILL)
        await asyncio.to_thread(process.wait, 10)
        await eventually(lambda: waiting(running) == 0 and not running.server.seeking)
        search = asyncio.ensure_future(quick_match(running.url, "fivesandthrees", "Zoe", players=4))
        await eventually(lambda: waiting(running) == 1)
        search.cancel()
        await asyncio.gather(search, return_exceptions=True)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        await stopped(running)


GHOST = """
import asyncio, sys
from domino_tui.net.client import RoomClient, quick_match
async def main():
    matched = await quick_match(sys.argv[1], "block", "Ghost")
    client = RoomClient(sys.argv[1])
    await client.rejoin(matched.room, matched.token)
    print(matched.room, matched.seat, flush=True)
    await asyncio.sleep(3600)
asyncio.run(main())
"""


async def test_a_seeker_killed_at_its_table_is_played_for_and_the_other_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client process matched and seated, then killed (SIGKILL) at the table: its seat shows away, a bot plays
    its turns after the room's wait for the absent (made short here), and the other seeker's game goes on."""
    from domino_tui.net import room as room_module
    from domino_tui.net.botclient import play_seat
    from domino_tui.net.client import RoomClient

    monkeypatch.setattr(room_module, "AWAY", 0.2)
    running = await start_server(tmp_path / "rooms.sqlite3")
    process = subprocess.Popen([sys.executable, "-c", GHOST, running.url], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    playing: asyncio.Task[object] | None = None
    try:
        await eventually(lambda: waiting(running) == 1, timeout=30)
        matched = await asyncio.wait_for(quick_match(running.url, "block", "Zoe"), 10)
        line = await asyncio.to_thread(process.stdout.readline)  # type: ignore[union-attr]  # piped
        code, ghost = line.split()
        assert code == matched.room and int(ghost) == 1 - matched.seat
        mine = RoomClient(running.url, retry=(0.05, 0.2))
        running.clients.append(mine)
        await mine.rejoin(matched.room, matched.token)
        room = running.server.rooms[code.replace("-", "")].room
        process.send_signal(signal.SIGKILL)
        await asyncio.to_thread(process.wait, 10)
        await eventually(lambda: not room.seats[int(ghost)].present)
        playing = asyncio.ensure_future(play_seat(mine, "greedy", 1))
        now = room.position
        await eventually(lambda: room.seats[int(ghost)].away and room.position >= now + 4, timeout=30)
    finally:
        if playing is not None:
            playing.cancel()
            await asyncio.gather(playing, return_exceptions=True)
        if process.poll() is None:
            process.kill()
            process.wait(10)
        await stopped(running)
