"""Running a tournament's chunks on a Dask ``distributed`` cluster instead of local processes.

The client (this process) packs the entries' files once (bundle.py) and submits the chunks of every match as tasks
(``batched``: by their estimated cost, the costliest first, a few chunks of built-in bots to a task); each worker
unpacks the files and plays its chunks with the hosts in the same sandbox as a local run (cluster_task.py). The
results come back to the client, which keeps the journal: a match is written to it as soon as its last chunk is in.
A chunk is a pure function of its task, so the same seed gives the same figures on any
cluster, in any order, and a chunk whose worker died is simply played again elsewhere (the scheduler does this).

Stopping: when the client is interrupted (Ctrl-C, a signal) or fails, it cancels every task it submitted, and a
worker's task that finds itself cancelled ends its chunk process at once, its hosts with it; a client that vanished
(killed outright) has its tasks cancelled by the scheduler alike. At the end of a run, however it ends, every worker
is told (``release``): its chunk processes stop their hosts and its copy of the entries' files goes.

The seed travels inside the tasks to the workers' processes, never into a sandbox. Between the machines it is
as safe as the cluster's connections: use a ``tls://`` scheduler address on a network you do not trust.
"""

from __future__ import annotations

import contextlib
import sys
import uuid
from typing import TYPE_CHECKING

from ..engine import get_rules
from .bundle import Bundle
from .cluster_task import ChunkFailed, bundle_of, chunks_key, files_key, fingerprint, play_remote, release
from .runner import ChunkTask, Collector, Finished, Progress, Tally, all_fast
from .workers import WorkerLost

if TYPE_CHECKING:
    from distributed import Client, Future

CONNECT_TIMEOUT = "20s"
MIN_BATCH = 500  # games of built-in bots on the fast path: a few tens of milliseconds, well above a task's trip
FULL_GAME_COST = 50  # a game of built-in bots off the fast path (interpreted) lasts about 50 fast ones
HOSTED_GAME_COST = 200  # a game with a user bot (each move through a pipe to its host): a few to tens of ms
SHARES = 2


class ClusterError(RuntimeError):
    """The cluster could not play the run (no scheduler at the address, a worker without a sandbox...)."""


def run_on_cluster(
    tasks: list[ChunkTask],
    matches: int,
    scheduler: str,
    bundle: Bundle,
    progress: Progress | None = None,
    finished: Finished | None = None,
) -> list[Tally]:
    """Run every chunk as a task on the cluster whose scheduler is at ``scheduler``; one Tally per match, as
    run_chunks gives. What the hosts printed on the workers is shown here, on stderr."""
    try:
        from distributed import Client, as_completed
        from distributed.scheduler import KilledWorker
    except ImportError:
        raise ClusterError("running on a cluster needs Dask's distributed: pip install 'domino-tui[cluster]'") from None

    collect = Collector(tasks, matches, progress, finished)
    try:
        client = Client(scheduler, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    run = uuid.uuid4().hex
    futures = []
    try:
        # Files to unpack travel once, as a task's result each worker fetches; no files (built-in bots, programs
        # of the system) travel in the tasks, which then need not wait for that one.
        files: Bundle | Future = bundle
        if bundle.files or bundle.roots:
            files = client.submit(bundle_of, bundle, key=files_key(run), pure=False)
        batches = batched(tasks, sum(client.nthreads().values()))
        keys = [chunks_key(run, b[0].match, b[0].start) for b in batches]
        n = len(batches)
        futures = client.map(play_remote, batches, [files] * n, [run] * n, [fingerprint()] * n, key=keys, pure=False)
        by_key = dict(zip(keys, batches, strict=True))
        for future, played in as_completed(futures, with_results=True, loop=client.loop):
            for task, (tally, printed) in zip(by_key[future.key], played, strict=True):
                if printed:
                    sys.stderr.write(printed)
                    sys.stderr.flush()
                collect(task, tally)
    except KilledWorker as exc:
        _stop(client, futures, run)
        raise WorkerLost(f"the cluster's workers kept dying under one chunk: {exc}") from None
    except ChunkFailed as exc:
        _stop(client, futures, run)
        raise ClusterError(str(exc)) from None
    except BaseException:
        _stop(client, futures, run)
        raise
    _release(client, run)
    client.close()
    return collect.tallies


def chunk_cost(task: ChunkTask) -> int:
    """What a chunk weighs, in games of built-in bots on the fast path (the unit of MIN_BATCH)."""
    games = task.stop - task.start
    if any(e.hosted for e in task.entries):
        return games * HOSTED_GAME_COST
    return games if all_fast(task.entries, get_rules(task.variant)) else games * FULL_GAME_COST


def batched(tasks: list[ChunkTask], threads: int) -> list[tuple[ChunkTask, ...]]:
    """The chunks cut into the cluster's tasks, the costliest first (the chunks of a match stay together): a chunk
    with a user bot alone; chunks of built-in bots a few to a task (a short match of them takes milliseconds: the
    trip through the scheduler would cost as much), first in large tasks, then in smaller and smaller ones (each
    about a 1/SHARES of a thread's share of what is left), so that the ``threads`` of the cluster end nearly
    together rather than one of them playing a last long task while the others wait."""
    tasks = sorted(tasks, key=chunk_cost, reverse=True)  # stable: a match's chunks keep their order
    out: list[tuple[ChunkTask, ...]] = []
    left = sum(chunk_cost(t) for t in tasks)
    batch: list[ChunkTask] = []
    weight = 0

    def flush() -> None:
        nonlocal left, weight
        if batch:
            out.append(tuple(batch))
            batch.clear()
            left -= weight
            weight = 0

    for task in tasks:
        if any(e.hosted for e in task.entries):
            flush()
            batch.append(task)
            weight = chunk_cost(task)
            flush()
            continue
        if not batch:
            target = max(MIN_BATCH, left // (SHARES * max(threads, 1)))
        batch.append(task)
        weight += chunk_cost(task)
        if weight >= target:
            flush()
    flush()
    return out


def _release(client: Client, run: str) -> None:
    with contextlib.suppress(Exception):  # a worker gone, the scheduler gone: nothing of ours runs there then
        client.run(release, run)


def _stop(client: Client, futures: list, run: str) -> None:
    """Interrupted or failed: nothing of the run may go on on the cluster."""
    with contextlib.suppress(Exception):
        client.cancel(futures)
    _release(client, run)
    with contextlib.suppress(Exception):
        client.close()
