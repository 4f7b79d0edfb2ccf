"""A cluster worker's chunk process, kept from one run to the next (cluster_task.py), without a cluster: it plays a
run's chunks as this process does, stops the hosts of the run before when another run's chunks come, is replaced
when it was started from another version of the package than the client's, and a worker whose package differs
from the client's refuses to play rather than give other figures for the same seed."""

from __future__ import annotations

import os
import shutil
import threading

import pytest
from helpers import leftovers, private_first_legal

from domino_tui.engine import get_rules
from domino_tui.tournament import cluster_task
from domino_tui.tournament.api import confine, resolve_entries
from domino_tui.tournament.cluster_task import PACKAGE, ChunkFailed, fingerprint, in_child, source_digest
from domino_tui.tournament.entries import parse_entries
from domino_tui.tournament.host import stop_hosts
from domino_tui.tournament.runner import ChunkTask, chunk_tasks, play_chunk


def chunks(bots: list[str], games: int = 6) -> tuple[ChunkTask, ...]:
    rules = get_rules("block")
    entries = parse_entries(bots, rules)
    confinement = confine(entries, True, [])
    _, tasks = chunk_tasks(rules, resolve_entries(entries, confinement, 10), games, 5, 10, frozenset(), confinement)
    return tuple(tasks)


def wanted() -> bool:
    return False


@pytest.fixture(autouse=True)
def no_chunk_process_left():
    yield
    child = cluster_task._CHILDREN.pop(threading.get_ident(), None)
    if child is not None:
        cluster_task._stop(child)


def current_child():
    return cluster_task._CHILDREN[threading.get_ident()]


def alive(pids: list[int], marker: str) -> list[int]:
    return [p for p in pids if p in leftovers(marker)]


def test_a_chunk_process_plays_as_this_process_and_no_host_crosses_from_one_run_to_the_next(tmp_path) -> None:
    shell = private_first_legal(str(tmp_path))
    hosted = chunks([f"cmd:sh {shell}", "greedy"])
    expected = [play_chunk(task) for task in hosted]
    stop_hosts()  # this process's own, for the comparison
    played = in_child(hosted, "a run", fingerprint(), wanted)
    assert [tally for tally, _ in played] == expected
    first = leftovers(shell)
    assert first  # its hosts wait for the run's next chunk
    kept = current_child().pid
    played = in_child(hosted, "the next run", fingerprint(), wanted)  # the same entries: the same hosts' key
    assert [tally for tally, _ in played] == expected
    assert current_child().pid == kept  # the same process, kept between the runs
    assert alive(first, shell) == []  # with hosts of its own, started afresh
    assert leftovers(shell)


@pytest.fixture
def older_package(tmp_path, monkeypatch) -> str:
    """A copy of the package whose source differs by a comment, imported by the chunk processes started meanwhile
    (they run ``python -m`` from the current folder): the package as it was before an upgrade on a worker."""
    copy = os.path.join(str(tmp_path), "domino_tui")
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    with open(os.path.join(copy, "__init__.py"), "a", encoding="utf-8") as fh:
        fh.write("# an older version\n")
    monkeypatch.chdir(str(tmp_path))
    return source_digest(copy)


def test_a_chunk_process_of_another_version_of_the_package_is_replaced(older_package, monkeypatch) -> None:
    assert older_package != fingerprint()
    builtin = chunks(["greedy", "random"])
    expected = [play_chunk(task) for task in builtin]
    in_child(builtin, "a run", older_package, wanted)  # a client of the older version: its chunk process stays
    older = current_child()
    monkeypatch.chdir(os.path.dirname(PACKAGE))  # the package upgraded: this client and new processes have it
    played = in_child(builtin, "the next run", fingerprint(), wanted)
    assert [tally for tally, _ in played] == expected
    assert older.poll() is not None and current_child().pid != older.pid


def test_a_worker_with_another_version_of_the_package_refuses_to_play(older_package) -> None:
    with pytest.raises(ChunkFailed):
        in_child(chunks(["greedy", "random"]), "a run", fingerprint(), wanted)
    assert threading.get_ident() not in cluster_task._CHILDREN  # ended, not kept
