"""The record of games: a SQLite database (``records.sqlite3``) in the config directory.

Every finished game is a row: variant, who sat where, the match seed and the game's number in the match, the
result and points from your side, the game itself (the engine's JSON: deal and moves, so it replays), the hints
and undos used, and the review's loss once it is computed. The schema carries a version (``PRAGMA
user_version``) and is brought up to date by the migrations below, in order, so an old file keeps its games.

Two apps may be open at once: the database runs in WAL mode with a busy timeout. A locked database gets a
message and the game is kept in memory and written with the next one; a damaged file is moved aside
(``records.sqlite3.bad-<time>``) and a fresh record starts, with a message. Nothing here raises at the player.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from .. import stored_file
from ..paths import config_dir

FILE_NAME = "records.sqlite3"
BUSY_MS = 3000

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
}
SCHEMA_VERSION = max(MIGRATIONS)


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
    id: int | None = None


COLUMNS = (
    "played_at, variant, opponent, seed, result, points, game_json, seats, game_no, points_for, points_against, "
    "hints, undos, review_loss, review_decisions"
)


INSERT = f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * len(COLUMNS.split(',')))})"


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
    )


def _record(row: sqlite3.Row) -> GameRecord:
    return GameRecord(
        variant=row["variant"],
        seats=tuple(json.loads(row["seats"])),
        opponent=row["opponent"],
        seed=row["seed"],
        game_no=row["game_no"],
        result=row["result"],
        points_for=row["points_for"],
        points_against=row["points_against"],
        game=json.loads(row["game_json"]),
        hints=row["hints"],
        undos=row["undos"],
        played_at=row["played_at"],
        review_loss=row["review_loss"],
        review_decisions=row["review_decisions"],
        id=row["id"],
    )


def migrate(con: sqlite3.Connection, upto: int = SCHEMA_VERSION) -> None:
    """Bring the schema from its version to ``upto``, one migration at a time, each in one transaction."""
    version = con.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"the record is from a newer domino-tui (schema {version})")
    for step in range(version + 1, upto + 1):
        with con:
            for sql in MIGRATIONS[step]:
                con.execute(sql)
            con.execute(f"PRAGMA user_version = {step}")


class Records:
    """The record of games in ``path`` (the config directory's by default). Each call opens its own
    connection, so the review worker thread and the interface can both write."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / FILE_NAME
        self.pending: list[GameRecord] = []  # games a locked database could not take yet
        self.damaged: str | None = None  # what happened to a damaged file, until it is told

    # ----- connecting -----

    def _connect(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        con = sqlite3.connect(self.path, timeout=BUSY_MS / 1000)
        con.row_factory = sqlite3.Row
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

    @contextmanager
    def _session(self) -> Iterator[sqlite3.Connection]:
        """A connection; a damaged file is moved aside first and a fresh one made (the message is kept)."""
        try:
            con = self._connect()
        except sqlite3.OperationalError:
            raise  # locked or unreadable: a passing state, the caller says so and the file stays
        except sqlite3.DatabaseError as exc:
            self.damaged = f"The record of games ({self.path}) was damaged ({exc}): moved to {self._move_aside()}."
            con = self._connect()
        with closing(con):
            yield con

    def _move_aside(self) -> Path:
        aside = stored_file.move_aside(self.path)
        for suffix in ("-wal", "-shm"):
            extra = self.path.with_name(self.path.name + suffix)
            if extra.exists():
                extra.replace(aside.with_name(aside.name + suffix))
        return aside

    def _problem(self, exc: Exception, doing: str) -> str:
        return f"Could not {doing} the record of games ({self.path}): {exc}."

    def take_damage_note(self) -> str | None:
        note, self.damaged = self.damaged, None
        return note

    # ----- writing -----

    def add(self, record: GameRecord) -> tuple[int | None, str | None]:
        """Store ``record`` (and any kept back by a locked database). Returns its id, or None and a message
        when the database cannot take it now: it is then kept and written with the next game."""
        self.pending.append(record)
        try:
            with self._session() as con, con:
                ids = [con.execute(INSERT, _row(r)).lastrowid for r in self.pending]
        except (sqlite3.Error, OSError) as exc:
            return None, self._problem(exc, "write to") + " The game is kept and will be written with the next one."
        self.pending.clear()
        return ids[-1], self.take_damage_note()

    def set_review(self, game_id: int, loss: float, decisions: int) -> str | None:
        try:
            with self._session() as con, con:
                con.execute(
                    "UPDATE games SET review_loss = ?, review_decisions = ? WHERE id = ?", (loss, decisions, game_id)
                )
        except (sqlite3.Error, OSError) as exc:
            return self._problem(exc, "write the review to")
        return self.take_damage_note()

    # ----- reading -----

    def games(self) -> tuple[list[GameRecord], str | None]:
        """Every recorded game, oldest first, and a message when the record could not be read."""
        if not self.path.exists():
            return [], None
        try:
            with self._session() as con:
                rows = con.execute("SELECT * FROM games ORDER BY id").fetchall()
        except (sqlite3.Error, OSError) as exc:
            return [], self._problem(exc, "read")
        return [_record(r) for r in rows], self.take_damage_note()

    def get(self, game_id: int) -> GameRecord | None:
        if not self.path.exists():
            return None
        try:
            with self._session() as con:
                row = con.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        except (sqlite3.Error, OSError):
            return None
        return None if row is None else _record(row)
