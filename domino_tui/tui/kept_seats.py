"""The seats this player holds in rooms on servers, kept so that the seat is theirs until its match ends: after `q`,
a crash or a closed terminal, `domino-tui join`, the Play online form and the app's start take it back with its
token (the protocol's `rejoin`) instead of asking for a new seat, which a started room refuses.

One file in the config folder (seats.json), written atomically and readable by its owner only (`stored_file`): a
token takes a seat, so it is kept like a password, and it never appears in a command line, a log or a URL. A seat is
forgotten when the server no longer takes its token (the room closed or expired) and when its match ends. A file
that cannot be used is moved aside with a message (`stored_file`), and the seats it held are lost: each can still
be let back in by its room's creator.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from ..engine.errors import SaveFormatError, shown
from ..net.protocol import MAX_NAME, normal_room_code
from ..paths import config_dir
from ..stored_file import StoredFile

FILE_NAME = "seats.json"
VERSION = 1
MOST = 64  # seats kept at most: the oldest go first (a token is worth little once its room has expired)
FIELDS = {"server": str, "room": str, "token": str, "name": str, "seat": int, "variant": str, "kept": float}


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


def _read(data: object) -> list[KeptSeat]:
    """The seats of a seats.json document; SaveFormatError saying what is wrong with anything else."""
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("seats"), list):
        raise SaveFormatError("not a list of kept seats of this version")
    seats = []
    for item in data["seats"][:MOST]:
        if not isinstance(item, dict):
            raise SaveFormatError(f"not a kept seat: {shown(item)}")
        values = {}
        for name, kind in FIELDS.items():
            value = item.get(name)
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise SaveFormatError(f"a kept seat's {name} is not a {kind.__name__}: {shown(value)}")
            values[name] = value
        seat = KeptSeat(**values)  # type: ignore[arg-type]  # each field checked against its type above
        if not seat.token or len(seat.name) > MAX_NAME or not 0 <= seat.seat < 8:
            raise SaveFormatError(f"not a kept seat: {shown(item)}")
        seats.append(seat)
    return seats


class KeptSeats:
    """The one owner of seats.json: every change goes through it and is written at once."""

    def __init__(self, file: StoredFile | None = None, keep: bool = True) -> None:
        """``keep``: False keeps the seats in memory only (an app whose settings are not saved)."""
        self.file = file or StoredFile(path())
        self.keep_on_disk = keep
        self.seats: list[KeptSeat] = []

    def load(self) -> str | None:
        """Read the file; a message when it could not be used (then no seat is kept)."""
        if not self.keep_on_disk:
            return None
        seats, problem = self.file.load(_read, "Your seats in rooms online could not be read", "")
        self.seats = seats or []
        return problem.strip() if problem else None

    def find(self, server: str, room: str) -> KeptSeat | None:
        code = normal_room_code(room)
        return next((s for s in self.seats if s.server == server and normal_room_code(s.room) == code), None)

    def latest(self) -> KeptSeat | None:
        return max(self.seats, key=lambda s: s.kept, default=None)

    def keep(self, seat: KeptSeat) -> str | None:
        """Keep ``seat`` (in place of one in the same room); a message when it could not be written."""
        others = [
            s for s in self.seats if (s.server, normal_room_code(s.room)) != (seat.server, normal_room_code(seat.room))
        ]
        self.seats = sorted([*others, replace(seat, kept=seat.kept or time.time())], key=lambda s: -s.kept)[:MOST]
        return self._write()

    def forget(self, server: str, room: str) -> str | None:
        """Forget the seat in ``room`` (its match is over, or the server no longer takes its token)."""
        if self.find(server, room) is None:
            return None
        code = normal_room_code(room)
        self.seats = [s for s in self.seats if (s.server, normal_room_code(s.room)) != (server, code)]
        return self._write()

    def _write(self) -> str | None:
        if not self.keep_on_disk:
            return None
        try:
            self.file.write({"version": VERSION, "seats": [asdict(s) for s in self.seats]})
        except OSError as exc:
            return (
                f"Your seat could not be kept on this computer ({exc}): should this program end, ask the room's "
                "creator to let you back in."
            )
        return None
