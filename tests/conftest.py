"""What every test shares: how Python's garbage collector runs in the test processes."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

# The tests make and drop millions of small objects (Textual's frames and styles, the engine's moves and events)
# beside the hundreds of thousands the imports keep for good. With Python's default thresholds (700, 10, 10) the
# collector ran every 700 allocations and went through everything every 70,000: in the files measured, a sixth to a
# fifth of their CPU (the table's and snapshot tests 47-50 -> 38-41 CPU-seconds, a property test and the train
# rooms' 26.6 -> 22.9, with this and the freeze below). Cycles are still collected, some thousands of allocations
# later.
gc.set_threshold(50_000, 20, 100)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """What the imports and the collection made lives until the end: out of the collector's sight from now."""
    gc.collect()
    gc.freeze()


KNOWN_SLOW = Path(__file__).with_name("known_slow.txt")


def known_slow() -> dict[str, int]:
    """The tests that take longest, slowest first, as `known_slow.txt` lists them: a test's id, or the id of a
    parametrized test without its parameters for all its cases."""
    lines = (line.strip() for line in KNOWN_SLOW.read_text().splitlines())
    ids = [line for line in lines if line and not line.startswith("#")]
    return {test: rank for rank, test in reversed(list(enumerate(ids)))}


def pytest_configure(config: pytest.Config) -> None:
    """pytest-xdist's load scheduling first sends each worker a quarter of its share of the tests, in collection
    order: the slowest tests, collected first, would all go to one worker. Sent a test at a time (each worker keeps
    two), every worker takes the next test as it comes free. A --maxschedchunk given on the command line stays."""
    if getattr(config.option, "maxschedchunk", False) is None:
        config.option.maxschedchunk = 1


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest tests run first, each worker taking the next as it comes free (`pytest_configure`): a long test
    near the end would leave the other worker idle while it runs. The rest keep their order."""
    rank = known_slow()
    last = len(rank)
    items.sort(key=lambda item: rank.get(item.nodeid, rank.get(item.nodeid.partition("[")[0], last)))
