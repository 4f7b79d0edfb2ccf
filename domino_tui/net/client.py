"""The client library over the network: one seat (or a spectator) in a room on a server, kept connected.

`RoomClient` is a heard.SeatClient (what a table hears and may send: the events, the kept table, the sending
API) whose messages go over a websocket to `domino-tui serve`. When the connection drops, the client connects
again by itself (waiting a little longer each time) and takes its seat back with its token; the server then
sends the table as it is now, so nothing is replayed by the client. A move sent just before a drop is either
stored (and the table shows it) or not (and it is the seat's turn again): a move quotes the position it
answers, so the server never applies it twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from urllib.parse import quote

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..engine.errors import shown
from ..engine.tiles import is_whole_number
from .address import not_an_address
from .heard import (
    Chat,
    Connection,
    Event,
    GameOver,
    KnockInfo,
    Knocking,
    NetError,
    RoomClosed,
    RoomInfo,
    SeatClient,
    SeatInfo,
    SeatView,
    ServerError,
    SpectatorView,
    TrainRoundOver,
    TrainSeatView,
    TrainSpectatorView,
    Welcome,
    coach_allowed,
    spectator_observation,
)
from .protocol import VERSION, encode, normal_room_code
from .visible import visible

__all__ = [
    "DEFAULT_PORT",
    "Chat",
    "Connection",
    "Event",
    "GameOver",
    "KnockInfo",
    "Knocking",
    "Listed",
    "Matched",
    "NetError",
    "RoomClient",
    "RoomClosed",
    "RoomInfo",
    "SeatClient",
    "SeatInfo",
    "SeatView",
    "ServerError",
    "SpectatorView",
    "Standing",
    "TrainRoundOver",
    "TrainSeatView",
    "TrainSpectatorView",
    "VariantRating",
    "Welcome",
    "coach_allowed",
    "leaderboard",
    "lobby",
    "quick_match",
    "ratings_of",
    "room_address",
    "server_url",
    "spectator_observation",
]

DEFAULT_PORT = 8765


def room_address(text: str) -> tuple[str, str]:
    """``HOST[:PORT]/ROOM`` (a room's address as people write it) as the server's URL and the room's code;
    ValueError saying why in words when it is not one (`server_url`)."""
    where, slash, room = text.strip().removeprefix("ws://").rpartition("/")
    if not slash or not where or not room:
        raise ValueError(
            f"{shown(text)} is not a room's address: write HOST[:PORT]/ROOM, e.g. 127.0.0.1:{DEFAULT_PORT}/K7QM-3XPA"
        )
    return server_url(where), room


def room_path(room: object) -> str:
    """Where on a server to connect for ``room``: ``/room/CODE``, the code written as the server keeps it, so that a
    proxy in front of several server processes sends every connection of a room to the same one (docs/network.md);
    the server's root when no room is known yet (to create one)."""
    if not isinstance(room, str) or not room:
        return ""
    return f"/room/{quote(normal_room_code(room), safe='')}"


def room_url(url: str, room: object) -> str:
    """``ws://HOST:PORT/room/CODE``: where to connect for ``room`` on the server at ``url`` (`room_path`)."""
    return f"{url.rstrip('/')}{room_path(room)}"


class RoomClient(SeatClient):
    def __init__(self, url: str, *, retry: tuple[float, float] = (0.1, 5.0), session: str | None = None) -> None:
        """``session``: an account's session token (`sign_in`): the client enters its room under the account's
        name (refused with code ``account`` when the session has ended)."""
        super().__init__()
        self.url = url
        self.retry = retry
        self.session = session
        self._ws: ClientConnection | None = None
        self._task: asyncio.Task[None] | None = None

    async def _enter(self, hello: dict[str, object]) -> Welcome:
        if self._task is not None:
            raise RuntimeError("a RoomClient enters one room, once")
        self._hello = {"v": VERSION, **{k: v for k, v in hello.items() if v is not None}}
        self._entered = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._run())
        return await self._entered

    async def send_raw(self, text: str | bytes) -> bool:
        """Send a frame as it is (for tests of what the server does with anything)."""
        ws = self._ws
        if ws is None:
            return False
        try:
            await ws.send(text)
        except ConnectionClosed:
            return False
        return True

    async def close(self) -> None:
        """Leave (the seat stays yours: `rejoin` with the token takes it back)."""
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._finish()

    def drop(self) -> None:
        """Cut the connection at once, as a network failure does (the client then reconnects)."""
        if self._ws is not None and self._ws.transport is not None:
            self._ws.transport.abort()

    # ----- the connection -----

    async def _run(self) -> None:
        delay = self.retry[0]
        try:
            while True:
                reason = await self._connect_once()
                if self._closing or self.welcome is None:
                    break  # closed by us or by the room, or never let in (the entering call has the reason)
                if self._welcomed:
                    delay = self.retry[0]
                self._emit(Connection("reconnecting", reason))
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.retry[1])
        finally:
            self._finish()

    async def _connect_once(self) -> str:
        """One connection, from connecting to its close; why it ended."""
        self._welcomed = False
        try:
            room = self.welcome.room if self.welcome is not None else self._hello.get("room") if self._hello else None
            async with _connect(self.url, room_path(room), wait=5, max_size=1 << 20) as ws:
                self._ws = ws
                if self.session is not None and self.welcome is None:
                    # Sent ahead of the entering message, which the server reads once it has answered this one
                    # (and never, when it refuses it: the refusal is the entering call's).
                    await ws.send(encode({"type": "resume", "v": VERSION, "session": self.session}))
                await ws.send(encode(self._hello_now()))
                async for raw in ws:
                    self._hear(raw)
                return visible(ws.close_reason or "the server closed the connection")
        except NetError as exc:  # no room server can be at the address: the entering call says why
            self._refused(exc)
            return exc.message
        except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            why = str(exc) or type(exc).__name__
            self._refused(NetError("unreachable", f"cannot reach {self.url}: {why}"))
            return why
        finally:
            self._ws = None
            self._refused(NetError("refused", "the server closed the connection"))

    def _hello_now(self) -> dict[str, object]:
        """The first message of a connection: the entering one the first time, then take the seat back."""
        assert self._hello is not None
        welcome = self.welcome
        if welcome is None:
            return self._hello
        if welcome.seat is None:
            return {**self._hello, "type": "watch", "room": welcome.room}
        token = welcome.token or self._hello.get("token")
        return {"type": "rejoin", "v": VERSION, "room": welcome.room, "token": token}


async def seat_held(url: str, room: str, token: str, wait: float = 5.0) -> tuple[int | None, str | None] | None:
    """Whether ``token`` still holds a seat in ``room`` on the server at ``url``, asked without entering the room
    (the protocol's ``held``): (the seat and the room's status; or None and None when the token holds no seat), or
    None when the server has no such room (closed, or expired). NetError when the server cannot be reached in
    ``wait`` seconds or answers anything else (whatever is at that address now may be no room server at all)."""
    try:
        question: dict[str, object] = {"type": "held", "v": VERSION, "room": room, "token": token}
        answer = await _ask(url, question, wait, room_path(room))
    except NetError as exc:
        if exc.code == "no_room":
            return None
        raise
    seat, status = answer.get("seat"), answer.get("status")
    # A token that holds no seat is told no status (an earlier server told one).
    if (
        answer.get("type") != "held"
        or not (seat is None or is_whole_number(seat))
        or not (isinstance(status, str) or (seat is None and status is None))
    ):
        raise NetError("refused", "the server's answer is not one of a held seat")
    return seat, status


async def sign_in(url: str, kind: str, name: str, password: str, wait: float = 10.0) -> tuple[str, str]:
    """``kind`` "register" (a new account) or "login" on the server at ``url``: the account's name as the server
    keeps it, and a new session token (for `RoomClient`'s ``session``; it ends the account's previous one).
    NetError with the server's words when refused, or when the server cannot be reached in ``wait`` seconds."""
    answer = await _ask(url, {"type": kind, "v": VERSION, "name": name, "password": password}, wait)
    kept, session = answer.get("name"), answer.get("session")
    if answer.get("type") != "account" or not isinstance(kept, str) or not isinstance(session, str):
        raise NetError("refused", "the server's answer is not one of an account")
    return kept, session


async def log_out(url: str, session: str, wait: float = 10.0) -> None:
    """End the session ``session`` is the token of (the server answers alike whether it was one)."""
    await _ask(url, {"type": "logout", "v": VERSION, "session": session}, wait)


async def leaderboard(url: str, variant: str, limit: int | None = None, wait: float = 10.0) -> list[Standing]:
    """The ratings of the accounts on the server at ``url`` in ``variant``, best first (``limit`` rows at most,
    the server's default when None). NetError with the server's words when refused, or when it cannot be reached
    in ``wait`` seconds."""
    question: dict[str, object] = {"type": "leaderboard", "v": VERSION, "variant": variant}
    if limit is not None:
        question["limit"] = limit
    answer = await _ask(url, question, wait)
    rows = answer.get("rows")
    if answer.get("type") != "leaderboard" or not isinstance(rows, list):
        raise NetError("refused", "the server's answer is not a leaderboard")
    try:
        return [Standing(visible(str(row["name"])), float(row["rating"]), int(row["games"])) for row in rows]
    except (TypeError, KeyError, ValueError, OverflowError):  # OverflowError: a count of 1e400 (infinity)
        raise NetError("refused", "the server's leaderboard has a row that is not one") from None


async def ratings_of(url: str, name: str, wait: float = 10.0) -> list[VariantRating]:
    """The account ``name``'s ratings on the server at ``url``, one per variant it has played rated matches of
    (none for a name without an account, or without a rated match). NetError with the server's words when
    refused, or when it cannot be reached in ``wait`` seconds."""
    answer = await _ask(url, {"type": "ratings", "v": VERSION, "name": name}, wait)
    rows = answer.get("rows")
    if answer.get("type") != "ratings" or not isinstance(rows, list):
        raise NetError("refused", "the server's answer is not an account's ratings")
    try:
        return [VariantRating(visible(str(row["variant"])), float(row["rating"]), int(row["games"])) for row in rows]
    except (TypeError, KeyError, ValueError, OverflowError):  # OverflowError: a count of 1e400 (infinity)
        raise NetError("refused", "the server's ratings have a row that is not one") from None


@dataclass(frozen=True, slots=True)
class VariantRating:
    """An account's rating in one variant (mu - 3 sigma) and its matches rated there."""

    variant: str
    rating: float
    games: int


@dataclass(frozen=True, slots=True)
class Listed:
    """A public room of a server's lobby: its code, variant, seats and seats open, and the people seated (each a
    name and, for an account, its rating in the variant and matches rated; None for a guest)."""

    room: str
    variant: str
    players: int
    free: int
    people: tuple[tuple[str, float | None, int | None], ...]


async def lobby(url: str, variant: str | None = None, wait: float = 10.0) -> tuple[list[Listed], list[Standing]]:
    """The public rooms waiting for players on the server at ``url`` (of ``variant`` only, when named), and the
    variant's leaderboard (empty when no variant is named). NetError as for `leaderboard`."""
    question: dict[str, object] = {"type": "lobby", "v": VERSION}
    if variant is not None:
        question["variant"] = variant
    answer = await _ask(url, question, wait, "/lobby")
    rooms, rows = answer.get("rooms"), answer.get("rows")
    if answer.get("type") != "lobby" or not isinstance(rooms, list) or not isinstance(rows, list):
        raise NetError("refused", "the server's answer is not a lobby")
    try:
        listed = [
            Listed(
                visible(str(room["room"])),
                visible(str(room["variant"])),
                int(room["players"]),
                int(room["free"]),
                tuple(
                    (
                        visible(str(person["name"])),
                        None if person["rating"] is None else float(person["rating"]),
                        None if person["games"] is None else int(person["games"]),
                    )
                    for person in room["people"]
                ),
            )
            for room in rooms
        ]
        standings = [Standing(visible(str(row["name"])), float(row["rating"]), int(row["games"])) for row in rows]
    except (TypeError, KeyError, ValueError, OverflowError):  # OverflowError: a count of 1e400 (infinity)
        raise NetError("refused", "the server's lobby has a row that is not one") from None
    return listed, standings


@dataclass(frozen=True, slots=True)
class Matched:
    """A quick match's table: the room, the seat, its token (to take it with rejoin) and the name seated."""

    room: str
    seat: int
    token: str
    name: str


async def quick_match(
    url: str,
    variant: str,
    name: str,
    *,
    players: int | None = None,
    bots_after: float | None = None,
    session: str | None = None,
) -> Matched:
    """Wait on the server at ``url`` until it seats this person at a table of ``variant`` (with people of a
    similar rating; bots fill the seats left after ``bots_after`` seconds, never when None), as the account of
    ``session`` or as a guest called ``name``. The connection goes to ``/quick/VARIANT``, so that a proxy sends
    every seeker of a variant to one process (docs/network.md). Cancel the call to stop seeking. NetError with the
    server's words when refused or when the connection is lost (then seek again)."""
    question: dict[str, object] = {"type": "quick", "v": VERSION, "variant": variant, "name": name}
    if players is not None:
        question["players"] = players
    if bots_after is not None:
        question["bots_after"] = bots_after
    try:
        async with _connect(url, f"/quick/{quote(variant, safe='')}", wait=10, max_size=1 << 16) as ws:
            if session is not None:
                await ws.send(encode({"type": "resume", "v": VERSION, "session": session}))
            await ws.send(encode(question))
            async for raw in ws:
                try:
                    answer = json.loads(raw)
                except (ValueError, RecursionError):
                    raise NetError("refused", "the server's answer is not JSON") from None
                if not isinstance(answer, dict):
                    raise NetError("refused", "the server's answer is not an object")
                kind = answer.get("type")
                if kind == "error":
                    raise NetError(str(answer.get("code")), visible(str(answer.get("message"))))
                if kind == "matched":
                    room, seat, token, seated = (answer.get(k) for k in ("room", "seat", "token", "name"))
                    if not (isinstance(room, str) and is_whole_number(seat) and isinstance(token, str)):
                        raise NetError("refused", "the server's match is not one")
                    return Matched(visible(room), int(seat), token, visible(str(seated)))
    except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as exc:
        raise NetError("unreachable", f"cannot reach {url}: {str(exc) or type(exc).__name__}") from None
    raise NetError("refused", "the server closed the connection before a table was found: seek again")


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of a server's leaderboard: an account's name, its rating (mu - 3 sigma) and matches rated."""

    name: str
    rating: float
    games: int


def server_url(text: str) -> str:
    """``HOST[:PORT]`` (a server's address as people write it) as its URL; the port defaults to DEFAULT_PORT.
    ValueError saying why in words when no room server can be at it."""
    where = text.strip().removeprefix("ws://").rstrip("/")
    if not where or "/" in where:
        raise ValueError(
            f"{shown(text)} is not a room server's address: write HOST[:PORT], e.g. 127.0.0.1:{DEFAULT_PORT}"
        )
    host, colon, port = where.rpartition(":")
    if not colon or not port.isdigit():
        host, port = where, str(DEFAULT_PORT)
    url = f"ws://{host}:{port}"
    wrong = not_an_address(url, text)
    if wrong is not None:
        raise ValueError(wrong)
    return url


def _connect(url: str, path: str = "", *, wait: float, max_size: int) -> connect:
    """A connection to ``path`` on the server at ``url``, to be entered (``async with``); NetError of code
    ``address`` saying why when no room server can be at ``url``, which the network's library would meet with
    exceptions of its own (a URL is also given to this module by code, and read from files, not only typed)."""
    wrong = not_an_address(url)
    if wrong is not None:
        raise NetError("address", wrong)
    return connect(f"{url.rstrip('/')}{path}", compression=None, open_timeout=wait, max_size=max_size)


async def _ask(url: str, message: dict[str, object], wait: float, path: str = "") -> dict[str, object]:
    """One message on a connection of its own to ``path`` on the server at ``url``, and the server's one answer
    (NetError for an error)."""
    try:
        async with asyncio.timeout(wait), _connect(url, path, wait=wait, max_size=1 << 16) as ws:
            await ws.send(encode(message))
            raw = await ws.recv()
    except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as exc:
        raise NetError("unreachable", f"cannot reach {url}: {str(exc) or type(exc).__name__}") from None
    try:
        answer = json.loads(raw)
    except (ValueError, RecursionError):
        raise NetError("refused", "the server's answer is not JSON") from None
    if not isinstance(answer, dict):
        raise NetError("refused", "the server's answer is not an object")
    if answer.get("type") == "error":
        raise NetError(str(answer.get("code")), visible(str(answer.get("message"))))
    return answer
