"""How a cluster run cuts its chunks into tasks (cluster.batched): every chunk once, the costliest first, a user
bot's chunk alone, chunks of built-in bots a few to a task, and the tasks' sizes falling towards the end so that
the cluster's threads, taking the tasks in turn, end nearly together (by the chunks' estimated costs)."""

from __future__ import annotations

import heapq

import pytest
from helpers import FIRST_LEGAL

from domino_tui.engine import get_rules
from domino_tui.tournament.cluster import MIN_BATCH, batched, chunk_cost
from domino_tui.tournament.entries import parse_entries
from domino_tui.tournament.runner import ChunkTask, chunk_tasks

BUILT_IN = ["greedy", "dummy", "random", "doubles", "hyperskill", "fivescorer", "greedy+dummy", "doubles+greedy"]


def round_robin(bots: list[str], games: int) -> list[ChunkTask]:
    rules = get_rules("partnership9")
    return chunk_tasks(rules, parse_entries(bots, rules), games, 1, 10)[1]


def sorted_chunks(tasks: list[ChunkTask]) -> list[tuple[int, int]]:
    return sorted((t.match, t.start) for t in tasks)


def end_times(batches: list[tuple[ChunkTask, ...]], threads: int) -> list[int]:
    """When each thread ends, each taking the next task as soon as it is free, a task lasting its chunks' cost."""
    free = [0] * threads
    for batch in batches:
        heapq.heapreplace(free, free[0] + sum(chunk_cost(t) for t in batch))
    return free


@pytest.mark.parametrize("threads", [1, 2, 3, 8])
@pytest.mark.parametrize("games", [100, 1000])
def test_built_in_bots_travel_a_few_to_a_task_and_the_threads_end_together(threads: int, games: int) -> None:
    tasks = round_robin(BUILT_IN, games)
    batches = batched(tasks, threads)
    assert sorted_chunks([t for b in batches for t in b]) == sorted_chunks(tasks)
    costs = [chunk_cost(t) for b in batches for t in b]
    assert costs == sorted(costs, reverse=True)
    assert all(sum(chunk_cost(t) for t in b) >= MIN_BATCH for b in batches[:-1])
    assert len(batches) < len(tasks)
    ends = end_times(batches, threads)
    biggest = max(chunk_cost(t) for t in tasks)
    assert max(ends) - min(ends) <= MIN_BATCH + biggest


def test_a_chunk_with_a_user_bot_is_a_task_of_its_own() -> None:
    tasks = round_robin([f"cmd:sh {FIRST_LEGAL}", *BUILT_IN[:4]], 100)
    batches = batched(tasks, 2)
    assert sorted_chunks([t for b in batches for t in b]) == sorted_chunks(tasks)
    for batch in batches:
        hosted = [any(e.hosted for e in t.entries) for t in batch]
        assert not any(hosted) or hosted == [True]
