"""The rooms benchmark in a small form: one `serve` on SQLite beside the bare relay (the PostgreSQL and HAProxy
setups run only in the benchmark itself), and every process it starts stopped again, also when a run fails."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from benchmarks import rooms


def children() -> set[int]:
    """This process's living children (a stopped and reaped one is gone from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended while we looked
        if int(fields[1]) == os.getpid():
            found.add(int(stat.parent.name))
    return found


def small(*setups: str) -> argparse.Namespace:
    return argparse.Namespace(rooms=2, seconds=0.5, warmup=0.3, only=list(setups))


def test_it_measures_one_serve_on_sqlite_beside_the_relay_and_leaves_nothing_running() -> None:
    before = children()
    results = rooms.measure_all(small("sqlite", "relay"))
    assert list(results) == ["sqlite", "relay"]
    for result in results.values():
        assert result["moves_per_s"] > 0 and result["n"] > 0
        assert 0 < result["p50_ms"] <= result["p99_ms"]
    assert children() == before
    assert os.sched_getaffinity(0) == rooms.ALL_CORES


def test_a_run_that_fails_stops_the_server_it_started(monkeypatch: pytest.MonkeyPatch) -> None:
    before = children()
    running: list[set[int]] = []

    async def failing(url: str, *sizes: float) -> None:
        running.append(children() - before)
        raise RuntimeError("the clients failed")

    monkeypatch.setattr(rooms, "ours", failing)
    with pytest.raises(RuntimeError, match="the clients failed"):
        rooms.measure_all(small("sqlite"))
    assert len(running) == 1 and len(running[0]) == 1  # the server was up when the clients failed
    assert children() == before
    assert os.sched_getaffinity(0) == rooms.ALL_CORES


def test_it_measures_rooms_of_a_train_game_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """--variant: Mexican Train's rooms (played for rounds, so with no target) are filled, played and measured."""
    monkeypatch.setattr(rooms, "VARIANT", "mexicantrain")
    assert "target" not in rooms.room_options("mexicantrain") and "target" in rooms.room_options("partnership")
    result = rooms.measure_all(small("sqlite"))["sqlite"]
    assert result["moves_per_s"] > 0 and result["n"] > 0
