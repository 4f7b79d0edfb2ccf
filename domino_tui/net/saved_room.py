"""A room kept in one file (the app's game in progress): its seed, options and log, as the server keeps a room in
its database, and the seats' tokens.

The file is the room: restoring it replays the log through Room.apply (Room.replay), as a server resumes its
rooms, so a saved game is exactly the room's entries and nothing else of the app's. It is written whole and
atomically after every entry (stored_file.StoredFile: the old file or the new one, never half of one) before the
entry's change is shown, as the server's store does.

A write the disk refuses (full, read-only, a damaged file kept where it was found) stops a server's room; the
app's game goes on in memory instead: the store tells its ``said`` once, and the next entry writes the whole file
again.

The seats' tokens are kept beside the log, in plain text: a token only takes back a seat of this room, and the
room exists only in this file, which is the player's own. A file that is not one this version could have written
(cut short, edited, of the wrong kinds, entries out of order, a newer version) is refused with SaveFormatError
saying what is wrong.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from ..engine import EngineError, SaveFormatError
from ..engine.errors import shown
from ..games import GameChoiceError
from ..stored_file import StoredFile
from .credentials import token_hash
from .room import Entry, Room, stored_options

FORMAT = "domino-tui room"
VERSION = 1


@dataclass
class RoomFile:
    """A room's store as one file (None: kept in memory only); the RoomStore of a room in the app's process."""

    file: StoredFile | None
    code: str = ""
    created: float = 0.0
    seed: int = 0
    options: dict[str, object] = field(default_factory=dict)
    tokens: dict[int, str] = field(default_factory=dict)  # each person's seat: its token
    entries: list[Entry] = field(default_factory=list)
    fresh_token: str | None = None  # the token just handed out, whose seat's entry comes next
    # Told why, when the file could not be written (once, until a write succeeds again); None: the error goes on up.
    said: Callable[[str], None] | None = None
    failing: bool = False
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def remember(self, token: str) -> str:
        """Keep a new seat's token: the host makes tokens through this, so that a restored room seats people."""
        self.fresh_token = token
        return token

    def create_room(
        self,
        code: str,
        created: float,
        seed: int,
        options: dict[str, object],
        password: str | None,
        address: str | None = None,
    ) -> Awaitable[None]:
        self.code, self.created, self.seed, self.options = code, created, seed, options
        return self._write()

    def append(self, code: str, seq: int, entry: dict[str, object]) -> Awaitable[None]:
        if seq != len(self.entries):
            raise SaveFormatError(f"entry {seq} of a log of {len(self.entries)}")
        self.entries.append(entry)
        if entry["e"] == "swap":  # a seat's token goes with it
            a, b = (int(str(s)) for s in entry["seats"])  # type: ignore[attr-defined]  # checked: two seats
            moved = {b: self.tokens.pop(a, None), a: self.tokens.pop(b, None)}
            self.tokens.update({seat: token for seat, token in moved.items() if token is not None})
        token = self.fresh_token
        if entry["e"] == "seat" and token is not None and token_hash(token) == entry.get("token"):
            self.tokens[int(str(entry["seat"]))] = token
            self.fresh_token = None
        return self._write()

    def replace_log(self, code: str, entries: list[Entry]) -> Awaitable[None]:
        self.entries = list(entries)
        return self._write()

    def delete_room(self, code: str) -> Awaitable[None]:
        return self._delete()

    async def keep_in(self, file: StoredFile) -> None:
        """Written to ``file`` from now on (a room that was kept in memory): the whole room at once, then after
        every entry."""
        self.file = file
        await self._write()

    async def drain(self) -> None:
        async with self._lock:
            pass

    def document(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "code": self.code,
            "created": self.created,
            "seed": self.seed,
            "options": self.options,
            "tokens": {str(seat): token for seat, token in self.tokens.items()},
            "entries": list(self.entries),
        }

    async def _write(self) -> None:
        document = self.document()  # as it is now: a later entry is the next write's
        if self.file is not None:
            await self._kept(self.file, self.file.write, document)

    async def _delete(self) -> None:
        if self.file is not None:
            await self._kept(self.file, self.file.remove)

    async def _kept(self, file: StoredFile, work: Callable[..., None], *args: object) -> None:
        async with self._lock:
            try:
                await asyncio.to_thread(work, *args)
            except OSError as exc:
                if self.said is None:
                    raise
                if not self.failing:
                    self.said(f"Could not save the game to {file.path}: {exc}. It goes on, unsaved until it can be.")
                self.failing = True
                return
            self.failing = False


def read_room(data: object, file: StoredFile | None = None) -> tuple[Room, RoomFile]:
    """The room a file holds, replayed to where it was, and its store (writing on to ``file``); SaveFormatError
    saying what is wrong for anything this version could not have written."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFormatError("it is not a saved room of domino-tui")
    version = data.get("version")
    if not (isinstance(version, int) and not isinstance(version, bool)) or version < 1:
        raise SaveFormatError(f"its version is {shown(version)}, not a version number")
    if version > VERSION:
        raise SaveFormatError(f"it was saved by a newer domino-tui (version {version}; this one reads {VERSION})")
    code, created, seed, tokens = data.get("code"), data.get("created"), data.get("seed"), data.get("tokens")
    if not (isinstance(code, str) and code.isalnum() and 0 < len(code) <= 16):
        raise SaveFormatError(f"its room code is {shown(code)}")
    if not isinstance(created, int | float) or isinstance(created, bool):
        raise SaveFormatError(f"its time of creation is {shown(created)}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFormatError(f"its seed is {shown(seed)}, not a whole number")
    if not isinstance(tokens, dict) or not all(
        isinstance(k, str) and k.isdigit() and isinstance(v, str) for k, v in tokens.items()
    ):
        raise SaveFormatError("its seats' tokens are not an object of seat numbers and tokens")
    options = stored_options(data.get("options"))
    try:
        room = Room(code, seed, options, None, float(created))
    except (GameChoiceError, EngineError, ValueError) as exc:
        raise SaveFormatError(f"its options cannot be played: {exc}") from None
    entries = data.get("entries")
    room.replay(entries)
    assert isinstance(entries, list)  # replay checked it
    store = RoomFile(file, code, float(created), seed, room.options.to_json(), {int(k): v for k, v in tokens.items()})
    store.entries = list(entries)
    for seat, token in store.tokens.items():
        if room.seat_of_token(token) != seat:
            raise SaveFormatError(f"the token it keeps for seat {seat} is not that seat's")
    return room, store
