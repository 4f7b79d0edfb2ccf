"""The worker processes a tournament's chunks run on: never more than there are chunks to play."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from domino_tui.tournament import workers


def doubled(n: int) -> int:
    return 2 * n


def test_no_more_workers_start_than_there_are_chunks(monkeypatch) -> None:
    """With fork, every worker asked for starts at once: --jobs 100000 for one match started processes until the
    machine had no more, and a SIGTERM meanwhile was not heard."""
    asked: list[int] = []

    class Counted(ProcessPoolExecutor):
        def __init__(self, jobs: int, **options: object) -> None:
            asked.append(jobs)
            super().__init__(jobs, **options)  # type: ignore[arg-type]  # the pool's own keywords

    monkeypatch.setattr(workers, "ProcessPoolExecutor", Counted)
    results: dict[int, int] = {}
    workers.run_each([1, 2], doubled, 16, results.__setitem__)
    assert asked == [2] and results == {1: 2, 2: 4}
    workers.run_each([3], doubled, 16, results.__setitem__)  # in a worker still, as asked, not in this process
    assert asked == [2, 1] and results[3] == 6
