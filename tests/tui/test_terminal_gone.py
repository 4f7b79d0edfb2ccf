"""A terminal that goes away without hanging the app up (it does not control that terminal, as under `setsid`, or
a pseudo-terminal another program opened for it and then closed): the app ends within seconds, where Textual's
input thread read the dead terminal at full speed for as long as the process lived."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def test_the_app_ends_when_its_terminal_goes_away(tmp_path: Path) -> None:
    env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(tmp_path), "TERM": "xterm-256color"}
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    # A session of its own, whose terminal this is not: closing it sends no SIGHUP.
    command = [sys.executable, "-m", "domino_tui", "--seed", "1"]
    proc = subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, env=env, start_new_session=True)
    os.close(follower)
    try:
        seen = b""
        deadline = time.monotonic() + 60
        while b"Your turn" not in seen:
            assert time.monotonic() < deadline, "the table was never drawn"
            if select.select([leader], [], [], 0.5)[0]:
                seen += os.read(leader, 65536)
        os.close(leader)  # the terminal goes away
        leader = -1
        proc.wait(timeout=30)  # it ends; before, it read the dead terminal at full speed for ever
    finally:
        if leader >= 0:
            os.close(leader)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
