"""What a client of a room hears, and what it may say: the events, the table kept up to date, and the sending API,
whatever carries the messages.

A table drives a `SeatClient`: enter a room once (create, join, watch, or rejoin with a token kept from before),
then read `events()` and answer with `move`, `next_game`, `chat`, `undo`, `sit` (in the lobby) and, as the creator,
`start`, `restart`, `close_room`, `swap` (in the lobby) and `admit` or `refuse` (a knock). The latest of everything
is also kept (`observation`, `view`, `info`, `result`), so a table can redraw at any time. Every message both ways
is the protocol's JSON text (docs/protocol.md), read here once: a subclass only carries texts, over a websocket to a
server (client.RoomClient) or to a room in the same process (local.LocalClient). This module imports no networking.
"""

from __future__ import annotations

import asyncio
import json
import logging
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Collection
from dataclasses import dataclass, replace

from ..engine import (
    GameResult,
    Move,
    Observation,
    PublicView,
    Reason,
    SaveFormatError,
    Tile,
    TrainObservation,
    TrainPlay,
    TrainRules,
    move_to_json,
    observation_from_json,
    public_view_from_json,
    train_observation_from_json,
)
from ..games import is_train_observation, train_rules
from .protocol import encode
from .visible import visible, visible_json

log = logging.getLogger("domino_tui.net.client")


class NetError(Exception):
    """The server refused to let this client into the room, or cannot be reached: ``code`` and the reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# ----- what a client hears -----


@dataclass(frozen=True, slots=True)
class Welcome:
    room: str
    seat: int | None  # None: watching
    token: str | None  # kept by the client to take the seat back; only sent once, on joining
    creator: bool
    name: str | None = None  # the name the seat's person has in the room ("Ann 2" when an Ann sat first)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    name: str
    kind: str  # "person", "bot" or "open"
    level: str | None
    present: bool
    away: bool  # a bot is playing for the person until they come back


@dataclass(frozen=True, slots=True)
class KnockInfo:
    """Someone asks to be let back in to ``seat``, under its person's ``name`` (the creator admits or refuses)."""

    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class RoomInfo:
    room: str
    status: str  # "lobby", "playing", "between" (games) or "over"
    options: dict[str, object]
    creator: int
    seats: tuple[SeatInfo, ...]
    match: int
    game: int
    scores: tuple[int, ...]
    knocks: tuple[KnockInfo, ...] = ()  # who waits at the door of a started room, for the creator's answer


@dataclass(frozen=True, slots=True)
class Knocking:
    """This connection knocks at a started room for ``seat`` (under ``name``) and waits, at most ``wait`` seconds,
    for the room's creator: `join` returns once it is let in, or raises NetError (code ``refused``) if not."""

    room: str
    seat: int
    name: str
    wait: float


@dataclass(frozen=True, slots=True)
class SeatView:
    """The table as this seat sees it; its turn when ``observation.legal`` is not empty."""

    match: int
    game: int
    position: int
    observation: Observation
    can_undo: bool = False  # the room would take this seat back to its previous decision now


@dataclass(frozen=True, slots=True)
class SpectatorView:
    match: int
    game: int
    position: int
    view: PublicView


@dataclass(frozen=True, slots=True)
class GameOver:
    match: int
    game: int
    result: GameResult
    scores: tuple[int, ...]
    match_over: bool
    winner: int | None
    hands: tuple[tuple[Tile, ...], ...] = ()  # every seat's tiles left, laid open once the game is over


@dataclass(frozen=True, slots=True)
class TrainSeatView:
    """A train room's table as this seat sees it; its turn when ``observation.legal`` is not empty."""

    match: int
    game: int  # the round, from 1
    position: int
    observation: TrainObservation
    can_undo: bool = False  # the room would take this seat back to its previous decision now


@dataclass(frozen=True, slots=True)
class TrainSpectatorView:
    """A train room's table as a spectator sees it: the bot protocol's JSON with no hand (``seat`` null), and the
    same read as an observation of the first seat's with no tile of its hand (``hand_sizes`` the true sizes) and
    no legal move, as the train table draws it."""

    match: int
    game: int
    position: int
    view: dict[str, object]
    observation: TrainObservation


@dataclass(frozen=True, slots=True)
class TrainRoundOver:
    """A round of a train room is over: what each seat's hand scored, and the totals."""

    match: int
    game: int
    points: tuple[int, ...]
    out_seat: int | None
    scores: tuple[int, ...]
    match_over: bool
    winners: tuple[int, ...]  # the lowest totals, once the match is over
    hands: tuple[tuple[Tile, ...], ...] = ()  # every seat's tiles left, laid open once the round is over


@dataclass(frozen=True, slots=True)
class Chat:
    seat: int | None
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class ServerError:
    """A message of ours the server refused (an illegal move, a stale one...): the room goes on."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Connection:
    """The connection's state changed: "reconnecting" (with why), "connected" again, or "closed" for good."""

    state: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class RoomClosed:
    message: str
    # The room goes on and the seat is still its person's: only this connection was closed (its seat taken up by
    # another connection with the same token, another window say), which must not take it back in turn.
    seat_kept: bool = False


def coach_allowed(info: RoomInfo | None, here: int | Collection[int] | None) -> bool:
    """Whether the table of the seats ``here`` (one seat, or every seat at one keyboard; None or none: a
    spectator's, with no hand to coach) may show the coach (hints, tracker, review): as the room's ``coach``
    option says, or, where it says nothing, while no other person sits at the table (a coached player against an
    uncoached one is not a fair game; people sharing one keyboard share the coach too)."""
    seats = {here} if isinstance(here, int) else set(here or ())
    if not seats:
        return False
    chosen = info.options.get("coach") if info is not None else None
    if isinstance(chosen, bool):
        return chosen
    return info is None or all(s.kind != "person" or i in seats for i, s in enumerate(info.seats))


Event = (
    Welcome
    | Knocking
    | RoomInfo
    | SeatView
    | SpectatorView
    | GameOver
    | TrainSeatView
    | TrainSpectatorView
    | TrainRoundOver
    | Chat
    | ServerError
    | Connection
    | RoomClosed
)


class SeatClient(ABC):
    """One seat (or a spectator) in one room: what it hears and what it may send, over any carrier."""

    def __init__(self) -> None:
        self.welcome: Welcome | None = None
        self.info: RoomInfo | None = None
        self.observation: SeatView | None = None
        self.view: SpectatorView | None = None
        self.result: GameOver | None = None
        # The same for a room that plays a train game (Mexican Train).
        self.train_observation: TrainSeatView | None = None
        self.train_view: TrainSpectatorView | None = None
        self.train_result: TrainRoundOver | None = None
        self.received = 0  # bytes of every message received (the no-leak test reads them all)
        self._events: asyncio.Queue[Event | None] = asyncio.Queue()
        self._hello: dict[str, object] | None = None
        self._entered: asyncio.Future[Welcome] | None = None
        self._closing = False
        self._welcomed = False  # this connection has been let in
        self._finished = False
        self.raw: list[str] | None = None  # set to a list to keep every message received, as text

    # ----- entering a room (once) -----

    async def create(self, name: str, variant: str, **options: object) -> Welcome:
        """A new room; the creator sits at ``seat`` (default: the first seat not given to a bot). Options: see
        docs/protocol.md (password, bots, seats, target, games, clock, away, between)."""
        return await self._enter({"type": "create", "name": name, "variant": variant, **options})

    async def join(self, room: str, name: str, password: str | None = None, seat: int | None = None) -> Welcome:
        """Take a seat in the room's lobby; once it has started, knock for the seat of the absent player called
        ``name`` (a `Knocking` event) and wait for the room's creator to let this client in."""
        return await self._enter({"type": "join", "room": room, "name": name, "password": password, "seat": seat})

    async def watch(self, room: str, password: str | None = None) -> Welcome:
        return await self._enter({"type": "watch", "room": room, "password": password})

    async def rejoin(self, room: str, token: str) -> Welcome:
        """Take back a seat with the token given when it was taken (after a restart of the program, say)."""
        return await self._enter({"type": "rejoin", "room": room, "token": token})

    @abstractmethod
    async def _enter(self, hello: dict[str, object]) -> Welcome:
        """Send the entering message; the welcome (NetError when refused)."""

    # ----- in the room -----

    async def move(self, move: Move, position: int | None = None) -> bool:
        """Send ``move`` for the position shown (or ``position``); False when not connected just now (the table
        will be sent again on reconnecting, and the seat moves then)."""
        if position is None:
            seen = self.observation or self.train_observation
            if seen is None:
                return False
            position = seen.position
        raw = move.to_json() if isinstance(move, TrainPlay) else move_to_json(move)
        return await self._send({"type": "move", "position": position, "move": raw})

    async def next_game(self) -> bool:
        return await self._send({"type": "next"})

    async def chat(self, text: str) -> bool:
        return await self._send({"type": "chat", "text": text})

    async def start(self) -> bool:
        return await self._send({"type": "start"})

    async def restart(self) -> bool:
        return await self._send({"type": "restart"})

    async def close_room(self) -> bool:
        return await self._send({"type": "close"})

    async def sit(self, seat: int) -> bool:
        """Move to ``seat``, an open one, in the lobby (a new `Welcome` says the seat once the room has moved you)."""
        return await self._send({"type": "sit", "seat": seat})

    async def admit(self, seat: int) -> bool:
        """As the creator: let in whoever knocks for ``seat`` (`RoomInfo.knocks`), with a new token for the seat."""
        return await self._send({"type": "admit", "seat": seat})

    async def refuse(self, seat: int) -> bool:
        """As the creator: turn away whoever knocks for ``seat``."""
        return await self._send({"type": "refuse", "seat": seat})

    async def swap(self, a: int, b: int) -> bool:
        """As the creator, in the lobby: seats ``a`` and ``b`` change places, whoever holds them (people, bots, or
        nobody); a person moved is sent a new `Welcome`."""
        return await self._send({"type": "swap", "seats": [a, b]})

    async def undo(self) -> bool:
        """Take the game back to this seat's previous decision (a person alone with bots, where the room's host
        takes moves back: ``can_undo`` on the table says when)."""
        return await self._send({"type": "undo"})

    def hold(self, on: bool) -> None:
        """Ask the room to keep its bots from moving (a table that cannot be seen), or to let them go on. A room
        on a server plays on for everyone else, so only a room in the app's process listens (LocalClient)."""
        return None

    def dealt(self, match: int) -> tuple[int, dict[str, object]] | None:
        """The room's seed and match ``match`` as JSON (its deals and every move), where the room may tell this
        client: a room in the app's process, whose deals are the player's own (LocalClient). A server keeps them
        secret (so None), as it keeps the seed from every connection."""
        return None

    @abstractmethod
    async def send_raw(self, text: str | bytes) -> bool:
        """Send a message as it is; False when it could not go just now."""

    async def _send(self, message: dict[str, object]) -> bool:
        return await self.send_raw(encode(message))

    async def events(self) -> AsyncIterator[Event]:
        """Everything heard, in order, until the client is closed or the room is."""
        while True:
            event = await self._events.get()
            if event is None:
                return
            yield event

    @abstractmethod
    async def close(self) -> None:
        """Leave (the seat stays yours: `rejoin` with the token takes it back)."""

    # ----- what is heard -----

    def _refused(self, error: NetError) -> None:
        if self._entered is not None and not self._entered.done():
            self._entered.set_exception(error)

    def _hear(self, raw: str | bytes) -> None:
        text = raw if isinstance(raw, str) else raw.decode(errors="replace")
        self.received += len(text)
        if self.raw is not None:
            self.raw.append(text)
        try:
            event = self._event(visible_json(json.loads(text)))  # type: ignore[arg-type]  # a message is an object
        # Whatever a message's reading raises (RecursionError: JSON nested too deeply; OverflowError: a number no
        # float holds) would end the connection's task and lose the seat over one message.
        except (ValueError, KeyError, TypeError, RecursionError, OverflowError, SaveFormatError) as exc:
            log.warning("a message from the server could not be read (%s): %.80s", exc, visible(text))
            return
        if event is not None:
            self._emit(event)

    def _event(self, msg: dict[str, object]) -> Event | None:
        kind = msg["type"]
        if kind == "welcome":
            moved = self._welcomed  # welcomed again on the same connection: its seat moved (sit, swap)
            self._welcomed = True
            first = self.welcome is None
            sent = msg["token"]  # sent once, on taking a seat: kept from then on
            token = sent if isinstance(sent, str) else (self.welcome.token if self.welcome else None)
            name = msg.get("name")
            self.welcome = Welcome(
                str(msg["room"]), _opt_int(msg["seat"]), token, bool(msg["creator"]), str(name) if name else None
            )
            if self._entered is not None and not self._entered.done():
                self._entered.set_result(self.welcome)
            return self.welcome if first or moved else Connection("connected")
        if kind == "error":
            error = ServerError(str(msg["code"]), str(msg["message"]))
            self._refused(NetError(error.code, error.message))
            if not self._welcomed and self.welcome is not None:
                # Taking the seat back was refused (the room is gone, or the token is no longer good): for good.
                self._closing = True
                return RoomClosed(error.message)
            return error
        if kind == "room":
            self.info = _room_info(msg)
            return self.info
        if kind == "knocking":
            wait = msg["wait"]
            return Knocking(str(msg["room"]), _int(msg["seat"]), str(msg["name"]), float(wait))  # type: ignore[arg-type]  # a number of seconds
        if kind == "obs" and is_train_observation(msg["obs"]):
            raw = msg["obs"]
            if not isinstance(raw, dict):
                raise TypeError("an observation is an object")
            obs = train_observation_from_json(raw, self._train_rules(raw))
            self.train_observation = TrainSeatView(
                _int(msg["match"]), _int(msg["game"]), _int(msg["position"]), obs, msg.get("can_undo") is True
            )
            return self.train_observation
        if kind == "view" and is_train_observation(msg["view"]):
            view = msg["view"]
            if not isinstance(view, dict):
                raise TypeError("a view is an object")
            table = spectator_observation(view, self._train_rules(view))
            self.train_view = TrainSpectatorView(
                _int(msg["match"]), _int(msg["game"]), _int(msg["position"]), view, table
            )
            return self.train_view
        if kind == "result" and "winners" in msg:
            self.train_result = _round_over(msg)
            return self.train_result
        if kind == "obs":
            self.observation = SeatView(
                _int(msg["match"]),
                _int(msg["game"]),
                _int(msg["position"]),
                observation_from_json(msg["obs"]),
                msg.get("can_undo") is True,
            )
            return self.observation
        if kind == "view":
            self.view = SpectatorView(
                _int(msg["match"]), _int(msg["game"]), _int(msg["position"]), public_view_from_json(msg["view"])
            )
            return self.view
        if kind == "result":
            self.result = _game_over(msg)
            return self.result
        if kind == "chat":
            return Chat(_opt_int(msg["seat"]), str(msg["name"]), str(msg["text"]))
        if kind == "closed":
            self._closing = True
            return RoomClosed(str(msg["message"]), msg.get("seat_kept") is True)
        return None

    def _train_rules(self, obs: dict[str, object]) -> TrainRules | None:
        """The room's train rules (its house rules are in its options, not in an observation), or None for the
        variant's own."""
        options = self.info.options if self.info is not None else {}
        house = options.get("house")
        if not isinstance(house, dict) or options.get("variant") != obs.get("variant"):
            return None
        players = obs.get("players")
        return train_rules(str(obs["variant"]), players if isinstance(players, int) else None, house)

    def _emit(self, event: Event) -> None:
        self._events.put_nowait(event)

    def _finish(self) -> None:
        if not self._finished:
            self._finished = True
            self._emit(Connection("closed"))
            self._events.put_nowait(None)


def spectator_observation(view: dict[str, object], rules: TrainRules | None) -> TrainObservation:
    """A train room's public view (no hand, ``seat`` null) as the first seat's observation with an empty hand;
    SaveFormatError when it is not one."""
    sizes = view.get("hand_sizes")
    if view.get("seat") is not None or view.get("hand") != [] or not isinstance(sizes, list) or not sizes:
        raise SaveFormatError("a spectator's view has no seat, no hand and every hand's size")
    first = sizes[0]
    if not (isinstance(first, int) and not isinstance(first, bool) and first >= 0):
        raise SaveFormatError(f"a hand's size is a whole number from 0, not {first!r}")
    # The engine reads an observation of a seat; the view is the first seat's with its hand taken out.
    obs = train_observation_from_json({**view, "seat": 0, "hand_sizes": [0, *sizes[1:]]}, rules)
    return replace(obs, hand_sizes=(first, *obs.hand_sizes[1:]))


def _int(value: object) -> int:
    if not isinstance(value, int):
        raise TypeError(f"not a whole number: {value!r}")
    return value


def _opt_int(value: object) -> int | None:
    return None if value is None else _int(value)


def _room_info(msg: dict[str, object]) -> RoomInfo:
    seats = msg["seats"]
    options = msg["options"]
    if not (isinstance(seats, list) and isinstance(options, dict)):
        raise TypeError("a room's seats are a list and its options an object")
    return RoomInfo(
        room=str(msg["room"]),
        status=str(msg["status"]),
        options=options,
        creator=_int(msg["creator"]),
        seats=tuple(
            SeatInfo(str(s["name"]), str(s["kind"]), s["level"], bool(s["present"]), bool(s["away"])) for s in seats
        ),
        match=_int(msg["match"]),
        game=_int(msg["game"]),
        scores=tuple(_int(x) for x in msg["scores"]),  # type: ignore[attr-defined]  # a list of ints
        knocks=tuple(KnockInfo(_int(k["seat"]), str(k["name"])) for k in msg.get("knocks") or ()),  # type: ignore[attr-defined]  # a list of objects
    )


def _round_over(msg: dict[str, object]) -> TrainRoundOver:
    r = msg["result"]
    if not isinstance(r, dict):
        raise TypeError("a result is an object")
    return TrainRoundOver(
        _int(msg["match"]),
        _int(msg["game"]),
        tuple(_int(x) for x in r["points"]),
        _opt_int(r["out_seat"]),
        tuple(_int(x) for x in msg["scores"]),  # type: ignore[attr-defined]  # a list of ints
        bool(msg["match_over"]),
        tuple(_int(x) for x in msg["winners"]),  # type: ignore[attr-defined]  # a list of ints
        _hands(msg["hands"]),
    )


def _game_over(msg: dict[str, object]) -> GameOver:
    r = msg["result"]
    if not isinstance(r, dict):
        raise TypeError("a result is an object")
    result = GameResult(
        Reason(r["reason"]),
        _opt_int(r["winner"]),
        tuple(_int(x) for x in r["points"]),
        tuple(_int(x) for x in r["pips"]),
        _opt_int(r["out_seat"]),
        _opt_int(r["last_seat"]),
    )
    return GameOver(
        _int(msg["match"]),
        _int(msg["game"]),
        result,
        tuple(_int(x) for x in msg["scores"]),  # type: ignore[attr-defined]  # a list of ints
        bool(msg["match_over"]),
        _opt_int(msg["winner"]),
        _hands(msg["hands"]),
    )


def _hands(raw: object) -> tuple[tuple[Tile, ...], ...]:
    """Every seat's tiles left in a result (``[low, high]`` each); TypeError or ValueError for anything else."""
    if not isinstance(raw, list):
        raise TypeError("a result's hands are a list")
    hands = []
    for hand in raw:
        if not isinstance(hand, list) or not all(isinstance(t, list) and len(t) == 2 for t in hand):
            raise TypeError("a hand is a list of [low, high] tiles")
        hands.append(tuple(Tile.of(_int(t[0]), _int(t[1])) for t in hand))
    return tuple(hands)
