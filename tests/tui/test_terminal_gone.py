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
import threading
import time
from pathlib import Path
from typing import IO

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


def test_an_app_a_page_server_runs_ends_when_the_server_dies(tmp_path: Path) -> None:
    """`domino-tui web` (textual-serve) runs the app with Textual's web driver, its keys through a pipe: a server
    killed with SIGKILL closes that pipe and sends nothing more. The app ends, where it lived on unseen, holding the
    saved game's lock (every later start said the game was open in another window)."""
    env = {
        **os.environ,
        "DOMINO_TUI_CONFIG_DIR": str(tmp_path),
        "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",  # as textual-serve's app service sets it
        "COLUMNS": "80",
        "ROWS": "24",
    }
    command = [sys.executable, "-m", "domino_tui", "--seed", "1"]
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdin is not None and proc.stdout is not None
    drawn = threading.Event()

    def drain(out: IO[bytes]) -> None:  # the server reads every frame; a full pipe would stop the app instead
        seen = b""
        for chunk in iter(lambda: out.read1(65536), b""):
            seen += chunk
            if b"Your turn" in seen:
                drawn.set()
                seen = b""

    reader = threading.Thread(target=drain, args=(proc.stdout,), daemon=True)
    reader.start()
    try:
        assert drawn.wait(60), "the table was never drawn"
        proc.stdin.close()  # the page server is gone
        proc.wait(timeout=30)  # it ends; before, it lived on
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        reader.join(10)
        proc.stdout.close()
