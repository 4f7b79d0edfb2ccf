"""Which of several server processes sharing one PostgreSQL database serves a room: the holder of its lease.

A lease is a row of ``room_leases``: the room's code, its owner (the backend of the owning process's database
connection, named by its pid and start time, so a pid used again is a different owner) and when it expires. A
process takes a room's lease when a client names the room or when it creates one, renews all of its leases
together every `RENEW_EVERY` seconds, and gives a lease up with its room. Another process may take the lease
once it has expired, or at once when its owner's backend is gone: a process killed with SIGKILL closes its
connection, PostgreSQL ends that backend within moments, and its rooms are free for the next client that asks
(so the liveness of the owner is read from ``pg_stat_activity``, which shows every session of the same database
user).

Writes are fenced by the lease, not only by its renewals: each group commit takes a share lock on the lease rows
of the rooms it writes for, and writes a room's entries only where this process still owns the row (`owned`).
A process taking the lease updates that row, so it waits for any commit of the old owner under way, and reads
the room's log only after it: a write of the old owner is either committed before the new owner reads the log
(and so replayed there) or refused (its room is dropped by the old owner, whose clients reconnect). Two
processes never both append to one room's log.

Everything here runs on the store's own connection, in the store's thread (postgres_storage.py).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the store hands its connections in: the server imports this module, psycopg or not
    import psycopg

log = logging.getLogger("domino_tui.net")


class RoomElsewhere(Exception):
    """The room's write was refused, not failed: another server process has taken the room (its lease). Only that
    room is given up; the process goes on with its others. (Here, not in the stores, so that a room's host knows
    it without importing a database.)"""


LEASE_SECONDS = 30.0  # a lease outlives its last renewal by this long: the wait when an owner hangs, not dies
RENEW_EVERY = LEASE_SECONDS / 3

SCHEMA = """CREATE TABLE IF NOT EXISTS room_leases (
    code TEXT PRIMARY KEY,
    owner_pid INTEGER NOT NULL,
    owner_since TIMESTAMPTZ NOT NULL,
    expires TIMESTAMPTZ NOT NULL
)"""

# The leases some live process holds (their rooms are not to be looked at by another).
HELD = """SELECT code FROM room_leases AS lease WHERE lease.expires >= now() AND EXISTS (
    SELECT 1 FROM pg_stat_activity AS a WHERE a.pid = lease.owner_pid AND a.backend_start = lease.owner_since
)"""

# Taken when free, expired, already ours, or held by a backend that is no longer there.
_TAKE = """INSERT INTO room_leases AS lease (code, owner_pid, owner_since, expires)
    VALUES (%(code)s, %(pid)s, %(since)s, now() + make_interval(secs => %(seconds)s))
    ON CONFLICT (code) DO UPDATE SET
        owner_pid = excluded.owner_pid, owner_since = excluded.owner_since, expires = excluded.expires
    WHERE lease.expires < now()
        OR (lease.owner_pid = excluded.owner_pid AND lease.owner_since = excluded.owner_since)
        OR NOT EXISTS (
            SELECT 1 FROM pg_stat_activity AS a WHERE a.pid = lease.owner_pid AND a.backend_start = lease.owner_since
        )
    RETURNING code"""


class Leases:
    """One process's leases, owned by the backend of ``db`` (the store's connection, in autocommit mode)."""

    def __init__(self, db: psycopg.Connection[tuple[object, ...]], seconds: float = LEASE_SECONDS) -> None:
        self.db = db
        self.seconds = seconds
        row = db.execute("SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()").fetchone()
        assert row is not None  # a backend always sees its own row
        self.pid, self.since = row
        self.held: set[str] = set()

    def _owner(self) -> dict[str, object]:
        return {"pid": self.pid, "since": self.since, "seconds": self.seconds}

    def take(self, code: str) -> bool:
        """Take ``code``'s lease (or renew it, if it is ours already); whether this process now holds it."""
        taken = self.db.execute(_TAKE, {"code": code, **self._owner()}).fetchone() is not None
        if taken:
            self.held.add(code)
        return taken

    def release(self, code: str) -> None:
        self.held.discard(code)
        self.db.execute(
            "DELETE FROM room_leases WHERE code = %(code)s AND owner_pid = %(pid)s AND owner_since = %(since)s",
            {"code": code, **self._owner()},
        )

    def release_all(self) -> None:
        """Give up every lease (the process is stopping): its rooms are free at once."""
        self.held.clear()
        self.db.execute("DELETE FROM room_leases WHERE owner_pid = %(pid)s AND owner_since = %(since)s", self._owner())

    def renew(self) -> set[str]:
        """Push every lease of this process on by `seconds`; the codes it held and holds no more (taken by another
        process after it expired: this one was too slow to renew)."""
        rows = self.db.execute(
            "UPDATE room_leases SET expires = now() + make_interval(secs => %(seconds)s) "
            "WHERE owner_pid = %(pid)s AND owner_since = %(since)s RETURNING code",
            self._owner(),
        ).fetchall()
        renewed = {str(code) for (code,) in rows}
        lost = self.held - renewed
        self.held &= renewed
        return lost

    def owned(self, codes: set[str]) -> set[str]:
        """Which of ``codes`` this process owns, each share-locked until the transaction it is called in ends: a
        process taking one of them waits for that transaction."""
        if not codes:
            return set()
        rows = self.db.execute(
            "SELECT code FROM room_leases WHERE code = ANY(%(codes)s) AND owner_pid = %(pid)s "
            "AND owner_since = %(since)s FOR SHARE",
            {"codes": sorted(codes), **self._owner()},
        ).fetchall()
        return {str(code) for (code,) in rows}


WANTED = "domino_tui_room_wanted"  # the channel a process asks on for a room another process holds


class Handoffs:
    """A process's ear for rooms other processes want: a connection of its own LISTENing on `WANTED`, read in a
    thread of its own, which calls ``wanted`` with each code asked for (in that thread: the caller passes it on to
    its event loop). A process asked for a room it holds sends its clients away and gives the lease up; they
    connect again through the proxy, which now sends them all to the process that asked."""

    def __init__(self, db: psycopg.Connection[tuple[object, ...]], wanted: Callable[[str], None]) -> None:
        """``db``: a connection of its own, in autocommit mode."""
        self.db = db
        self.db.execute(f"LISTEN {WANTED}")
        self.wanted = wanted
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._listen, name="room-handoffs", daemon=True)
        self.thread.start()

    def _listen(self) -> None:
        while not self.stopped.is_set():
            try:
                for notice in self.db.notifies(timeout=0.5):
                    self.wanted(notice.payload)
            except Exception:  # psycopg's errors: the connection failed
                if not self.stopped.is_set():
                    log.warning("stopped hearing which rooms other processes want: the database connection failed")
                return

    def close(self) -> None:
        self.stopped.set()
        self.thread.join()
        self.db.close()


def ask_for(db: psycopg.Connection[tuple[object, ...]], code: str) -> None:
    """Ask whichever process holds ``code`` to let it go."""
    db.execute("SELECT pg_notify(%s, %s)", (WANTED, code))
