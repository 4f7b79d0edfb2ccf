"""The server's rooms in a database: each room a row and the log of everything that changed it (and the accounts
of people who keep one, accounts.py). SQLite in WAL mode
by default (`Storage`); a PostgreSQL server when ``serve --db`` is its address (postgres_storage.py, the same
tables, writes and schema version). server.open_storage picks one.

A room is rebuilt by replaying its log (room.Room.apply), so what is stored is exactly what happened: seats
taken, the start, every move, each next game and restart. Writes are group commits: the writes asked for while
one commit is on its way to the disk go together in the next, in the order they were asked for, and each
caller's future is done only once its write is durable (SQLite's ``synchronous=FULL``: fsync'd, so neither a
killed server nor a power cut loses an acknowledged move; PostgreSQL's commit, flushed to its write-ahead log).
The commits run in one thread of their own, so the event loop never waits on the disk and a thousand rooms share
one commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from .lease import RoomElsewhere

if TYPE_CHECKING:
    from . import ratings

T = TypeVar("T")

SCHEMA_VERSION = 6
# Since schema 6 (lobby.py), a public room waiting in its lobby with a free seat is listed: ``listed`` is its
# variant and ``lobby`` its seats as the lobby shows them (null both, for every other room), so that any process
# answers the lobby for every process's rooms.
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        created REAL NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        password TEXT,
        active REAL,
        address TEXT,
        listed TEXT,
        lobby TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS log (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (code, seq)
    ) WITHOUT ROWID""",
    # Since schema 4 (accounts.py): an account per name, its key the name casefolded (unique in any case), its
    # password an argon2id hash, its session the SHA-256 of the one session token it has (null: logged out).
    """CREATE TABLE IF NOT EXISTS accounts (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        password TEXT NOT NULL,
        created REAL NOT NULL,
        session TEXT UNIQUE
    )""",
    # Since schema 5 (ratings.py): each account's rating per variant, and the matches already rated (a room's
    # code and match number), so that a match is rated once however often its rating is tried.
    """CREATE TABLE IF NOT EXISTS ratings (
        key TEXT NOT NULL,
        variant TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (key, variant)
    )""",
    """CREATE TABLE IF NOT EXISTS rated (
        code TEXT NOT NULL,
        match INTEGER NOT NULL,
        PRIMARY KEY (code, match)
    )""",
)
Write = tuple[str, tuple[object, ...]]


@dataclass(frozen=True, slots=True)
class StoredRoom:
    code: str
    created: float
    seed: int
    options: dict[str, object]
    password: str | None
    entries: list[dict[str, object]]
    active: float  # when its log last grew (its creation, before that): how long it has been left idle
    address: str | None  # the address that made it (None: made before the server kept it), for the cap per address


class StorageError(Exception):
    """The database cannot be opened or written: the server stops rather than acknowledge what it cannot keep."""


def _owner_only(path: str) -> None:
    """Create the database file readable by its owner only (it holds every room's seed, so every deal), or make an
    existing one so; SQLite gives its journal files the database's own mode."""
    if path == ":memory:" or path.startswith("file:"):
        return
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        os.chmod(path, 0o600)
    except OSError as exc:
        raise StorageError(f"cannot use {path} for the rooms: {exc.strerror or exc}") from None


def is_database_url(db: Path | str) -> bool:
    """Whether ``serve --db`` names a PostgreSQL server rather than a SQLite file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


class StorageThread:
    """One thread that runs a store's work in the order it is asked for, each call's result handed to the event
    loop that asked as an asyncio future: a queue, and one wake-up of the loop a call. An executor's handoff
    (its own future chained to the loop's, its lock and its count of idle threads, each call) was a twentieth of
    serve's CPU at saturation, where the group commits are small and many."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        # A daemon: work asked for and never done is never acknowledged, so an exit without close loses nothing
        # promised (a commit under way is SQLite's or PostgreSQL's to finish or roll back).
        self._thread = threading.Thread(target=self._run, name="room-storage", daemon=True)
        self._thread.start()

    def run(self, work: Callable[..., T], *args: object) -> asyncio.Future[T]:
        """``work(*args)`` in the thread, after everything asked for before it."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._jobs.put((work, args, loop, done))
        return done

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            work, args, loop, done = job
            try:
                outcome: tuple[object, BaseException | None] = (work(*args), None)
            except BaseException as exc:
                outcome = (None, exc)
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits for the answer
                loop.call_soon_threadsafe(_settle, done, *outcome)

    def shutdown(self) -> None:
        """Finish what was asked for, then end the thread."""
        self._jobs.put(None)
        self._thread.join()


_Job = tuple[Callable[..., Any], tuple[object, ...], asyncio.AbstractEventLoop, "asyncio.Future[Any]"]


def _settle(done: asyncio.Future[Any], result: object, exc: BaseException | None) -> None:
    if done.cancelled():
        return
    if exc is not None:
        done.set_exception(exc)
    else:
        done.set_result(result)


class GroupCommits:
    """The writes of every room, each a future done once durable, committed in groups by one thread; the
    database's own part (`_commit`, `rooms`, `close`) is its subclass's. The statements are SQLite's, with ``?``
    for each parameter."""

    def __init__(self, name: str) -> None:
        self.name = name  # the database as logs and errors show it: never a password
        self._thread = StorageThread()
        # Each write asked for: its room (None: no room's, or a store with no leases), its statements, its caller.
        self._pending: list[tuple[str | None, list[Write], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.commits = 0  # group commits made (the benchmark reports writes per commit)
        self.writes = 0

    # Whether several server processes share the store, each serving the rooms whose leases it holds (lease.py):
    # then rooms are read one at a time, as clients ask for them (`take_room`), not all at start.
    shared = False

    # ----- reading, once at start -----

    def rooms(self) -> list[StoredRoom]:
        raise NotImplementedError

    # ----- accounts (accounts.py): each statement a transaction of its own, durable on return -----

    async def execute(self, sql: str, params: tuple[object, ...] = ()) -> tuple[list[tuple[object, ...]], int]:
        """One statement (SQLite's ``?`` for each parameter) in the storage's thread, between the group commits
        (so it never reads one half done), committed alone: a refused one (a name taken) fails no room's write.
        Its rows, and the number of rows it changed."""
        return await self._thread.run(self.execute_now, sql, params)

    def execute_now(self, sql: str, params: tuple[object, ...] = ()) -> tuple[list[tuple[object, ...]], int]:
        """`execute` where no server runs (the operator's ``accounts`` command), or in the storage's thread."""
        raise NotImplementedError

    # ----- ratings (ratings.py) -----

    async def rate_match(self, code: str, match: int, variant: str, sides: list[list[str]], ranks: list[int]) -> bool:
        """Rate match ``match`` of room ``code`` for the accounts on ``sides`` (their keys), placed by ``ranks``:
        their ratings in ``variant`` read, moved and written back, with the match's mark of being rated, in one
        transaction, durable on return. False (nothing changed) when the match was rated already."""
        return await self._thread.run(self.rate_now, code, match, variant, sides, ranks)

    def rate_now(self, code: str, match: int, variant: str, sides: list[list[str]], ranks: list[int]) -> bool:
        """`rate_match` in the storage's thread (or where no server runs)."""
        from . import ratings  # openskill, loaded by a server once a match is rated

        return self._in_transaction(lambda execute: ratings.rate(execute, code, match, variant, sides, ranks))

    def _in_transaction(self, work: Callable[[ratings.Execute], bool]) -> bool:
        """``work`` given a way to run statements (SQLite's ``?``, and ``FOR UPDATE`` where the database locks
        rows read to be written) in one transaction, committed when it returns and rolled back when it raises."""
        raise NotImplementedError

    # ----- a store shared by several processes (postgres_storage.py) -----

    async def take_room(self, code: str) -> StoredRoom | None:
        """The room ``code`` once this process holds its lease, read after taking it; None when there is no such
        room; RoomElsewhere when another process holds it."""
        raise NotImplementedError

    async def take_new_code(self, code: str) -> bool:
        """Take the lease of a code for a new room: False when another process holds it or a room has it."""
        raise NotImplementedError

    async def release_room(self, code: str) -> None:
        raise NotImplementedError

    async def ask_for(self, code: str) -> None:
        """Ask the process holding ``code``'s lease to let the room go (`hear_wanted` there)."""
        raise NotImplementedError

    def hear_wanted(self, wanted: Callable[[str], None]) -> None:
        """Call ``wanted`` (in a thread of the store's) with each room another process asks for."""
        raise NotImplementedError

    async def renew_leases(self) -> set[str]:
        """Renew every lease of this process; the rooms whose leases it has lost."""
        raise NotImplementedError

    async def idle_rooms(self, before: float) -> list[str]:
        """The rooms last active before ``before`` that no live process holds (to be looked at for expiry)."""
        raise NotImplementedError

    async def rooms_made_by(self, address: str) -> int:
        """How many rooms in the store ``address`` made (every process's)."""
        raise NotImplementedError

    # ----- writing -----

    def create_room(
        self,
        code: str,
        created: float,
        seed: int,
        options: dict[str, object],
        password: str | None,
        address: str | None = None,
    ) -> asyncio.Future[None]:
        return self._write(
            [
                (
                    "INSERT INTO rooms (code, created, seed, options, password, active, address) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (code, created, seed, json.dumps(options), password, created, address),
                )
            ],
            code,
        )

    def list_room(self, code: str, variant: str | None, lobby: dict[str, object] | None) -> asyncio.Future[None]:
        """List the room in the lobby under ``variant`` with its seats ``lobby`` (lobby.seats_shown), or take it
        off the list (None)."""
        shown = None if lobby is None else json.dumps(lobby)
        return self._write([("UPDATE rooms SET listed = ?, lobby = ? WHERE code = ?", (variant, shown, code))], code)

    def append(self, code: str, seq: int, entry: dict[str, object]) -> asyncio.Future[None]:
        return self._write(
            [
                ("INSERT INTO log VALUES (?, ?, ?)", (code, seq, json.dumps(entry))),
                ("UPDATE rooms SET active = ? WHERE code = ?", (time.time(), code)),
            ],
            code,
        )

    def replace_log(self, code: str, entries: list[dict[str, object]]) -> asyncio.Future[None]:
        """The room's whole log replaced by ``entries`` (numbered from 0), in one transaction."""
        return self._write(
            [
                ("DELETE FROM log WHERE code = ?", (code,)),
                *(("INSERT INTO log VALUES (?, ?, ?)", (code, seq, json.dumps(e))) for seq, e in enumerate(entries)),
                ("UPDATE rooms SET active = ? WHERE code = ?", (time.time(), code)),
            ],
            code,
        )

    def delete_room(self, code: str) -> asyncio.Future[None]:
        return self._write(self._deleting(code), code)

    def _deleting(self, code: str) -> list[Write]:
        # Its matches' marks of being rated go with it: a new room given the code later is rated afresh.
        return [
            ("DELETE FROM log WHERE code = ?", (code,)),
            ("DELETE FROM rooms WHERE code = ?", (code,)),
            ("DELETE FROM rated WHERE code = ?", (code,)),
        ]

    def delete_now(self, code: str) -> None:
        """Delete a room before the server runs (at its start, with no commit under way)."""
        self._commit(self._deleting(code))

    def _write(self, writes: list[Write], room: str | None = None) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((room, writes, done))
        if self._flusher is None:
            self._flusher = loop.create_task(self._flush())
        return done

    async def _flush(self) -> None:
        try:
            while self._pending:
                pending, self._pending = self._pending, []
                groups = [(room, writes) for room, writes, _ in pending]
                try:
                    refused = await self._thread.run(self._commit_rooms, groups)
                except Exception as exc:
                    for _, _, w in pending:
                        if not w.done():
                            w.set_exception(StorageError(f"could not write to {self.name}: {self._shown(exc)}"))
                    continue
                self.commits += 1
                for room, writes, w in pending:
                    if room is not None and room in refused:
                        if not w.done():
                            w.set_exception(RoomElsewhere(f"room {room} is served by another process now"))
                        continue
                    self.writes += len(writes)
                    if not w.done():
                        w.set_result(None)
        finally:
            self._flusher = None

    def _commit_rooms(self, groups: list[tuple[str | None, list[Write]]]) -> set[str]:
        """The groups' writes in one transaction, durable on return; the rooms whose writes were refused (none:
        only a store shared by several processes refuses a room, postgres_storage.py)."""
        self._commit([write for _, writes in groups for write in writes])
        return set()

    def _commit(self, batch: list[Write]) -> None:
        """The writes in one transaction, durable on return."""
        raise NotImplementedError

    def _shown(self, exc: Exception) -> str:
        """An error's words as they may be logged (the PostgreSQL store takes its password out)."""
        return str(exc)

    async def drain(self) -> None:
        """Wait for every write asked for so far."""
        while self._flusher is not None:
            await asyncio.shield(self._flusher)

    def close(self) -> None:
        self._thread.shutdown()


class Storage(GroupCommits):
    """The rooms in a SQLite file."""

    def __init__(self, path: Path | str) -> None:
        self.path = str(path)
        try:
            _owner_only(self.path)
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, 1, 2, 3, 4, 5, SCHEMA_VERSION):
                raise StorageError(f"{self.path} holds rooms of a newer server (schema {version})")
            for statement in SCHEMA:
                self._db.execute(statement)
            if version == 1:
                # A room's last activity is kept since schema 2. An earlier server's rooms are counted as active
                # from this upgrade: nothing says how long they had been idle, and none is deleted unseen.
                self._db.execute("ALTER TABLE rooms ADD COLUMN active REAL")
                self._db.execute("UPDATE rooms SET active = ?", (time.time(),))
            if version in (1, 2):
                # The address that made a room is kept since schema 3; an earlier room counts for none.
                self._db.execute("ALTER TABLE rooms ADD COLUMN address TEXT")
            # Schema 4 adds the accounts table, and 5 the ratings and rated tables, made above as every table is:
            # nothing of a room changes.
            if version in (1, 2, 3, 4, 5):
                # A room is listed in the lobby since schema 6; an earlier room is private (none was public).
                self._db.execute("ALTER TABLE rooms ADD COLUMN listed TEXT")
                self._db.execute("ALTER TABLE rooms ADD COLUMN lobby TEXT")
            self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            raise StorageError(f"cannot use {self.path} for the rooms: {exc}") from None
        super().__init__(self.path)

    def rooms(self) -> list[StoredRoom]:
        out = []
        rows = self._db.execute(
            "SELECT code, created, seed, options, password, active, address FROM rooms ORDER BY created"
        ).fetchall()
        for code, created, seed, options, password, active, address in rows:
            entries = [
                json.loads(entry)
                for (entry,) in self._db.execute("SELECT entry FROM log WHERE code = ? ORDER BY seq", (code,))
            ]
            out.append(
                StoredRoom(code, created, seed, json.loads(options), password, entries, active or created, address)
            )
        return out

    def execute_now(self, sql: str, params: tuple[object, ...] = ()) -> tuple[list[tuple[object, ...]], int]:
        cursor = self._db.execute(sql, params)  # autocommit: the statement is its own transaction
        return cursor.fetchall(), cursor.rowcount

    def _in_transaction(self, work: Callable[[ratings.Execute], bool]) -> bool:
        db = self._db

        def execute(sql: str, params: tuple[object, ...]) -> tuple[list[tuple[object, ...]], int]:
            cursor = db.execute(sql.replace(" FOR UPDATE", ""), params)  # the whole file is locked: no rows to lock
            return cursor.fetchall(), cursor.rowcount

        # IMMEDIATE: the file's write lock taken before anything is read, so no other writer moves a rating read.
        db.execute("BEGIN IMMEDIATE")
        try:
            done = work(execute)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return done

    def _commit(self, batch: list[Write]) -> None:
        db = self._db
        db.execute("BEGIN")
        try:
            for sql, params in batch:
                db.execute(sql, params)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def close(self) -> None:
        super().close()
        self._db.close()
