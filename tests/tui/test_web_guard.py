"""`domino-tui web` starts a table (a process of the user's) only for its own page: a page from elsewhere open in
the user's browser is refused before anything starts, the tables running at once are capped, and with `--token`
only the address it printed opens a table. Against the real `domino-tui web` on 127.0.0.1, with a real
WebSocket client sending the headers a browser sends."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from domino_tui.paths import CONFIG_ENV

from .test_browser import ROOT, free_port, stop, wait_for_port


class Web:
    def __init__(self, proc: subprocess.Popen[str], port: int, address: str) -> None:
        self.proc, self.port, self.address = proc, port, address

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def socket(self, origin: str | None, path: str = "/ws") -> ClientConnection:
        url = f"ws://127.0.0.1:{self.port}{path}?width=80&height=24"
        return connect(url, origin=origin, open_timeout=10)  # type: ignore[arg-type]  # an origin is a str

    def tables(self) -> int:
        """The tables this server has started: its own child processes, one a tab (what each of them starts in
        turn comes and goes as the app starts up)."""
        count = 0
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                count += ppid == self.proc.pid
        return count

    def wait_for_tables(self, check, timeout: float = 30) -> int:
        deadline = time.monotonic() + timeout
        while True:
            n = self.tables()
            if check(n) or time.monotonic() > deadline:
                return n
            time.sleep(0.05)


def start(tmp_path: Path, *options: str) -> Iterator[Web]:
    config = tmp_path / "config"
    config.mkdir()
    port = free_port()
    command = [sys.executable, "-m", "domino_tui", "web", "--port", str(port), "--pause", "0", *options]
    env = {**os.environ, CONFIG_ENV: str(config)}
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        address = f"http://127.0.0.1:{port}/"
        if "--token" in options:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            assert line.startswith("Open http://127.0.0.1:"), line
            address = line.split(" ", 1)[1].strip()
        wait_for_port(port, 15)
        yield Web(proc, port, address)
    finally:
        stop(proc)


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Web]:
    yield from start(tmp_path, "--max-tabs", "1")


@pytest.fixture(scope="module")
def refusing_web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Web]:
    """One server for the pages it refuses (each of them starts nothing, so each finds it as the last left it):
    a server a test cost a second or two of starting Python."""
    yield from start(tmp_path_factory.mktemp("refusing"), "--max-tabs", "1")


@pytest.fixture
def web_with_token(tmp_path: Path) -> Iterator[Web]:
    yield from start(tmp_path, "--token")


def refused_with(call) -> int:
    with pytest.raises(InvalidStatus) as refused:
        call()
    return refused.value.response.status_code


@pytest.mark.parametrize("origin", ["http://evil.example", "http://127.0.0.1:1", "null", None])
def test_a_page_from_elsewhere_starts_no_table(refusing_web: Web, origin: str | None) -> None:
    web = refusing_web
    assert refused_with(lambda: web.socket(origin)) == 403
    assert web.tables() == 0


def test_its_own_page_starts_a_table_and_the_tables_are_capped(web: Web) -> None:
    with web.socket(web.origin) as tab:
        assert web.wait_for_tables(lambda n: n > 0) == 1
        # A second table at once is one too many with --max-tabs 1, even from the server's own page.
        assert refused_with(lambda: web.socket(f"http://localhost:{web.port}")) == 503
        assert web.tables() == 1
        tab.close()
    assert web.wait_for_tables(lambda n: n == 0) == 0
    with web.socket(f"http://localhost:{web.port}"):  # the same machine by its other name: its own page too
        assert web.wait_for_tables(lambda n: n > 0) > 0


def test_with_a_token_only_the_printed_address_opens_a_table(web_with_token: Web) -> None:
    web = web_with_token
    token = web.address.split("token=", 1)[1]
    with pytest.raises(urllib.error.HTTPError) as page:
        urllib.request.urlopen(f"http://127.0.0.1:{web.port}/", timeout=10)
    assert page.value.code == 403
    with urllib.request.urlopen(web.address, timeout=10) as reply:
        assert f"/ws/{token}" in reply.read().decode()
    assert refused_with(lambda: web.socket(web.origin)) == 403
    # Its last character changed (to "x", or "y" where it was "x": one token in 64 ends in "x", and was let in).
    wrong = token[:-1] + ("y" if token.endswith("x") else "x")
    assert refused_with(lambda: web.socket(web.origin, f"/ws/{wrong}")) == 403
    # A token with a character past ASCII is as wrong as any other (it was an error 500 and a traceback).
    with pytest.raises(urllib.error.HTTPError) as page:
        urllib.request.urlopen(f"http://127.0.0.1:{web.port}/?token=%C3%A9", timeout=10)
    assert page.value.code == 403
    assert refused_with(lambda: web.socket(web.origin, "/ws/%C3%A9")) == 403
    assert web.tables() == 0
    with web.socket(web.origin, f"/ws/{token}"):
        assert web.wait_for_tables(lambda n: n > 0) > 0
