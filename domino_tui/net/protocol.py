"""The room protocol's messages: what a client may send (each read strictly) and the shapes the server sends.

Every message is one JSON object in one WebSocket text frame, with a ``type``. A connection's first message says
what it is for (create, join, rejoin or watch) and the protocol version it speaks (``v``). docs/protocol.md is
the full description; this module is its one reading, shared by the server (to check what clients send) and the
client library (to write it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..engine.tiles import is_whole_number
from ..engine.train_rules import PASS_COUNT_EDITION, RULES_EDITION

VERSION = 1

# Limits on what a client sends. The largest message a client has reason to send is a create with every option:
# a few hundred bytes. The server's own messages (an observation late in a double-nine game) are a few KB.
MAX_MESSAGE = 4_096
MAX_NAME = 24
MAX_CHAT = 200
MAX_PASSWORD = 128
MAX_SECRET = 1024  # an account's password (accounts.py asks at least 8 characters of a new one)
MAX_TOKEN = 64
MAX_ROOM = 16
MAX_SECONDS = 3_600
HELLO_TIMEOUT = 10.0
AWAY = 60.0  # seconds an absent player's turn waits, by default, before a bot plays for them
BETWEEN = 10.0  # seconds between games, by default, unless every person says next sooner
# The fastest move clock a room may have: a clock that runs out at once has a bot think every move of every seat,
# without pause, and a person no time to play.
MIN_CLOCK = 1.0


class Code(StrEnum):
    """Why the server refused a message (``error`` messages carry one, with words for people)."""

    BAD_MESSAGE = "bad_message"  # not JSON, not an object, an unknown type, a field missing or of the wrong kind
    VERSION = "version"  # a protocol version the server does not speak
    TOO_BIG = "too_big"
    TOO_FAST = "too_fast"
    NO_ROOM = "no_room"
    PASSWORD = "password"
    SEAT = "seat"  # the seat asked for is taken or not at the table; the room is full
    TOKEN = "token"  # the token is not that of any seat of the room
    NOT_CREATOR = "not_creator"
    NOT_NOW = "not_now"  # a message the room's state does not allow (start twice, move in the lobby)
    STALE = "stale"  # a move that answers a position that has passed
    ILLEGAL = "illegal"  # the engine refused the move; the message is the engine's
    SERVER_FULL = "server_full"
    TIMEOUT = "timeout"  # no first message in time
    REFUSED = "refused"  # a knock at a started room that was not answered with a seat
    ACCOUNT = "account"  # a name taken by an account, a wrong account name or password, a session ended
    ELSEWHERE = "elsewhere"  # another process of the server serves the room just now (connect again)


class ProtocolError(Exception):
    """A message from a client the server will not act on: its code and words for the person."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# ----- what a client may send: each type, its fields and their kinds -----

# A field's kind: "name", "text", "password", "token", "room", "variant", "level" (strings with their own limits),
# "secret" (an account's password: any string up to MAX_SECRET, never quoted back),
# "seat" (an int >= 0), "pair" (a list of two seats), "players" (an int from 2 to 8), "house" (an object, read by
# the engine), "count" (an int >= 1), "limit" (an int from 1 to MAX_LIMIT),
# "seconds" (a number > 0), "wait" (seconds from 0 to MAX_BOTS_AFTER), "move" (a list, read by the engine), "seats"
# (a list of null or level names), "flag" (true or false), "version".
_REQUIRED: dict[str, dict[str, str]] = {
    "create": {"v": "version", "name": "name", "variant": "variant"},
    "join": {"v": "version", "room": "room", "name": "name"},
    "rejoin": {"v": "version", "room": "room", "token": "token"},
    "held": {"v": "version", "room": "room", "token": "token"},
    "watch": {"v": "version", "room": "room"},
    "register": {"v": "version", "name": "name", "password": "secret"},
    "login": {"v": "version", "name": "name", "password": "secret"},
    "resume": {"v": "version", "session": "token"},
    "logout": {"v": "version", "session": "token"},
    "leaderboard": {"v": "version", "variant": "variant"},
    "lobby": {"v": "version"},
    "ratings": {"v": "version", "name": "name"},
    "quick": {"v": "version", "name": "name", "variant": "variant"},
    "start": {},
    "move": {"position": "position", "move": "move"},
    "next": {},
    "chat": {"text": "text"},
    "restart": {},
    "close": {},
    "undo": {},
    "sit": {"seat": "seat"},
    "swap": {"seats": "pair"},
    "admit": {"seat": "seat"},
    "refuse": {"seat": "seat"},
}
_OPTIONAL: dict[str, dict[str, str]] = {
    "create": {
        "password": "password",
        "seat": "seat",
        "seats": "seats",
        "bots": "level",
        "players": "players",
        "house": "house",
        "target": "count",
        "games": "count",
        "clock": "seconds",
        "away": "seconds",
        "between": "seconds",
        "coach": "flag",
        "public": "flag",
    },
    "join": {"password": "password", "seat": "seat"},
    "watch": {"password": "password"},
    "leaderboard": {"limit": "limit"},
    "lobby": {"variant": "variant"},
    "quick": {"players": "players", "bots_after": "wait"},
}
FIRST = frozenset({"create", "join", "rejoin", "watch", "held", "quick"})
# First messages that sign a connection in to an account (or end a session); then comes one of FIRST.
SIGN_IN = frozenset({"register", "login", "resume", "logout"})
# First messages that ask the server something, answered, and then the connection closes.
QUESTIONS = frozenset({"leaderboard", "lobby", "ratings"})
MAX_LIMIT = 100  # rows a leaderboard answers with at most
# The longest a quick match's seeker may ask to wait before bots fill the seats nobody in its band took.
MAX_BOTS_AFTER = 600
_STRING_LIMITS = {"name": MAX_NAME, "text": MAX_CHAT, "password": MAX_PASSWORD, "token": MAX_TOKEN, "room": MAX_ROOM}


def parse(raw: str | bytes) -> dict[str, object]:
    """One client message, checked against its type's fields; ProtocolError says what is wrong."""
    if isinstance(raw, bytes):
        raise ProtocolError(Code.BAD_MESSAGE, "send text frames: every message is a JSON object in a text frame")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(Code.TOO_BIG, f"a message is at most {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError(Code.BAD_MESSAGE, "not JSON: every message is a JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError(Code.BAD_MESSAGE, "not a JSON object: every message is one, with a type")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in _REQUIRED:
        raise ProtocolError(Code.BAD_MESSAGE, f"unknown message type; the types are: {', '.join(_REQUIRED)}")
    required, optional = _REQUIRED[kind], _OPTIONAL.get(kind, {})
    unknown = set(msg) - set(required) - set(optional) - {"type"}
    if unknown:
        raise ProtocolError(Code.BAD_MESSAGE, f"a {kind} message has no field {sorted(unknown)[0][:MAX_NAME]!r}")
    for field, field_kind in required.items():
        if field not in msg:
            raise ProtocolError(Code.BAD_MESSAGE, f"a {kind} message needs {field!r}")
        _check(kind, field, field_kind, msg[field])
    for field, field_kind in optional.items():
        if msg.get(field) is not None:
            _check(kind, field, field_kind, msg[field])
    return msg


def _check(kind: str, field: str, field_kind: str, value: object) -> None:
    wrong = f"{field!r} of a {kind} message"
    if field_kind == "version":
        if value != VERSION or not is_whole_number(value):
            raise ProtocolError(Code.VERSION, f"this server speaks version {VERSION} of the protocol")
    elif field_kind in _STRING_LIMITS or field_kind in ("variant", "level"):
        limit = _STRING_LIMITS.get(field_kind, MAX_NAME)
        if not isinstance(value, str) or not value.isprintable() or not 0 < len(value) <= limit:
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is 1 to {limit} printable characters")
        if field_kind == "name" and value != value.strip():
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} neither starts nor ends with a space")
    elif field_kind == "secret":
        if not isinstance(value, str) or not 0 < len(value) <= MAX_SECRET:
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is 1 to {MAX_SECRET} characters")
    elif field_kind in ("seat", "position"):
        if not (is_whole_number(value) and 0 <= value < 1 << 31):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is a whole number from 0")
    elif field_kind == "pair":
        if not (isinstance(value, list) and len(value) == 2 and all(is_whole_number(v) and v >= 0 for v in value)):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is a list of two seats, [a, b]")
    elif field_kind == "flag":
        if not isinstance(value, bool):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is true or false")
    elif field_kind == "house":
        if not (isinstance(value, dict) and len(value) <= 8):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is an object of house rules (docs/protocol.md)")
    elif field_kind == "players":
        if not (is_whole_number(value) and 2 <= value <= 8):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is a whole number from 2 to 8")
    elif field_kind == "limit":
        if not (is_whole_number(value) and 1 <= value <= MAX_LIMIT):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is a whole number from 1 to {MAX_LIMIT}")
    elif field_kind == "count":
        if not (is_whole_number(value) and 1 <= value <= 10_000):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is a whole number from 1 to 10000")
    elif field_kind == "seconds":
        if not (isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MAX_SECONDS):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is a number of seconds from 0 to {MAX_SECONDS}")
    elif field_kind == "wait":
        if not (isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= MAX_BOTS_AFTER):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is a number of seconds from 0 to {MAX_BOTS_AFTER}")
    elif field_kind == "move":
        if not isinstance(value, list):
            raise ProtocolError(Code.BAD_MESSAGE, f'{wrong} is ["play", [low, high], end], ["draw"] or ["pass"]')
    elif field_kind == "seats":
        if not (isinstance(value, list) and 0 < len(value) <= 8):
            raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} is a list with one entry per seat")
        for entry in value:
            if entry is not None and not (isinstance(entry, str) and entry.isprintable() and len(entry) <= MAX_NAME):
                raise ProtocolError(Code.BAD_MESSAGE, f"{wrong} holds null (a seat for a person) or a bot's level")


def normal_room_code(text: str) -> str:
    """A room code as people type it (any case, with or without the dash) as the server keeps it."""
    return text.replace("-", "").replace(" ", "").upper()


def encode(message: dict[str, object]) -> str:
    return json.dumps(message, separators=(",", ":"))


def error(code: Code, message: str) -> str:
    return encode({"type": "error", "code": code.value, "message": message})


@dataclass(frozen=True, slots=True)
class Options:
    """A room's options as chosen at its creation (None: the variant's own)."""

    variant: str
    players: int | None = None  # seats at a variant that takes a number of players (None: the variant's own)
    house: dict[str, object] | None = None  # the train games' house rules: every one, in a room made by the server
    bots: str = "Easy"  # the level of the bots that fill the seats nobody takes
    seats: tuple[str | None, ...] = ()  # per seat: None for a person, or a level for a bot from the start
    target: int | None = None
    games: int | None = None
    clock: float | None = None  # seconds a present player has for a move before a bot moves for them
    away: float = AWAY
    between: float = BETWEEN
    password: bool = False
    # Whether the server's lobby lists the room while it has a free seat (never one with a password); else it is
    # found by its code alone.
    public: bool = False
    # Whether the tables may show the coach (hints, tracker, review); None: only while one person sits at the table.
    coach: bool | None = None
    # The edition of the rules the room was made under (engine/train_rules.py): a room made before a rule changed
    # replays its log under the rules it was played by.
    edition: int = RULES_EDITION

    def to_json(self) -> dict[str, object]:
        return {
            "edition": self.edition,
            "variant": self.variant,
            "players": self.players,
            "house": self.house,
            "bots": self.bots,
            "seats": list(self.seats),
            "target": self.target,
            "games": self.games,
            "clock": self.clock,
            "away": self.away,
            "between": self.between,
            "password": self.password,
            "public": self.public,
            "coach": self.coach,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Options:
        """Options as stored by `to_json`; stored before they named an edition, the first one's."""
        stored: dict[str, Any] = {"edition": PASS_COUNT_EDITION, **data}
        return cls(**{**stored, "seats": tuple(stored.get("seats") or ())})
