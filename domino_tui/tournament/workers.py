"""Running a tournament's chunks of games: in this process, or on worker processes that die with the process that
started them and stop their bot hosts as they go. Both the head-to-head matches (runner.py) and the free-for-all
tables (table_play.py) run here; what a chunk is and how its tallies add up is theirs.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.util
import os
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from .host import stop_hosts
from .secrecy import die_with_parent

Task = TypeVar("Task")
Result = TypeVar("Result")


class WorkerLost(RuntimeError):
    """A worker died under the tournament (killed from outside): the run cannot finish, the journal is kept."""


def run_each(
    tasks: Sequence[Task], play: Callable[[Task], Result], jobs: int, done: Callable[[Task, Result], None]
) -> None:
    """``play`` every task, on ``jobs`` worker processes (in this process when jobs is 1), and hand each result to
    ``done`` as it comes in, in any order. ``play`` must be a module-level function (it travels to the workers)."""
    if jobs <= 1:
        try:
            for task in tasks:
                done(task, play(task))
        finally:
            stop_hosts()
        return
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # Never more workers than tasks: with fork the pool starts every worker it may have at once, so --jobs 100000
    # for one match started processes until the machine had no more. (Still in workers, however few: a bot run as
    # the user's own program that kills the process playing it then kills a worker, not the run.)
    processes = max(1, min(jobs, len(tasks)))
    pool = ProcessPoolExecutor(processes, mp_context=ctx, initializer=become_worker, initargs=(os.getpid(),))
    try:
        futures = {pool.submit(play, task): task for task in tasks}
        for future in as_completed(futures):
            done(futures[future], future.result())
    except BrokenProcessPool:
        end_pool(pool)
        raise WorkerLost("a worker process was killed from outside the tournament") from None
    except BaseException:
        end_pool(pool)
        raise
    pool.shutdown()


def _leave(signum: int, frame: object) -> None:
    stop_hosts()
    os._exit(1)


def become_worker(parent: int) -> None:
    # Ctrl-C reaches every process of the terminal's group; only the parent decides what happens. It ends a
    # worker with SIGTERM, and the worker takes its bot hosts with it; a parent killed outright (SIGKILL) takes
    # its workers with it, and their hosts follow (each dies with the process that started it).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _leave)
    signal.signal(signal.SIGHUP, _leave)
    if not die_with_parent(parent):
        os._exit(1)
    # A worker that ends normally stops its hosts too.
    multiprocessing.util.Finalize(None, stop_hosts, exitpriority=100)


def end_pool(pool: ProcessPoolExecutor) -> None:
    """End the workers at once (Ctrl-C, a failure) rather than wait for their chunks; each kills its hosts.
    Python 3.11 has no public call for this (3.14 adds terminate_workers)."""
    for proc in list(getattr(pool, "_processes", {}).values()):
        with contextlib.suppress(OSError, AttributeError):
            proc.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
