"""A room as it runs, whatever carries its messages: `RoomHost`, the one driver of a `Room`, on the server and in
the app's process alike.

Whoever is in the room is a `Listener`: something that can be handed a message (the protocol's JSON text) and be
closed. The server's websocket connections are listeners; so are the app's in-process clients (local.py). A host
knows nothing of sockets: the server (server.py) reads frames, checks passwords and limits and hands the host
each parsed message; a local room (local.py) does the same in the app's process, with no network.

Every change to a room goes the same way, under the room's lock: check it, apply it to the room (Room.apply),
store it (a `RoomStore`: the server's SQLite, a local room's file; durable before anything is sent), then send
each listener what it may see: its seat's observation, or the public view to a spectator. Then `_drive` starts
whatever the room waits for next: a bot's move (thinking.py), a stand-in for an away person, the move clock, the
next game.

A host's own knobs, which are not stored (they are the app's or the server's, not the room's): ``pace`` (a bot's
move is applied no sooner than that many seconds after its turn began, whether it had one legal move or many: so
that a person sees the moves one by one, and, on a server, so that how long a bot took tells nobody whether its
hidden hand had a choice), ``stand_ins`` (whether a bot plays for an absent person; never for the seats at the
app's keyboard, which are always there), ``wait_for_everyone`` (between games, wait for every person's next
rather than the room's ``between`` seconds) and ``undo`` (whether a person alone with bots may take moves back:
the app's rooms do, a server when its operator says so). `hold` keeps the bots from moving until released (the
app's terminal too small to show the table, say).

Who sits where changes only in the lobby (a person's `sit`, the creator's `swap`: one `swap` entry, the seats'
listeners moved with them). After the start, a `join` under an absent person's name knocks: it waits (a
`Knock`, never stored) for the creator's `admit`, which gives the seat a new token, or `refuse`, or for
``knock_wait`` to run out.

A room's bots take their turn at the threads bots think in with the other rooms of its ``share`` (thinking.py):
its creator's address where the carrier has one, so that one address's many rooms hold no more of the threads
than another's one room.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Hashable
from dataclasses import dataclass
from typing import Protocol

from ..engine import SaveFormatError
from . import credentials
from .lease import RoomElsewhere
from .protocol import FIRST, MIN_CLOCK, VERSION, Code, ProtocolError, encode
from .room import Entry, Mover, Room, SeatKind, Status
from .thinking import Thinkers

log = logging.getLogger("domino_tui.net")

# The websocket close code a host closes a listener with (the room closed, the seat taken up elsewhere): normal.
NORMAL = 1000


# What only the creator may do, in the words of a refusal.
_WORDS = {
    "start": "start the room",
    "restart": "restart the room",
    "close": "close the room",
    "swap": "swap seats (move to an open seat with sit)",
    "admit": "let a person in",
    "refuse": "turn a person away",
}


class Listener(Protocol):
    """One seat's (or one spectator's) end of a room: hears the room's messages and can be sent away."""

    def deliver(self, text: str) -> None:
        """A message of the room, as the protocol's JSON text; must not wait (a slow listener is its carrier's
        problem, not the room's)."""

    def chat(self, text: str) -> None:
        """Someone's chat message, as the protocol's JSON text. Unlike ``deliver``, the carrier may drop it (a
        reader that cannot keep up with a busy room's chat loses chat, never the game)."""

    def close(self, code: int, reason: str) -> None:
        """The room is done with this listener (the room was closed, or its seat taken up by a new one)."""


@dataclass(eq=False)
class Knock:
    """A connection that asked for a person's seat in a started room (its person lost their token, say) and waits
    for the room's creator: ``answer`` is done with None when let in, or with the words of a refusal."""

    listener: Listener
    name: str
    answer: asyncio.Future[str | None]


# Seconds a knock waits for the creator's answer, and knocks a room holds at once, unless the host is told.
KNOCK_WAIT = 120.0
KNOCKS = 4


class RoomStore(Protocol):
    """Where a room's log is kept: each call done once the write is durable."""

    def create_room(
        self,
        code: str,
        created: float,
        seed: int,
        options: dict[str, object],
        password: str | None,
        address: str | None = None,
    ) -> Awaitable[None]: ...

    def append(self, code: str, seq: int, entry: dict[str, object]) -> Awaitable[None]: ...

    def replace_log(self, code: str, entries: list[dict[str, object]]) -> Awaitable[None]: ...

    def delete_room(self, code: str) -> Awaitable[None]: ...

    async def drain(self) -> None: ...


class RoomHost:
    def __init__(
        self,
        room: Room,
        store: RoomStore,
        thinkers: Thinkers,
        *,
        pace: float = 0.0,
        stand_ins: bool = True,
        wait_for_everyone: bool = False,
        undo: bool = False,
        on_close: Callable[[RoomHost], None] | None = None,
        on_store_failure: Callable[[str], None] | None = None,
        on_elsewhere: Callable[[RoomHost], None] | None = None,
        on_match_over: Callable[[Room], Awaitable[None]] | None = None,
        on_seats: Callable[[Room], Awaitable[None]] | None = None,
        new_seed: Callable[[], int] = credentials.new_seed,
        new_token: Callable[[], str] = credentials.new_token,
        knock_wait: float = KNOCK_WAIT,
        max_knocks: int = KNOCKS,
    ) -> None:
        self.room = room
        self.store = store
        self.thinkers = thinkers
        self.pace = pace
        self.stand_ins = stand_ins
        self.wait_for_everyone = wait_for_everyone
        self.undo = undo
        self.on_close = on_close
        self.on_store_failure = on_store_failure
        self.on_elsewhere = on_elsewhere  # the store refused a write: another process serves the room now
        # A match has just ended (its last move stored and announced): the server rates it (ratings.py), durable
        # before the room's lock lets anything else (a restart, the room closed) change the room.
        self.on_match_over = on_match_over
        # Who sits where has changed, or the room has started: the server lists a public room in its lobby anew.
        self.on_seats = on_seats
        self.new_seed = new_seed  # a restart's seed (tests set it to replay a match)
        self.new_token = new_token  # a seat's token (a room in a file keeps them: saved_room.py)
        self.knock_wait = knock_wait
        self.max_knocks = max_knocks
        self.knocks: dict[int, Knock] = {}  # per seat: who knocks for it (one at a time), waiting for the creator
        self.clients: dict[Listener, int | None] = {}  # everyone in the room: their seat, None for a spectator
        self.seated: dict[int, Listener] = {}
        self.lock = asyncio.Lock()
        self.timer: asyncio.TimerHandle | None = None
        self.thinking: int | None = None  # the position a bot is thinking about
        self.clock_out: int | None = None  # the position whose move clock ran out
        self.closed = False  # closed by its creator: the host does nothing more
        self.stopping = False  # its process is stopping: nothing new is started
        self._released = asyncio.Event()
        self._released.set()
        self._tasks: set[asyncio.Task[None]] = set()
        # Whose turn at the bots' threads this room's bots take (thinking.py): its creator's address when it is
        # known (set on creating the room and when its creator comes back), else the room's own.
        self.share: Hashable = self

    # ----- the host's life -----

    def stop(self) -> None:
        """Start nothing more and cancel what was started (the room itself is kept in its store)."""
        self.stopping = True
        if self.timer:
            self.timer.cancel()
        for task in list(self._tasks):
            task.cancel()

    def hold(self, on: bool) -> None:
        """Hold the bots (their moves wait, thought or not) or release them."""
        if on:
            self._released.clear()
        else:
            self._released.set()

    @property
    def held(self) -> bool:
        return not self._released.is_set()

    def holds(self, listener: Listener) -> bool:
        """Whether ``listener`` is in this room (it leaves on closing, or when a new one takes up its seat)."""
        return listener in self.clients

    def _spawn(self, coro: Coroutine[object, object, None]) -> None:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._finished)

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        # A bot's move refused because another process took the room is no failure: the room is dropped here.
        if exc is not None and not isinstance(exc, RoomElsewhere):
            task.get_loop().call_exception_handler({"message": "a room's task failed", "exception": exc, "task": task})

    # ----- entering and leaving -----

    async def create(
        self, listener: Listener, name: str, seat: int, address: str | None = None, account: str | None = None
    ) -> None:
        """Store the new room (made from ``address``) and seat its creator at ``seat`` (signed in to ``account``,
        its key, or a guest)."""
        room = self.room
        async with self.lock:
            options = room.options.to_json()
            await self._kept(
                self.store.create_room(room.code, room.created, room.seed, options, room.password_hash, address)
            )
            await self._sit(listener, name, seat, creator=True, account=account)
            self._share_with(listener)

    async def join(self, listener: Listener, name: str, wanted: int | None, account: str | None = None) -> None:
        """Take the seat asked for (or the first free one) while the room is in its lobby. Once it has started,
        knock for the seat of the person called ``name`` who is not connected, and wait for the creator to let
        the listener in (welcomed to the seat with a new token) or not (ProtocolError with words), or for the
        knock's time to run out."""
        room = self.room
        async with self.lock:
            if room.status is Status.LOBBY:
                await self._sit(listener, name, room.free_seat(wanted), creator=False, account=account)
                return
            seat = room.knock_seat(name, wanted)
            if seat in self.knocks:
                raise ProtocolError(
                    Code.SEAT, f"someone knocks for seat {seat + 1} already: the room's creator answers them first"
                )
            if len(self.knocks) >= self.max_knocks:
                raise ProtocolError(Code.TOO_FAST, f"{len(self.knocks)} people knock at this room now: try later")
            knock = self.knocks[seat] = Knock(
                listener, room.seats[seat].name, asyncio.get_running_loop().create_future()
            )
            listener.deliver(
                encode(
                    {
                        "type": "knocking",
                        "room": credentials.shown_code(room.code),
                        "seat": seat,
                        "name": knock.name,
                        "wait": self.knock_wait,
                    }
                )
            )
            self._send_room()
        try:
            try:
                refusal = await asyncio.wait_for(asyncio.shield(knock.answer), self.knock_wait)
            except TimeoutError:
                if self.knocks.get(seat) is knock:
                    refusal = (
                        f"nobody let you in within {self.knock_wait:g} s: ask the room's creator to, and knock again"
                    )
                else:
                    refusal = await knock.answer  # answered this moment: the answer is on its way
        finally:
            if not knock.answer.done():
                knock.answer.cancel()  # gone (its connection closed): an admit on its way seats nobody
            if self.knocks.get(seat) is knock:
                del self.knocks[seat]
                if not self.closed:
                    self._send_room()
        if refusal is not None:
            raise ProtocolError(Code.REFUSED, refusal)

    def _answer(self, seat: int, refusal: str | None) -> Knock | None:
        """Take the knock for ``seat`` off the room and answer it (None: let in); the knock, if there was one."""
        knock = self.knocks.pop(seat, None)
        if knock is not None and not knock.answer.done():
            knock.answer.set_result(refusal)
        return knock

    async def _admit(self, seat: int) -> None:
        """The creator lets in whoever knocks for ``seat``: the seat's token is replaced by a new one (the old no
        longer takes it back), which the knocking connection is given with its welcome."""
        knock = self.knocks.pop(seat, None)
        if knock is None:
            raise ProtocolError(Code.NOT_NOW, f"nobody knocks for seat {seat + 1}")
        token = self.new_token()
        await self._store({"e": "admit", "seat": seat, "token": credentials.token_hash(token)})
        log.info("room %s: seat %d let in again by its creator", credentials.shown_code(self.room.code), seat)
        if knock.answer.done():
            self._send_room()  # it left meanwhile: the seat's old token is void, and the new one nobody's
            return
        self._attach(knock.listener, seat)
        knock.listener.deliver(self._welcome(seat, token))
        knock.answer.set_result(None)
        self._send_room()
        self._send_table([knock.listener])
        self._drive()

    async def _sit(self, listener: Listener, name: str, seat: int, creator: bool, account: str | None = None) -> None:
        token = self.new_token()
        entry: Entry = {"e": "seat", "seat": seat, "kind": "person", "name": self.room.person_name(name)}
        entry["token"] = credentials.token_hash(token)
        if account is not None:
            entry["account"] = account
        if creator:
            entry["creator"] = True
        await self._store(entry)
        self._attach(listener, seat)
        listener.deliver(self._welcome(seat, token))
        self._send_room()

    async def watch(self, listener: Listener) -> None:
        async with self.lock:
            self._attach(listener, None)
            listener.deliver(self._welcome(None, None))
            listener.deliver(self._room_text())  # who sits where: a spectator's table names the seats
            self._send_table([listener])

    def seat_held(self, token: str) -> tuple[int | None, str]:
        """The seat ``token`` holds (None when none: the room's creator let another in with a new token, or it was
        never one of this room's), and the answer to a ``held`` question, asked without entering the room: the
        seat and the room's state (a match over holds a seat no longer). A token that holds no seat is told no
        state: whoever holds none may know no password either."""
        room = self.room
        seat = room.seat_of_token(token)
        status = room.status if seat is not None else None
        return seat, encode({"type": "held", "room": credentials.shown_code(room.code), "seat": seat, "status": status})

    async def rejoin(self, listener: Listener, token: str) -> None:
        """Take a seat back with its token; a listener still holding it (half dead, perhaps) is sent away."""
        async with self.lock:
            # Looked up under the lock: an admit that waited before it may have given the seat a new token.
            seat = self.room.seat_of_token(token)
            if seat is None:
                raise ProtocolError(Code.TOKEN, "that token holds no seat in this room")
            old = self.seated.get(seat)
            if old is not None:
                self._detach(old)
                # Told first, so that its client does not take the seat back in turn (two windows with one token
                # would take it from each other for ever).
                why = "your seat was taken up by a new connection with your token (another window?)"
                old.deliver(encode({"type": "closed", "message": why, "seat_kept": True}))
                old.close(NORMAL, why)
            self._attach(listener, seat)
            if seat == self.room.creator:
                self._share_with(listener)
            self._answer(seat, f"the person of seat {seat + 1} came back to it with its token")
            listener.deliver(self._welcome(seat, None))
            self._send_room()
            self._send_table([listener])
            self._drive()

    async def leave(self, listener: Listener) -> None:
        """``listener`` is gone (its seat stays its person's: shown absent)."""
        if listener not in self.clients:
            return
        async with self.lock:
            seated = self._detach(listener)
            if seated:
                self._send_room()
            self._drive()

    def _share_with(self, listener: Listener) -> None:
        # A server's listener has the address it came from; the app's have none (its rooms are its own).
        address = getattr(listener, "address", None)
        if isinstance(address, str):
            self.share = ("address", address)

    def _welcome(self, seat: int | None, token: str | None) -> str:
        room = self.room
        return encode(
            {
                "type": "welcome",
                "v": VERSION,
                "room": credentials.shown_code(room.code),
                "seat": seat,
                "token": token,
                "creator": seat is not None and seat == room.creator,
                "name": room.seats[seat].name if seat is not None else None,
            }
        )

    def _attach(self, listener: Listener, seat: int | None) -> None:
        self.clients[listener] = seat
        if seat is not None:
            self.seated[seat] = listener
            s = self.room.seats[seat]
            s.present, s.away = True, False

    def _detach(self, listener: Listener) -> bool:
        """Take ``listener`` out of the room; whether it held a seat."""
        seat = self.clients.pop(listener, None)
        if seat is not None and self.seated.get(seat) is listener:
            del self.seated[seat]
            self.room.seats[seat].present = False
            return True
        return False

    # ----- messages in a room -----

    async def receive(self, listener: Listener, msg: dict[str, object]) -> None:
        """A message (parsed by protocol.parse) from ``listener``, in the room; ProtocolError when refused."""
        room = self.room
        kind = msg["type"]
        if kind in FIRST:
            raise ProtocolError(Code.NOT_NOW, "this connection is in a room already")
        seat = self.clients.get(listener)
        if kind == "chat":
            name = room.seats[seat].name if seat is not None else "a spectator"
            text = encode({"type": "chat", "seat": seat, "name": name, "text": msg["text"]})
            for other in self.clients:
                other.chat(text)
            return
        if seat is None:
            raise ProtocolError(Code.NOT_NOW, "a spectator only watches (and chats)")
        async with self.lock:
            if self.clients.get(listener) != seat or self.closed:
                return  # sent away while the message waited for the lock
            if kind == "move":
                move = room.check_move(seat, msg["position"], msg["move"])
                await self._change({"e": "move", "move": move, "by": Mover.PERSON.value})
            elif kind == "next":
                if room.status is not Status.BETWEEN:
                    raise ProtocolError(Code.NOT_NOW, "no game has just ended")
                room.ready.add(seat)
                self._drive()
            elif kind == "undo":
                if not self.undo:
                    raise ProtocolError(Code.NOT_NOW, "this room's host takes no move back")
                await self._change({"e": "undo", "to": room.check_undo(seat)})
            elif kind == "sit":
                await self._swap(room.check_sit(seat, msg["seat"]))  # type: ignore[arg-type]  # parse: a seat
            elif seat != room.creator:
                raise ProtocolError(Code.NOT_CREATOR, f"only the room's creator may {_WORDS.get(str(kind), str(kind))}")
            elif kind == "swap":
                await self._swap(room.check_swap(msg["seats"]))  # type: ignore[arg-type]  # parse: two seats
            elif kind == "admit":
                await self._admit(msg["seat"])  # type: ignore[arg-type]  # parse: a seat
            elif kind == "refuse":
                knocked: int = msg["seat"]  # type: ignore[assignment]  # parse: a seat
                if self._answer(knocked, "the room's creator did not let you in") is None:
                    raise ProtocolError(Code.NOT_NOW, f"nobody knocks for seat {knocked + 1}")
                self._send_room()
            elif kind == "start":
                if room.status is not Status.LOBBY:
                    raise ProtocolError(Code.NOT_NOW, "the room has started already")
                await self._change({"e": "start"})
            elif kind == "restart":
                if room.status is Status.LOBBY:
                    raise ProtocolError(Code.NOT_NOW, "the room has not started: start it")
                # The match number and the position go on from the log's: the log then compacts to this room as
                # it stands (the finished match's moves are nobody's business any more), numbered the same.
                restart = {
                    "e": "restart",
                    "seed": self.new_seed(),
                    "match": room.matches + 1,
                    "position": room.position,
                }
                await self._change(restart)
            elif kind == "close":
                await self._close_room()

    async def _swap(self, seats: list[int]) -> None:
        """Two seats change places in the lobby: everything of a seat goes with it (its person or bot, token,
        name, the creator's mark) and so does its listener; each person moved is welcomed to the new seat."""
        await self._store({"e": "swap", "seats": seats})
        a, b = seats
        moved = {b: self.seated.pop(a, None), a: self.seated.pop(b, None)}
        for seat, listener in moved.items():
            if listener is not None:
                self.seated[seat] = listener
                self.clients[listener] = seat
                listener.deliver(self._welcome(seat, None))
        self._send_room()

    async def _change(self, entry: Entry) -> None:
        """Apply, store, then tell everyone: the one path of every change to a game. Under the room's lock."""
        await self._store(entry)
        self._send_table(list(self.clients))
        if entry["e"] != "move" or self.room.status is not Status.PLAYING:
            self._send_room()
        if entry["e"] == "move" and self.room.status is Status.OVER:
            await self._rate()
        self._drive()

    async def rate(self) -> None:
        """Have the match over rated, under the room's lock (a room resumed over: its rating may not have been
        made before its server stopped)."""
        async with self.lock:
            if not self.closed:
                await self._rate()

    async def _rate(self) -> None:
        if self.room.status is Status.OVER and self.on_match_over is not None:
            await self._kept(self.on_match_over(self.room))

    async def _store(self, entry: Entry) -> None:
        room = self.room
        try:
            room.apply(entry)
        except SaveFormatError as exc:  # checked before: a bug, never a client's doing
            raise ProtocolError(Code.BAD_MESSAGE, str(exc)) from None
        await self._kept(self.store.append(room.code, room.seq - 1, entry))
        if entry["e"] in ("seat", "swap", "start") and self.on_seats is not None:
            await self._kept(self.on_seats(room))
        if entry["e"] == "restart":
            log = room.compacted()
            await self._kept(self.store.replace_log(room.code, log))
            room.seq = len(log)

    async def _kept(self, write: Awaitable[None]) -> None:
        """Wait for a write; one the store refused stops the host's process (``on_store_failure``) rather than
        let it acknowledge what is not kept, and goes on up."""
        try:
            await write
        except RoomElsewhere:
            self.stop()
            if self.on_elsewhere is not None:
                self.on_elsewhere(self)
            raise
        except Exception as exc:
            if self.on_store_failure is not None:
                self.on_store_failure(str(exc))
            raise

    async def expire(self, why: str) -> None:
        """The room was left idle too long: everyone in it is told ``why`` and sent away, and it is deleted."""
        async with self.lock:
            if not self.closed:
                await self._close_room(why)

    async def _close_room(self, why: str = "the room's creator closed it") -> None:
        self.closed = True
        if self.on_close is not None:
            self.on_close(self)
        if self.timer:
            self.timer.cancel()
        await self._kept(self.store.delete_room(self.room.code))
        for seat in list(self.knocks):
            self._answer(seat, f"the room is closed: {why}")
        text = encode({"type": "closed", "message": why})
        for listener in list(self.clients):
            listener.deliver(text)
            self._detach(listener)
            listener.close(NORMAL, "the room was closed")
        log.info("room %s closed: %s", credentials.shown_code(self.room.code), why)

    # ----- what is sent -----

    def _room_text(self) -> str:
        """The room message: the room's own, and who knocks for which seat."""
        knocks = [{"seat": seat, "name": knock.name} for seat, knock in sorted(self.knocks.items())]
        return encode({**self.room.info(), "knocks": knocks})

    def _send_room(self) -> None:
        text = self._room_text()
        for listener in self.clients:
            listener.deliver(text)

    def _send_table(self, listeners: list[Listener]) -> None:
        """Each listener's own observation (spectators the public view), and the result when a game is over."""
        room = self.room
        if room.match is None:
            return
        view: str | None = None
        result = room.result()
        result_text = encode(result) if result is not None else None
        for listener in listeners:
            seat = self.clients.get(listener)
            if seat is None:
                if view is None:
                    view = encode(room.observation(None))  # type: ignore[arg-type]  # a match is dealt
                text = view
            else:
                text = room.observation_text(seat, self.undo)  # type: ignore[assignment]  # a match is dealt
            listener.deliver(text)
            if result_text is not None:
                listener.deliver(result_text)

    # ----- what a room waits for: bots, away players, the clock, the next game -----

    def _drive(self) -> None:
        """Start whatever the room's state calls for next. Called after every change, under the room's lock."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        room = self.room
        if not self.clients or self.stopping or self.closed:
            return  # nobody is in the room: it waits for somebody to come back
        if room.status is Status.BETWEEN:
            present = {s for s in room.people() if room.seats[s].present}
            position = room.position
            if present <= room.ready:
                self._spawn(self._next_game(position))
            elif not self.wait_for_everyone:
                self._later(room.options.between, lambda: self._spawn(self._next_game(position)))
            return
        seat = room.to_act()
        if seat is None:
            return
        s = room.seats[seat]
        position = room.position
        if s.kind is SeatKind.BOT:
            self._think(seat, s.level or room.options.bots, Mover.BOT)
        elif not self.stand_ins:
            return  # the seat's person is at the keyboard: the room waits for them
        elif s.away or self.clock_out == position:
            self._think(seat, room.options.bots, Mover.STAND_IN)
        elif not s.present:
            self._later(room.options.away, lambda: self._spawn(self._away(seat, position)))
        elif room.options.clock:
            # A room stored before the clock had its floor keeps its clock, no faster than the floor.
            self._later(max(room.options.clock, MIN_CLOCK), lambda: self._spawn(self._clock_out(position)))

    def _later(self, seconds: float, then: Callable[[], None]) -> None:
        self.timer = asyncio.get_running_loop().call_later(seconds, then)

    async def _away(self, seat: int, position: int) -> None:
        """The absent person's turn has waited long enough: a bot plays for them until they are back."""
        async with self.lock:
            s = self.room.seats[seat]
            if self.room.position == position and not s.present:
                s.away = True
                self._send_room()
                self._drive()

    async def _clock_out(self, position: int) -> None:
        async with self.lock:
            if self.room.position == position:
                self.clock_out = position
                self._drive()

    def _think(self, seat: int, level: str, mover: Mover) -> None:
        room = self.room
        if self.thinking == room.position:
            return
        self.thinking = room.position
        began = asyncio.get_running_loop().time()
        self._spawn(self._bot_move(seat, level, mover, room.position, began))

    async def _bot_move(self, seat: int, level: str, mover: Mover, position: int, began: float) -> None:
        room = self.room
        if room.position != position:
            # Taken back or restarted before the bot began (a person's undo at this keyboard): the seat may have no
            # move to think about now (found by the random walk: the first legal move of none raised).
            return
        obs = room.observation(seat)
        assert obs is not None
        seen: dict[str, object] = obs["obs"]  # type: ignore[assignment]  # the observation's JSON
        try:
            move = await self.thinkers.choose(room.kind, level, room.bot_seed(), seen, room=self, share=self.share)
        except Exception:
            log.exception("room %s: a bot failed to think; it makes its first legal move", room.code)
            move = seen["legal"][0]  # type: ignore[index]  # the observation's JSON
        if room.position != position:
            return  # taken back or restarted while the bot thought: no need to wait out the pace for nothing
        loop = asyncio.get_running_loop()
        if loop.time() < began + self.pace:
            await asyncio.sleep(began + self.pace - loop.time())
        await self._released.wait()
        async with self.lock:
            if self.thinking == position:
                self.thinking = None
            # The position moved on while the bot thought (a move taken back, the room restarted): not its answer.
            if room.position != position or self.closed or self.stopping:
                return
            s = room.seats[seat]
            if mover is Mover.STAND_IN and not s.away and self.clock_out != position:
                return  # the person came back while the bot thought
            try:
                move = room.check_move(seat, position, move)
            except ProtocolError:
                log.error("room %s: a bot chose %r, which is not legal; it makes its first legal move", room.code, move)
                move = seen["legal"][0]  # type: ignore[index]  # the observation's JSON
            await self._change({"e": "move", "move": move, "by": mover.value})

    async def _next_game(self, position: int) -> None:
        async with self.lock:
            room = self.room
            if room.position == position and room.status is Status.BETWEEN and not self.closed:
                await self._change({"e": "next"})
