"""The record of games: a SQLite database (``records.sqlite3``) in the config directory.

Every finished game is a row: variant, who sat where, the match seed and the game's number in the match, the
result and points from your side, the game itself (the engine's JSON: deal and moves, so it replays), the hints
and undos used, and the review's loss once it is computed. The schema carries a version (``PRAGMA
user_version``) and is brought up to date by the migrations below, in order, so an old file keeps its games.

A finished game is never lost: it is first written to a file of its own in ``records.sqlite3.pending/`` and
leaves it only once the database holds it. A database that cannot take it now (another app holding it, a full
disk) leaves it waiting there, and it goes in with the next game or the next reading of the record; each game
carries an id of its own (``uid``), so that a game is never written twice.

Two apps may be open at once: the database runs in WAL mode with a busy timeout. A damaged file (or anything
that is not a regular file) is moved aside (``records.sqlite3.bad-<time>``) and a fresh record starts, with a
message. A file written by a newer domino-tui (a higher schema version) is left untouched: it is read as far
as this version can, and never written to. A row that cannot be read is left out and counted in a message.
Nothing here raises at the player.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..paths import config_dir
from ..stored_file import StoredFile, check_regular, move_aside

FILE_NAME = "records.sqlite3"
BUSY_MS = 3000
RESULTS = ("won", "lost", "drawn")

# MIGRATIONS[v] takes a database at version v-1 to version v. Version 1 is the first schema; never edit a
# migration that has shipped, add the next one.
MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            played_at TEXT NOT NULL,
            variant TEXT NOT NULL,
            opponent TEXT NOT NULL,
            seed INTEGER NOT NULL,
            result TEXT NOT NULL,
            points INTEGER NOT NULL,
            game_json TEXT NOT NULL
        )""",
    ),
    2: (
        "ALTER TABLE games ADD COLUMN seats TEXT NOT NULL DEFAULT '[]'",
        "ALTER TABLE games ADD COLUMN game_no INTEGER NOT NULL DEFAULT 1",
        "ALTER TABLE games ADD COLUMN points_for INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN points_against INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN review_loss REAL",
        "ALTER TABLE games ADD COLUMN review_decisions INTEGER",
        # Version 1 kept the net points only, and one opponent: split the net, and seat you against it.
        "UPDATE games SET points_for = MAX(points, 0), points_against = MAX(-points, 0), "
        "seats = json_array('You', opponent)",
        "CREATE INDEX games_by_kind ON games (variant, opponent)",
    ),
    3: (
        # Each game's own id, so that a game written again (from the games waiting on disk) is never doubled.
        "ALTER TABLE games ADD COLUMN uid TEXT",
        "UPDATE games SET uid = lower(hex(randomblob(16)))",
        "CREATE UNIQUE INDEX games_by_uid ON games (uid)",
    ),
    4: (
        # Each seat's place, for a game among more than two sides (Mexican Train, Fives and Threes for three or
        # four): a JSON list beside the seats; '[]' for a game of two sides, whose result says it all.
        "ALTER TABLE games ADD COLUMN places TEXT NOT NULL DEFAULT '[]'",
    ),
}
SCHEMA_VERSION = max(MIGRATIONS)


def new_uid() -> str:
    return uuid.uuid4().hex


@dataclass(frozen=True)
class GameRecord:
    variant: str
    seats: tuple[str, ...]  # "You", then the level or bot in each other seat
    opponent: str  # the other team's level(s), e.g. "Hard" or "Hard/Master"
    seed: int  # the match seed: with game_no it deals this game again
    game_no: int  # 1 for the first game of the match
    result: str  # "won", "lost" or "drawn", from your side
    points_for: int
    points_against: int
    game: dict  # the engine's JSON of the game: the deal and every move
    hints: int = 0
    undos: int = 0
    played_at: str = ""  # ISO 8601, UTC
    review_loss: float | None = None  # the review's average loss per decision, in the variant's units
    review_decisions: int | None = None
    id: int | None = None  # the row's number in the database (None until it is there)
    uid: str = field(default_factory=new_uid)  # the game's own id, the same in the database and on the way there
    # Each seat's place in a game among more than two sides (0 first; seats that tie share a place), in the
    # order of ``seats``; () for a game of two sides.
    places: tuple[int, ...] = ()


COLUMNS = (
    "played_at, variant, opponent, seed, result, points, game_json, seats, game_no, points_for, points_against, "
    "hints, undos, review_loss, review_decisions, uid, places"
)
NAMES = tuple(name.strip() for name in COLUMNS.split(","))
# A game written again (it waited on disk) keeps its row; a review it carries fills the row's.
UPSERT = (
    f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * len(NAMES))}) ON CONFLICT (uid) DO UPDATE SET "
    "review_loss = COALESCE(excluded.review_loss, review_loss), "
    "review_decisions = COALESCE(excluded.review_decisions, review_decisions)"
)


def _row(r: GameRecord) -> tuple:
    return (
        r.played_at or datetime.now(UTC).isoformat(timespec="seconds"),
        r.variant,
        r.opponent,
        r.seed,
        r.result,
        r.points_for - r.points_against,
        json.dumps(r.game),
        json.dumps(list(r.seats)),
        r.game_no,
        r.points_for,
        r.points_against,
        r.hints,
        r.undos,
        r.review_loss,
        r.review_decisions,
        r.uid,
        json.dumps(list(r.places)),
    )


class _Undecodable:
    """What a TEXT value that is not UTF-8 reads as: no string, so the row it is in is left out."""


def _text(data: bytes) -> object:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _Undecodable()


def _record(row: Any) -> GameRecord:  # a sqlite3.Row, or whatever JSON a file waiting on disk holds
    """A row of the database (or of a game waiting on disk) as a GameRecord; ValueError (or another error) for
    anything that is not what this version wrote: the row is untrusted."""
    seats = json.loads(_str(row["seats"]))
    game = json.loads(_str(row["game_json"]))
    if not (isinstance(seats, list) and all(isinstance(s, str) for s in seats)):
        raise ValueError("seats are not a list of names")
    if not isinstance(game, dict):
        raise ValueError("the game is not a JSON object")
    result = _str(row["result"])
    if result not in RESULTS:
        raise ValueError(f"no such result: {result!r}")
    loss = row["review_loss"]
    if loss is not None and (isinstance(loss, bool) or not isinstance(loss, int | float) or not math.isfinite(loss)):
        raise ValueError("the review's loss is not a number")
    decisions = row["review_decisions"]
    # A game kept on disk by a version before places has none: it is a game of two sides.
    places = json.loads(_str(row["places"])) if "places" in row.keys() else []  # noqa: SIM118  # as below
    if not (isinstance(places, list) and all(type(p) is int and 0 <= p < len(seats) for p in places)):
        raise ValueError("the places are not a list of places")
    if places and len(places) != len(seats):
        raise ValueError("a place for each seat, or none")
    return GameRecord(
        variant=_str(row["variant"]),
        seats=tuple(seats),
        opponent=_str(row["opponent"]),
        seed=_int(row["seed"]),
        game_no=_int(row["game_no"]),
        result=result,
        points_for=_int(row["points_for"]),
        points_against=_int(row["points_against"]),
        game=game,
        hints=_int(row["hints"]),
        undos=_int(row["undos"]),
        played_at=_str(row["played_at"]),
        review_loss=None if loss is None else float(loss),
        review_decisions=None if decisions is None else _int(decisions),
        id=row["id"] if "id" in row.keys() else None,  # noqa: SIM118  # a sqlite3.Row has keys() and no __contains__ of names
        uid=_str(row["uid"] or ""),  # a row put in by hand may have none
        places=tuple(places),
    )


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"not text: {type(value).__name__}")
    return value


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"not a whole number: {type(value).__name__}")
    return value


def migrate(con: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> None:
    """Bring the schema from its version to ``upto``, one migration at a time, each in one transaction."""
    version = con.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise NewerRecord(version)
    if version < 0:  # no domino-tui writes one: a file edited by hand, or another program's database
        raise sqlite3.DatabaseError(f"schema {version}, which no domino-tui writes")
    for step in range(version + 1, upto + 1):
        with con:
            for sql in MIGRATIONS[step]:
                con.execute(sql)
            con.execute(f"PRAGMA user_version = {step}")


class NewerRecord(Exception):
    """The database was written by a newer domino-tui: this one must not write to it."""

    def __init__(self, version: int) -> None:
        super().__init__(f"schema {version}; this version knows schema {SCHEMA_VERSION}")
        self.version = version


class Records:
    """The record of games in ``path`` (the config directory's by default). Each call opens its own
    connection, so that worker threads and the interface can all use it."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / FILE_NAME
        self.waiting_room = self.path.with_name(self.path.name + ".pending")  # games not yet in the database
        self.damaged: str | None = None  # what happened to a damaged file, until it is told

    # ----- connecting -----

    def _connect(self, read_only: bool = False) -> sqlite3.Connection:
        """A connection to the database, brought up to date; NewerRecord (before anything is written) for a file
        of a newer version, unless ``read_only``."""
        if os.path.lexists(self.path):
            try:
                check_regular(os.stat(self.path), sys.maxsize)
            except OSError as exc:
                raise sqlite3.DatabaseError(exc) from exc
            version = self._peek_version()
            if version > SCHEMA_VERSION and not read_only:
                raise NewerRecord(version)
        if read_only:
            return self._open(self.path.absolute().as_uri() + "?mode=ro", uri=True)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = self._open(self.path)
        try:
            con.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            con.execute("PRAGMA journal_mode = WAL")
            check = con.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(check)
            migrate(con)
        except BaseException:
            con.close()
            raise
        return con

    @staticmethod
    def _open(target: str | Path, uri: bool = False) -> sqlite3.Connection:
        con = sqlite3.connect(target, timeout=BUSY_MS / 1000, uri=uri)
        con.row_factory = sqlite3.Row
        con.text_factory = _text
        return con

    def _peek_version(self) -> int:
        """The file's schema version, read without writing anything."""
        with closing(self._open(self.path.absolute().as_uri() + "?mode=ro", uri=True)) as con:
            version = con.execute("PRAGMA user_version").fetchone()[0]
        return int(version)

    @contextmanager
    def _session(self, read_only: bool = False) -> Iterator[sqlite3.Connection]:
        """A connection; a damaged file is moved aside first and a fresh one made (the message is kept). A
        read-only session (for a newer version's file) touches nothing, damaged or not."""
        try:
            con = self._connect(read_only)
        except (sqlite3.OperationalError, NewerRecord):
            raise  # locked, unreadable or newer: the caller says so and the file stays as it is
        except sqlite3.DatabaseError as exc:
            if read_only:
                raise
            self.damaged = f"The record of games ({self.path}) was damaged ({exc}): moved to {self._move_aside()}."
            con = self._connect(read_only)
        with closing(con):
            yield con

    def _select(self, sql: str, *params: object) -> tuple[list[sqlite3.Row], str | None]:
        """The rows of a query, from a file of a newer version too (read-only, with a message saying so)."""
        try:
            with self._session() as con:
                return con.execute(sql, params).fetchall(), None
        except NewerRecord as exc:
            newer = self._problem(exc, "read")
        try:
            with self._session(read_only=True) as con:
                return con.execute(sql, params).fetchall(), newer
        except sqlite3.Error as unreadable:
            return [], f"{newer} This version cannot read its games ({unreadable})."

    def _move_aside(self) -> Path:
        aside = move_aside(self.path)
        for suffix in ("-wal", "-shm"):
            extra = self.path.with_name(self.path.name + suffix)
            if extra.exists():
                extra.replace(aside.with_name(aside.name + suffix))
        return aside

    def _problem(self, exc: BaseException, doing: str) -> str:
        if isinstance(exc, NewerRecord):
            return f"The record of games ({self.path}) was made by a newer domino-tui ({exc}): it is left untouched."
        return f"Could not {doing} the record of games ({self.path}): {exc}."

    def take_damage_note(self) -> str | None:
        note, self.damaged = self.damaged, None
        return note

    # ----- games waiting on disk -----

    def _pending_file(self, uid: str) -> StoredFile:
        """The file of game ``uid`` in the waiting room: the one it already has, else a new one named so that
        the games sort in the order they were kept."""
        for path in self.waiting_room.glob(f"*-{uid}.json"):
            return StoredFile(path)
        return StoredFile(self.waiting_room / f"{time.time_ns():020d}-{uid}.json")

    def keep_for_later(self, record: GameRecord) -> None:
        """Keep ``record`` on disk until the database holds it (raises OSError when even that fails)."""
        self._pending_file(record.uid).write(dict(zip(NAMES, _row(record), strict=True)))

    def waiting(self) -> tuple[list[GameRecord], str | None]:
        """The games waiting on disk, oldest first; a message for any that could not be read (moved aside)."""
        if not self.waiting_room.is_dir():
            return [], None
        games, problems = [], []
        for path in sorted(self.waiting_room.glob("*.json")):
            record, problem = StoredFile(path).load(_record, "A game waiting for the record was damaged", "")
            if problem:
                problems.append(problem.strip())
            elif record is not None:
                games.append(record)
        return games, " ".join(problems) or None

    def _flush(self) -> str | None:
        """Write every waiting game to the database and take it off the disk; a message when they must wait."""
        games, problem = self.waiting()
        if not games:
            return problem
        try:
            with self._session() as con, con:
                for r in games:
                    con.execute(UPSERT, _row(r))
        except (sqlite3.Error, OSError, NewerRecord) as exc:
            waits = f"{len(games)} finished game{'s' if len(games) > 1 else ''} wait{'' if len(games) > 1 else 's'}"
            return _join(problem, self._problem(exc, "write to"), f"{waits} in {self.waiting_room} until it can.")
        for r in games:
            with suppress(OSError):  # left there, it is written again later, and changes nothing
                self._pending_file(r.uid).remove()
        return problem

    # ----- writing -----

    def add(self, record: GameRecord) -> str | None:
        """Keep ``record``: on disk at once, then in the database with any other game waiting. None, or a
        message when the database cannot take it now: it then waits on disk, for the next game or start."""
        try:
            self.keep_for_later(record)
        except OSError as exc:  # not even the waiting room: straight to the database, or lost with a message
            try:
                with self._session() as con, con:
                    con.execute(UPSERT, _row(record))
            except (sqlite3.Error, OSError, NewerRecord) as again:
                return f"{self._problem(again, 'write to')} Nor could the game be kept for later ({exc}): it is lost."
            return _join(self.take_damage_note(), self._flush())
        return _join(self._flush(), self.take_damage_note())

    def set_review(self, uid: str, loss: float, decisions: int) -> str | None:
        """Add the review to the game ``uid``, in the database or, while it waits, on disk."""
        waiting = self._pending_file(uid)
        if waiting.path.exists():  # still waiting: the review waits with it
            record, _ = waiting.load(_record, "", "")
            if record is not None:
                try:
                    self.keep_for_later(_reviewed(record, loss, decisions))
                except OSError as exc:
                    return self._problem(exc, "keep the review for")
                return self._flush()
        try:
            with self._session() as con, con:
                con.execute(
                    "UPDATE games SET review_loss = ?, review_decisions = ? WHERE uid = ?", (loss, decisions, uid)
                )
        except (sqlite3.Error, OSError, NewerRecord) as exc:
            return self._problem(exc, "write the review to")
        return self.take_damage_note()

    # ----- reading -----

    def games(self) -> tuple[list[GameRecord], str | None]:
        """Every recorded game, oldest first (those still waiting to be written last), and a message when some
        could not be read or written."""
        waiting_problem = self._flush()
        stored: list[GameRecord] = []
        problem = None
        if os.path.lexists(self.path):
            try:
                stored, problem = self._read()
            except (sqlite3.Error, OSError) as exc:
                problem = self._problem(exc, "read")
        waiting, _ = self.waiting()
        known = {r.uid for r in stored}
        stored += [r for r in waiting if r.uid not in known]
        return stored, _join(self.take_damage_note(), problem, waiting_problem)

    def _read(self) -> tuple[list[GameRecord], str | None]:
        """The database's games, and a message for rows left out (or for a newer version's file)."""
        rows, newer = self._select("SELECT * FROM games ORDER BY id")
        games, bad = [], 0
        for row in rows:
            try:
                games.append(_record(row))
            except Exception:  # an untrusted row: whatever is wrong with it, it is left out and counted
                bad += 1
        note = None
        if bad:
            note = (
                f"{bad} recorded game{'s' if bad > 1 else ''} could not be read ({self.path}) and "
                f"{'are' if bad > 1 else 'is'} left out."
            )
        return games, _join(newer, note)

    def get(self, game_id: int) -> GameRecord | None:
        if not os.path.lexists(self.path):
            return None
        try:
            rows, _ = self._select("SELECT * FROM games WHERE id = ?", game_id)
            return _record(rows[0]) if rows else None
        except Exception:  # an unreadable file or row is no game
            return None


def _reviewed(record: GameRecord, loss: float, decisions: int) -> GameRecord:
    from dataclasses import replace

    return replace(record, review_loss=loss, review_decisions=decisions)


def _join(*notes: str | None) -> str | None:
    return " ".join(n for n in notes if n) or None
