"""What a cluster's worker does with a chunk of a match: unpack the entries' files, play the chunk in a process of
its own, give back the tally and what the hosts printed, and leave nothing behind.

A Dask worker runs its tasks in threads, and a host is started with a ``preexec_fn`` (its limits, its cgroups, to
die with its parent), which is not safe in a threaded process. So each of the worker's task threads keeps one
chunk process, a fresh single-threaded interpreter (``python -m domino_tui.tournament.cluster_task``) that starts
the hosts: it dies with the thread that started it (the worker killed, its thread gone), and its hosts with it.
The two talk by pickles on a pipe, one batch of chunks at a time. Started by ``subprocess`` without a
``preexec_fn``, it is safe to start from a thread.

The thread waits for its chunks in short steps and asks the worker whether the task is still wanted; a task the
client cancelled (it was interrupted, or it went away) ends its chunk process at once, which stops its hosts. When
a run is over the client tells every worker (``release``): the chunk processes stop their hosts (as they do by
themselves after HOSTS_IDLE seconds without a chunk, should the client vanish) and stay, holding no user code, for
the next run (they leave after IDLE seconds without one), and the run's copy of the entries' files, unpacked once
per worker into its own scratch space, is removed (with the worker's folder if the worker is killed; a run whose
client was killed never says it is over: its files go when the next run on the worker starts or ends).

A chunk process kept from one run to the next must not serve a run stale. Every batch names its run: a chunk
process stops the hosts of any other run before it plays (so no bot's host, and no state a bot kept, crosses from
one run to the next, even when a run's ``release`` never came), and each run has its own folder of files (two runs
of the same files at once do not remove each other's). Every batch also carries the client's ``fingerprint`` of
the package: a chunk process started before the package changed on its machine answers that it is another one and
is replaced by a fresh one; a fresh one that still differs means the worker has another domino-tui than the client,
which could give other figures for the same seed, and the chunk fails saying so.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
import os
import pickle
import select
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from . import cgroups
from .bundle import Bundle, relocate, unpack
from .host import stop_hosts
from .runner import ChunkTask, Tally, play_chunk
from .sandbox import INSTALL_HINT, bubblewrap
from .secrecy import make_undumpable
from .workers import become_worker

POLL = 0.1  # seconds between two looks at whether the task is still wanted
HOSTS_IDLE = 5.0  # seconds without a chunk after which a chunk process stops its hosts
# Seconds a chunk process (holding no host between runs) waits for the next run before it leaves: a fresh one costs
# the run that starts it an interpreter importing the package (0.2 to 0.6 s a thread here), an idle one ~30 MB.
IDLE = 600.0
_CHILDREN: dict[int, subprocess.Popen] = {}  # a task thread's ident -> its chunk process
_UNPACKING = threading.Lock()
_SENDING = threading.Lock()


class ChunkFailed(RuntimeError):
    """A chunk could not be played on a worker (no sandbox there, its chunk process died); says which and why."""


class Cancelled(Exception):
    """The client no longer wants the task: the chunk was stopped."""


def bundle_of(bundle: Bundle) -> Bundle:
    """The bundle as a task's result: the scheduler keeps it in the task, so a worker lost with it makes another."""
    return bundle


PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def source_digest(package: str) -> str:
    """A digest of the Python source of the package in the folder ``package`` (the compiled kernel is built from
    the same source)."""
    h = hashlib.sha256()
    for folder, folders, files in os.walk(package):
        folders.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                h.update(f"{os.path.relpath(path, package)}\0".encode())
                with open(path, "rb") as fh:
                    h.update(fh.read())
    return h.hexdigest()


@functools.cache
def fingerprint() -> str:
    """This process's domino-tui, as its source was when the process first asked."""
    return source_digest(PACKAGE)


FOLDER = "domino-tui-entries-"


def chunks_key(run: str, match: int, start: int) -> str:
    """The Dask key of a task of chunks of the run ``run`` (a run's id holds no dash)."""
    return f"domino-tui-chunks-{run}-{match}-{start}"


def files_key(run: str) -> str:
    return f"domino-tui-files-{run}"


def _run_of(key: object) -> str | None:
    parts = key.split("-") if isinstance(key, str) else []
    ours = len(parts) > 3 and parts[:2] == ["domino", "tui"] and parts[2] in ("chunks", "files")
    return parts[3] if ours else None


def _sweep_folders(worker: Any, keep: str = "") -> None:
    """Remove the folders of files of the runs this worker holds no task of (nor ``keep``): a run whose client was
    killed never said it was over, and a task of an interrupted run may have unpacked its files after it did."""
    runs = {_run_of(key) for key in list(worker.state.tasks)}  # list(): the worker's loop changes it meanwhile
    for name in os.listdir(worker.local_directory):
        if name.startswith(FOLDER) and name.removeprefix(FOLDER) not in runs | {keep}:
            shutil.rmtree(os.path.join(worker.local_directory, name), True)


def _entries_folder(worker: Any, bundle: Bundle, run: str) -> str:
    """The run's bundle unpacked in this worker's scratch space, once for all its chunks (hosts keep their files)."""
    folder = os.path.join(worker.local_directory, FOLDER + run)
    with _UNPACKING:
        if not os.path.isdir(folder):
            _sweep_folders(worker, run)
            partial = tempfile.mkdtemp(prefix="domino-tui-unpacking-", dir=worker.local_directory)
            unpack(bundle, partial)
            os.rename(partial, folder)
    return folder


Played = list[tuple[Tally, str]]  # each chunk's tally and what its hosts printed


def play_remote(batch: tuple[ChunkTask, ...], bundle: Bundle, run: str, client: str) -> Played:
    """Play a few chunks of the run ``run`` on this Dask worker: each one's tally, and what its hosts printed (for
    the client's terminal). ``client`` is the client's fingerprint."""
    from distributed import get_worker

    worker = get_worker()
    key = worker.get_current_task()

    def cancelled() -> bool:
        ts = worker.state.tasks.get(key)
        return ts is None or ts.state in ("cancelled", "released", "forgotten")

    if cancelled():  # the run was stopped before this task started: unpack nothing
        raise Cancelled
    folder = _entries_folder(worker, bundle, run)
    moved = []
    for task in batch:
        (first, second), confinement = relocate(task.entries, task.confinement, bundle, folder)
        moved.append(replace(task, entries=(first, second), confinement=confinement))
    return in_child(tuple(moved), run, client, cancelled)


def release(run: str, dask_worker: Any) -> None:
    """The run is over (run on every worker by the client, which hands it the worker): every chunk process stops
    its hosts once its chunk (if any) is done, and stays for the next run; the run's files go."""
    for child in list(_CHILDREN.values()):
        with contextlib.suppress(OSError, ValueError):
            _send(child, None)
    cgroups.sweep()  # the groups of hosts whose chunk process was killed (with a worker of this machine)
    with _UNPACKING:
        shutil.rmtree(os.path.join(dask_worker.local_directory, FOLDER + run), True)
        _sweep_folders(dask_worker)


def _child() -> subprocess.Popen:
    me = threading.get_ident()
    child = _CHILDREN.get(me)
    if child is None or child.poll() is not None:
        child = _CHILDREN[me] = subprocess.Popen(
            [sys.executable, "-m", __name__, str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            close_fds=True,
        )
    return child


def _stop(child: subprocess.Popen) -> None:
    """Stop a chunk process: on SIGTERM it stops its hosts and leaves."""
    with contextlib.suppress(OSError):
        child.terminate()
    try:
        child.wait(timeout=5)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def _end(child: subprocess.Popen) -> None:
    _CHILDREN.pop(threading.get_ident(), None)
    _stop(child)


Message = tuple[str, str, tuple[ChunkTask, ...]] | None  # (the client's fingerprint, the run, its chunks)
PLAYED, FAILED, OTHER = "played", "failed", "another package"  # what a chunk process answers


def _send(child: subprocess.Popen, message: Message) -> None:
    """Chunks to play, or None: stop your hosts (the run is over). One message at a time on a pipe."""
    assert child.stdin is not None  # started with PIPE
    with _SENDING:
        pickle.dump(message, child.stdin)
        child.stdin.flush()


def _answer(child: subprocess.Popen, cancelled: Callable[[], bool]) -> tuple[str, Any]:
    assert child.stdout is not None  # started with PIPE
    while not select.select([child.stdout.fileno()], [], [], POLL)[0]:
        if cancelled():
            raise Cancelled
    return pickle.load(child.stdout)


def in_child(batch: tuple[ChunkTask, ...], run: str, client: str, cancelled: Callable[[], bool]) -> Played:
    """Play ``batch`` of the run ``run`` in this thread's chunk process, ending it if ``cancelled()`` turns true
    meanwhile; ``client`` is the client's fingerprint, which the chunk process must share."""
    message = (client, run, batch)
    child = _child()
    try:
        try:
            _send(child, message)
        except OSError:  # it left, idle, just as the chunks came: a new one
            _end(child)
            child = _child()
            _send(child, message)
        status, value = _answer(child, cancelled)
        if status == OTHER:  # started before the package changed on this machine: a fresh one
            _end(child)
            child = _child()
            _send(child, message)
            status, value = _answer(child, cancelled)
    except (OSError, EOFError, pickle.UnpicklingError):
        _end(child)
        raise ChunkFailed(f"the chunk process died (exit status {child.returncode})") from None
    except BaseException:
        _end(child)
        raise
    if status == OTHER:
        _end(child)
        raise ChunkFailed(
            f"worker {os.uname().nodename} has another domino-tui than the client (its source's digest {value[:12]}, "
            f"the client's {client[:12]}): install the same version on every worker"
        )
    if status != PLAYED:
        raise ChunkFailed(value)
    return value


def _play(batch: tuple[ChunkTask, ...]) -> tuple[str, object]:
    if any(task.confinement.sandboxed and any(e.hosted for e in task.entries) for task in batch):
        found, why = bubblewrap()
        if not found:
            return FAILED, f"worker {os.uname().nodename}: {why}; {INSTALL_HINT}"
    played = []
    try:
        for task in batch:
            relayed = io.StringIO()
            with contextlib.redirect_stderr(relayed):
                played.append((play_chunk(task), relayed.getvalue()))
    except Exception as exc:
        stop_hosts()
        return FAILED, f"worker {os.uname().nodename}: {type(exc).__name__}: {exc}"
    return PLAYED, played


def main(argv: list[str]) -> int:
    """The chunk process: a pickled Message in, (PLAYED, [(tally, printed), ...]) or (FAILED, why) or (OTHER, its
    fingerprint) out, until its input ends or nothing came for IDLE seconds. Its hosts stay up from one chunk to
    the next of the same run."""
    become_worker(int(argv[0]))  # dies with the thread that started it; SIGTERM stops its hosts
    make_undumpable()  # it holds the seed
    mine = fingerprint()  # of the source it imported just now
    tasks, results = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but results on the results' pipe
    run = None
    try:
        while True:
            if not select.select([tasks.fileno()], [], [], HOSTS_IDLE)[0]:
                # No chunk for a while: its run may be over, its client gone without a word; hosts stop.
                stop_hosts()
                run = None
                if not select.select([tasks.fileno()], [], [], IDLE)[0]:
                    break
            try:
                message = pickle.load(tasks)
            except EOFError:
                break
            if message is None:  # the run is over: no host of it waits for more games
                stop_hosts()
                run = None
                continue
            client, this_run, batch = message
            if client != mine:
                pickle.dump((OTHER, mine), results)
                results.flush()
                continue
            if this_run != run:  # another run's chunks: the hosts of the one before are done
                stop_hosts()
                run = this_run
            pickle.dump(_play(batch), results)
            results.flush()
    finally:
        stop_hosts()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
