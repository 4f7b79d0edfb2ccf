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
from urllib.parse import parse_qsl, unquote, urlsplit

import psycopg

from .storage import SCHEMA_VERSION, GroupCommits, StorageError, StoredRoom, Write

# The same tables as SQLite's (storage.SCHEMA), in PostgreSQL's types: a seed is 63 bits, a time a float.
SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        created DOUBLE PRECISION NOT NULL,
        seed BIGINT NOT NULL,
        options TEXT NOT NULL,
        password TEXT,
        active DOUBLE PRECISION,
        address TEXT
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
)
VERSION_TABLE = "domino_tui_schema"
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
    """The rooms in a PostgreSQL database."""

    def __init__(self, url: str) -> None:
        self._secrets = secrets_of(url)
        name = shown_url(url)
        try:
            self._db = psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except psycopg.Error as exc:
            raise StorageError(f"cannot use {name} for the rooms: {self._scrub(str(exc))}") from None
        try:
            self._prepare(name)
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
            version = self._schema_version()
            if version > SCHEMA_VERSION:
                raise StorageError(f"{name} holds rooms of a newer server (schema {version})")
            for statement in SCHEMA:
                self._db.execute(statement)
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
        self._db.close()
