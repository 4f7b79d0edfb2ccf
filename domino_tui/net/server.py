"""The room server: asyncio and websockets, every game owned here, each connection told only its seat's part.

A connection's first message creates a room, joins one (taking a seat and a token), rejoins a seat with its
token, or watches. From then on, every change to a room goes the same way, under the room's lock: check it,
apply it to the room (room.Room.apply), store it (storage: durable before anything is sent), then send each
connection of the room what it may see: its seat's observation, or the public view to a spectator. The lock
makes a room's changes one at a time; rooms never wait for each other, and their writes share commits.

What no client can do: see a tile it may not know (it is sent its own observation, built by the engine); move
for another seat (a seat is held by the connection that took it or came back with its token); move out of turn
or illegally (the engine checks every move); stop a room (a malformed, oversized or flooding client is refused
with an error message, then disconnected; its room goes on); or hold the server with idle connections (no first
message within HELLO_TIMEOUT closes it, and connections are capped in all and per address).

Bots think in threads of their own (thinking.py). A seat whose person is away gets a bot after the room's ``away``
seconds, until the person comes back; with a move clock, a bot moves for a person whose time is up. A room that
nobody is connected to waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import logging
import signal
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..engine import EngineError, SaveFormatError
from . import credentials
from .limits import Bucket, PerAddress
from .protocol import FIRST, HELLO_TIMEOUT, MAX_MESSAGE, VERSION, Code, Options, ProtocolError, encode, error, parse
from .protocol import normal_room_code as normal_code
from .room import Entry, Mover, Room, SeatKind, Status, check_options
from .storage import Storage, StorageError
from .thinking import Thinkers

log = logging.getLogger("domino_tui.net")

# websockets' close codes: 1000 normal, 1001 going away, 1008 policy violation (a refused client).
NORMAL, GOING_AWAY, POLICY = 1000, 1001, 1008
# A client that has not read this much of what was sent to it is not keeping up; it is disconnected (it can
# come back: every message it missed is in the next observation).
SLOW_CLIENT_BYTES = 1 << 20
# Refusals that a well-behaved client never earns: these count towards closing the connection. (A stale move
# or a second "next" happens to anyone on a slow network, and is only answered.)
STRIKES = frozenset({Code.BAD_MESSAGE, Code.TOO_BIG, Code.TOO_FAST, Code.VERSION})


@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 8765
    db: Path | str = "rooms.sqlite3"
    max_connections: int = 10_000
    per_address: int = 64  # connections from one address at once; rooms it may create at once (and per hour)
    max_rooms: int = 10_000
    rate: float = 20.0  # messages a second a connection may send, after a burst of twice that
    strikes: int = 20  # refused messages before a connection is closed
    hello_timeout: float = HELLO_TIMEOUT
    workers: int | None = None  # threads bots think in (default: 4)


@dataclass(eq=False)
class Client:
    ws: ServerConnection
    address: str
    bucket: Bucket
    live: Live | None = None
    seat: int | None = None  # None: a spectator (or not in a room yet)
    strikes: int = 0


@dataclass(eq=False)
class Live:
    """A room as it runs: its connections, its lock and what it is waiting for."""

    room: Room
    clients: set[Client] = field(default_factory=set)
    seated: dict[int, Client] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.TimerHandle | None = None
    thinking: int | None = None  # the position a bot is thinking about
    clock_out: int | None = None  # the position whose move clock ran out


class RoomServer:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.storage = Storage(config.db)
        self.thinkers = Thinkers(config.workers)
        self.rooms: dict[str, Live] = {}
        self.per_address: Counter[str] = Counter()
        self.connections = 0
        self.creations = PerAddress(config.per_address / 3600, config.per_address)
        self.server: Server | None = None
        self.stopped = asyncio.Event()
        self.failure: str | None = None
        self.stopping = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._password_checks = asyncio.Semaphore(2)  # scrypt is dear by design: two at a time at most
        for stored in self.storage.rooms():
            room = Room(stored.code, stored.seed, Options.from_json(stored.options), stored.password, stored.created)
            try:
                for entry in stored.entries:
                    room.apply(entry)
            except (SaveFormatError, EngineError) as exc:
                # A log this version cannot replay truly (one an earlier version wrote under a rule since mended)
                # is left in the database, unread, rather than resumed with a wrong score or stopping every room.
                log.warning("room %s is not resumed: %s", credentials.shown_code(room.code), exc)
                continue
            self.rooms[room.code] = Live(room)
        if self.rooms:
            log.info("resumed %d rooms from %s", len(self.rooms), config.db)

    # ----- running -----

    async def start(self) -> int:
        """Listen; the port (useful when the config asked for port 0)."""
        self.server = await serve(
            self._handler,
            self.config.host,
            self.config.port,
            process_request=self._process_request,
            max_size=MAX_MESSAGE,
            max_queue=4,
            compression=None,  # observations are small; deflate would cost every move CPU and every connection memory
            ping_interval=20,
            ping_timeout=20,
            server_header=None,
        )
        port: int = self.server.sockets[0].getsockname()[1]
        log.info("domino-tui room server on ws://%s:%d (protocol version %d)", self.config.host, port, VERSION)
        return port

    async def stop(self) -> None:
        """Close every connection (the rooms are kept: a restart resumes them), finish the writes, stop."""
        self.stopping = True
        if self.server is not None:
            self.server.close(code=GOING_AWAY, reason="the server is stopping; your seat is kept")
            await self.server.wait_closed()
        for live in self.rooms.values():
            if live.timer:
                live.timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        await self.storage.drain()
        self.storage.close()
        self.thinkers.close()
        self.stopped.set()

    def _fail(self, why: str) -> None:
        """The disk refused a write: stop taking moves rather than acknowledge what is not stored."""
        if self.failure is None:
            self.failure = why
            log.error("stopping: %s", why)
            self._spawn(self.stop())

    def _spawn(self, coro: Coroutine[object, object, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # ----- connections -----

    def _process_request(self, conn: ServerConnection, request: Request) -> Response | None:
        if request.headers.get("Upgrade", "").lower() != "websocket":
            return conn.respond(
                http.HTTPStatus.OK,
                f"A domino-tui room server (protocol version {VERSION}). Clients speak WebSocket; the messages are in\n"
                "docs/protocol.md of domino-tui.\n",
            )
        if self.connections >= self.config.max_connections:
            return conn.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, "The server is full: try again later.\n")
        if self.per_address[_address(conn)] >= self.config.per_address:
            return conn.respond(
                http.HTTPStatus.TOO_MANY_REQUESTS, "Too many connections from your address: close some first.\n"
            )
        return None

    async def _handler(self, ws: ServerConnection) -> None:
        address = _address(ws)
        client = Client(ws, address, Bucket(self.config.rate, 2 * self.config.rate))
        self.connections += 1
        self.per_address[address] += 1
        try:
            await self._converse(client)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]
            if client.live is not None:
                await self._leave(client)

    async def _converse(self, client: Client) -> None:
        ws = client.ws
        try:
            async with asyncio.timeout(self.config.hello_timeout):
                raw = await ws.recv()
        except TimeoutError:
            why = f"no message within {self.config.hello_timeout:g} s"
            await ws.send(error(Code.TIMEOUT, f"{why}: send create, join, rejoin or watch first"))
            await ws.close(POLICY, why)
            return
        try:
            msg = parse(raw)
            if msg["type"] not in FIRST:
                raise ProtocolError(Code.NOT_NOW, "first create, join, rejoin or watch a room")
            await self._enter(client, msg)
        except ProtocolError as exc:
            # A first message that cannot be acted on ends the connection: the client tries again on a new one.
            await ws.send(error(exc.code, exc.message))
            await ws.close(POLICY, exc.message[:120])
            return
        async for raw in ws:
            if client.live is None:  # the room was closed under it
                return
            if not client.bucket.take():
                self._refuse(client, Code.TOO_FAST, f"at most {self.config.rate:g} messages a second")
                continue
            try:
                await self._receive(client, parse(raw))
            except ProtocolError as exc:
                self._refuse(client, exc.code, exc.message)

    def _refuse(self, client: Client, code: Code, message: str) -> None:
        """Tell the client why its message was refused. A client that keeps sending what no client of the
        protocol sends (malformed messages, a flood) is disconnected after ``strikes`` of them: so a flood is
        answered at most that many times."""
        if code in STRIKES:
            client.strikes += 1
            if client.strikes > self.config.strikes:
                self._spawn(client.ws.close(POLICY, f"too many refused messages ({message})"[:120]))
                return
        self._send(client, error(code, message))

    def _send(self, client: Client, text: str) -> None:
        ws = client.ws
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > SLOW_CLIENT_BYTES:
            self._spawn(ws.close(POLICY, "not reading what the server sends"))
            return
        broadcast([ws], text)

    # ----- entering and leaving a room -----

    async def _enter(self, client: Client, msg: dict[str, object]) -> None:
        kind = msg["type"]
        if kind == "create":
            await self._create(client, msg)
            return
        live = self.rooms.get(normal_code(str(msg["room"])))
        if live is None:
            raise ProtocolError(Code.NO_ROOM, f"there is no room {msg['room']} on this server")
        room = live.room
        if kind == "rejoin":
            await self._rejoin(client, live, str(msg["token"]))
            return
        if room.password_hash is not None:
            password = msg.get("password")
            if not isinstance(password, str):
                raise ProtocolError(Code.PASSWORD, "this room has a password")
            async with self._password_checks:
                right = await asyncio.to_thread(credentials.check_password, password, room.password_hash)
            if not right:
                raise ProtocolError(Code.PASSWORD, "that is not the room's password")
        if kind == "watch":
            async with live.lock:
                self._attach(client, live, None)
                self._send(client, self._welcome(room, None, None))
                self._send(client, encode(room.info()))  # who sits where: a spectator's table names the seats
                self._send_table(live, [client])
            return
        async with live.lock:
            seat = room.free_seat(msg.get("seat"))  # type: ignore[arg-type]  # parse checked it is an int or None
            token = credentials.new_token()
            name = str(msg["name"])
            entry = {"e": "seat", "seat": seat, "kind": "person", "name": name, "token": credentials.token_hash(token)}
            await self._store(live, entry)
            self._attach(client, live, seat)
            self._send(client, self._welcome(room, seat, token))
            self._send_room(live)

    async def _create(self, client: Client, msg: dict[str, object]) -> None:
        if len(self.rooms) >= self.config.max_rooms:
            raise ProtocolError(Code.SERVER_FULL, "the server holds as many rooms as it may: try again later")
        password = msg.get("password")
        options, seat = check_options(msg, isinstance(password, str))
        if not self.creations.take(client.address):
            raise ProtocolError(Code.TOO_FAST, "your address has made too many rooms: try again later")
        password_hash = None
        if isinstance(password, str):
            async with self._password_checks:
                password_hash = await asyncio.to_thread(credentials.hash_password, password)
        code = credentials.new_room_code()
        while code in self.rooms:
            code = credentials.new_room_code()
        room = Room(code, credentials.new_seed(), options, password_hash, time.time())
        live = self.rooms[code] = Live(room)
        token = credentials.new_token()
        async with live.lock:
            await self.storage.create_room(code, room.created, room.seed, options.to_json(), password_hash)
            entry = {
                "e": "seat",
                "seat": seat,
                "kind": "person",
                "name": str(msg["name"]),
                "token": credentials.token_hash(token),
                "creator": True,
            }
            await self._store(live, entry)
            self._attach(client, live, seat)
            self._send(client, self._welcome(room, seat, token))
            self._send_room(live)
        log.info("room %s: %s made by %s", credentials.shown_code(code), options.variant, client.address)

    async def _rejoin(self, client: Client, live: Live, token: str) -> None:
        room = live.room
        seat = next(
            (
                i
                for i, s in enumerate(room.seats)
                if s.kind is SeatKind.PERSON and credentials.same_token(token, s.token_hash)
            ),
            None,
        )
        if seat is None:
            raise ProtocolError(Code.TOKEN, "that token holds no seat in this room")
        async with live.lock:
            old = live.seated.get(seat)
            if old is not None:
                # The same person on a new connection (the old one may be half dead): the new one has the seat.
                self._detach(old)
                self._spawn(old.ws.close(NORMAL, "your seat was taken up by a new connection with your token"))
            self._attach(client, live, seat)
            self._send(client, self._welcome(room, seat, None))
            self._send_room(live)
            self._send_table(live, [client])
            self._drive(live)

    def _welcome(self, room: Room, seat: int | None, token: str | None) -> str:
        return encode(
            {
                "type": "welcome",
                "v": VERSION,
                "room": credentials.shown_code(room.code),
                "seat": seat,
                "token": token,
                "creator": seat is not None and seat == room.creator,
            }
        )

    def _attach(self, client: Client, live: Live, seat: int | None) -> None:
        client.live, client.seat = live, seat
        live.clients.add(client)
        if seat is not None:
            live.seated[seat] = client
            s = live.room.seats[seat]
            s.present, s.away = True, False

    def _detach(self, client: Client) -> None:
        live = client.live
        if live is None:
            return
        live.clients.discard(client)
        if client.seat is not None and live.seated.get(client.seat) is client:
            del live.seated[client.seat]
            live.room.seats[client.seat].present = False
        client.live = None

    async def _leave(self, client: Client) -> None:
        live = client.live
        if live is None:
            return
        async with live.lock:
            seated = client.seat is not None and live.seated.get(client.seat) is client
            self._detach(client)
            if seated:
                self._send_room(live)
            self._drive(live)

    # ----- messages in a room -----

    async def _receive(self, client: Client, msg: dict[str, object]) -> None:
        live = client.live
        assert live is not None
        room = live.room
        kind = msg["type"]
        if kind in FIRST:
            raise ProtocolError(Code.NOT_NOW, "this connection is in a room already")
        if kind == "chat":
            name = room.seats[client.seat].name if client.seat is not None else "a spectator"
            text = encode({"type": "chat", "seat": client.seat, "name": name, "text": msg["text"]})
            for other in live.clients:
                self._send(other, text)
            return
        if client.seat is None:
            raise ProtocolError(Code.NOT_NOW, "a spectator only watches (and chats)")
        async with live.lock:
            if client.live is not live:
                return
            if kind == "move":
                move = room.check_move(client.seat, msg["position"], msg["move"])
                await self._change(live, {"e": "move", "move": move, "by": Mover.PERSON.value})
            elif kind == "next":
                if room.status is not Status.BETWEEN:
                    raise ProtocolError(Code.NOT_NOW, "no game has just ended")
                room.ready.add(client.seat)
                self._drive(live)
            elif client.seat != room.creator:
                raise ProtocolError(Code.NOT_CREATOR, f"only the room's creator may {kind} it")
            elif kind == "start":
                if room.status is not Status.LOBBY:
                    raise ProtocolError(Code.NOT_NOW, "the room has started already")
                await self._change(live, {"e": "start"})
            elif kind == "restart":
                if room.status is Status.LOBBY:
                    raise ProtocolError(Code.NOT_NOW, "the room has not started: start it")
                await self._change(live, {"e": "restart", "seed": credentials.new_seed()})
            elif kind == "close":
                await self._close_room(live)

    async def _change(self, live: Live, entry: Entry) -> None:
        """Apply, store, then tell everyone: the one path of every change to a game. Under the room's lock."""
        await self._store(live, entry)
        self._send_table(live, live.clients)
        if entry["e"] != "move" or live.room.status is not Status.PLAYING:
            self._send_room(live)
        self._drive(live)

    async def _store(self, live: Live, entry: Entry) -> None:
        room = live.room
        try:
            room.apply(entry)
        except SaveFormatError as exc:  # checked before: a bug, never a client's doing
            raise ProtocolError(Code.BAD_MESSAGE, str(exc)) from None
        try:
            await self.storage.append(room.code, room.seq - 1, entry)
        except StorageError as exc:
            self._fail(str(exc))
            raise

    async def _close_room(self, live: Live) -> None:
        room = live.room
        self.rooms.pop(room.code, None)
        if live.timer:
            live.timer.cancel()
        await self.storage.delete_room(room.code)
        text = encode({"type": "closed", "message": "the room's creator closed it"})
        for client in list(live.clients):
            self._send(client, text)
            self._detach(client)
            self._spawn(client.ws.close(NORMAL, "the room was closed"))
        log.info("room %s closed", credentials.shown_code(room.code))

    # ----- what is sent -----

    def _send_room(self, live: Live) -> None:
        text = encode(live.room.info())
        for client in live.clients:
            self._send(client, text)

    def _send_table(self, live: Live, clients: set[Client] | list[Client]) -> None:
        """Each client's own observation (spectators the public view), and the result when a game is over."""
        room = live.room
        if room.match is None:
            return
        view: str | None = None
        result = room.result()
        result_text = encode(result) if result is not None else None
        for client in clients:
            if client.seat is None:
                if view is None:
                    view = encode(room.observation(None))  # type: ignore[arg-type]  # a match is dealt
                text = view
            else:
                text = encode(room.observation(client.seat))  # type: ignore[arg-type]  # a match is dealt
            self._send(client, text)
            if result_text is not None:
                self._send(client, result_text)

    # ----- what a room waits for: bots, away players, the clock, the next game -----

    def _drive(self, live: Live) -> None:
        """Start whatever the room's state calls for next. Called after every change, under the room's lock."""
        if live.timer is not None:
            live.timer.cancel()
            live.timer = None
        room = live.room
        if not live.clients or self.stopping or room.code not in self.rooms:
            return  # nobody is in the room: it waits for somebody to come back
        if room.status is Status.BETWEEN:
            present = {s for s in room.people() if room.seats[s].present}
            position = room.position
            if present <= room.ready:
                self._spawn(self._next_game(live, position))
            else:
                self._later(live, room.options.between, lambda: self._spawn(self._next_game(live, position)))
            return
        seat = room.to_act()
        if seat is None:
            return
        s = room.seats[seat]
        position = room.position
        if s.kind is SeatKind.BOT:
            self._think(live, seat, s.level or room.options.bots, Mover.BOT)
        elif s.away or live.clock_out == position:
            self._think(live, seat, room.options.bots, Mover.STAND_IN)
        elif not s.present:
            self._later(live, room.options.away, lambda: self._spawn(self._away(live, seat, position)))
        elif room.options.clock:
            self._later(live, room.options.clock, lambda: self._spawn(self._clock_out(live, position)))

    def _later(self, live: Live, seconds: float, then: Callable[[], None]) -> None:
        live.timer = asyncio.get_running_loop().call_later(seconds, then)

    async def _away(self, live: Live, seat: int, position: int) -> None:
        """The absent person's turn has waited long enough: a bot plays for them until they are back."""
        async with live.lock:
            s = live.room.seats[seat]
            if live.room.position == position and not s.present:
                s.away = True
                self._send_room(live)
                self._drive(live)

    async def _clock_out(self, live: Live, position: int) -> None:
        async with live.lock:
            if live.room.position == position:
                live.clock_out = position
                self._drive(live)

    def _think(self, live: Live, seat: int, level: str, mover: Mover) -> None:
        room = live.room
        if live.thinking == room.position:
            return
        live.thinking = room.position
        self._spawn(self._bot_move(live, seat, level, mover, room.position))

    async def _bot_move(self, live: Live, seat: int, level: str, mover: Mover, position: int) -> None:
        room = live.room
        obs = room.observation(seat)
        assert obs is not None
        seen: dict[str, object] = obs["obs"]  # type: ignore[assignment]  # the observation's JSON
        try:
            move = await self.thinkers.choose(room.kind, level, room.bot_seed(), seen)
        except Exception:
            log.exception("room %s: a bot failed to think; it makes its first legal move", room.code)
            move = seen["legal"][0]  # type: ignore[index]  # the observation's JSON
        async with live.lock:
            if live.thinking == position:
                live.thinking = None
            if room.position != position or self.rooms.get(room.code) is not live:
                return
            s = room.seats[seat]
            if mover is Mover.STAND_IN and not s.away and live.clock_out != position:
                return  # the person came back while the bot thought
            try:
                move = room.check_move(seat, position, move)
            except ProtocolError:
                log.error("room %s: a bot chose %r, which is not legal; it makes its first legal move", room.code, move)
                move = seen["legal"][0]  # type: ignore[index]  # the observation's JSON
            await self._change(live, {"e": "move", "move": move, "by": mover.value})

    async def _next_game(self, live: Live, position: int) -> None:
        async with live.lock:
            room = live.room
            if room.position == position and room.status is Status.BETWEEN and self.rooms.get(room.code) is live:
                await self._change(live, {"e": "next"})


def _address(conn: ServerConnection) -> str:
    remote = conn.remote_address
    return str(remote[0]) if remote else "unknown"


async def run(config: ServerConfig, ready: Callable[[int], None] | None = None) -> int:
    """Serve until SIGINT or SIGTERM (rooms are kept for the next start); 0, or 1 when the disk failed."""
    server = RoomServer(config)
    port = await server.start()
    if ready is not None:
        ready(port)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(server.stop()))
    await server.stopped.wait()
    return 1 if server.failure else 0
