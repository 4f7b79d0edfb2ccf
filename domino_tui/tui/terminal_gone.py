"""Whether the terminal the app draws on has gone away.

A terminal closed under a program it controls hangs it up with SIGHUP, which ends the app. A program started in a
terminal it does not control (a new session, as `setsid` starts one, or a pseudo-terminal another program opened
for it) gets no signal: its terminal's reads return nothing at once, for ever, and Textual's input thread reads on
at full speed, a whole core for as long as the process lives. The app asks, once a second, whether its terminal
is hung up, and ends if it is (tests/tui/test_terminal_gone.py). So does an app a browser's page server
runs (`domino-tui web`), whose keys come through a pipe: when the server dies, the pipe is hung up."""

from __future__ import annotations

import os
import select
import stat

GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def hung_up(fd: int) -> bool:
    """Whether ``fd`` (the terminal's) is hung up: its other end closed, or the descriptor no longer open."""
    poller = select.poll()
    poller.register(fd, select.POLLIN)  # a hang-up is reported whatever is asked for
    return any(events & GONE for _, events in poller.poll(0))


def is_pipe(fd: int) -> bool:
    """Whether ``fd`` is a pipe (or a socket), as a page server's is to the app it runs for a browser."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)
