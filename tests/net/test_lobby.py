"""The lobby and quick match on a real server (each test of the store on SQLite and on PostgreSQL, room_db): two
accounts find each other by quick match and play a rated match through, which the leaderboard and the lobby's
rows show; seekers far apart in rating wait until the band has widened; bots fill a table after the seeker's
wait; the lobby lists the public rooms waiting with a seat open and nothing else (read as raw bytes: no private
room, password, token or seed), and a room with a password cannot be public; two processes sharing PostgreSQL
answer the lobby alike (one file's server, restarted, the same)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from domino_tui.cli import main as cli_main
from domino_tui.net.botclient import play_seat
from domino_tui.net.client import (
    GameOver,
    Matched,
    NetError,
    RoomClient,
    RoomInfo,
    leaderboard,
    lobby,
    quick_match,
    sign_in,
)
from domino_tui.net.lobby import Seeker, pick
from domino_tui.net.protocol import VERSION, encode

from .conftest import Running, start_server
from .events import wait_for
from .test_ratings import PASSWORD, stopped


async def eventually(check: Callable[[], bool | Awaitable[bool]], timeout: float = 10.0) -> None:
    """Wait until ``check`` holds (the server's work in another task)."""
    async with asyncio.timeout(timeout):
        while True:
            held = check()
            if held if isinstance(held, bool) else await held:
                return
            await asyncio.sleep(0.02)


def waiting(running: Running) -> int:
    return sum(len(queue) for queue in running.server.seekers.values())


async def take_seat(running: Running, matched: Matched, session: str | None = None) -> RoomClient:
    """Take the quick match's seat as a client does: rejoin with its token."""
    client = RoomClient(running.url, retry=(0.05, 0.2), session=session)
    running.clients.append(client)
    welcome = await client.rejoin(matched.room, matched.token)
    assert welcome.seat == matched.seat
    return client


async def test_two_accounts_meet_by_quick_match_and_play_a_rated_match(room_db: Path | str) -> None:
    running = await start_server(room_db)
    try:
        _, ana = await sign_in(running.url, "register", "Ana", PASSWORD)
        _, ben = await sign_in(running.url, "register", "Ben", PASSWORD)
        first, second = await asyncio.wait_for(
            asyncio.gather(
                quick_match(running.url, "block", "ignored", session=ana),
                quick_match(running.url, "block", "ignored", session=ben),
            ),
            10,
        )
        assert first.room == second.room and {first.seat, second.seat} == {0, 1}
        assert {first.name, second.name} == {"Ana", "Ben"}  # seated under their accounts' names
        ana_seat, ben_seat = await take_seat(running, first, ana), await take_seat(running, second, ben)
        over, _ = await asyncio.wait_for(
            asyncio.gather(play_seat(ana_seat, "greedy", 1), play_seat(ben_seat, "random", 2)), 60
        )
        assert isinstance(over, GameOver) and over.match_over
        async with running.server.rooms[first.room.replace("-", "")].lock:
            pass  # the match's rating is written under the room's lock
        rows = await leaderboard(running.url, "block")
        assert sorted(row.name for row in rows) == ["Ana", "Ben"] and [row.games for row in rows] == [1, 1]
        assert rows[0].rating > 0 > rows[1].rating  # both moved from a new account's 0
        listed, board = await lobby(running.url, "block")
        assert listed == [] and board == rows  # the quick match's room is private; the leaderboard is the lobby's
        # A guest still makes a room and another joins it by its code.
        guest, other = running.client(), running.client()
        welcome = await guest.create("Cleo", "block")
        assert (await other.join(welcome.room, "Dan")).seat == 1
    finally:
        await stopped(running)


async def test_seekers_far_apart_wait_until_the_band_has_widened(tmp_path: Path) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3", quick_tick=0.02, quick_band=5.0, quick_widen=0.25)
    now = [1000.0]
    running.server.clock = lambda: now[0]
    try:
        _, ana = await sign_in(running.url, "register", "Ana", PASSWORD)
        _, ben = await sign_in(running.url, "register", "Ben", PASSWORD)
        # Ana is strong (40 - 3 x 2 = 34 shown), Ben is new (0): 34 apart.
        running.server.storage.execute_now("INSERT INTO ratings VALUES ('ana', 'block', 40.0, 2.0, 12)")
        seeking = [
            asyncio.ensure_future(quick_match(running.url, "block", "x", session=session)) for session in (ana, ben)
        ]
        await eventually(lambda: waiting(running) == 2)
        running.server._match_now()
        assert waiting(running) == 2 and not any(task.done() for task in seeking)
        now[0] += 100  # the band is 5 + 0.25 x 100 = 30: not yet
        running.server._match_now()
        assert waiting(running) == 2
        now[0] += 20  # 35: they meet
        first, second = await asyncio.wait_for(asyncio.gather(*seeking), 10)
        assert first.room == second.room and {first.name, second.name} == {"Ana", "Ben"}
        assert first.seat == 0 and first.name == "Ana"  # the one who waited longest sits first
    finally:
        await stopped(running)


async def test_bots_fill_the_table_after_the_seekers_wait(tmp_path: Path) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3", quick_tick=0.02)
    now = [1000.0]
    running.server.clock = lambda: now[0]
    try:
        seeking = asyncio.ensure_future(quick_match(running.url, "partnership", "Cleo", bots_after=30))
        await eventually(lambda: waiting(running) == 1)
        now[0] += 29
        running.server._match_now()
        assert waiting(running) == 1 and not seeking.done()
        now[0] += 1
        matched = await asyncio.wait_for(seeking, 10)
        client = await take_seat(running, matched)
        info = await wait_for(client, lambda e: isinstance(e, RoomInfo) and e.status == "playing")
        assert [seat.kind for seat in info.seats] == ["person", "bot", "bot", "bot"]
        assert info.seats[matched.seat].name == "Cleo" and info.options["bots"] == "Easy"
    finally:
        await stopped(running)


async def test_a_seeker_who_never_takes_bots_waits_on(tmp_path: Path) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3", quick_tick=0.02)
    now = [1000.0]
    running.server.clock = lambda: now[0]
    try:
        seeking = asyncio.ensure_future(quick_match(running.url, "block", "Cleo"))
        await eventually(lambda: waiting(running) == 1)
        now[0] += 10_000
        running.server._match_now()
        assert waiting(running) == 1 and not seeking.done()
        seeking.cancel()  # giving up closes the connection: the seeker leaves the queue
        await eventually(lambda: waiting(running) == 0)
    finally:
        await stopped(running)


async def raw_lobby(url: str, variant: str | None = None) -> str:
    """The lobby's answer as the server sent it, unread."""
    question: dict[str, object] = {"type": "lobby", "v": VERSION}
    if variant is not None:
        question["variant"] = variant
    async with connect(f"{url}/lobby") as ws:
        await ws.send(encode(question))
        answer = await ws.recv()
    assert isinstance(answer, str)
    return answer


async def test_the_lobby_lists_public_rooms_waiting_and_tells_no_secret(room_db: Path | str) -> None:
    running = await start_server(room_db)
    try:
        _, ana_session = await sign_in(running.url, "register", "Ana", PASSWORD)
        ana = RoomClient(running.url, retry=(0.05, 0.2), session=ana_session)
        running.clients.append(ana)
        public = await ana.create("Ana", "partnership", public=True)
        private = await running.client().create("Ben", "partnership")
        locked = await running.client().create("Cleo", "partnership", password="sesame")
        with pytest.raises(NetError, match="password cannot be public") as refused:
            await running.client().create("Dan", "partnership", password="sesame", public=True)
        assert refused.value.code == "bad_message"
        listed, _ = await lobby(running.url)
        assert [(room.room, room.variant, room.players, room.free) for room in listed] == [
            (public.room, "partnership", 4, 3)
        ]
        assert listed[0].people == (("Ana", 0.0, 0),)  # an account's rating: a new one's
        guest = running.client()
        await guest.join(public.room, "Eve")
        listed, _ = await lobby(running.url, "partnership")
        assert listed[0].free == 2 and listed[0].people == (("Ana", 0.0, 0), ("Eve", None, None))
        assert (await lobby(running.url, "block"))[0] == []  # another variant's rooms only
        raw = await raw_lobby(running.url)
        rooms = [running.server.rooms[w.room.replace("-", "")].room for w in (public, private, locked)]
        for secret in (
            private.room,
            locked.room,
            public.token,
            ana_session,
            *(str(room.seed) for room in rooms),
            *(room.password_hash for room in rooms if room.password_hash is not None),
            "sesame",
        ):
            assert secret is not None and secret not in raw
        await ana.start()
        await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.status == "playing")  # sent once stored
        assert (await lobby(running.url))[0] == []  # started: no longer waiting
    finally:
        await stopped(running)


async def test_the_lobby_is_read_from_the_store(room_db: Path | str) -> None:
    """Two processes sharing PostgreSQL answer the lobby alike; a file's server answers alike after a restart."""
    running = await start_server(room_db)
    other: Running | None = None
    try:
        public = await running.client().create("Ana", "block", public=True)
        await running.server.storage.drain()
        if running.server.storage.shared:
            other = await start_server(room_db)
            asked = other
        else:
            await stopped(running)
            asked = other = await start_server(room_db)
        (listed,), _ = await lobby(asked.url)
        assert (listed.room, listed.free, listed.people) == (public.room, 1, (("Ana", None, None),))
        if running.server.storage.shared:
            assert await lobby(running.url) == await lobby(asked.url)
    finally:
        await stopped(running)
        if other is not None:
            await stopped(other)


async def test_nobody_sits_with_bots_sooner_than_they_said() -> None:
    """Four seats, two seekers in one band: the one whose wait for bots has run out is seated with bots alone;
    the other, who said a minute, waits on rather than take bots sooner."""
    soon = Seeker("Ana", None, "10.0.0.1", 0.0, since=0.0, bots_after=0.0)
    later = Seeker("Ben", None, "10.0.0.2", 0.0, since=-5.0, bots_after=60.0)
    assert pick([later, soon], 4, now=0.0) == ([soon], True)
    assert pick([later, soon], 4, now=55.0) == ([later, soon], True)  # both waits over: together, bots beside
    assert pick([later, soon], 2, now=0.0) == ([later, soon], False)  # a table of two: no bots at all


async def test_the_lobby_command_opens_the_app_there_or_prints_the_public_rooms(
    running: Running, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    opened: list[dict[str, object]] = []
    monkeypatch.setattr("domino_tui.tui.app.run", lambda **given: opened.append(given) or 0)
    assert cli_main(["lobby", "example.org", "--variant", "block"]) == 0
    assert opened == [{"variant": "block", "lobby": "example.org:8765"}]
    server = running.url.removeprefix("ws://")
    assert await asyncio.to_thread(cli_main, ["lobby", server, "--list"]) == 0
    assert "no public room is waiting" in capsys.readouterr().out
    public = await running.client().create("Ana", "block", public=True)
    await running.client().create("Ben", "block")
    assert await asyncio.to_thread(cli_main, ["lobby", server, "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[1].split() == [public.room, "block", "1", "Ana"]


async def test_an_account_seeks_one_match_at_a_time(running: Running) -> None:
    _, ana = await sign_in(running.url, "register", "Ana", PASSWORD)
    first = asyncio.ensure_future(quick_match(running.url, "block", "x", session=ana))
    try:
        await eventually(lambda: waiting(running) == 1)
        with pytest.raises(NetError) as refused:
            await quick_match(running.url, "classic", "x", session=ana)
        assert refused.value.code == "too_fast"
    finally:
        first.cancel()


async def test_a_search_counts_as_a_room_made_by_its_address(tmp_path: Path) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3", rooms_per_address=1)
    try:
        await running.client().create("Ana", "block")
        with pytest.raises(NetError) as refused:
            await quick_match(running.url, "block", "Ana", bots_after=0)
        assert refused.value.code == "too_fast" and waiting(running) == 0
    finally:
        await stopped(running)


async def test_a_store_of_the_schema_before_the_lobby_keeps_its_rooms_private(room_db: Path | str) -> None:
    """A database an earlier server wrote (schema 5: rooms without the lobby's columns) is upgraded in place; its
    rooms stay and none is listed, and a public room made now is."""
    rooms = (
        "CREATE TABLE rooms (code TEXT PRIMARY KEY, created REAL NOT NULL, seed INTEGER NOT NULL, "
        "options TEXT NOT NULL, password TEXT, active REAL, address TEXT)"
    )
    earlier = "INSERT INTO rooms VALUES ('AAAA2222', 1.0, 7, '{\"variant\": \"block\"}', NULL, 5.0, NULL)"
    if isinstance(room_db, str):
        import psycopg

        with psycopg.connect(room_db, autocommit=True) as old:
            old.execute(rooms.replace("REAL", "DOUBLE PRECISION").replace("seed INTEGER", "seed BIGINT"))
            old.execute(earlier)
            old.execute("CREATE TABLE domino_tui_schema (version INTEGER NOT NULL)")
            old.execute("INSERT INTO domino_tui_schema VALUES (5)")
    else:
        with sqlite3.connect(room_db) as old:
            old.execute(rooms)
            old.execute(earlier)
            old.execute("PRAGMA user_version = 5")
    running = await start_server(room_db, idle_lobby=1e12, unattended=1e12)
    try:
        assert (await lobby(running.url))[0] == []
        public = await running.client().create("Ana", "block", public=True)
        listed, _ = await lobby(running.url)
        assert [room.room for room in listed] == [public.room]
        codes = running.server.storage.execute_now("SELECT code FROM rooms ORDER BY created")[0]
        assert codes[0] == ("AAAA2222",)
    finally:
        await stopped(running)


async def test_a_table_that_cannot_be_made_is_told_to_its_seekers(running: Running) -> None:
    def broken() -> int:
        raise RuntimeError("no seed today")

    running.server.new_seed = broken
    with pytest.raises(NetError) as refused:
        await asyncio.wait_for(quick_match(running.url, "block", "Ana", bots_after=0), 10)
    assert refused.value.code == "server_full" and "seek again" in refused.value.message
