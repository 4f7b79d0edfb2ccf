"""The record of games against what can go wrong outside the app: rows that are not what any version wrote, a
file made by a newer version, a database held by another process for longer than the busy timeout, games
waiting on disk that are themselves damaged, and a FIFO in the record's place. Nothing is lost, nothing raises.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys

import pytest

from domino_tui.records import SCHEMA_VERSION, Records, store

from .test_store import record

BAD_ROWS = {
    "seats-not-json": {"seats": "[oops"},
    "game-not-json": {"game_json": "{"},
    "game-a-list": {"game_json": "[]"},
    "seed-text": {"seed": "seven"},
    "points-real": {"points_for": 1.5},
    "result-unknown": {"result": "maybe"},
    "loss-text": {"review_loss": "a lot"},
    "variant-not-utf8": {"variant": b"\xff\xfe"},  # bound as a BLOB, read back as text
    "played-at-null-bytes": {"played_at": b"\x80"},
    "deep-game": {"game_json": "[" * 100_000 + "]" * 100_000},
    "places-out-of-range": {"places": "[0, 7]"},  # a place for each seat, each below the number of seats
}


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def spoil(path, **changes) -> None:
    """Overwrite one row's columns with values no version of domino-tui writes."""
    with sqlite3.connect(path) as con:
        for column, value in changes.items():
            if isinstance(value, bytes):
                con.execute(f"UPDATE games SET {column} = CAST(? AS TEXT) WHERE id = 2", (value,))
            else:
                con.execute(f"UPDATE games SET {column} = ? WHERE id = 2", (value,))
    con.close()


def stats(config, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(config)}
    return subprocess.run(
        [sys.executable, "-m", "domino_tui", "stats", *args], capture_output=True, text=True, env=env, timeout=60
    )


@pytest.mark.parametrize("changes", BAD_ROWS.values(), ids=BAD_ROWS.keys())
def test_a_bad_row_is_left_out_and_counted(tmp_path, changes):
    records = Records(tmp_path / "records.sqlite3")
    for seed in (1, 2, 3):
        assert records.add(record(seed=seed)) is None
    spoil(records.path, **changes)
    games, problem = records.games()
    assert [g.seed for g in games] == [1, 3]
    assert "1 recorded game could not be read" in problem and "left out" in problem
    assert records.get(2) is None and records.get(3).seed == 3
    for args in ([], ["--csv"]):
        done = stats(tmp_path, *args)
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        assert "1 recorded game could not be read" in done.stderr
        assert ("classic  Hard" if not args else "classic,Hard,2,2") in done.stdout


def newer_file(path) -> None:
    """A record as a newer domino-tui might leave it: a column more, a higher schema version."""
    records = Records(path)
    for seed in (1, 2):
        records.add(record(seed=seed))
    with sqlite3.connect(path) as con:
        con.execute("ALTER TABLE games ADD COLUMN rating REAL")
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


def test_a_record_from_a_newer_version_is_read_and_never_written(tmp_path):
    path = tmp_path / "records.sqlite3"
    newer_file(path)
    before = digest(path)
    records = Records(path)
    games, problem = records.games()
    assert [g.seed for g in games] == [1, 2]
    assert "made by a newer domino-tui" in problem and "left untouched" in problem
    # A game finished now waits on disk, for a version that can write it.
    problem = records.add(record(seed=3))
    assert "newer domino-tui" in problem and "1 finished game waits in" in problem
    assert records.set_review(games[0].uid, 1.0, 3) is not None
    done = stats(tmp_path)
    assert done.returncode == 0 and "newer domino-tui" in done.stderr and "Traceback" not in done.stderr
    assert digest(path) == before
    assert not list(tmp_path.glob("records.sqlite3.bad-*")), "moved aside as damaged"
    assert [g.seed for g in Records(path).games()[0]] == [1, 2, 3]  # the waiting game is shown too


def test_a_newer_file_this_version_cannot_read_says_so(tmp_path):
    path = tmp_path / "records.sqlite3"
    with sqlite3.connect(path) as con:
        con.execute("CREATE TABLE played (id INTEGER PRIMARY KEY)")
        con.execute("PRAGMA user_version = 99")
    con.close()
    before = digest(path)
    games, problem = Records(path).games()
    assert games == [] and "newer domino-tui" in problem and "cannot read its games" in problem
    assert digest(path) == before


def test_a_game_finished_while_the_database_is_held_waits_on_disk_for_the_next_start(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "BUSY_MS", 100)
    path = tmp_path / "records.sqlite3"
    Records(path).add(record(seed=1))
    blocker = sqlite3.connect(path)
    blocker.execute("BEGIN EXCLUSIVE")  # another process holds it for longer than the busy timeout
    first_app = Records(path)
    problem = first_app.add(record(seed=2))
    assert "database is locked" in problem and "1 finished game waits in" in problem
    review = first_app.set_review(first_app.waiting()[0][0].uid, 2.5, 4)  # the review waits with it
    assert "locked" in review
    blocker.rollback()
    blocker.close()
    del first_app  # the app quits: nothing of the game is in memory any more
    games, problem = Records(path).games()  # the next start
    assert problem is None
    assert [(g.seed, g.review_loss) for g in games] == [(1, None), (2, 2.5)]
    assert not list(Records(path).waiting_room.glob("*.json"))
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2
    con.close()


def test_a_game_written_twice_is_one_row(tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    r = record(seed=4)
    records.keep_for_later(r)
    (waiting,) = records.waiting_room.glob("*.json")
    copy = waiting.read_bytes()
    assert records.add(r) is None
    waiting.write_bytes(copy)  # as if the app died between writing the row and removing the file
    games, _ = records.games()
    assert [g.uid for g in games] == [r.uid]


def test_a_damaged_waiting_game_is_moved_aside_with_a_message(tmp_path):
    records = Records(tmp_path / "records.sqlite3")
    records.waiting_room.mkdir()
    (records.waiting_room / "1-abc.json").write_text('{"seats": 3}')
    assert records.add(record(seed=5)) is not None
    games, problem = records.games()
    assert [g.seed for g in games] == [5] and problem is None
    assert list(records.waiting_room.glob("1-abc.json.bad-*"))


def test_a_fifo_in_place_of_the_record_is_moved_aside(tmp_path):
    path = tmp_path / "records.sqlite3"
    os.mkfifo(path)
    records = Records(path)
    assert "was damaged" in records.add(record(seed=6))
    assert [g.seed for g in records.games()[0]] == [6]
    (aside,) = tmp_path.glob("records.sqlite3.bad-*")
    assert aside.is_fifo()
