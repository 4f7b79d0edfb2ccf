"""People at the table, through a real server on 127.0.0.1: bots with names of their own and their level, people's
names unique in a room, choosing where to sit in the lobby, and a person let back in who lost their token."""

from __future__ import annotations

from domino_tui.net.client import RoomInfo
from domino_tui.net.protocol import Options
from domino_tui.net.room import BOT_NAMES, Room, folded
from domino_tui.net.storage import Storage

from .events import wait_for


def bot_firsts(info: RoomInfo) -> list[str]:
    """Each bot's first name, read from its seat's name "first (level)" (checking the level said there)."""
    firsts = []
    for seat in info.seats:
        if seat.kind == "bot":
            first, _, level = seat.name.rpartition(" (")
            assert level == f"{seat.level})", seat
            firsts.append(first)
    return firsts


async def replayed(running) -> Room:
    """The room as its stored log brings it back (as a restarted server does)."""
    await running.server.storage.drain()
    (stored,) = Storage(running.server.storage.path).rooms()
    room = Room(stored.code, stored.seed, Options.from_json(stored.options), stored.password, stored.created)
    room.replay(stored.entries)
    return room


async def test_bots_have_names_of_their_own_with_their_level(running) -> None:
    ana = running.client()
    welcome = await ana.create("Ana", "mexicantrain", seats=[None, *["Easy"] * 3, "Hard", None, None, None])
    info = await wait_for(ana, lambda e: isinstance(e, RoomInfo))
    firsts = bot_firsts(info)
    assert len(firsts) == 4 and len(set(firsts)) == 4 and set(firsts) <= set(BOT_NAMES)
    assert [s.level for s in info.seats if s.kind == "bot"] == ["Easy", "Easy", "Easy", "Hard"]
    # A person who comes with a bot's first name keeps it; the bot takes another.
    taken = firsts[0]
    ben = running.client()
    await ben.join(welcome.room, taken.upper())
    info = await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.seats[5].kind == "person")
    assert info.seats[5].name == taken.upper()
    again = bot_firsts(info)
    assert taken not in again and len(set(again)) == 4 and again[1:] == firsts[1:]  # only the one renamed
    # The seats nobody took are bots at the start, each with a name of its own: eight seats, eight names.
    await ana.start()
    info = await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.status == "playing")
    names = [s.name for s in info.seats]
    assert len(bot_firsts(info)) == 6 and len({folded(n.split(" (")[0]) for n in names}) == 8
    assert all(s.level == "Easy" for s in info.seats[6:])
    # A log replayed names them alike.
    assert [s.name for s in (await replayed(running)).seats] == names


async def test_a_second_person_of_the_same_name_is_numbered_and_told(running) -> None:
    ann = running.client()
    welcome = await ann.create("Ann", "mexicantrain", players=5)
    assert welcome.name == "Ann"
    names = []
    for asked in ("ann", "ANN", "Ann 2", "x" * 24):
        names.append((await running.client().join(welcome.room, asked)).name)
    # "Ann 2" is taken by then: numbered in turn. A name at the limit is cut to make room for its number.
    assert names == ["ann 2", "ANN 3", "Ann 2 2", "x" * 24]
    assert running.room().person_name("X" * 24) == "X" * 22 + " 2"
    info = await wait_for(ann, lambda e: isinstance(e, RoomInfo) and all(s.kind == "person" for s in e.seats))
    assert [s.name for s in info.seats] == ["Ann", *names]
