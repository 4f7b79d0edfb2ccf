"""The server's rooms on a PostgreSQL server (``serve --db postgresql://user@host:port/dbname``): the same
tables as the SQLite file (storage.py), written by the same group commits, each durable once PostgreSQL has
committed it (``synchronous_commit`` on, whatever the server's default). The database must exist; the tables are
made in it on the first start. Its schema version is kept in a one-row table of its own, as SQLite keeps it in
``user_version``, and a database a newer server wrote is refused.

Only the server's own code imports this module, and only for such a URL (server.open_storage): psycopg is an
optional dependency (the ``postgres`` extra). The URL may hold a password: it never appears in what is logged or
said, which names the database by `shown_url`.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import parse_qsl, unquote, urlsplit

import psycopg

from . import lease
from .lease import RoomElsewhere
from .storage import SCHEMA_VERSION, GroupCommits, StorageError, StoredRoom, Write

if TYPE_CHECKING:
    from . import ratings

T = TypeVar("T")

# The same tables as SQLite's (storage.SCHEMA), in PostgreSQL's types: a seed is 63 bits, a time a float.
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        password TEXT,
        active DOUBLE PRECISION,
        address TEXT,
        listed TEXT,
        lobby TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS log (
        code TEXT NOT NULL,
        seq INTEGER NOT NULL,
        entry TEXT NOT NULL,
        PRIMARY KEY (code, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS accounts (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        password TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        session TEXT UNIQUE
    )""",
    """CREATE TABLE IF NOT EXISTS ratings (
        key TEXT NOT NULL,
        variant TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (key, variant)
    )""",
    """CREATE TABLE IF NOT EXISTS rated (
        code TEXT NOT NULL,
        match INTEGER NOT NULL,
        PRIMARY KEY (code, match)
    )""",
)
VERSION_TABLE = "domino_tui_schema"
PREPARING = 0x646F6D696E6F  # the advisory lock's key while a server makes or checks the tables ("domino")
CONNECT_TIMEOUT = 10  # seconds: a server that does not answer is reported, not waited for for ever


def shown_url(url: str) -> str:
    """The URL as it may be shown: its scheme, user, host, port and database, without a password or options."""
    parts = urlsplit(url)
    userinfo, at, hostport = parts.netloc.rpartition("@")
    user = userinfo.partition(":")[0]
    return f"{parts.scheme}://{user}{at}{hostport}{parts.path}"


def secrets_of(url: str) -> list[str]:
    """The passwords a URL holds (in its user part or as an option), as written and decoded."""
    parts = urlsplit(url)
    userinfo = parts.netloc.rpartition("@")[0]
    found = [userinfo.partition(":")[2]]
    found += [value for key, value in parse_qsl(parts.query) if key == "password"]
    return [text for secret in found if secret for text in {secret, unquote(secret)}]


class PostgresStorage(GroupCommits):
    """The rooms in a PostgreSQL database, shared by every server process that uses it: each serves the rooms
    whose leases it holds (lease.py)."""

    shared = True

    def __init__(self, url: str, lease_seconds: float = lease.LEASE_SECONDS) -> None:
        self._secrets = secrets_of(url)
        self._url = url
        self._handoffs: lease.Handoffs | None = None
        name = shown_url(url)
        try:
            self._db = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except psycopg.Error as exc:
            raise StorageError(f"cannot use {name} for the rooms: {self._scrub(str(exc))}") from None
        try:
            self._prepare(name)
            self.leases = lease.Leases(self._db, lease_seconds)
        except psycopg.Error as exc:
            self._db.close()
            raise StorageError(f"cannot use {name} for the rooms: {self._scrub(str(exc))}") from None
        except BaseException:
            self._db.close()
            raise
        super().__init__(name)

    def _prepare(self, name: str) -> None:
        """Make the tables, or check that the ones there are of a schema this server knows."""
        # A commit returns once it is on the database server's disk, however that server is set up.
        self._db.execute("SET synchronous_commit = on")
        with self._db.transaction():
            # Processes started together on a new database would make the tables together (and all but one
            # fail): one at a time, by a lock held until this transaction ends.
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (PREPARING,))
            version = self._schema_version()
            if version > SCHEMA_VERSION:
                raise StorageError(f"{name} holds rooms of a newer server (schema {version})")
            for statement in (*SCHEMA, lease.SCHEMA):
                self._db.execute(statement)
            if 0 < version < 6:
                # A room is listed in the lobby since schema 6; an earlier room is private (none was public).
                self._db.execute("ALTER TABLE rooms ADD COLUMN IF NOT EXISTS listed TEXT")
                self._db.execute("ALTER TABLE rooms ADD COLUMN IF NOT EXISTS lobby TEXT")
            self._db.execute(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version INTEGER NOT NULL)")
            self._db.execute(f"DELETE FROM {VERSION_TABLE}")
            self._db.execute(f"INSERT INTO {VERSION_TABLE} VALUES (%s)", (SCHEMA_VERSION,))

    def _schema_version(self) -> int:
        """The schema the database holds: 0 for a database no server has used."""
        (table,) = self._db.execute("SELECT to_regclass(%s)", (VERSION_TABLE,)).fetchone() or (None,)
        if table is None:
            return 0
        row = self._db.execute(f"SELECT max(version) FROM {VERSION_TABLE}").fetchone()
        return int(row[0]) if row and row[0] is not None else 0

    def _room(self, code: str) -> StoredRoom | None:
        row = self._db.execute(
            "SELECT code, created, seed, options, password, active, address FROM rooms WHERE code = %s", (code,)
        ).fetchone()
        if row is None:
            return None
        code, created, seed, options, password, active, address = row
        entries = [
            json.loads(entry)
            for (entry,) in self._db.execute("SELECT entry FROM log WHERE code = %s ORDER BY seq", (code,))
        ]
        return StoredRoom(code, created, seed, json.loads(options), password, entries, active or created, address)

    def _take_room(self, code: str) -> StoredRoom | None:
        if not self.leases.take(code):
            raise RoomElsewhere(f"room {code} is served by another process")
        stored = self._room(code)
        if stored is None:
            self.leases.release(code)  # no such room: its code is left free
        return stored

    def _take_new_code(self, code: str) -> bool:
        if not self.leases.take(code):
            return False
        if self._db.execute("SELECT 1 FROM rooms WHERE code = %s", (code,)).fetchone() is not None:
            self.leases.release(code)
            return False
        return True

    async def _in_thread(self, work: Callable[..., T], *args: object) -> T:
        """``work`` in the store's thread, after the commits asked for before it and on the same connection."""
        return await self._thread.run(work, *args)

    async def take_room(self, code: str) -> StoredRoom | None:
        return await self._in_thread(self._take_room, code)

    async def take_new_code(self, code: str) -> bool:
        return await self._in_thread(self._take_new_code, code)

    async def release_room(self, code: str) -> None:
        await self._in_thread(self.leases.release, code)

    async def ask_for(self, code: str) -> None:
        await self._in_thread(lease.ask_for, self._db, code)

    def hear_wanted(self, wanted: Callable[[str], None]) -> None:
        try:
            db = psycopg.connect(self._url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
            self._handoffs = lease.Handoffs(db, wanted)
        except psycopg.Error as exc:
            raise StorageError(f"cannot use {self.name} for the rooms: {self._scrub(str(exc))}") from None

    async def idle_rooms(self, before: float) -> list[str]:
        return await self._in_thread(self._idle_rooms, before)

    def _idle_rooms(self, before: float) -> list[str]:
        rows = self._db.execute(
            f"SELECT code FROM rooms WHERE coalesce(active, created) < %s AND code NOT IN ({lease.HELD})", (before,)
        ).fetchall()
        return [str(code) for (code,) in rows]

    async def rooms_made_by(self, address: str) -> int:
        return await self._in_thread(self._rooms_made_by, address)

    def _rooms_made_by(self, address: str) -> int:
        row = self._db.execute("SELECT count(*) FROM rooms WHERE address = %s", (address,)).fetchone()
        return int(row[0]) if row else 0

    async def renew_leases(self) -> set[str]:
        return await self._in_thread(self.leases.renew)

    def _deleting(self, code: str) -> list[Write]:
        return [*super()._deleting(code), ("DELETE FROM room_leases WHERE code = ?", (code,))]

    def rooms(self) -> list[StoredRoom]:
        entries: dict[str, list[dict[str, object]]] = {}
        for code, entry in self._db.execute("SELECT code, entry FROM log ORDER BY code, seq"):
            entries.setdefault(code, []).append(json.loads(entry))
        rows = self._db.execute(
            "SELECT code, created, seed, options, password, active, address FROM rooms ORDER BY created"
        ).fetchall()
        return [
            StoredRoom(
                code, created, seed, json.loads(options), password, entries.get(code, []), active or created, address
            )
            for code, created, seed, options, password, active, address in rows
        ]

    def execute_now(self, sql: str, params: tuple[object, ...] = ()) -> tuple[list[tuple[object, ...]], int]:
        cursor = self._db.execute(sql.replace("?", "%s"), params)  # autocommit: its own transaction
        rows = cursor.fetchall() if cursor.description is not None else []
        return rows, cursor.rowcount

    def _in_transaction(self, work: Callable[[ratings.Execute], bool]) -> bool:
        db = self._db

        def execute(sql: str, params: tuple[object, ...]) -> tuple[list[tuple[object, ...]], int]:
            # FOR UPDATE: another process rating the same account waits for this transaction's values.
            cursor = db.execute(sql.replace("?", "%s"), params)
            return (cursor.fetchall() if cursor.description is not None else []), cursor.rowcount

        with db.transaction():
            return work(execute)

    def _commit_rooms(self, groups: list[tuple[str | None, list[Write]]]) -> set[str]:
        """Each room's writes only while this process holds its lease (lease.Leases.owned, locked to the commit);
        the rooms refused."""
        with self._db.transaction():
            rooms = {room for room, _ in groups if room is not None}
            owned = self.leases.owned(rooms)
            self._commit([write for room, writes in groups if room is None or room in owned for write in writes])
        return rooms - owned

    def _commit(self, batch: list[Write]) -> None:
        db = self._db
        # The statements are written with SQLite's ``?`` (storage.py); none holds a literal one. Sent in one
        # pipeline, so a group of a thousand writes costs the round trips of one.
        pipeline = db.pipeline() if psycopg.Pipeline.is_supported() else contextlib.nullcontext()
        with db.transaction(), pipeline:  # the pipeline is synced (every statement done) before the commit
            for sql, params in batch:
                db.execute(sql.replace("?", "%s"), params)

    def _scrub(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    def _shown(self, exc: Exception) -> str:
        return self._scrub(str(exc))

    def close(self) -> None:
        super().close()
        if self._handoffs is not None:
            self._handoffs.close()
        with contextlib.suppress(psycopg.Error):  # a database gone frees them anyway
            self.leases.release_all()
        self._db.close()
