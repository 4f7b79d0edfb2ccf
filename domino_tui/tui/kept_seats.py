"""The seats this player holds in rooms on servers, kept so that the seat is theirs until its match ends: after `q`,
a crash or a closed terminal, `domino-tui join`, the Play online form and the app's start take it back with its
token (the protocol's `rejoin`) instead of asking for a new seat, which a started room refuses.

One file in the config folder (seats.json), written atomically and readable by its owner only (`kept_list`): a
token takes a seat, so it is kept like a password, and it never appears in a command line, a log or a URL. A seat is
forgotten when the server no longer takes its token (the room closed or expired) and when its match ends. A file
that cannot be used is moved aside with a message (`stored_file`), and the seats it held are lost: each can still
be let back in by its room's creator.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

from ..engine.errors import shown
from ..net.address import address_problem
from ..net.protocol import MAX_NAME, MAX_ROOM, MAX_TOKEN, normal_room_code
from ..paths import config_dir
from .kept_list import KeptList, plain

FILE_NAME = "seats.json"
MOST = 64  # seats kept at most: the oldest go first (a token is worth little once its room has expired)
MOST_SEATS = 8  # a room's seats at the most (Mexican Train's eight)
MAX_SERVER = 300  # characters of ws://HOST:PORT


def path() -> Path:
    return config_dir() / FILE_NAME


@dataclass(frozen=True)
class KeptSeat:
    """A seat held in a room: where it is, its token, and what to call it when offering to go back."""

    server: str  # ws://HOST:PORT
    room: str  # the room's code as the server gave it
    token: str
    name: str  # the player's name at that table
    seat: int
    variant: str
    kept: float  # when it was kept (time.time()): the latest is offered first

    @property
    def address(self) -> str:
        """HOST:PORT/ROOM, as `domino-tui join` takes it."""
        return f"{self.server.removeprefix('ws://')}/{self.room}"


class KeptSeats(KeptList[KeptSeat]):
    """The one owner of seats.json."""

    ITEM = KeptSeat
    SECRET = "token"
    FILE_NAME = FILE_NAME
    KEY = "seats"
    WHAT = "kept seat"
    MOST = MOST
    UNREADABLE = "Your seats in rooms online could not be read"
    UNWRITTEN = (
        "Your seat could not be kept on this computer ({exc}): should this program end, ask the room's creator to "
        "let you back in."
    )

    @property
    def seats(self) -> list[KeptSeat]:
        return self.items

    def wrong(self, seat: KeptSeat) -> str | None:
        """What makes ``seat`` one this program never keeps, in words that never show its token; None when nothing.
        Its words are shown to the player and its server is connected to at the start, so each field must be what a
        room server gave: a file edited by hand, or a server that sent something else, keeps nothing."""
        server = seat.server
        if not (len(server) <= MAX_SERVER and plain(server) and address_problem(server) is None):
            return f"a kept seat's server is not a room server's address: {shown(server[:MAX_SERVER])}"
        room = normal_room_code(seat.room)
        if not (0 < len(room) <= MAX_ROOM and room.isascii() and room.isalnum() and plain(seat.room)):
            return f"a kept seat's room is not a room's code: {shown(seat.room[: MAX_ROOM * 2])}"
        if not (0 < len(seat.token) <= MAX_TOKEN and plain(seat.token)):
            return "a kept seat's token is not one a server gives"
        if not (0 < len(seat.name) <= MAX_NAME and seat.name.isprintable()):
            return f"a kept seat's name is not 1 to {MAX_NAME} printable characters: {shown(seat.name[: MAX_NAME * 2])}"
        if not (len(seat.variant) <= MAX_NAME and seat.variant.isprintable()):
            return f"a kept seat's variant is not a variant's name: {shown(seat.variant[: MAX_NAME * 2])}"
        if not 0 <= seat.seat < MOST_SEATS:
            return f"a kept seat's seat is not one of a room's: {shown(seat.seat)}"
        return None

    def find(self, server: str, room: str) -> KeptSeat | None:
        code = normal_room_code(room)
        return next((s for s in self.seats if s.server == server and normal_room_code(s.room) == code), None)

    def latest(self) -> KeptSeat | None:
        return max(self.seats, key=lambda s: s.kept, default=None)

    def keep(self, seat: KeptSeat) -> str | None:
        """Keep ``seat`` (in place of one in the same room); a message when it could not be written, or is not
        one to keep (a server that named its room or seat as no room server does)."""
        wrong = self.wrong(seat)
        if wrong is not None:
            return (
                f"Your seat is not kept on this computer ({wrong}): should this program end, ask the room's creator "
                "to let you back in."
            )
        here = (seat.server, normal_room_code(seat.room))
        kept = replace(seat, kept=seat.kept or time.time())
        return self._change(lambda seats: [*(s for s in seats if (s.server, normal_room_code(s.room)) != here), kept])

    def forget(self, server: str, room: str) -> str | None:
        """Forget the seat in ``room`` (its match is over, or the server no longer takes its token)."""
        here = (server, normal_room_code(room))
        return self._change(lambda seats: [s for s in seats if (s.server, normal_room_code(s.room)) != here])
