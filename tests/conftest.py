"""What every test shares: how Python's garbage collector runs in the test processes."""

from __future__ import annotations

import gc

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
