"""The tests' own PostgreSQL server outlives no run: a test process killed before its fixtures end (SIGKILL, as a
timeout or a person does) still has its server stopped and its folder removed, by the watchdog the server starts
with."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .postgres import binaries

pytestmark = pytest.mark.slow

STARTS = """
import json, socket, sys, time
sys.path.insert(0, sys.argv[1])
from postgres import PostgresServer
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
server = PostgresServer(port)
server.start()
print(json.dumps({"port": port, "folder": str(server.folder)}), flush=True)
time.sleep(600)  # killed long before
"""


def listening(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_a_killed_test_process_leaves_no_postgresql_running() -> None:
    binaries()  # fails with what to install where there is no PostgreSQL
    here = str(Path(__file__).parent)
    proc = subprocess.Popen([sys.executable, "-c", STARTS, here], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        started = json.loads(proc.stdout.readline())
        assert listening(started["port"])
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    deadline = time.monotonic() + 60
    while listening(started["port"]) or Path(started["folder"]).exists():
        assert time.monotonic() < deadline, "the server outlived the process that started it"
        time.sleep(0.05)
