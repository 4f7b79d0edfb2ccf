"""Keeping the tournament's seed from the bots: out of this process's memory and out of its command line.

A bot runs as a program of its own, but on one machine it can look at the other processes of the same user:
/proc/PID/mem, environ and fd are closed to it once this process is not dumpable, and the seed's digits are
overwritten where /proc/PID/cmdline reads them (that file stays readable to everybody). Linux only; elsewhere
these do nothing, and the README says what no single machine can prevent.
"""

from __future__ import annotations

import ctypes
import sys

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


def hide_in_cmdline(value: str) -> bool:
    """Overwrite the value of ``--seed`` with asterisks in this process's original argv, which is what
    /proc/PID/cmdline shows (a forked worker copies it). True if it was found."""
    if LIBC is None or not value:
        return False
    try:
        with open("/proc/self/stat", "rb") as fh:
            fields = fh.read().rpartition(b")")[2].split()
        # Fields 48 and 49 of stat (counted from 1, "pid" first): where argv starts and ends in memory.
        start, end = int(fields[47 - 2]), int(fields[48 - 2])
    except (OSError, IndexError, ValueError):
        return False
    if not 0 < start < end or end - start > 1 << 20:
        return False
    args = ctypes.string_at(start, end - start)
    needle = value.encode()
    found = False
    offset = 0
    previous = b""
    for arg in args.split(b"\0"):
        # "--seed 5", "--seed=5" and argparse's abbreviations of them ("--se 5"): only the seed's own value.
        at = -1
        if previous.startswith(b"--s") and b"=" not in previous and arg == needle:
            at = offset
        elif arg.startswith(b"--s") and arg.endswith(b"=" + needle):
            at = offset + len(arg) - len(needle)
        if at >= 0:
            ctypes.memset(start + at, ord("*"), len(needle))
            found = True
        previous = arg
        offset += len(arg) + 1
    return found
