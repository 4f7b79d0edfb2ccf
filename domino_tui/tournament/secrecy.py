"""What the referee's own processes do so that nothing of theirs can be read, and nothing of theirs outlives them.

Bots run sandboxed and see no other process at all; these hold for a run with --unsandboxed too, and for the
moments before the first sandbox: the referee's memory, environment and open files are closed to other processes
of the same user once it is not dumpable, and a worker dies with the process that started it. Linux only;
elsewhere these do nothing.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4


def libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


LIBC = libc()


def make_undumpable() -> bool:
    """Keep other processes of this user out of this process's memory and environment. True if it took effect."""
    return LIBC is not None and LIBC.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) == 0


def die_with_parent(parent: int) -> bool:
    """Have the kernel kill this process when ``parent`` (the process that started it) ends, however it ends.
    False when the parent has already gone (it died before this could be asked)."""
    if LIBC is not None:
        LIBC.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    return os.getppid() == parent
