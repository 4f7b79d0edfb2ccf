"""Standard output that may be gone: a reader that left (``| head``, ``| true``), a full disk (``> /dev/full``), a
descriptor closed before the start (``>&-``).

While a command line face runs, `guarded` puts a thin wrapper over ``sys.stdout`` that turns every failure to
write into `OutputLost`; the command line catches it in one place (`cli.main`) and ends as `ended` says: quietly
with status 0 when the reader has gone (it asked for no more), with one line on stderr and status 1 when the
output was lost another way. Either way no traceback, and the real stdout is pointed at nothing so that Python's
own flush at exit cannot complain. The wrapper is taken off again when the face returns, so nothing outlives
the run: graders call the program in-process many times.
"""

from __future__ import annotations

import errno
import os
import sys
from contextlib import contextmanager, suppress

# typing is not imported at run time: the plain mode's stage 1 must start about as fast as Python itself.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any


class OutputLost(Exception):
    """Standard output cannot be written; ``reason`` is the OSError (or the closed stream's ValueError)."""

    def __init__(self, reason: BaseException) -> None:
        super().__init__(str(reason))
        self.reason = reason


class _Guard:
    """``sys.stdout`` as it was, but a failed ``write`` or ``flush`` raises OutputLost. Every other attribute
    (``fileno``, ``isatty``, ``encoding``, ...) is the stream's own, and absent where the stream lacks it."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, data: str) -> object:
        try:
            return self._stream.write(data)
        except (OSError, ValueError) as exc:  # ValueError: "I/O operation on closed file"
            raise OutputLost(exc) from exc

    def flush(self) -> None:
        try:
            self._stream.flush()
        except (OSError, ValueError) as exc:
            raise OutputLost(exc) from exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _Closed:
    """Standard output closed before the start (Python then sets ``sys.stdout`` to None): nothing is lost until
    something is written (the Textual app writes to the terminal itself)."""

    def write(self, data: str) -> object:
        raise OSError(errno.EBADF, "it is closed")

    def flush(self) -> None:
        pass


@contextmanager
def guarded() -> Iterator[None]:
    """Guard ``sys.stdout`` for the duration; flush it at the end, inside the guard, so that output held in its
    buffer fails here and not in Python's flush at exit."""
    stream = sys.stdout
    sys.stdout = _Guard(stream if stream is not None else _Closed())
    try:
        yield
        sys.stdout.flush()
    finally:
        if isinstance(sys.stdout, _Guard):  # a face may have replaced it in turn (it is then its own business)
            sys.stdout = stream


def ended(lost: OutputLost, program: str = "domino-tui") -> int:
    """The exit status once output is lost, after saying why on stderr (unless the reader simply went away)."""
    _silence(sys.stdout)
    reason = lost.reason
    if isinstance(reason, BrokenPipeError):
        return 0
    why = reason.strerror if isinstance(reason, OSError) and reason.strerror else str(reason)
    if sys.stderr is not None:
        with suppress(OSError, ValueError):  # stderr is gone too: the status says it
            print(f"{program}: cannot write to standard output: {why}", file=sys.stderr, flush=True)
    return 1


def _silence(stream: Any) -> None:
    """Point the real stdout at nothing, so that what is left in its buffer goes nowhere at exit instead of
    failing again. A stream without a file descriptor (a grader's object) is left as it is."""
    fileno = getattr(stream, "fileno", None)
    if fileno is None:
        return
    try:
        fd = fileno()
    except (OSError, ValueError):
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)
