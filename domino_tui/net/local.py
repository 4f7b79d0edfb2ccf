"""A room in the app's process: the game against bots, or several people at one keyboard (hot seat), run by the
same RoomHost as a server's rooms, with no network.

`LocalRoom` makes the room in the running asyncio loop, from a seed of its own choosing (a seed replays a whole
match, deals and bots' choices) and the options of a create message, and hands out `LocalClient`s: a
heard.SeatClient, like the network's RoomClient, that carries the very same JSON texts to the room's host and
back (encoded on sending, read by the shared parsing on hearing), so a table cannot tell the two apart. One client
per seat; several at one keyboard; one to watch.

A local room's host differs from a server's only in its knobs: its seats' people are always there (no stand-in
plays for them), the next game waits for every person's next, a person alone with bots may undo, and bots move at
the app's ``pace``; `hold` keeps them from moving meanwhile. Its log is kept in one file (saved_room.py) when a
path is given, written before each change is shown; `LocalRoom.restore` replays it.

It imports no networking.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from ..stored_file import StoredFile
from . import credentials
from .heard import NetError, SeatClient, Welcome
from .host import RoomHost
from .protocol import FIRST, VERSION, Code, ProtocolError, encode, error, parse
from .protocol import normal_room_code as normal_code
from .room import Room, check_options
from .saved_room import RoomFile, read_room
from .thinking import Thinkers

# The close code of a refused first message, as the server's (websockets' policy violation).
POLICY = 1008


class LocalClient(SeatClient):
    """A seat (or a spectator) of a LocalRoom, in the same process."""

    def __init__(self, room: LocalRoom) -> None:
        super().__init__()
        self._room = room
        self._ear = _Ear(self)

    async def _enter(self, hello: dict[str, object]) -> Welcome:
        if self._hello is not None:
            raise RuntimeError("a client enters one room, once")
        self._hello = {"v": VERSION, **{k: v for k, v in hello.items() if v is not None}}
        self._entered = asyncio.get_running_loop().create_future()
        await self._room._enter(self._ear, encode(self._hello))
        return await self._entered

    async def send_raw(self, text: str | bytes) -> bool:
        if self._finished or not self._room._holds(self._ear):
            return False
        await self._room._receive(self._ear, text)
        return True

    def hold(self, on: bool) -> None:
        self._room.hold(on)

    def dealt(self, match: int) -> tuple[int, dict[str, object]] | None:
        room = self._room.host.room if self._room.host is not None else None
        if room is None or room.match is None or room.matches != match:
            return None  # a match the room has moved past (restarted) is no longer there to read
        return room.seed, room.match.to_json()

    async def close(self) -> None:
        """Leave the room (the seat stays this room's person's: `LocalRoom.seat` takes it back)."""
        self._closing = True
        await self._room._leave(self._ear)
        self._finish()

    def _sent_away(self, reason: str) -> None:
        self._refused(NetError("refused", reason))
        self._closing = True
        self._finish()


class _Ear:
    """A LocalClient as its room's host sees it (host.Listener): kept apart, so that the client's own ``close``
    (leaving) is not the host's (sending it away)."""

    def __init__(self, client: LocalClient) -> None:
        self.client = client

    def deliver(self, text: str) -> None:
        self.client._hear(text)

    def chat(self, text: str) -> None:
        self.client._hear(text)  # in the same process every message is read at once: none need be dropped

    def close(self, code: int, reason: str) -> None:
        self.client._sent_away(reason)


class LocalRoom:
    """One room in this process. Make it, then enter it with its clients as with a server's: the first creates
    the room (`client().create(...)`), others `join` it at one keyboard or `watch`; `seat` takes a seat back."""

    def __init__(
        self,
        *,
        seed: int | None = None,
        pace: float = 0.0,
        path: Path | StoredFile | None = None,
        thinkers: Thinkers | None = None,
    ) -> None:
        self.seed = seed if seed is not None else credentials.new_seed()
        self.pace = pace
        self.store = RoomFile(StoredFile(path) if isinstance(path, Path) else path)
        self._own_thinkers = thinkers is None
        self.thinkers = thinkers or Thinkers(1)
        self.host: RoomHost | None = None

    @classmethod
    def restore(
        cls, path: Path | StoredFile, *, pace: float = 0.0, thinkers: Thinkers | None = None
    ) -> tuple[LocalRoom | None, str | None]:
        """The room saved at ``path``, where it was; (None, None) when there is none. A file that cannot be
        restored is moved aside: (None, a message saying why and where it went). Given the file's one object
        (`StoredFile`), a damaged file that could not be moved aside is never written over through it."""
        file = path if isinstance(path, StoredFile) else StoredFile(path)
        restored, message = file.load(
            lambda data: read_room(data, file), "Your saved game could not be restored", "A new game starts."
        )
        if restored is None:
            return None, message
        room, store = restored
        local = cls(seed=room.seed, pace=pace, thinkers=thinkers)
        local.store = store
        local.host = local._host(room)
        return local, None

    @classmethod
    def from_saved(cls, data: object, *, pace: float = 0.0, thinkers: Thinkers | None = None) -> LocalRoom:
        """The room a saved file's JSON holds (kept in memory from then on); SaveFormatError for anything else."""
        room, store = read_room(data)
        local = cls(seed=room.seed, pace=pace, thinkers=thinkers)
        local.store = store
        local.host = local._host(room)
        return local

    def _host(self, room: Room) -> RoomHost:
        return RoomHost(
            room,
            self.store,
            self.thinkers,
            pace=self.pace,
            stand_ins=False,
            wait_for_everyone=True,
            undo=True,
            new_token=lambda: self.store.remember(credentials.new_token()),
        )

    # ----- what the app asks of its room -----

    @property
    def room(self) -> Room:
        if self.host is None:
            raise RuntimeError("the room is not made yet: create it with a client")
        return self.host.room

    @property
    def code(self) -> str:
        """The room's code as a `join` or `watch` takes it."""
        return credentials.shown_code(self.room.code)

    def client(self) -> LocalClient:
        """A new client of this room, not in it yet: create, join, watch or rejoin with it."""
        return LocalClient(self)

    async def seat(self, seat: int) -> LocalClient:
        """A client holding ``seat`` again (a restored room's person, or a seat whose client closed); NetError
        when no person of this room sits there."""
        token = self.store.tokens.get(seat)
        if token is None:
            raise NetError(Code.TOKEN.value, f"no person of this room sits at seat {seat}")
        client = self.client()
        await client.rejoin(self.code, token)
        return client

    def people(self) -> list[int]:
        """The seats of the room's people."""
        return self.room.people()

    def hold(self, on: bool) -> None:
        """Hold the bots (a move thought out waits) or let them move again."""
        if self.host is not None:
            self.host.hold(on)

    async def close(self) -> None:
        """Stop the room here (its file stays, to be restored) and the bots' threads if they are its own."""
        if self.host is not None:
            self.host.stop()
        await self.store.drain()
        if self._own_thinkers:
            self.thinkers.close()

    # ----- the clients' texts, as a server reads frames -----

    def _holds(self, ear: _Ear) -> bool:
        return self.host is not None and self.host.holds(ear)

    async def _enter(self, ear: _Ear, text: str) -> None:
        try:
            msg = parse(text)
            kind = msg["type"]
            if kind not in FIRST:
                raise ProtocolError(Code.NOT_NOW, "first create, join, rejoin or watch a room")
            if kind == "create":
                await self._create(ear, msg)
                return
            host = self.host
            if host is None or normal_code(str(msg["room"])) != host.room.code:
                raise ProtocolError(Code.NO_ROOM, f"there is no room {msg['room']} here")
            if kind == "held":
                raise ProtocolError(Code.NOT_NOW, "a room in the app's process keeps no seat to ask about: rejoin it")
            if kind == "rejoin":
                await host.rejoin(ear, str(msg["token"]))
            elif kind == "watch":
                await host.watch(ear)
            else:
                await host.join(ear, str(msg["name"]), msg.get("seat"))  # type: ignore[arg-type]  # an int or None
        except ProtocolError as exc:
            ear.deliver(error(exc.code, exc.message))
            ear.close(POLICY, exc.message)

    async def _create(self, ear: _Ear, msg: dict[str, object]) -> None:
        if self.host is not None:
            raise ProtocolError(Code.NOT_NOW, "this room is made already: join it, or make another LocalRoom")
        if msg.get("password") is not None:
            raise ProtocolError(Code.BAD_MESSAGE, "a room in the app's process has no password")
        options, seat = check_options(msg, password=False)
        self.host = self._host(Room(credentials.new_room_code(), self.seed, options, None, time.time()))
        await self.host.create(ear, str(msg["name"]), seat)

    async def _receive(self, ear: _Ear, text: str | bytes) -> None:
        host = self.host
        assert host is not None  # a client sends only once in the room
        try:
            await host.receive(ear, parse(text))
        except ProtocolError as exc:
            ear.deliver(error(exc.code, exc.message))

    async def _leave(self, ear: _Ear) -> None:
        if self.host is not None:
            await self.host.leave(ear)
