"""`domino-tui web` draws a tab's table at most MAX_COLUMNS by MAX_ROWS, whatever size the page asks for: in the
socket's address (the size the tab starts at) or in a resize message. textual-serve passed any number on, and
Textual built a screen of that many cells."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from aiohttp import WSMsgType
from websockets.sync.client import connect

from domino_tui.tui.web import MAX_COLUMNS, MAX_ROWS, guarded_server

from .test_web_guard import Web, start


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Web]:
    yield from start(tmp_path)


def terminal_of_the_tab(web: Web, timeout: float = 30) -> dict[str, str]:
    """COLUMNS and ROWS in the environment of the process the server started for the one open tab."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) != web.proc.pid:
                    continue
                environ = (entry / "environ").read_bytes().split(b"\0")
            except (OSError, IndexError, ValueError):
                continue
            pairs = dict(item.decode().partition("=")[::2] for item in environ if b"=" in item)
            if "TEXTUAL_DRIVER" in pairs:  # the tab's own environment (before its exec, a child has the server's)
                return {name: pairs[name] for name in ("COLUMNS", "ROWS")}
        time.sleep(0.05)
    raise AssertionError("no tab was started")


@pytest.mark.parametrize(
    ("query", "size"),
    [
        ("width=1000000000&height=1000000000", {"COLUMNS": str(MAX_COLUMNS), "ROWS": str(MAX_ROWS)}),
        ("width=0&height=-5", {"COLUMNS": "1", "ROWS": "1"}),
        ("width=wide&height=40", {"COLUMNS": "80", "ROWS": "24"}),
        ("width=120&height=40", {"COLUMNS": "120", "ROWS": "40"}),
    ],
)
def test_a_tab_starts_at_a_size_a_terminal_can_have(web: Web, query: str, size: dict[str, str]) -> None:
    with connect(f"ws://127.0.0.1:{web.port}/ws?{query}", origin=web.origin, open_timeout=10):  # type: ignore[arg-type]  # an origin is a str
        assert terminal_of_the_tab(web) == size


class Page:
    """The messages a page sends on its socket, as textual-serve's server reads them."""

    def __init__(self, *envelopes: list[object]) -> None:
        self.envelopes = envelopes

    async def __aiter__(self) -> AsyncIterator[SimpleNamespace]:
        for envelope in self.envelopes:
            yield SimpleNamespace(type=WSMsgType.TEXT, json=lambda envelope=envelope: envelope)


class Service:
    """A tab's app service that notes the sizes it is given."""

    def __init__(self) -> None:
        self.sizes: list[tuple[object, object]] = []

    async def set_terminal_size(self, width: object, height: object) -> None:
        self.sizes.append((width, height))


async def test_a_page_resizing_its_tab_gets_a_size_a_terminal_can_have() -> None:
    server = guarded_server("true", "127.0.0.1", 1, frozenset(), 1, None)
    service = Service()
    page = Page(
        ["resize", {"width": 10**9, "height": 10**9}],
        ["resize", {"width": "wide", "height": 30}],
        ["resize", {"width": None, "height": 30}],
        ["resize", {"width": 120.0, "height": 40}],
        ["resize", {"width": 0, "height": -1}],
        ["resize", {"width": 100, "height": 30}],
    )
    await server._process_messages(page, service)
    assert service.sizes == [(MAX_COLUMNS, MAX_ROWS), (120, 40), (1, 1), (100, 30)]
