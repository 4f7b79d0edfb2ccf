"""The rooms' store, each test once on SQLite and once on PostgreSQL (room_db): what is written is read back as
it was, by the store opened again; the group commits keep the order asked for; a room deleted leaves nothing; a
database a newer server wrote is refused in words; a PostgreSQL URL's password is never shown."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from domino_tui.net.server import open_storage
from domino_tui.net.storage import SCHEMA_VERSION, GroupCommits, StorageError, is_database_url

from .conftest import free_port


async def create(store: GroupCommits, code: str, *room: object) -> None:
    """A room made as the server makes one: on a store several processes share, with its lease taken first (a
    room's writes are its lease holder's only: tests/net/test_leases.py)."""
    if store.shared:
        assert await store.take_new_code(code)
    await store.create_room(code, *room)  # type: ignore[arg-type]  # create_room's own


async def test_what_is_written_is_read_back_by_the_store_opened_again(room_db: Path | str) -> None:
    store = open_storage(room_db)
    await create(store, "AAAA2222", 100.0, 2**62 + 5, {"variant": "block"}, "hashed", "10.1.2.3")
    await create(store, "BBBB3333", 200.0, 7, {"variant": "draw"}, None)
    await asyncio.gather(*(store.append("AAAA2222", seq, {"e": "move", "n": seq}) for seq in range(5)))
    await store.append("BBBB3333", 0, {"e": "seat", "name": "Bé"})
    store.close()

    again = open_storage(room_db)
    try:
        first, second = again.rooms()
        assert (first.code, first.created, first.seed) == ("AAAA2222", 100.0, 2**62 + 5)
        assert (first.options, first.password, first.address) == ({"variant": "block"}, "hashed", "10.1.2.3")
        assert first.entries == [{"e": "move", "n": seq} for seq in range(5)]
        assert first.active > first.created  # the log grew after the room was made
        assert (second.code, second.password, second.address) == ("BBBB3333", None, None)
        assert second.entries == [{"e": "seat", "name": "Bé"}]
    finally:
        again.close()


async def test_writes_asked_for_together_share_commits_in_their_order(room_db: Path | str) -> None:
    store = open_storage(room_db)
    try:
        await create(store, "CCCC4444", 1.0, 1, {}, None)
        await asyncio.gather(*(store.append("CCCC4444", seq, {"n": seq}) for seq in range(200)))
        assert store.writes == 1 + 2 * 200 and store.commits < 200
        (stored,) = store.rooms()
        assert [e["n"] for e in stored.entries] == list(range(200))
    finally:
        store.close()


async def test_a_log_replaced_and_a_room_deleted(room_db: Path | str) -> None:
    store = open_storage(room_db)
    try:
        for code in ("DDDD5555", "EEEE6666", "FFFF7777"):
            await create(store, code, 1.0, 1, {}, None)
            for seq in range(3):
                await store.append(code, seq, {"n": seq})
        await store.replace_log("DDDD5555", [{"e": "seat"}, {"e": "start"}])
        await store.delete_room("EEEE6666")
        store.delete_now("FFFF7777")
        (stored,) = store.rooms()
        assert (stored.code, stored.entries) == ("DDDD5555", [{"e": "seat"}, {"e": "start"}])
        # The log goes on numbered after the replaced one.
        await store.append("DDDD5555", 2, {"e": "move"})
        assert [e["e"] for e in store.rooms()[0].entries] == ["seat", "start", "move"]
    finally:
        store.close()


async def test_a_write_that_breaks_the_log_fails_its_future_and_no_other(room_db: Path | str) -> None:
    store = open_storage(room_db)
    try:
        await create(store, "GGGG8888", 1.0, 1, {}, None)
        await store.append("GGGG8888", 0, {"n": 0})
        with pytest.raises(StorageError):
            await store.append("GGGG8888", 0, {"n": "again"})  # the same place in the log twice
        await store.append("GGGG8888", 1, {"n": 1})
        assert [e["n"] for e in store.rooms()[0].entries] == [0, 1]
    finally:
        store.close()


def mark_newer(db: Path | str) -> None:
    """The database as a newer server would leave it: a schema version past this one's."""
    if is_database_url(db):
        import psycopg

        with psycopg.connect(str(db), autocommit=True) as con:
            con.execute("UPDATE domino_tui_schema SET version = %s", (SCHEMA_VERSION + 1,))
    else:
        with sqlite3.connect(db) as con:
            con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")


def test_a_database_of_a_newer_server_is_refused_in_words(room_db: Path | str) -> None:
    open_storage(room_db).close()
    mark_newer(room_db)
    with pytest.raises(StorageError) as refused:
        open_storage(room_db)
    assert f"newer server (schema {SCHEMA_VERSION + 1})" in str(refused.value)


def test_serve_on_a_newer_database_stops_with_words(room_db: Path | str, tmp_path: Path) -> None:
    open_storage(room_db).close()
    mark_newer(room_db)
    done = subprocess.run(
        [sys.executable, "-m", "domino_tui", "serve", "--port", "0", "--db", str(room_db)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "newer server" in done.stderr and "Traceback" not in done.stderr


def test_a_postgresql_servers_password_is_never_shown() -> None:
    # Nobody listens at this port: the connection fails, and says so without the URL's password.
    url = f"postgresql://ana:pa%24%24-word-9@127.0.0.1:{free_port()}/rooms?password=other-secret-7"
    done = subprocess.run(
        [sys.executable, "-m", "domino_tui", "serve", "--port", "0", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "cannot use postgresql://ana@127.0.0.1:" in done.stderr and "Traceback" not in done.stderr
    said = done.stdout + done.stderr
    assert "word-9" not in said and "other-secret" not in said


def test_serve_on_sqlite_imports_no_psycopg(tmp_path: Path) -> None:
    """psycopg is an optional dependency: a server on a SQLite file runs without it."""
    program = (
        "import atexit, runpy, sys\n"
        "atexit.register(lambda: print('psycopg:', any(m.startswith('psycopg') for m in sys.modules), flush=True))\n"
        f"sys.argv = ['domino-tui', 'serve', '--port', '0', '--db', {str(tmp_path / 'r.sqlite3')!r}]\n"
        "runpy.run_module('domino_tui', run_name='__main__')\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", program],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        # A suite started in the background (`nohup ... &`) passes SIGINT on ignored, and the server would not stop.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("serving on ws://")
        # SIGINT stops it at any moment, even before its own handler is in place; the check runs at exit.
        proc.send_signal(signal.SIGINT)
        said, _ = proc.communicate(timeout=60)
        assert said.strip() == "psycopg: False"
    finally:
        proc.kill()
        proc.wait(10)


async def test_the_commits_are_handed_to_the_stores_thread_without_an_executor(
    room_db: Path | str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store's one thread takes its work from a queue and hands each result back to the event loop: no
    executor's future, lock and thread count per commit (they were a twentieth of serve's CPU at saturation). The
    work is still done in the order asked for, in that one thread, and a failure still fails its own caller."""
    submitted: list[object] = []
    submit = ThreadPoolExecutor.submit
    monkeypatch.setattr(ThreadPoolExecutor, "submit", lambda pool, *call: submitted.append(call) or submit(pool, *call))
    store = open_storage(room_db)
    try:
        await create(store, "AAAA2222", 100.0, 7, {"variant": "block"}, None)
        await asyncio.gather(*(store.append("AAAA2222", seq, {"e": "move", "n": seq}) for seq in range(20)))
        rows, _ = await store.execute("SELECT count(*) FROM log WHERE code = 'AAAA2222'")
        assert rows == [(20,)]
        with pytest.raises(Exception):  # noqa: B017  # the database's own error, whichever it is
            await store.execute("SELEKT 1")
        await store.append("AAAA2222", 20, {"e": "move", "n": 20})
    finally:
        store.close()
    assert submitted == []
