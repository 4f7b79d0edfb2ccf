"""The record of games: round trips, damaged and locked files, two apps at once, migration, stats, replays."""

from __future__ import annotations

import io
import random
import sqlite3
import subprocess
import sys

import pytest

from domino_tui.engine import GameState
from domino_tui.records import SCHEMA_VERSION, GameRecord, Records, store
from domino_tui.records.replay import positions
from domino_tui.records.stats import progress, render, streaks, table, write_csv


def played(variant: str = "classic", seed: int = 1) -> GameState:
    rng = random.Random(seed)
    game = GameState.new(variant, rng)
    while not game.over:
        game.apply(rng.choice(game.legal_moves()))
    return game


def record(result: str = "won", variant: str = "classic", seed: int = 1, **more) -> GameRecord:
    game = played(variant, seed)
    base = dict(
        variant=variant,
        seats=("You", "Hard"),
        opponent="Hard",
        seed=seed,
        game_no=1,
        result=result,
        points_for=12,
        points_against=3,
        game=game.to_json(),
        played_at="2026-11-20T10:00:00+00:00",
    )
    base.update(more)
    return GameRecord(**base)


@pytest.fixture
def records(tmp_path):
    return Records(tmp_path / "records.sqlite3")


def without_id(r: GameRecord) -> GameRecord:
    from dataclasses import replace

    return replace(r, id=None)


def test_games_round_trip(records):
    made = [
        record("won", seed=1),
        record("lost", "partnership", seed=2, seats=("You", "Hard", "Master", "Hard"), hints=3, undos=1),
        record("drawn", "allfives", seed=3),
    ]
    assert [records.add(r) for r in made] == [None] * 3
    got, problem = records.games()
    assert problem is None
    assert [g.id for g in got] == [1, 2, 3]
    assert [without_id(g) for g in got] == made
    assert records.set_review(made[1].uid, 1.5, 6) is None
    assert records.get(2).review_loss == 1.5 and records.get(2).review_decisions == 6
    assert records.get(99) is None


def test_a_recorded_game_replays_step_by_step_with_every_hand(records):
    game = played("allfives", 5)
    records.add(record(variant="allfives", seed=5))
    steps = positions(records.get(1).game)
    assert steps[-1] == game
    assert len(steps) == len(records.get(1).game["moves"]) + 1
    assert all(sum(len(h) for h in s.hands) > 0 for s in steps[:-1])


def test_a_damaged_file_is_moved_aside_and_a_fresh_record_starts(records):
    records.path.write_bytes(b"not a database at all " * 100)
    games, problem = records.games()
    assert games == [] and "damaged" in problem and ".bad-" in problem
    aside = list(records.path.parent.glob("records.sqlite3.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b"not a database at all " * 100  # nothing lost
    assert records.add(record()) is None and [g.id for g in records.games()[0]] == [1]


def test_a_file_damaged_inside_is_noticed(records):
    for i in range(30):
        records.add(record(seed=i % 3 + 1))
    data = bytearray(records.path.read_bytes())
    data[4096 : 4096 + 400] = b"\xff" * 400  # scribble over the header of the table's first page
    records.path.write_bytes(bytes(data))
    _, problem = Records(records.path).games()
    assert problem and "damaged" in problem
    assert list(records.path.parent.glob("records.sqlite3.bad-*"))


def test_a_locked_database_keeps_the_game_for_later(records, monkeypatch):
    monkeypatch.setattr(store, "BUSY_MS", 50)
    records.add(record(seed=1))
    blocker = sqlite3.connect(records.path)
    blocker.execute("BEGIN EXCLUSIVE")
    problem = records.add(record(seed=2))
    assert "database is locked" in problem and "1 finished game waits in" in problem
    blocker.rollback()
    blocker.close()
    assert records.add(record(seed=3)) is None
    assert [g.seed for g in records.games()[0]] == [1, 2, 3]


def test_a_second_app_reading_does_not_stop_the_first_writing(records, monkeypatch):
    monkeypatch.setattr(store, "BUSY_MS", 50)
    records.add(record(seed=1))
    other = Records(records.path)
    reader = sqlite3.connect(records.path)
    reader.execute("BEGIN")
    assert reader.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1  # a read transaction stays open
    assert records.add(record(seed=2)) is None  # WAL: a writer does not wait for readers
    assert other.add(record(seed=3)) is None
    assert reader.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1  # the reader's snapshot
    reader.close()
    assert len(other.games()[0]) == 3
    with sqlite3.connect(records.path) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_older_schema_is_migrated_and_keeps_its_games(records):
    con = sqlite3.connect(records.path)
    store.migrate(con, upto=1)
    game = played().to_json()
    import json

    con.execute(
        "INSERT INTO games (played_at, variant, opponent, seed, result, points, game_json) VALUES (?,?,?,?,?,?,?)",
        ("2026-01-02T03:04:05+00:00", "block", "Normal", 9, "lost", -14, json.dumps(game)),
    )
    con.commit()
    con.close()
    games, problem = records.games()
    assert problem is None
    (g,) = games
    assert (g.variant, g.opponent, g.seed, g.result, g.game) == ("block", "Normal", 9, "lost", game)
    assert (g.points_for, g.points_against, g.seats, g.hints, g.undos, g.places) == (0, 14, ("You", "Normal"), 0, 0, ())
    with sqlite3.connect(records.path) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4


def test_a_record_from_a_newer_version_is_not_touched(records):
    con = sqlite3.connect(records.path)
    con.execute("PRAGMA user_version = 99")
    con.close()
    games, problem = records.games()
    assert games == [] and "newer" in problem


def test_statistics():
    rs = [
        record("won", played_at="2026-11-20T10:00:00+00:00", review_loss=2.0, review_decisions=4),
        record("won", played_at="2026-11-20T11:00:00+00:00", review_loss=1.0, review_decisions=6, hints=2),
        record("lost", opponent="Master", seats=("You", "Master"), points_for=0, points_against=20, undos=1),
        record("won", played_at="2026-11-21T09:00:00+00:00", review_loss=0.5, review_decisions=5),
    ]
    rows = table(rs)
    assert [(r.opponent, r.games, r.won, r.lost, r.points_for, r.hints, r.undos) for r in rows] == [
        ("Hard", 3, 3, 0, 36, 2, 0),
        ("Master", 1, 0, 1, 0, 0, 1),
    ]
    assert streaks(rs).current == "won 1" and streaks(rs).longest_won == 2
    steps = progress(rs)
    assert [(p.day, p.decisions, round(p.average_loss, 2)) for p in steps] == [
        ("2026-11-20", 10, 1.4),
        ("2026-11-21", 5, 0.5),
    ]
    text = render(rs)
    assert "classic  Hard" in text and "100%" in text and "longest run of wins: 2" in text
    assert "31.2 ± 7.6" in text and "mu - 3 sigma" in text
    out = io.StringIO()
    write_csv(rs, out)
    assert out.getvalue().splitlines()[0].startswith("variant,opponent,games,won")
    assert out.getvalue().splitlines()[1] == "classic,Hard,3,3,0,0,36,9,2,0,31.23,7.613"  # three wins: rated up
    assert "No games recorded yet" in render([])


def test_the_stats_command_prints_the_table_without_loading_the_ui(tmp_path):
    Records(tmp_path / "records.sqlite3").add(record())
    code = (
        "import sys; from domino_tui.cli import main; main(sys.argv[1:]); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    env = {"DOMINO_TUI_CONFIG_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code, "stats"], capture_output=True, text=True, env=env, check=True)
    assert "classic" in out.stdout and out.stdout.rstrip().endswith("[]")
    out = subprocess.run([sys.executable, "-c", code, "stats", "--csv"], capture_output=True, text=True, env=env)
    assert out.stdout.splitlines()[1] == "classic,Hard,1,1,0,0,12,3,0,0,27.635,8.066"


def test_a_schema_version_below_zero_is_a_damaged_file(records):
    """No domino-tui writes one (a file edited by hand, another program's database): the migrations were looked
    up from it and a KeyError reached the player."""
    con = sqlite3.connect(records.path)
    con.execute("PRAGMA user_version = -5")
    con.close()
    games, problem = records.games()
    assert games == [] and problem is not None
    assert list(records.path.parent.glob("records.sqlite3.bad-*"))
    assert records.add(record()) is None and len(records.games()[0]) == 1
