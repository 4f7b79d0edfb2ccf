"""Accounts on a real server, each test on SQLite and on PostgreSQL (room_db): register and log in for a session
token; a name is one account's in any case; wrong passwords are misses, so a burst of them is slowed; a session
outlives a SIGKILL of the server; hashing a password stalls no room; a guest cannot sit down under an account's
name; no password reaches the log; the operator gives a new password through stdin; a rooms file of the schema
before accounts keeps its rooms."""

from __future__ import annotations

import asyncio
import contextlib
import io
import sqlite3
import subprocess
import sys
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from domino_tui.cli import main
from domino_tui.net.accounts import NOBODY
from domino_tui.net.client import Chat, NetError, RoomClient, log_out, sign_in
from domino_tui.net.server import open_storage
from domino_tui.net.storage import SCHEMA_VERSION, Storage

from .conftest import Running, ServerProcess, free_port, start_server
from .events import wait_for

PASSWORD = "correct horse battery 8135"


@pytest.fixture
async def served(room_db: Path | str) -> AsyncIterator[Running]:
    running = await start_server(room_db, misses=0.001, misses_burst=3)
    yield running
    for client in running.clients:
        await client.close()
    await running.server.stop()


async def refusal(attempt: object) -> NetError:
    with pytest.raises(NetError) as refused:
        await attempt  # type: ignore[misc]  # a coroutine of the client library's
    return refused.value


async def test_register_then_login_give_sessions_that_sit_under_the_accounts_name(served: Running) -> None:
    name, first = await sign_in(served.url, "register", "Ana", PASSWORD)
    assert name == "Ana"
    # Logged in as "ANA": the account's own spelling comes back, and a new session ends the first.
    name, second = await sign_in(served.url, "login", "ANA", PASSWORD)
    assert name == "Ana" and second != first
    ended = await refusal(RoomClient(served.url, session=first).create("whatever", "block"))
    assert ended.code == "account"
    creator = RoomClient(served.url, session=second)
    served.clients.append(creator)
    welcome = await creator.create("Somebody Else", "block")  # the name asked for gives way to the account's
    assert welcome.name == "Ana"


async def test_an_accounts_name_is_taken_in_any_case_and_a_short_password_refused(served: Running) -> None:
    await sign_in(served.url, "register", "Ben", PASSWORD)
    taken = await refusal(sign_in(served.url, "register", "bEN", PASSWORD + "x"))
    assert taken.code == "account"
    short = await refusal(sign_in(served.url, "register", "Cleo", "seven77"))
    assert short.code == "bad_message" and "seven77" not in short.message


async def test_wrong_passwords_are_misses_and_a_burst_of_them_is_slowed(served: Running) -> None:
    await sign_in(served.url, "register", "Dan", PASSWORD)
    for wrong in ("guess one", "guess two"):
        assert (await refusal(sign_in(served.url, "login", "Dan", wrong))).code == "account"
    # An unknown name is a miss too, answered alike: nobody learns who has an account by logging in.
    nobody = await refusal(sign_in(served.url, "login", "Nobody", PASSWORD))
    assert nobody.code == "account"
    # Three misses: the address is out of guesses, and even the right password waits for the allowance.
    assert (await refusal(sign_in(served.url, "login", "Dan", PASSWORD))).code == "too_fast"


async def test_a_guest_is_refused_an_accounts_name_in_any_room(served: Running) -> None:
    _, session = await sign_in(served.url, "register", "Eva", PASSWORD)
    guest = served.client()
    refused = await refusal(guest.create("eva", "block"))
    assert refused.code == "account" and "Eva is the name of an account" in refused.message
    owner = served.client()
    room = (await owner.create("Fay", "block")).room
    assert (await refusal(served.client().join(room, "EVA"))).code == "account"
    eva = RoomClient(served.url, session=session)
    served.clients.append(eva)
    assert (await eva.join(room, "anything")).name == "Eva"


async def test_a_session_logged_out_no_longer_resumes(served: Running) -> None:
    _, session = await sign_in(served.url, "register", "Gus", PASSWORD)
    await log_out(served.url, session)
    assert (await refusal(RoomClient(served.url, session=session).create("Gus", "block"))).code == "account"
    await log_out(served.url, session)  # answered alike: a logout tells nothing of a token


async def test_a_session_outlives_sigkill_and_no_password_reaches_the_log(room_db: Path | str, tmp_path: Path) -> None:
    port = free_port()
    server = ServerProcess(room_db, port, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    await server.start()
    try:
        await sign_in(url, "register", "Hal", PASSWORD)
        await refusal(sign_in(url, "login", "Hal", PASSWORD + " but wrong"))
        _, session = await sign_in(url, "login", "Hal", PASSWORD)
        server.kill()
        await server.start()
        hal = RoomClient(url, session=session)
        try:
            assert (await hal.create("x", "block")).name == "Hal"
        finally:
            await hal.close()
    finally:
        await server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "account Hal registered" in log and "account Hal logged in" in log
    assert "battery" not in log
    if isinstance(room_db, Path):
        assert b"battery" not in room_db.read_bytes()


def accounts_command(db: Path | str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "domino_tui", "accounts", "--db", str(db), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def accounts_in_process(db: Path | str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The same command through the program's own main() in this process: a new Python for each of several
    commands would cost seconds apiece, and `accounts_command` already proves the real one."""
    out, err = io.StringIO(), io.StringIO()
    real_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["accounts", "--db", str(db), *args])
    finally:
        sys.stdin = real_stdin
    return subprocess.CompletedProcess(["accounts", *args], code, out.getvalue(), err.getvalue())


async def test_the_operator_resets_a_password_from_stdin_lists_and_removes(room_db: Path | str) -> None:
    running = await start_server(room_db)
    try:
        _, session = await sign_in(running.url, "register", "Ivy", PASSWORD)
        new = "a new one from the operator"
        reset = accounts_command(room_db, "reset-password", "ivy", stdin=new + "\n")
        assert reset.returncode == 0, reset.stderr
        assert "operator" not in reset.stdout + reset.stderr
        # The old password and the old session no longer let anybody in; the new password does.
        assert (await refusal(sign_in(running.url, "login", "Ivy", PASSWORD))).code == "account"
        assert (await refusal(RoomClient(running.url, session=session).create("Ivy", "block"))).code == "account"
        assert (await sign_in(running.url, "login", "Ivy", new))[0] == "Ivy"
        assert accounts_in_process(room_db, "reset-password", "Ivy", stdin="short\n").returncode == 1
        assert accounts_in_process(room_db, "reset-password", "Nobody", stdin=new + "\n").returncode == 1
        listed = accounts_in_process(room_db, "list")
        assert listed.returncode == 0 and listed.stdout.startswith("Ivy\t")
        assert accounts_in_process(room_db, "remove", "IVY").returncode == 0
        assert accounts_in_process(room_db, "list").stdout == ""
        # The name is free again: a guest may sit down with it.
        assert (await running.client().create("Ivy", "block")).name == "Ivy"
    finally:
        for client in running.clients:
            await client.close()
        await running.server.stop()


def test_a_rooms_file_of_the_schema_before_accounts_keeps_its_rooms(tmp_path: Path) -> None:
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
        old.execute("INSERT INTO rooms VALUES ('AAAA2222', 1.0, 7, '{\"variant\": \"block\"}', NULL, 5.0, '10.0.0.1')")
        old.execute("INSERT INTO log VALUES ('AAAA2222', 0, '{\"e\": \"seat\"}')")
        old.execute("PRAGMA user_version = 3")
    store = Storage(db)
    try:
        (room,) = store.rooms()
        assert (room.code, room.seed, room.active, room.address, room.entries) == (
            "AAAA2222", 7, 5.0, "10.0.0.1", [{"e": "seat"}],
        )  # fmt: skip
        store.execute_now("INSERT INTO accounts VALUES ('ana', 'Ana', 'hash', 1.0, NULL)")
        assert store.execute_now("SELECT name FROM accounts")[0] == [("Ana",)]
    finally:
        store.close()
    with sqlite3.connect(db) as upgraded:
        assert upgraded.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_an_accounts_name_is_unique_in_the_store_itself(room_db: Path | str) -> None:
    store = open_storage(room_db)
    try:
        insert = "INSERT INTO accounts VALUES (?, ?, 'hash', 1.0, NULL) ON CONFLICT (key) DO NOTHING"
        assert store.execute_now(insert, ("zoe", "Zoe"))[1] == 1
        assert store.execute_now(insert, ("zoe", "ZOE"))[1] == 0
    finally:
        store.close()


async def test_a_login_hashing_never_stalls_another_room(running: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    from domino_tui.net import accounts

    # The hash waits until another room's chat has gone round: were it hashed on the event loop, that chat could
    # never be relayed, and the hash would wait for ever.
    chatted = threading.Event()
    hash_password = accounts.hash_password

    def held_hash(password: str) -> str:
        assert chatted.wait(10), "the other room's chat did not go round while a password was hashed"
        return hash_password(password)

    monkeypatch.setattr(accounts, "hash_password", held_hash)
    registering = asyncio.ensure_future(sign_in(running.url, "register", "Kim", PASSWORD))
    ana, ben = running.client(), running.client()
    room = (await ana.create("Ana", "block")).room
    await ben.join(room, "Ben")
    await ana.chat("still here")
    await wait_for(ben, lambda event: isinstance(event, Chat) and event.text == "still here")
    chatted.set()
    assert (await registering)[0] == "Kim"


def test_a_name_without_an_account_is_checked_at_the_cost_of_a_real_password() -> None:
    """The hash a miss is verified against has the hasher's own costs (argon2-cffi's recommended ones): made with
    others, a miss would take another time than a wrong password, and tell who has an account."""
    hasher = PasswordHasher()
    assert not hasher.check_needs_rehash(NOBODY)
    assert hasher.verify(NOBODY, "not anybody's password")
