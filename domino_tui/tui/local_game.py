"""A game at this keyboard: a room in the app's process (`net.local.LocalRoom`) made from the player's settings,
with one client per person's seat here, kept in one file that is the saved game.

A new match makes the room from `table_options.room_options` and the match's seed, seats every person at this
keyboard (seat 0 creates it, the others join) and starts it. At start-up the room file is restored where it was
(a damaged file is moved aside with a message); failing that, a game saved in the earlier format (game.json) is
converted once into a room's log (`earlier_saves.converted`) and that file goes. The table is the one of the
room's family, given the clients: the same `LineTable` or `TrainTable` as online.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from textual.screen import Screen

from ..engine import TRAIN_VARIANTS, Event, TrainEvent, get_rules, get_train_rules
from ..net import credentials
from ..net.local import LocalClient, LocalRoom
from ..net.room import Room, Status
from ..net.saved_room import FORMAT, VERSION
from ..paths import config_dir
from ..stored_file import StoredFile
from .coach_use import CoachUse, path_beside
from .earlier_saves import converted
from .settings import Settings
from .table_options import person_names, room_options

if TYPE_CHECKING:
    from .screens.room_table import RoomTable

ROOM_FILE = "room.json"
EARLIER_FILE = "game.json"  # where the app kept its game before it was a room's log
# Held (stored_file.OwnerLock) by the one app that plays the saved game: another open at once leaves it alone.
ROOM_LOCK = "room.lock"


def room_path() -> Path:
    return config_dir() / ROOM_FILE


def room_lock_path() -> Path:
    return config_dir() / ROOM_LOCK


def earlier_path() -> Path:
    return config_dir() / EARLIER_FILE


def pick_seed(seed: int | None) -> int:
    """A seed picked at the edge, so that a game without a chosen seed can still be replayed."""
    return seed if seed is not None else random.SystemRandom().randrange(1 << 31)


@dataclass
class LocalGame:
    """A match at this keyboard: its room, and a client per person's seat here (seat 0's first)."""

    room: LocalRoom
    clients: list[LocalClient]
    # The hints and undos of each game, for the record: the app's own, kept beside the room's file.
    coach_use: CoachUse = field(default_factory=CoachUse)

    @property
    def train(self) -> bool:
        return self.room.room.options.variant in TRAIN_VARIANTS

    def table(self) -> Screen[None]:
        """The one table of the room's family, with this keyboard's seats."""
        table: RoomTable
        if self.train:
            from .screens.train_table import TrainTable

            table = TrainTable(None, *self.clients)
        else:
            from .screens.line_table import LineTable

            table = LineTable(None, self.clients)
        table.coach_use = self.coach_use
        return table

    async def save_in(self, file: StoredFile) -> None:
        """Kept in ``file`` from now on, the coach's counts beside it (a match that was played unsaved): the whole
        room is written there now, and after every change as any saved game's."""
        await self.room.store.keep_in(file)
        self.coach_use.file = StoredFile(path_beside(file.path))
        with suppress(OSError):  # as a count that cannot be written: it goes on in memory
            self.coach_use.file.write(self.coach_use.to_json())

    async def close(self) -> None:
        """Leave the room (its file stays: the game goes on at the next start) and stop its bots."""
        for client in self.clients:
            await client.close()
        await self.room.close()


async def new_game(
    settings: Settings, seed: int, pace: float, path: Path | StoredFile | None, said: Said | None = None
) -> LocalGame:
    """A new match of ``settings`` dealt from ``seed``, its log kept at ``path`` (None: in memory only); ``said``
    is told when the file cannot be written (the match goes on)."""
    options = room_options(settings)
    room = LocalRoom(seed=seed, pace=pace, path=path)
    room.store.said = said
    names = person_names(settings)
    first = room.client()
    create = {k: v for k, v in options.to_json().items() if k in CREATE_OPTIONS and v is not None}
    await first.create(names[0], options.variant, seat=0, **create)
    clients = [first]
    for seat, name in sorted(names.items())[1:]:
        client = room.client()
        await client.join(room.code, name, seat=seat)
        clients.append(client)
    await first.start()
    use = CoachUse(room.room.code)
    if room.store.file is not None:
        use.file = StoredFile(path_beside(room.store.file.path))
        # The counts of the room this one replaces. One that cannot go (a directory in its place) counts nothing
        # for this room, whose code it does not name: the game starts all the same.
        with suppress(OSError):
            use.file.remove()
    return LocalGame(room, clients, use)


# What a create message may say of a local room's options (the rest are a server's: clock, password, edition).
CREATE_OPTIONS = ("players", "house", "bots", "seats", "target", "games", "coach")

Said = Callable[[str], None]


async def resumed(
    pace: float, path: Path | StoredFile, earlier: Path | None = None, said: Said | None = None
) -> tuple[LocalGame | None, str | None]:
    """The game kept at ``path`` where it was, with its people seated again; else one saved at ``earlier`` in
    the earlier format, converted into a room kept at ``path`` (the earlier file then goes). (None, a message)
    when a file could not be read (it is moved aside); (None, None) when there is no game to resume. ``said``:
    as for `new_game`."""
    file = path if isinstance(path, StoredFile) else StoredFile(path)
    problem = None
    # Anything at ``path``, even a link that leads nowhere, is the room's file: a conversion never replaces it.
    if not os.path.lexists(file.path) and earlier is not None and earlier.exists():
        problem = convert(StoredFile(earlier), file)
    room, message = LocalRoom.restore(file, pace=pace)
    if room is None:
        return None, problem or message
    game, unread = await seated(room, file, said)
    return game, problem or unread


async def seated(room: LocalRoom, file: StoredFile, said: Said | None = None) -> tuple[LocalGame, str | None]:
    """The game of a room restored from ``file``, its people seated again, with the coach's counts kept beside it;
    (the game, a message) when those counts could not be read."""
    room.store.said = said
    clients = [await room.seat(seat) for seat in room.people()]
    use, unread = CoachUse.load(path_beside(file.path), room.room.code)
    return LocalGame(room, clients, use), unread


def convert(earlier: StoredFile, into: StoredFile) -> str | None:
    """An earlier save written as a room's file, and the earlier file gone; a file that cannot be converted is
    moved aside (the message says so)."""
    save, problem = earlier.load(converted, "Your saved game could not be restored", "A new game starts.")
    if save is None:
        return problem
    tokens: dict[str, str] = {}
    entries = []
    for entry in save.entries:
        if entry["e"] == "seat":  # a person's: a token to seat them again
            token = credentials.new_token()
            tokens[str(entry["seat"])] = token
            entry = {**entry, "token": credentials.token_hash(token)}
        entries.append(entry)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "code": credentials.new_room_code(),
        "created": time.time(),
        "seed": save.seed,
        "options": save.options.to_json(),
        "tokens": tokens,
        "entries": entries,
    }
    into.write(document)
    # The earlier save kept the coach's use per game of its match: the app's file beside the room keeps it now.
    use = CoachUse(
        str(document["code"]),
        {(1, game + 1): n for game, n in save.hints.items()},
        {(1, game + 1): n for game, n in save.undos.items()},
    )
    with suppress(OSError):  # a count that cannot be written is lost, never the game converted
        StoredFile(path_beside(into.path)).write(use.to_json())
    earlier.remove()
    return None


def _history(room: LocalRoom) -> tuple[Event | TrainEvent, ...]:
    r = room.room
    if r.match is None:
        return ()
    return tuple(r.match.observe(r.people()[0] if r.people() else 0).history)


def in_progress(room: LocalRoom) -> bool:
    """Whether the match is one a person here has played in and not finished: starting another abandons it."""
    r = room.room
    if r.status is Status.OVER or r.match is None:
        return False
    people = set(r.people())
    return r.game_number > 1 or any(ev.seat in people for ev in _history(room))


def is_the_match(room: LocalRoom, asked: Settings) -> bool:
    """Whether the room plays a match ``asked`` asks for (the command line's): the same game against the same
    seats (as many, the same bots), and the same seed when one was asked for; then it is resumed without asking
    to give it up."""
    r, wanted = room.room, room_options(asked)
    same_seed = asked.seed is None or asked.seed == r.seed
    return same_seed and (wanted.variant, tuple(wanted.seats)) == (r.options.variant, tuple(r.options.seats))


def progress(room: LocalRoom) -> str:
    """How far a match has gone, such as "Partnership, game 1, 12 moves"."""
    r: Room = room.room
    moves = len(_history(room))
    plural = "s" if moves != 1 else ""
    if r.options.variant in TRAIN_VARIANTS:
        title = get_train_rules(r.options.variant, r.options.players).title
        return f"{title}, round {r.game_number}, {moves} move{plural}"
    return f"{get_rules(r.options.variant).title}, game {r.game_number}, {moves} move{plural}"
