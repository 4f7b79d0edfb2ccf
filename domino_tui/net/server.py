"""The room server: asyncio and websockets around the rooms' hosts (host.RoomHost), every game owned here, each
connection told only its seat's part.

A connection's first message creates a room, joins one (taking a seat and a token), rejoins a seat with its
token, watches, or seeks a quick match (lobby.py: the process keeps each variant's seekers and seats them); before
it, a connection may sign in to an account (accounts.py), whose name it then sits down with. A question (the
leaderboard, the lobby's public rooms) is answered from the store, and the connection closed.

The server keeps the registry of rooms, checks passwords and the limits on connections and rooms, reads every
frame (protocol.parse) and counts a client's refused messages; everything a room does with a message (check,
apply, store, send, and the bots, stand-ins, clock and next game after it) is its host's, the same code that runs
a room in the app's process. A connection is a `Client`, the host's listener.

What no client can do: see a tile it may not know (it is sent its own observation, built by the engine); move
for another seat (a seat is held by the connection that took it or came back with its token); move out of turn
or illegally (the engine checks every move); stop a room (a malformed, oversized or flooding client is refused
with an error message, then disconnected; its room goes on); or hold the server with idle connections (no first
message within HELLO_TIMEOUT closes it, and connections are capped in all and per address).

Bots think in threads of their own (thinking.py), shared by every room. Rooms never wait for each other, and
their writes share commits (storage.py).

On a SQLite file the process serves every room in it, all resumed at its start. On PostgreSQL several processes
may share the database (behind a proxy that sends every connection naming a room to one process: docs/network.md):
each serves the rooms whose leases it holds (lease.py), loading a room when a client first names it, letting it
go when its last client leaves, and giving it up when another process has taken its lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import http
import json
import logging
import signal
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..engine import EngineError, SaveFormatError
from ..games import GameChoiceError, match_kind
from . import credentials, lobby, ratings
from .accounts import Accounts, account_key
from .host import KNOCK_WAIT, KNOCKS, RoomHost
from .lease import RENEW_EVERY, RoomElsewhere
from .limits import Bucket, PerAddress
from .lobby import Seeker
from .protocol import (
    FIRST,
    HELLO_TIMEOUT,
    MAX_MESSAGE,
    QUESTIONS,
    SIGN_IN,
    VERSION,
    Code,
    Options,
    ProtocolError,
    encode,
    error,
    parse,
)
from .protocol import normal_room_code as normal_code
from .room import Room, Status, check_options
from .storage import GroupCommits, Storage, StorageError, StoredRoom, is_database_url
from .thinking import Thinkers

log = logging.getLogger("domino_tui.net")

# websockets' close codes: 1000 normal, 1001 going away, 1008 policy violation (a refused client).
NORMAL, GOING_AWAY, POLICY = 1000, 1001, 1008
# A client that has not read this much of what was sent to it is not keeping up; it is disconnected (it can
# come back: every message it missed is in the next observation).
SLOW_CLIENT_BYTES = 1 << 20
# Chat is relayed to a connection only while less than this waits unsent for it (and within its allowance,
# ServerConfig.chat_relay): past it chat to that reader is dropped, and it is told so once, so that chat can
# never fill a buffer; only the game's own messages may take it on to SLOW_CLIENT_BYTES.
CHAT_BACKLOG = 64 << 10
DROPPED = encode(
    {
        "type": "chat",
        "seat": None,
        "name": "the server",  # no spectator is named so (they are all "a spectator"), and a seat is not null
        "text": "chat is coming faster than it reaches you: some messages were dropped",
    }
)
# Seconds a refused client's close waits for its answer before the connection is dropped.
REFUSED_CLOSE_WAIT = 1.0
# Refusals that a well-behaved client never earns: these count towards closing the connection. (A stale move
# or a second "next" happens to anyone on a slow network, and is only answered.)
STRIKES = frozenset({Code.BAD_MESSAGE, Code.TOO_BIG, Code.TOO_FAST, Code.VERSION})


# Seconds a process waits for a room another process holds, once it has asked for it, and between its looks.
HANDOFF_WAIT = 5.0
HANDOFF_POLL = 0.05

BOT_PACE = 1.0  # seconds: more than a Master bot thinks (0.6 s at most), so its thinking never shows


@dataclass
class ServerConfig:
    host: str = "127.0.0.1"
    port: int = 8765
    db: Path | str = "rooms.sqlite3"  # a SQLite file, or a PostgreSQL server's URL (open_storage)
    max_connections: int = 10_000
    per_address: int = 64  # connections from one address at once; rooms it may create at once (and per hour)
    max_rooms: int = 10_000
    rate: float = 20.0  # messages a second a connection may send, after a burst of twice that
    chat_relay: float = 10.0  # chat messages a second relayed to one connection, after a burst of twice that
    # Connections from one address still opening (no request read yet) at once (default: per_address); so an
    # address holds at most per_address + this many of the process's files.
    handshakes_per_address: int | None = None
    strikes: int = 20  # refused messages before a connection is closed
    hello_timeout: float = HELLO_TIMEOUT
    rooms_per_address: int = 16  # rooms made by one address and still on the server
    # Rooms asked for that are not there, or whose password was wrong, per address: a minute's worth, then one
    # every two seconds, so that guessing codes (or a password) goes no faster than that.
    misses: float = 0.5
    misses_burst: int = 30
    # Seconds a room may be left idle (no message, nobody entering or leaving, nothing played) before it is
    # deleted with its log: a lobby; a finished match; any room with nobody connected (bots alone wait for ever).
    idle_lobby: float = 3600.0
    idle_over: float = 3600.0
    unattended: float = 86400.0
    workers: int = 4  # threads bots think in
    undo: bool = False  # a person alone with bots may take moves back
    # Seconds from a bot's turn to its move, at the least (the host's pace): so that how soon a bot answers tells
    # nobody whether it had a choice, which would say what its hidden hand holds. Tests set 0 where it is no matter.
    bot_pace: float = BOT_PACE
    # A join to a started room under the name of a player who is away knocks: it waits this many seconds at most
    # for the room's creator to let it in; a room holds this many knocks at once, an address this many waiting.
    knock_wait: float = KNOCK_WAIT
    knocks_per_room: int = KNOCKS
    knocks_per_address: int = KNOCKS
    # Quick match (lobby.py): a seeker is matched with those whose shown rating is within quick_band of its own,
    # and the band grows by quick_widen a second of the longest wait; the queues are looked at every quick_tick
    # seconds; bots of level quick_bots fill a table; an address has at most seekers_per_address seeking at once.
    quick_band: float = lobby.BAND
    quick_widen: float = lobby.WIDEN
    quick_tick: float = lobby.TICK
    quick_bots: str = "Easy"
    seekers_per_address: int = 4


@dataclass(eq=False)
class Client:
    """A websocket connection: a listener of the room it enters (host.Listener)."""

    ws: ServerConnection
    address: str
    bucket: Bucket
    spawn: Callable[[Coroutine[object, object, None]], asyncio.Task[None]]
    chat_allowance: Bucket
    host: RoomHost | None = None  # the room it entered
    account: str | None = None  # the account it signed in to (accounts.py), whose name it sits down with
    strikes: int = 0
    chat_dropped: bool = False  # chat to it is being dropped, and it has been told
    # Set by the first close: from then on nothing more is sent to it, it is read no more, and no second close is
    # started. (A close waits for the peer's answer; one started per frame of a client that never answers piled
    # up a task and a buffer for each.)
    closing: asyncio.Task[None] | None = None

    def deliver(self, text: str) -> None:
        if self.closing is not None:
            return
        ws = self.ws
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > SLOW_CLIENT_BYTES:
            self.close(POLICY, "not reading what the server sends")
            return
        broadcast([ws], text)

    def chat(self, text: str) -> None:
        if self.closing is not None:
            return
        transport = self.ws.transport
        behind = transport.get_write_buffer_size() if transport is not None else 0
        allowance = self.chat_allowance
        if behind <= CHAT_BACKLOG and allowance.take():
            if allowance.tokens >= allowance.burst - 1:
                self.chat_dropped = False  # calm again: its allowance was full, so a later flood is told anew
            broadcast([self.ws], text)
        elif not self.chat_dropped:
            self.chat_dropped = True
            self.deliver(DROPPED)

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            if code == POLICY:
                # It is read no more, so its answer to the close may never be read either: its slot is not held
                # for websockets' usual 10 s.
                self.ws.close_timeout = REFUSED_CLOSE_WAIT
            self.closing = self.spawn(self.ws.close(code, reason))

    @property
    def in_room(self) -> bool:
        return self.host is not None and self.host.holds(self)


class _Connection(ServerConnection):
    """A connection counted from its first byte, before it is a WebSocket: each holds a file of the process, and
    one that never finishes its handshake holds it for websockets' open timeout (10 s)."""

    owner: RoomServer  # set on the subclass each server makes for its own connections
    peer = "unknown"
    counted = False  # among its address's sockets
    opening = False  # among its address's handshakes in progress (no request read yet)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        assert isinstance(transport, asyncio.Transport)
        remote = transport.get_extra_info("peername")
        self.peer = str(remote[0]) if remote else "unknown"
        if not self.owner._socket_opened(self):
            transport.abort()  # past its address's caps: dropped before a byte is read, no answer owed

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.owner._socket_closed(self)


def open_storage(db: Path | str) -> GroupCommits:
    """The store ``db`` names: a PostgreSQL server by its URL, else a SQLite file. psycopg is imported only here,
    for a URL: a server on SQLite needs none of it."""
    if is_database_url(db):
        try:
            from .postgres_storage import PostgresStorage
        except ImportError as exc:
            if exc.name is None or not exc.name.startswith("psycopg"):
                raise
            raise StorageError(
                "a PostgreSQL database needs psycopg, which is not installed: pip install 'domino-tui[postgres]'"
            ) from None
        return PostgresStorage(str(db))
    return Storage(db)


class RoomServer:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.storage = open_storage(config.db)
        self.thinkers = Thinkers(config.workers)
        self.rooms: dict[str, RoomHost] = {}
        self.per_address: Counter[str] = Counter()  # WebSocket connections per address
        self.sockets: Counter[str] = Counter()  # every connection per address, handshakes and refusals too
        self.opening: Counter[str] = Counter()  # connections per address that have not sent their request
        self.knocking: Counter[str] = Counter()  # connections per address joining (knocking at a started room)
        self._connection_type = type("Connection", (_Connection,), {"owner": self})
        self.connections = 0
        self.creations = PerAddress(config.per_address / 3600, config.per_address)
        self.misses = PerAddress(config.misses, config.misses_burst)
        self.server: Server | None = None
        self.stopped = asyncio.Event()
        self.failure: str | None = None
        self.stopping = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._password_checks = asyncio.Semaphore(2)  # scrypt and argon2 are dear by design: two at a time at most
        self.accounts = Accounts(self.storage, self.misses, self._password_checks)
        self.new_seed: Callable[[], int] = credentials.new_seed  # the seed of each new match (tests fix it)
        self.active: dict[str, float] = {}  # per room: when it was last active (time.time())
        self.made_by: dict[str, str] = {}  # per room: the address that made it (kept with the room)
        self._sweeper: asyncio.Task[None] | None = None
        self.expired_at_start: list[str] = []  # rooms deleted at the start rather than resumed, left idle too long
        self._renewer: asyncio.Task[None] | None = None
        # Per room being loaded or let go (a shared store's): its lock, and how many wait for it or hold it.
        self._taking: dict[str, tuple[asyncio.Lock, int]] = {}
        self._unrated: list[RoomHost] = []  # rooms resumed with a match over, to be rated if they were not
        # Quick match: the seekers waiting per variant and number of players, and how many per address.
        self.seekers: dict[tuple[str, int], list[Seeker]] = {}
        self.seeking: Counter[str] = Counter()
        self.seeking_accounts: set[str] = set()  # the account keys of those searches (one search an account)
        self.clock: Callable[[], float] = time.monotonic  # how long seekers have waited (tests move it)
        self._matcher: asyncio.Task[None] | None = None
        if self.storage.shared:
            return  # rooms are loaded one at a time, as clients name them (_take)
        now = time.time()
        for stored in self.storage.rooms():
            room = self._replayed(stored)
            if room is None:
                continue
            if self._expired(room, stored.active, present=False, now=now) is not None:
                # Left idle too long while the server was down: not resumed, so it holds no place (a server full
                # of abandoned rooms stays full across restarts otherwise).
                self.expired_at_start.append(room.code)
                self.storage.delete_now(room.code)
                continue
            self._resume(room, stored)
        if self.rooms:
            log.info("resumed %d rooms from %s", len(self.rooms), self.storage.name)

    def _replayed(self, stored: StoredRoom) -> Room | None:
        room = Room(stored.code, stored.seed, Options.from_json(stored.options), stored.password, stored.created)
        try:
            room.replay(stored.entries)
        except (SaveFormatError, EngineError) as exc:
            # A log this version cannot replay truly (one an earlier version wrote under a rule since mended)
            # is left in the database, unread, rather than resumed with a wrong score or stopping every room.
            log.warning("room %s is not resumed: %s", credentials.shown_code(room.code), exc)
            return None
        return room

    def _resume(self, room: Room, stored: StoredRoom) -> RoomHost:
        host = self.rooms[room.code] = self._host(room)
        if room.status is Status.OVER:
            # Its match may have ended just before the server stopped, unrated: rated once the server runs (or
            # found rated already).
            self._unrated.append(host)
            if self.server is not None:
                self._rate_resumed()
        self.active[room.code] = stored.active
        if stored.address is not None:
            self.made_by[room.code] = stored.address
            host.share = ("address", stored.address)  # its bots take their turns with its maker's other rooms
        return host

    # ----- rooms of a store shared by several processes: each served by the process holding its lease -----

    @contextlib.asynccontextmanager
    async def _one_at_a_time(self, code: str) -> AsyncIterator[None]:
        """Loading and letting go of room ``code``, one at a time; the lock is forgotten once nobody needs it (so
        codes guessed leave nothing behind)."""
        lock, users = self._taking.get(code, (asyncio.Lock(), 0))
        self._taking[code] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._taking[code]
            if users == 1:
                del self._taking[code]
            else:
                self._taking[code] = (lock, users - 1)

    async def _take(self, code: str) -> RoomHost | None:
        """The room ``code``, loaded from the shared store once its lease is this process's; None when there is
        no such room (or it expired while nobody served it)."""
        async with self._one_at_a_time(code):
            host = self.rooms.get(code)
            if host is not None:
                return host
            stored = await self._take_from_elsewhere(code)
            if stored is None:
                return None
            room = self._replayed(stored)
            if room is None:
                await self.storage.release_room(code)
                return None
            if self._expired(room, stored.active, present=False, now=time.time()) is not None:
                await self.storage.delete_room(code)
                return None
            log.info("room %s taken from %s", credentials.shown_code(code), self.storage.name)
            return self._resume(room, stored)

    async def _take_from_elsewhere(self, code: str) -> StoredRoom | None:
        """The room's lease, and the room: asked of the process holding it, if one does (the proxy sent this
        connection here, so the room's other clients will come here too), waiting `HANDOFF_WAIT` at most."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + HANDOFF_WAIT
        asked = False
        while True:
            try:
                return await self.storage.take_room(code)
            except RoomElsewhere:
                if loop.time() > deadline:
                    raise ProtocolError(
                        Code.ELSEWHERE, "another process of this server has the room just now: connect again"
                    ) from None
            if not asked:
                await self.storage.ask_for(code)
                asked = True
            await asyncio.sleep(HANDOFF_POLL)

    def _wanted(self, code: str) -> None:
        """Another process asks for room ``code`` (in the store's thread): handed over if it is here."""
        self.loop.call_soon_threadsafe(lambda: self._spawn(self._hand_over(code)))

    async def _hand_over(self, code: str) -> None:
        host = self.rooms.get(code)
        if host is None or self.stopping:
            return
        async with self._one_at_a_time(code), host.lock:
            if self.rooms.get(code) is not host:
                return
            host.stop()
            self._forget(host)
            for listener in list(host.clients):
                listener.close(GOING_AWAY, "the room moves to another server process: connect again")
            await self.storage.drain()
            await self.storage.release_room(code)
        log.info("room %s handed over to another process", credentials.shown_code(code))

    async def _let_go(self, host: RoomHost) -> None:
        """Nobody is in the room: its lease is given up (its log is all in the store), so that whichever process
        the next client reaches can take it."""
        code = host.room.code
        async with self._one_at_a_time(code), host.lock:
            if host.clients or host.knocks or host.closed or self.rooms.get(code) is not host or self.stopping:
                return
            host.stop()
            self._forget(host)
            await self.storage.drain()
            await self.storage.release_room(code)

    def _elsewhere(self, host: RoomHost) -> None:
        """Another process took the room (this one failed to renew its lease in time): it is dropped here, and
        its clients, sent away, connect again and reach the process that serves it now."""
        if self.rooms.get(host.room.code) is not host:
            return
        host.stop()
        self._forget(host)
        for listener in list(host.clients):
            listener.close(GOING_AWAY, "the room moved to another server process: connect again")
        log.warning("room %s: another process took it", credentials.shown_code(host.room.code))

    async def _renewing(self) -> None:
        while True:
            await asyncio.sleep(RENEW_EVERY)
            try:
                lost = await self.storage.renew_leases()
            except Exception as exc:
                self._fail(f"could not renew the rooms' leases in {self.storage.name}: {exc}")
                return
            for code in lost:
                host = self.rooms.get(code)
                if host is not None:
                    self._elsewhere(host)

    def _host(self, room: Room) -> RoomHost:
        return RoomHost(
            room,
            self.storage,
            self.thinkers,
            on_close=self._forget,
            undo=self.config.undo,
            pace=self.config.bot_pace,
            on_store_failure=self._fail,
            on_elsewhere=self._elsewhere,
            on_match_over=self._rate,
            on_seats=self._list,
            new_seed=self.new_seed,
            knock_wait=self.config.knock_wait,
            max_knocks=self.config.knocks_per_room,
        )

    @staticmethod
    def _account_key(client: Client) -> str | None:
        return None if client.account is None else account_key(client.account)

    def _rate_resumed(self) -> None:
        for host in self._unrated:
            self._spawn(host.rate())
        self._unrated.clear()

    async def _rate(self, room: Room) -> None:
        """Rate the match just over in ``room`` if its people all have accounts (ratings.py); done once however
        often asked (a match over when its room is resumed is asked again, in case the server stopped before)."""
        rated = ratings.rated_sides(room)
        if rated is None:
            return
        sides, ranks = rated
        if await self.storage.rate_match(room.code, room.matches, room.options.variant, sides, ranks):
            log.info("room %s: match %d rated", credentials.shown_code(room.code), room.matches)

    async def _list(self, room: Room) -> None:
        """A public room's seats changed, or it started: listed in the lobby as it is now, or taken off."""
        if room.options.public:
            shown = lobby.seats_shown(room)
            await self.storage.list_room(room.code, None if shown is None else room.options.variant, shown)

    def _forget(self, host: RoomHost) -> None:
        """A room closed (by its creator, or expired) is no longer on the server."""
        code = host.room.code
        self.rooms.pop(code, None)
        self.active.pop(code, None)
        self.made_by.pop(code, None)

    def _expired(self, room: Room, active: float, present: bool, now: float) -> str | None:
        """Why ``room`` (last active at ``active``) is to be deleted now, or None."""
        config, idle = self.config, now - active
        if room.status is Status.LOBBY and idle > config.idle_lobby:
            return f"nothing happened in the room's lobby for {config.idle_lobby:g} s"
        if room.status is Status.OVER and idle > config.idle_over:
            return f"the match ended and the room was left for {config.idle_over:g} s"
        if not present and idle > config.unattended:
            return f"nobody was in the room for {config.unattended:g} s"
        return None

    def _sweep(self) -> None:
        now = time.time()
        for code, host in list(self.rooms.items()):
            why = self._expired(host.room, self.active.get(code, now), bool(host.clients), now)
            if why is not None:
                self._spawn(host.expire(f"the room expired: {why}"))

    async def _sweep_stored(self) -> None:
        """A shared store's rooms that nobody serves and were idle long enough to have expired: each taken, looked
        at and deleted if it has (_take deletes it), or let go again."""
        config = self.config
        idle = min(config.idle_lobby, config.idle_over, config.unattended)
        for code in await self.storage.idle_rooms(time.time() - idle):
            with contextlib.suppress(ProtocolError):  # another process took it meanwhile
                host = await self._take(code)
                if host is not None and not host.clients:
                    await self._let_go(host)

    async def _sweeping(self) -> None:
        config = self.config
        every = min(60.0, max(0.01, min(config.idle_lobby, config.idle_over, config.unattended) / 10))
        while True:
            await asyncio.sleep(every)
            self._sweep()
            if self.storage.shared:
                await self._sweep_stored()

    def _touch(self, client: Client) -> None:
        if client.host is not None and not client.host.closed:
            self.active[client.host.room.code] = time.time()

    # ----- running -----

    async def start(self) -> int:
        """Listen; the port (useful when the config asked for port 0)."""
        self.server = await serve(
            self._handler,
            self.config.host,
            self.config.port,
            process_request=self._process_request,
            create_connection=self._connection_type,
            max_size=MAX_MESSAGE,
            max_queue=4,
            compression=None,  # observations are small; deflate would cost every move CPU and every connection memory
            ping_interval=20,
            ping_timeout=20,
            server_header=None,
        )
        self._sweeper = asyncio.get_running_loop().create_task(self._sweeping())
        self._matcher = asyncio.get_running_loop().create_task(self._matching())
        if self.storage.shared:
            self._renewer = asyncio.get_running_loop().create_task(self._renewing())
            self.loop = asyncio.get_running_loop()
            self.storage.hear_wanted(self._wanted)
            await self._sweep_stored()
        self._rate_resumed()
        port: int = self.server.sockets[0].getsockname()[1]
        log.info("domino-tui room server on ws://%s:%d (protocol version %d)", self.config.host, port, VERSION)
        return port

    async def stop(self) -> None:
        """Close every connection (the rooms are kept: a restart resumes them), finish the writes, stop."""
        self.stopping = True
        for task in (self._sweeper, self._renewer, self._matcher):
            if task is not None:
                task.cancel()
        for host in self.rooms.values():
            host.stop()
        if self.server is not None:
            self.server.close(code=GOING_AWAY, reason="the server is stopping; your seat is kept")
            await self.server.wait_closed()
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

    def _spawn(self, coro: Coroutine[object, object, None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # ----- connections -----

    def _socket_opened(self, conn: _Connection) -> bool:
        """Count a new connection from its address, or refuse it: an address may hold ``handshakes_per_address``
        connections still opening, and ``per_address`` WebSockets with that many more beside them."""
        config, address = self.config, conn.peer
        opening = config.per_address if config.handshakes_per_address is None else config.handshakes_per_address
        if self.opening[address] >= opening or self.sockets[address] >= config.per_address + opening:
            return False
        self.sockets[address] += 1
        self.opening[address] += 1
        conn.counted = conn.opening = True
        return True

    def _request_read(self, conn: _Connection) -> None:
        if conn.opening:
            conn.opening = False
            _uncount(self.opening, conn.peer)

    def _socket_closed(self, conn: _Connection) -> None:
        self._request_read(conn)
        if conn.counted:
            conn.counted = False
            _uncount(self.sockets, conn.peer)

    def _process_request(self, conn: ServerConnection, request: Request) -> Response | None:
        if isinstance(conn, _Connection):
            self._request_read(conn)
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
        config = self.config
        client = Client(
            ws,
            address,
            Bucket(config.rate, 2 * config.rate),
            self._spawn,
            Bucket(config.chat_relay, 2 * config.chat_relay),
        )
        self.connections += 1
        self.per_address[address] += 1
        try:
            await self._converse(client)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            _uncount(self.per_address, address)
            if client.host is not None:
                self._touch(client)
                await client.host.leave(client)
                if self.storage.shared and not client.host.clients:
                    await self._let_go(client.host)

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
            if msg["type"] in QUESTIONS:
                await ws.send(await self._answer(msg))
                await ws.close()
                return
            if msg["type"] in SIGN_IN:
                signed_in = await self._sign_in(client, msg)
                if signed_in is None:
                    return
                msg = signed_in
            if msg["type"] not in FIRST:
                raise ProtocolError(Code.NOT_NOW, "first create, join, rejoin or watch a room")
            if msg["type"] == "quick":
                await self._quick(client, msg)
                return
            await self._enter(client, msg)
            self._touch(client)
        except ProtocolError as exc:
            # A first message that cannot be acted on ends the connection: the client tries again on a new one.
            await ws.send(error(exc.code, exc.message))
            await ws.close(POLICY, exc.message[:120])
            return
        async for raw in ws:
            # Closed (refused once too often, too slow a reader), its room closed under it, or its seat taken up
            # by a new connection: what it sends now is not read, so it earns no answer and no second close.
            if client.closing is not None or not client.in_room:
                break
            if not client.bucket.take():
                self._refuse(client, Code.TOO_FAST, f"at most {self.config.rate:g} messages a second")
                continue
            assert client.host is not None
            self._touch(client)
            try:
                await client.host.receive(client, parse(raw))
            except ProtocolError as exc:
                self._refuse(client, exc.code, exc.message)
            except RoomElsewhere:
                break  # the room is another process's now: this connection was sent away (_elsewhere)
        if client.closing is not None:
            await client.closing  # its own code and reason, before the handler's end closes it as normal

    async def _answer(self, question: dict[str, object]) -> str:
        """The answer to a first message that asks something of the server (`QUESTIONS`): a ``leaderboard``, the
        accounts' ratings in a variant, best first; the ``lobby``, the public rooms waiting for players (lobby.py),
        with the variant's leaderboard when it names one; ``ratings``, one account's in every variant it has played
        rated matches of (as public as the leaderboards). Names and numbers only: nothing of a private room, and
        no password, token, seed or session."""
        variant = question.get("variant")
        if variant is not None:
            try:
                match_kind(str(variant))
            except GameChoiceError as exc:
                raise ProtocolError(Code.BAD_MESSAGE, str(exc)) from None
        if question["type"] == "lobby":
            return encode(
                {
                    "type": "lobby",
                    "variant": variant,
                    "rooms": await self._lobby_rooms(None if variant is None else str(variant)),
                    "rows": [] if variant is None else await self._leaderboard(str(variant), ratings.DEFAULT_LIMIT),
                }
            )
        if question["type"] == "ratings":
            name = str(question["name"])
            found, _ = await self.storage.execute(ratings.OF_ACCOUNT, (account_key(name),))
            return encode({"type": "ratings", "name": name, "rows": ratings.account_rows(found)})
        limit = question.get("limit") or ratings.DEFAULT_LIMIT
        rows = await self._leaderboard(str(variant), limit)
        return encode({"type": "leaderboard", "variant": variant, "rows": rows})

    async def _leaderboard(self, variant: str, limit: object) -> list[dict[str, object]]:
        found, _ = await self.storage.execute(ratings.LEADERBOARD, (variant, limit))
        return [row.to_json() for row in ratings.leaderboard_rows(found)]

    async def _lobby_rooms(self, variant: str | None) -> list[dict[str, object]]:
        """The public rooms in the store (every process's) waiting with a seat open, oldest first, each person
        seated with their rating in the room's variant."""
        if variant is None:
            found, _ = await self.storage.execute(lobby.LISTING, (lobby.MAX_ROOMS,))
        else:
            found, _ = await self.storage.execute(lobby.LISTING_OF, (variant, lobby.MAX_ROOMS))
        rows = []
        for listed in sorted({str(row[1]) for row in found}):  # each variant's rooms, with its ratings
            of_variant = [row for row in found if str(row[1]) == listed]
            keys = lobby.accounts_listed(of_variant)
            known: dict[str, tuple[float, int]] = {}
            if keys:
                marks = ", ".join("?" * len(keys))
                rated, _ = await self.storage.execute(lobby.RATINGS_OF.format(marks=marks), (listed, *keys))
                for key, mu, sigma, games in rated:
                    known[str(key)] = (ratings.shown(float(mu), float(sigma)), int(games))  # type: ignore[arg-type, call-overload]  # the database's numbers
            rows += lobby.listing_rows(of_variant, known)
        order = {str(row[0]): place for place, row in enumerate(found)}  # oldest first, as listed
        return sorted(rows, key=lambda row: order[str(row["room"]).replace("-", "")])

    async def _sign_in(self, client: Client, msg: dict[str, object]) -> dict[str, object] | None:
        """A first message of accounts.py's, answered; then the connection's next message, which enters a room as
        a first one does (None: a logout, answered, and the connection closed)."""
        ws = client.ws
        if msg["type"] == "logout":
            await self.accounts.logout(str(msg["session"]))
            await ws.send(encode({"type": "logged_out"}))  # the same whether it was a session: no token is told
            await ws.close()
            return None
        signed = await self.accounts.sign_in(msg, client.address)
        client.account = signed.name
        await ws.send(encode({"type": "account", "name": signed.name, "session": signed.session}))
        try:
            async with asyncio.timeout(self.config.hello_timeout):
                raw = await ws.recv()
        except TimeoutError:
            raise ProtocolError(Code.TIMEOUT, "signed in, but no create, join, rejoin or watch followed") from None
        return parse(raw)

    def _refuse(self, client: Client, code: Code, message: str) -> None:
        """Tell the client why its message was refused. A client that keeps sending what no client of the
        protocol sends (malformed messages, a flood) is disconnected after ``strikes`` of them: so a flood is
        answered at most that many times."""
        if code in STRIKES:
            client.strikes += 1
            if client.strikes > self.config.strikes:
                client.close(POLICY, f"too many refused messages ({message})"[:120])
                return
        client.deliver(error(code, message))

    # ----- entering a room: the registry, passwords and limits here; the room's own rules in its host -----

    async def _enter(self, client: Client, msg: dict[str, object]) -> None:
        kind = msg["type"]
        if kind in ("create", "join"):
            msg["name"] = await self.accounts.seat_name(client.account, str(msg["name"]))
        if kind == "create":
            await self._create(client, msg)
            return
        if not self.misses.has(client.address):
            # Asked before the room is looked up, so that an address out of guesses learns nothing of any code.
            raise ProtocolError(Code.TOO_FAST, "too many rooms not found or wrong passwords from your address: wait")
        code = normal_code(str(msg["room"]))
        host = self.rooms.get(code)
        if host is None and self.storage.shared:
            host = await self._take(code)
        if host is None:
            self.misses.take(client.address)
            raise ProtocolError(Code.NO_ROOM, f"there is no room {msg['room']} on this server")
        if kind == "held":
            # A question, not an entry: answered, and the connection closed (no room of the client's, no seat).
            seat, answer = host.seat_held(str(msg["token"]))
            if seat is None:
                self.misses.take(client.address)  # a token that holds no seat is a guess, as a wrong password is
            await client.ws.send(answer)
            await client.ws.close()
            if self.storage.shared and not host.clients:
                await self._let_go(host)
            return
        client.host = host
        if kind == "rejoin":
            try:
                await host.rejoin(client, str(msg["token"]))
            except ProtocolError as exc:
                if exc.code is Code.TOKEN:
                    self.misses.take(client.address)
                raise
            return
        if host.room.password_hash is not None:
            password = msg.get("password")
            if not isinstance(password, str):
                raise ProtocolError(Code.PASSWORD, "this room has a password")
            async with self._password_checks:
                right = await asyncio.to_thread(credentials.check_password, password, host.room.password_hash)
            if not right:
                self.misses.take(client.address)
                raise ProtocolError(Code.PASSWORD, "that is not the room's password")
        if kind == "watch":
            await host.watch(client)
        else:
            await self._join(client, host, str(msg["name"]), msg.get("seat"))  # type: ignore[arg-type]  # int or None

    # ----- quick match (lobby.py): seekers seated by rating, each queue in the process its variant's path reaches -----

    async def _quick(self, client: Client, msg: dict[str, object]) -> None:
        """Wait in the variant's queue until seated (then answer ``matched`` with the seat's token, and close), or
        until the connection closes (the seeker gave up)."""
        variant = str(msg["variant"])
        asked = msg.get("players")
        try:
            players = match_kind(variant, asked if isinstance(asked, int) else None).players
        except GameChoiceError as exc:
            raise ProtocolError(Code.BAD_MESSAGE, str(exc)) from None
        name = await self.accounts.seat_name(client.account, str(msg["name"]))
        key = self._account_key(client)
        if key is not None and key in self.seeking_accounts:
            raise ProtocolError(Code.TOO_FAST, "your account is seeking a match already: one search at a time")
        if self.seeking[client.address] >= self.config.seekers_per_address:
            raise ProtocolError(
                Code.TOO_FAST, f"your address has {self.seeking[client.address]} searches waiting: wait for them"
            )
        # Counted before anything is awaited: searches sent at once, checked while this one awaits the store,
        # would all pass (and one account's two be seated at one table, against itself).
        self.seeking[client.address] += 1
        if key is not None:
            self.seeking_accounts.add(key)
        queue: list[Seeker] | None = None
        seeker: Seeker | None = None
        try:
            # A search may end in a room made for this address (with bots, when nobody comes): one made.
            await self._may_make_a_room(client.address)
            bots_after = msg.get("bots_after")
            seeker = Seeker(
                name,
                key,
                client.address,
                await self._rating(key, variant),
                self.clock(),
                float(bots_after) if isinstance(bots_after, int | float) else None,
            )
            queue = self.seekers.setdefault((variant, players), [])
            queue.append(seeker)
            await client.ws.send(
                encode(
                    {
                        "type": "seeking",
                        "variant": variant,
                        "players": players,
                        "rating": seeker.rating,
                        "bots_after": seeker.bots_after,
                    }
                )
            )
            self._match_now()
            closed: asyncio.Future[object] = asyncio.ensure_future(client.ws.wait_closed())
            seated: asyncio.Future[object] = seeker.seated  # type: ignore[assignment]  # waited for, not read
            try:
                await asyncio.wait({seated, closed}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                closed.cancel()
        finally:
            _uncount(self.seeking, client.address)
            if key is not None:
                self.seeking_accounts.discard(key)
            if seeker is not None and not seeker.seated.done():
                seeker.seated.cancel()  # gone: a table being made for it now seats it, and tells nobody
            if queue is not None:
                if seeker in queue:
                    queue.remove(seeker)
                if not queue and self.seekers.get((variant, players)) is queue:
                    del self.seekers[(variant, players)]
        assert seeker is not None  # made, or the search ended above with the store's refusal
        if seeker.seated.cancelled():
            return  # gone before a table was found
        code, seat, token, seated_as = seeker.seated.result()  # ProtocolError: the table could not be made
        await client.ws.send(
            encode(
                {
                    "type": "matched",
                    "room": credentials.shown_code(code),
                    "seat": seat,
                    "token": token,
                    "name": seated_as,
                }
            )
        )
        await client.ws.close()

    async def _rating(self, key: str | None, variant: str) -> float:
        """An account's shown rating in ``variant``; a new account's (0) for a guest or an account not yet rated."""
        if key is not None:
            rows, _ = await self.storage.execute(
                "SELECT mu, sigma FROM ratings WHERE key = ? AND variant = ?", (key, variant)
            )
            if rows:
                return ratings.shown(float(rows[0][0]), float(rows[0][1]))  # type: ignore[arg-type]  # the database's numbers
        return ratings.shown(*lobby.NEW)

    def _match_now(self) -> None:
        """Seat every table the queues make now (lobby.pick), each seeker taken off its queue as it is chosen."""
        now = self.clock()
        config = self.config
        for (variant, players), queue in list(self.seekers.items()):
            while (chosen := lobby.pick(queue, players, now, config.quick_band, config.quick_widen)) is not None:
                group, bots = chosen
                for seeker in group:
                    queue.remove(seeker)
                self._spawn(self._seat_group(variant, players, group, bots))

    async def _matching(self) -> None:
        while True:
            await asyncio.sleep(self.config.quick_tick)
            self._match_now()

    async def _seat_group(self, variant: str, players: int, group: list[Seeker], bots: bool) -> None:
        """Make a private room of ``variant`` for ``group`` (bots in the seats left when ``bots``), seat them in
        the order given, start it, and tell each seeker its seat."""
        try:
            if len(self.rooms) >= self.config.max_rooms:
                raise ProtocolError(Code.SERVER_FULL, "the server holds as many rooms as it may: try again later")
            seats: list[str | None] = [None] * len(group) + [self.config.quick_bots] * (players - len(group))
            options, _ = check_options(
                {"variant": variant, "players": players, "seats": seats, "bots": self.config.quick_bots}, False
            )
            code = credentials.new_room_code()
            while code in self.rooms or (self.storage.shared and not await self.storage.take_new_code(code)):
                code = credentials.new_room_code()
            first = group[0]
            room = Room(code, self.new_seed(), options, None, time.time())
            host = self.rooms[code] = self._host(room)
            self.made_by[code] = first.address
            self.active[code] = time.time()
            takers = [_Taker(seeker.address) for seeker in group]
            await host.create(takers[0], first.name, 0, first.address, first.account)
            for seat, (seeker, taker) in enumerate(zip(group, takers, strict=True)):
                if seat:
                    await host.join(taker, seeker.name, seat, seeker.account)
            await host.receive(takers[0], {"type": "start"})
            for taker in takers:
                await host.leave(taker)
            log.info(
                "room %s: %s quick match for %d, bots: %s", credentials.shown_code(code), variant, len(group), bots
            )
        except Exception as exc:
            if not isinstance(exc, ProtocolError):
                log.warning("a quick match's table of %s could not be made: %s", variant, exc)
                exc = ProtocolError(Code.SERVER_FULL, "the server could not make the table just now: seek again")
            for seeker in group:
                if not seeker.seated.done():
                    seeker.seated.set_exception(exc)
            return
        for seeker, taker in zip(group, takers, strict=True):
            if not seeker.seated.done() and taker.seat is not None and taker.token is not None:
                seeker.seated.set_result((code, taker.seat, taker.token, taker.name))

    async def _may_make_a_room(self, address: str) -> None:
        """Count a room made for ``address`` (created, or sought by quick match), or ProtocolError: it has as many
        rooms on the server as it may, or has made too many lately."""
        if self.storage.shared:
            live = await self.storage.rooms_made_by(address)  # every process's rooms
        else:
            live = sum(1 for made_by in self.made_by.values() if made_by == address)
        if live >= self.config.rooms_per_address:
            raise ProtocolError(
                Code.TOO_FAST,
                f"your address has {live} rooms on this server, as many as it may: close one or let one expire",
            )
        if not self.creations.take(address):
            raise ProtocolError(Code.TOO_FAST, "your address has made too many rooms: try again later")

    async def _join(self, client: Client, host: RoomHost, name: str, seat: int | None) -> None:
        """Join ``host``'s room: a seat in its lobby, or, once it has started, a knock that waits for its creator
        (and ends when its connection does). An address has at most ``knocks_per_address`` knocks waiting, and a
        knock that is not let in counts among its misses, as a wrong password does."""
        address = client.address
        started = host.room.status is not Status.LOBBY
        if started and self.knocking[address] >= self.config.knocks_per_address:
            raise ProtocolError(
                Code.TOO_FAST, f"your address has {self.knocking[address]} knocks waiting: wait for their answers"
            )
        self.knocking[address] += 1
        joining = asyncio.ensure_future(host.join(client, name, seat, self._account_key(client)))
        closed = asyncio.ensure_future(client.ws.wait_closed())
        try:
            await asyncio.wait({joining, closed}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            closed.cancel()
            _uncount(self.knocking, address)
            if not joining.done():
                joining.cancel()  # its connection closed while it knocked
                with contextlib.suppress(asyncio.CancelledError):
                    await joining
        try:
            joining.result()
        except asyncio.CancelledError:
            # Not let in either: knocking and vanishing, over and over, spends the address's guesses too.
            self.misses.take(address)
            raise ProtocolError(Code.REFUSED, "the connection closed while it knocked") from None
        except ProtocolError:
            if started or host.room.status is not Status.LOBBY:
                self.misses.take(address)  # a name guessed, a knock turned away or over a bound: a wrong password
            raise

    async def _create(self, client: Client, msg: dict[str, object]) -> None:
        if len(self.rooms) >= self.config.max_rooms:
            raise ProtocolError(Code.SERVER_FULL, "the server holds as many rooms as it may: try again later")
        password = msg.get("password")
        options, seat = check_options(msg, isinstance(password, str))
        await self._may_make_a_room(client.address)
        password_hash = None
        if isinstance(password, str):
            async with self._password_checks:
                password_hash = await asyncio.to_thread(credentials.hash_password, password)
        code = credentials.new_room_code()
        while code in self.rooms or (self.storage.shared and not await self.storage.take_new_code(code)):
            code = credentials.new_room_code()
        room = Room(code, self.new_seed(), options, password_hash, time.time())
        host = self.rooms[code] = self._host(room)
        self.made_by[code] = client.address
        self.active[code] = time.time()
        client.host = host
        await host.create(client, str(msg["name"]), seat, client.address, self._account_key(client))
        log.info("room %s: %s made by %s", credentials.shown_code(code), options.variant, client.address)


class _Taker:
    """Who takes a quick match's seat for its seeker, while the server seats it: the room's welcome read for the
    seat's token, which the seeker is sent (it then takes the seat with rejoin, as after any drop)."""

    def __init__(self, address: str) -> None:
        self.address = address  # the room's bots share the threads with its first seeker's other rooms
        self.seat: int | None = None
        self.token: str | None = None
        self.name = ""

    def deliver(self, text: str) -> None:
        msg = json.loads(text)
        if msg.get("type") == "welcome" and msg.get("token"):
            self.seat, self.token, self.name = msg["seat"], msg["token"], msg["name"]

    def chat(self, text: str) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


def _uncount(counts: Counter[str], address: str) -> None:
    counts[address] -= 1
    if counts[address] <= 0:
        del counts[address]  # the tables hold only the addresses connected now


def _address(conn: ServerConnection) -> str:
    remote = conn.remote_address
    return str(remote[0]) if remote else "unknown"


# The garbage collector's thresholds for a serving process (Python's: 700, 10, 10). Every move makes thousands of
# short-lived lists and dicts (its observations), freed as soon as they are sent; at Python's, the collector ran
# every few moves and scanned what a busy server holds: a seventh of the event loop's CPU at saturation.
COLLECT_AFTER = (50_000, 20, 10)


def collect_less() -> None:
    """Set the collector for a server: what the start made (the modules, the rooms resumed) is never scanned again,
    and the young objects are scanned after every 50,000 made rather than 700."""
    gc.freeze()
    gc.set_threshold(*COLLECT_AFTER)


async def run(config: ServerConfig, ready: Callable[[int], None] | None = None) -> int:
    """Serve until SIGINT or SIGTERM (rooms are kept for the next start); 0, or 1 when the disk failed."""
    server = RoomServer(config)
    port = await server.start()
    collect_less()
    if ready is not None:
        ready(port)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, lambda: asyncio.ensure_future(server.stop()))
    await server.stopped.wait()
    return 1 if server.failure else 0
