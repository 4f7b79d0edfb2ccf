"""Ratings of accounts on a real server, each test on SQLite and on PostgreSQL (room_db) where it uses a store:
two accounts play a short match and the winner's rating goes up, the loser's down, as the leaderboard shows; a
match with a guest at it is rated for nobody; a match whose rating the server did not get to write before it
stopped is rated when the server resumes the room, once; the leaderboard command prints the rows, and says
plainly when the server cannot be reached; a rooms file of the schema before ratings keeps its accounts."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from domino_tui.net.botclient import play_seat
from domino_tui.net.client import GameOver, NetError, RoomClient, VariantRating, leaderboard, ratings_of, sign_in
from domino_tui.net.storage import SCHEMA_VERSION, Storage, StorageError

from .conftest import Running, free_port, start_server

PASSWORD = "correct horse battery 8135"


async def stopped(running: Running) -> None:
    for client in running.clients:
        await client.close()
    if not running.server.stopped.is_set():
        await running.server.stop()


async def account(running: Running, name: str) -> RoomClient:
    _, session = await sign_in(running.url, "register", name, PASSWORD)
    client = RoomClient(running.url, retry=(0.05, 0.2), session=session)
    running.clients.append(client)
    return client


async def play_match(running: Running, creator: RoomClient, other: RoomClient) -> GameOver:
    """A match of Block to 1 point between the two (no bot): the first game won ends it. Returned once the
    match's rating (if any) is written: the room's host rates it under the room's lock, which it holds while it
    announces the match's end."""
    welcome = await creator.create("Ana", "block", target=1, between=0)
    await other.join(welcome.room, "Ben")
    await creator.start()
    over, _ = await asyncio.wait_for(asyncio.gather(play_seat(creator, "greedy", 1), play_seat(other, "random", 2)), 60)
    assert isinstance(over, GameOver) and over.match_over and over.winner is not None
    host = running.server.rooms[welcome.room.replace("-", "")]
    async with host.lock:
        pass
    return over


async def eventually(check: Callable[[], Awaitable[bool]], timeout: float = 10.0) -> None:
    """Wait until ``check`` holds (the server's work in another task, seen through the protocol)."""
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.02)


async def test_two_accounts_play_a_rated_match_and_the_leaderboard_shows_it(room_db: Path | str) -> None:
    running = await start_server(room_db)
    try:
        ana, ben = await account(running, "Ana"), await account(running, "Ben")
        assert await leaderboard(running.url, "block") == []
        over = await play_match(running, ana, ben)
        winner, loser = ("Ana", "Ben") if over.winner == 0 else ("Ben", "Ana")
        rows = await leaderboard(running.url, "block")
        assert [row.name for row in rows] == [winner, loser]
        # Both started at 0 (25 - 3 x 8.33): the winner's went up, the loser's down, one match each.
        assert rows[0].rating > 0 > rows[1].rating and [row.games for row in rows] == [1, 1]
        assert await leaderboard(running.url, "block", limit=1) == rows[:1]
        assert await leaderboard(running.url, "classic") == []  # per variant
        # Each account's own ratings, as its statistics screen asks for them: in any case of its name.
        for row in rows:
            assert await ratings_of(running.url, row.name.upper()) == [VariantRating("block", row.rating, 1)]
        assert await ratings_of(running.url, "Nobody") == []
    finally:
        await stopped(running)


async def test_a_match_with_a_guest_is_rated_for_nobody(room_db: Path | str) -> None:
    running = await start_server(room_db)
    try:
        ana = await account(running, "Ana")
        await play_match(running, ana, running.client())
        assert await leaderboard(running.url, "block") == []
    finally:
        await stopped(running)


async def test_a_rating_not_written_before_the_server_stopped_is_made_when_it_resumes(
    room_db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The match's end is announced, then the rating's write fails: the server stops, as it does whenever its
    # store refuses a write, with the match over and unrated.
    running = await start_server(room_db)
    store = running.server.storage

    async def refused(*_: object) -> bool:
        raise StorageError("the disk went away")

    monkeypatch.setattr(store, "rate_match", refused)
    try:
        await play_match(running, await account(running, "Ana"), await account(running, "Ben"))
        await asyncio.wait_for(running.server.stopped.wait(), 10)
    finally:
        await stopped(running)
    again = await start_server(room_db)
    try:
        if again.server.storage.shared:
            # A shared store's rooms are loaded as clients name them: the room's creator comes back.
            (code,) = [row[0] for row in again.server.storage.execute_now("SELECT code FROM rooms")[0]]
            await again.client().watch(str(code))

        async def rated() -> bool:
            return len(await leaderboard(again.url, "block")) == 2

        await eventually(rated)
    finally:
        await stopped(again)
    # Resumed once more: the match is found rated, and rated no second time.
    third = await start_server(room_db)
    try:
        if third.server.storage.shared:
            (code,) = [row[0] for row in third.server.storage.execute_now("SELECT code FROM rooms")[0]]
            await third.client().watch(str(code))
        host = next(iter(third.server.rooms.values()))
        await host.rate()
        assert [row.games for row in await leaderboard(third.url, "block")] == [1, 1]
    finally:
        await stopped(third)


@pytest.mark.parametrize(
    ("variant", "seats", "length"),
    [
        # Partners with bots: Ana (seat 0, with the bot at seat 2) against Ben (seat 1, with the bot at seat 3).
        ("partnership", [None, None, "random", "random"], {"target": 1}),
        # Each for himself with a bot among them: the accounts ranked by the match's totals, the bot dropped.
        ("mexicantrain", [None, None, "random"], {"games": 1}),
    ],
)
async def test_partners_and_a_table_of_several_are_rated_by_their_sides_and_places(
    running: Running, variant: str, seats: list[str | None], length: dict[str, int]
) -> None:
    ana, ben = await account(running, "Ana"), await account(running, "Ben")
    welcome = await ana.create("Ana", variant, seats=seats, bots="random", between=0, **length)
    await ben.join(welcome.room, "Ben")
    await ana.start()
    over, _ = await asyncio.wait_for(asyncio.gather(play_seat(ana, "greedy", 1), play_seat(ben, "random", 2)), 60)
    assert over is not None and over.match_over
    async with running.server.rooms[welcome.room.replace("-", "")].lock:
        pass
    rows = {row.name: row for row in await leaderboard(running.url, variant)}
    assert set(rows) == {"Ana", "Ben"} and {row.games for row in rows.values()} == {1}
    if isinstance(over, GameOver):  # the line game: a team won
        first, second = ("Ana", "Ben") if over.winner == 0 else ("Ben", "Ana")
    else:  # the train game: the fewer pips placed first
        ana_total, ben_total = over.scores[0], over.scores[1]
        if ana_total == ben_total:
            assert rows["Ana"].rating == rows["Ben"].rating
            return
        first, second = ("Ana", "Ben") if ana_total < ben_total else ("Ben", "Ana")
    assert rows[first].rating > rows[second].rating


async def test_a_leaderboard_asks_for_a_known_variant_and_at_most_100_rows(running: Running) -> None:
    with pytest.raises(NetError) as unknown:
        await leaderboard(running.url, "chess")
    assert unknown.value.code == "bad_message" and "block" in unknown.value.message
    with pytest.raises(NetError) as too_many:
        await leaderboard(running.url, "block", limit=101)
    assert too_many.value.code == "bad_message"


async def leaderboard_command(*args: str) -> tuple[int, str, str]:
    # Run beside the event loop: the server the command asks is served by it.
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "domino_tui", "leaderboard", *args,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_the_leaderboard_command_prints_the_rows(tmp_path: Path) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3")
    try:
        over = await play_match(running, await account(running, "Ana"), await account(running, "Ben"))
        rows = await leaderboard(running.url, "block")
        code, out, err = await leaderboard_command(f"127.0.0.1:{running.port}", "--variant", "block")
        assert code == 0, err
        header, *lines = out.splitlines()
        assert header.split() == ["#", "name", "rating", "games"]
        assert [line.split() for line in lines] == [
            [str(place), row.name, f"{row.rating:.1f}", "1"] for place, row in enumerate(rows, 1)
        ]
        assert lines[0].split()[1] == ("Ana" if over.winner == 0 else "Ben")
    finally:
        await stopped(running)


async def test_the_leaderboard_command_says_when_the_server_cannot_be_reached() -> None:
    code, out, err = await leaderboard_command(f"127.0.0.1:{free_port()}", "--variant", "block")
    assert code == 1 and out == ""
    assert "cannot reach ws://127.0.0.1:" in err and "Traceback" not in err


def test_a_rooms_file_of_the_schema_before_ratings_keeps_its_accounts(tmp_path: Path) -> None:
    db = tmp_path / "rooms.sqlite3"
    with sqlite3.connect(db) as old:
        old.execute(
            "CREATE TABLE rooms (code TEXT PRIMARY KEY, created REAL NOT NULL, seed INTEGER NOT NULL, "
            "options TEXT NOT NULL, password TEXT, active REAL, address TEXT)"
        )
        old.execute(
            "CREATE TABLE log (code TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL, "
            "PRIMARY KEY (code, seq)) WITHOUT ROWID"
        )
        old.execute(
            "CREATE TABLE accounts (key TEXT PRIMARY KEY, name TEXT NOT NULL, password TEXT NOT NULL, "
            "created REAL NOT NULL, session TEXT UNIQUE)"
        )
        old.execute("INSERT INTO rooms VALUES ('AAAA2222', 1.0, 7, '{\"variant\": \"block\"}', NULL, 5.0, NULL)")
        old.execute("INSERT INTO accounts VALUES ('ana', 'Ana', 'hash', 1.0, 'session')")
        old.execute("INSERT INTO accounts VALUES ('ben', 'Ben', 'hash', 1.0, NULL)")
        old.execute("PRAGMA user_version = 4")
    store = Storage(db)
    try:
        assert [room.code for room in store.rooms()] == ["AAAA2222"]
        assert store.execute_now("SELECT name, session FROM accounts ORDER BY key")[0] == [
            ("Ana", "session"), ("Ben", None),
        ]  # fmt: skip
        assert store.rate_now("AAAA2222", 1, "block", [["ana"], ["ben"]], [0, 1])
        assert not store.rate_now("AAAA2222", 1, "block", [["ana"], ["ben"]], [0, 1])  # rated once
        rows = store.execute_now("SELECT key, games FROM ratings ORDER BY key")[0]
        assert rows == [("ana", 1), ("ben", 1)]
    finally:
        store.close()
    with sqlite3.connect(db) as upgraded:
        assert upgraded.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
