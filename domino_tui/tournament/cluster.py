"""Running a tournament's chunks on a Dask ``distributed`` cluster instead of local processes.

The client (this process) packs the entries' files once (bundle.py) and submits every chunk of every match as a
task; each worker unpacks the files and plays its chunks with the hosts in the same sandbox as a local run
(cluster_task.py). The results come back to the client, which keeps the journal: a match is written to it as soon
as its last chunk is in. A chunk is a pure function of its task, so the same seed gives the same figures on any
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

from .bundle import Bundle
from .cluster_task import ChunkFailed, bundle_of, play_remote, release
from .runner import ChunkTask, Collector, Finished, Progress, Tally
from .workers import WorkerLost

if TYPE_CHECKING:
    from distributed import Client

CONNECT_TIMEOUT = "20s"
BATCH_GAMES = 500


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
        files = client.submit(bundle_of, bundle, key=f"domino-tui-files-{run}", pure=False)
        batches = batched(tasks)
        keys = [f"domino-tui-chunks-{run}-{b[0].match}-{b[0].start}" for b in batches]
        futures = client.map(play_remote, batches, [files] * len(batches), key=keys, pure=False)
        by_key = dict(zip(keys, batches, strict=True))
        for future, played in as_completed(futures, with_results=True, loop=client.loop):
            for task, (tally, printed) in zip(by_key[future.key], played, strict=True):
                if printed:
                    sys.stderr.write(printed)
                    sys.stderr.flush()
                collect(task, tally)
    except KilledWorker as exc:
        _stop(client, futures, bundle)
        raise WorkerLost(f"the cluster's workers kept dying under one chunk: {exc}") from None
    except ChunkFailed as exc:
        _stop(client, futures, bundle)
        raise ClusterError(str(exc)) from None
    except BaseException:
        _stop(client, futures, bundle)
        raise
    _release(client, bundle)
    client.close()
    return collect.tallies


def batched(tasks: list[ChunkTask]) -> list[tuple[ChunkTask, ...]]:
    """Chunks in tasks of at least BATCH_GAMES games of built-in bots (a short match of them takes milliseconds:
    the trip through the scheduler would cost as much), and a task per chunk with a user bot in it."""
    out: list[tuple[ChunkTask, ...]] = []
    batch: list[ChunkTask] = []
    games = 0
    for task in tasks:
        batch.append(task)
        games += task.stop - task.start
        if games >= BATCH_GAMES or any(e.hosted for e in task.entries):
            out.append(tuple(batch))
            batch, games = [], 0
    if batch:
        out.append(tuple(batch))
    return out


def _release(client: Client, bundle: Bundle) -> None:
    with contextlib.suppress(Exception):  # a worker gone, the scheduler gone: nothing of ours runs there then
        client.run(release, bundle.digest)


def _stop(client: Client, futures: list, bundle: Bundle) -> None:
    """Interrupted or failed: nothing of the run may go on on the cluster."""
    with contextlib.suppress(Exception):
        client.cancel(futures)
    _release(client, bundle)
    with contextlib.suppress(Exception):
        client.close()
