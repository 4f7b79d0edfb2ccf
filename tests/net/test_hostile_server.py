"""A client trusts no server: what a hostile room server sends (names, chat, errors, reasons carrying terminal
escape sequences that would retitle the window, write the clipboard or wipe the screen) never reaches the
terminal as such. The client library shows every control character as a symbol (`net/visible.py`); the real
`domino-tui join`, run in a pseudo-terminal against a hostile server on 127.0.0.1, writes none of them."""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.server import ServerConnection, serve

from domino_tui.net.client import Chat, RoomClient, RoomInfo, ServerError
from domino_tui.net.visible import visible

TITLE = "\x1b]0;PWNED-TITLE\x07"
CLIPBOARD = "\x1b]52;c;cHduZWQ=\x07"
WIPE = "\x1b[2J"
HOSTILE = (TITLE.encode(), CLIPBOARD.encode(), (WIPE + "wiped").encode(), b"\x9b2J")
ROOM = "K7QM-3XPA"


def messages() -> list[dict[str, object]]:
    evil_name = f"{TITLE}Eve{WIPE}wiped"
    seats = [
        {"name": "Ana", "kind": "person", "level": None, "present": True, "away": False},
        {"name": evil_name, "kind": "bot", "level": CLIPBOARD + "Easy", "present": True, "away": False},
    ]
    return [
        {"type": "welcome", "v": 1, "room": ROOM, "seat": 0, "token": "t", "creator": False},
        {
            "type": "room",
            "room": ROOM,
            "status": "lobby",
            "options": {"variant": "classic", "bots": "Easy\x1b[5m"},
            "creator": 1,
            "seats": seats,
            "match": 1,
            "game": 0,
            "scores": [0, 0],
        },
        {"type": "chat", "seat": 1, "name": f"Eve{CLIPBOARD}", "text": f"hi{WIPE}wiped \u202eevil\u200b \x9b2J"},
        {"type": "error", "code": "not_now", "message": f"no{TITLE}wiped"},
    ]


class HostileServer:
    """A room server that answers anyone's first message with `messages()` and then holds the connection."""

    def __init__(self) -> None:
        self.port = 0
        self.ready = threading.Event()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(self.main(),), daemon=True)
        self.stop = asyncio.Event()

    async def handler(self, ws: ServerConnection) -> None:
        await ws.recv()
        for message in messages():
            await ws.send(json.dumps(message))
        await ws.wait_closed()

    async def main(self) -> None:
        async with serve(self.handler, "127.0.0.1", 0) as server:
            self.port = server.sockets[0].getsockname()[1]
            self.ready.set()
            await self.stop.wait()

    def __enter__(self) -> HostileServer:
        self.thread.start()
        assert self.ready.wait(10)
        return self

    def __exit__(self, *exc: object) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)


@pytest.fixture
def hostile() -> Iterator[HostileServer]:
    with HostileServer() as server:
        yield server


def test_every_control_character_is_shown_as_a_symbol() -> None:
    assert visible("plain name") == "plain name"
    assert visible(TITLE) == "␛]0;PWNED-TITLE␇"
    assert visible("a\x7fb\x9bc\u202ed\u200be\nf") == "a␡b\ufffdc\ufffdd\ufffde␊f"


async def test_the_client_library_hands_on_no_control_character(hostile: HostileServer) -> None:
    client = RoomClient(f"ws://127.0.0.1:{hostile.port}")
    try:
        await client.join(ROOM, "Ana")
        heard = []
        async for event in client.events():
            heard.append(event)
            if isinstance(event, ServerError):
                break
        texts = [repr(e) for e in heard]
        assert any(isinstance(e, RoomInfo) for e in heard) and any(isinstance(e, Chat) for e in heard)
        for text in texts:
            assert "\x1b" not in text and "\x9b" not in text and "\u202e" not in text
        info = next(e for e in heard if isinstance(e, RoomInfo))
        assert info.seats[1].name == "␛]0;PWNED-TITLE␇Eve␛[2Jwiped"
    finally:
        await client.close()


def test_the_table_writes_none_of_a_hostile_servers_escapes_to_the_terminal(
    hostile: HostileServer, tmp_path: Path
) -> None:
    env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(tmp_path), "TERM": "xterm-256color", "COLUMNS": "100"}
    env["LINES"] = "30"
    command = [sys.executable, "-m", "domino_tui", "join", f"127.0.0.1:{hostile.port}/{ROOM}", "--name", "Ana"]
    leader, follower = pty.openpty()
    os.set_blocking(leader, False)
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    proc = subprocess.Popen(command, stdin=follower, stdout=follower, stderr=follower, env=env, start_new_session=True)
    os.close(follower)
    seen = bytearray()
    try:
        deadline = time.monotonic() + 60
        # The error line is the last thing sent: once it is drawn ("no" and what followed it), all of it was.
        while time.monotonic() < deadline and not (b"Eve" in seen and b"PWNED-TITLE" in seen and b"evil" in seen):
            ready, _, _ = select.select([leader], [], [], 0.5)
            if ready:
                try:
                    seen += os.read(leader, 65536)
                except OSError:
                    break
        assert b"Eve" in seen and b"PWNED-TITLE" in seen, "the table never drew the room's seats and chat"
        for sequence in HOSTILE:
            assert sequence not in seen
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(leader)


async def test_a_question_answered_with_junk_is_refused_in_words() -> None:
    """A server answering the statistics screen's question with text that is not JSON: NetError, not a traceback."""
    from domino_tui.net.client import NetError, ratings_of

    async def junk(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send("{not json" + "[" * 10_000)

    async with serve(junk, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        with pytest.raises(NetError, match="not JSON"):
            await ratings_of(f"ws://127.0.0.1:{port}", "Ana", 5)


UNREADABLE = {
    "nested too deeply": "[" * 100_000,  # json.loads's RecursionError
    "seats that are no list": json.dumps({**messages()[1], "seats": "x"}),  # an assert's AssertionError
    "a result that is no object": json.dumps(
        {"type": "result", "result": 5, "match": 1, "game": 1, "scores": [], "match_over": False, "hands": []}
    ),
    "a wait past any float": '{"type": "knocking", "room": "R", "seat": 1, "name": "x", "wait": 1' + "0" * 400 + "}",
}


@pytest.mark.parametrize("unreadable", UNREADABLE.values(), ids=UNREADABLE.keys())
async def test_a_message_of_any_shape_is_skipped_like_any_unreadable_one(unreadable: str) -> None:
    """Each of these raised what the client did not take for an unreadable message: its connection's task
    ended, and the seat was lost for good (no reconnecting) over one message."""

    async def deep(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps(messages()[0]))
        await ws.send(unreadable)
        await ws.send(json.dumps(messages()[2]))
        await ws.wait_closed()

    async with serve(deep, "127.0.0.1", 0) as server:
        client = RoomClient(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}")
        try:
            await client.join(ROOM, "Ana")
            async with asyncio.timeout(10):
                async for event in client.events():
                    if isinstance(event, Chat):
                        break
                else:
                    pytest.fail("the client stopped hearing its server")
        finally:
            await client.close()


@pytest.mark.parametrize("games", ["1e400", "NaN", "-1e400"])
async def test_a_number_no_count_can_be_is_a_row_that_is_not_one(games: str) -> None:
    """JSON reads 1e400 as infinity, and int() raised OverflowError at the screen that asked."""
    from domino_tui.net.client import NetError, leaderboard, lobby, ratings_of

    row = f'{{"name": "Ana", "variant": "classic", "rating": 1.0, "games": {games}}}'
    answers = {
        "leaderboard": f'{{"type": "leaderboard", "rows": [{row}]}}',
        "ratings": f'{{"type": "ratings", "rows": [{row}]}}',
        "lobby": f'{{"type": "lobby", "rooms": [], "rows": [{row}]}}',
    }

    async def answer(ws: ServerConnection) -> None:
        question = json.loads(await ws.recv())
        await ws.send(answers[question["type"]])

    async with serve(answer, "127.0.0.1", 0) as server:
        url = f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}"
        for ask in (leaderboard(url, "classic", wait=5), ratings_of(url, "Ana", 5), lobby(url, wait=5)):
            with pytest.raises(NetError):
                await ask


# Under the 64 KiB the call takes.
@pytest.mark.parametrize("junk", ["{not json", "[" * 60_000], ids=["not JSON", "nested too deeply"])
async def test_a_quick_match_answered_with_junk_is_refused_in_words(junk: str) -> None:
    """The seeking call let json.loads's own errors out to the quick match screen."""
    from domino_tui.net.client import NetError, quick_match

    async def answer(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(junk)
        await ws.wait_closed()

    async with serve(answer, "127.0.0.1", 0) as server:
        with pytest.raises(NetError):
            await quick_match(f"ws://127.0.0.1:{server.sockets[0].getsockname()[1]}", "classic", "Ana")
