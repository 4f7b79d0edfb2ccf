"""People at the table, through a real server on 127.0.0.1: bots with names of their own and their level, people's
names unique in a room, choosing where to sit in the lobby, and a person let back in who lost their token."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from domino_tui.engine import SaveFormatError
from domino_tui.net import credentials
from domino_tui.net.botclient import play_seat
from domino_tui.net.client import (
    Connection,
    KnockInfo,
    Knocking,
    NetError,
    RoomInfo,
    SeatView,
    ServerError,
    Welcome,
)
from domino_tui.net.local import LocalRoom
from domino_tui.net.protocol import Options
from domino_tui.net.room import BOT_NAMES, Room, folded
from domino_tui.net.storage import Storage

from .conftest import start_server
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


def seat_is(seat: int):
    return lambda e: isinstance(e, Welcome) and e.seat == seat


def refused(code: str):
    return lambda e: isinstance(e, ServerError) and e.code == code


async def test_friends_choose_partner_seats_in_the_lobby_and_play_as_partners(running) -> None:
    ana, ben = running.client(), running.client()
    welcome = await ana.create("Ana", "partnership", seats=[None, None, "Hard", None], target=1, between=0)
    joined = await ben.join(welcome.room, "Ben")
    assert joined.seat == 1  # the first open seat
    # Ben asks for a seat a bot holds: refused with words, nothing moves.
    await ben.sit(2)
    error = await wait_for(ben, refused("seat"))
    assert "seat 3 is taken" in error.message and "the open seats are 4" in error.message  # counted from 1
    # Only the creator swaps: she moves the Hard bot across the table from seat 2 to seat 3.
    await ben.swap(2, 3)
    assert "only the room's creator may swap seats" in (await wait_for(ben, refused("not_creator"))).message
    bot = running.room().seats[2].name
    await ana.swap(2, 3)
    info = await wait_for(ben, lambda e: isinstance(e, RoomInfo) and e.seats[3].kind == "bot")
    assert info.seats[3].name == bot and info.seats[3].level == "Hard" and info.seats[2].kind == "open"
    # Ben moves to the seat facing Ana, and is told his seat anew.
    await ben.sit(2)
    assert (await wait_for(ben, seat_is(2))).token == joined.token  # the same token holds the new seat
    info = await wait_for(ana, lambda e: isinstance(e, RoomInfo) and e.seats[2].kind == "person")
    assert [(s.name, s.kind) for s in info.seats] == [
        ("Ana", "person"),
        ("", "open"),
        ("Ben", "person"),
        (bot, "bot"),
    ]
    assert info.creator == 0
    await ana.start()
    seen = await wait_for(ben, lambda e: isinstance(e, SeatView))
    assert seen.observation.seat == 2
    rules = seen.observation.rules
    assert rules.team_of(0) == rules.team_of(2) != rules.team_of(1) == rules.team_of(3)
    # His token went with him: a connection that drops comes back to seat 2.
    ben.drop()
    await wait_for(ben, lambda e: isinstance(e, Connection) and e.state == "connected")
    assert running.room().seats[2].present and running.room().seat_of_token(ben.welcome.token) == 2
    # They play the hand out, as partners: the room's teams are as they chose.
    results = await asyncio.wait_for(asyncio.gather(play_seat(ana, "greedy"), play_seat(ben, "greedy")), 30)
    assert results[0] == results[1] and results[0].match_over
    assert ana.observation.observation.team == ben.observation.observation.team
    # The creator may not swap after the start, nor may anyone sit.
    await ana.swap(0, 1)
    assert "the game has started" in (await wait_for(ana, refused("not_now"))).message


async def test_the_creator_swaps_herself_and_her_mark_goes_with_her(running) -> None:
    ana, ben = running.client(), running.client()
    welcome = await ana.create("Ana", "block", seats=[None, None])
    await ben.join(welcome.room, "Ben")
    await ana.swap(0, 1)
    mine, his = await wait_for(ana, seat_is(1)), await wait_for(ben, seat_is(0))
    assert mine.creator and not his.creator
    info = await wait_for(ben, lambda e: isinstance(e, RoomInfo) and e.creator == 1)
    assert [s.name for s in info.seats] == ["Ben", "Ana"]
    await ana.swap(1, 1)
    assert "two different seats" in (await wait_for(ana, refused("seat"))).message
    await ana.swap(0, 5)
    assert "there is no seat 6" in (await wait_for(ana, refused("seat"))).message
    await ben.start()
    await wait_for(ben, refused("not_creator"))  # the mark went with Ana: Ben cannot start it
    await ana.start()
    assert (await wait_for(ben, lambda e: isinstance(e, SeatView))).observation.seat == 0


async def test_a_join_that_names_a_taken_seat_is_refused_with_words(running) -> None:
    ana = running.client()
    welcome = await ana.create("Ana", "block", seats=[None, None])
    with pytest.raises(NetError) as taken:
        await running.client().join(welcome.room, "Ben", seat=0)
    assert taken.value.code == "seat" and taken.value.message == "seat 1 is taken (Ana): the open seats are 2"


def test_a_swap_the_room_could_not_have_stored_is_refused() -> None:
    room = Room("ROOMCODE", 1, Options("block", seats=(None, None)), None, 0.0)
    room.replay([{"e": "seat", "seat": 0, "kind": "person", "name": "Ana", "creator": True}])
    for pair, says in (([0, 2], "no seat"), ([1, 1], "not two seats"), ([0], "not two seats")):
        with pytest.raises(SaveFormatError, match=says):
            room.replay([{"e": "swap", "seats": pair}])
    room.replay([{"e": "swap", "seats": [0, 1]}, {"e": "start"}])
    assert room.creator == 1 and room.seats[1].name == "Ana"
    with pytest.raises(SaveFormatError, match="after the start"):
        room.replay([{"e": "swap", "seats": [0, 1]}])


async def test_a_room_in_the_app_s_process_keeps_each_token_with_its_seat_through_a_swap(tmp_path) -> None:
    path = tmp_path / "room.json"
    local = LocalRoom(path=path)
    ana, ben = local.client(), local.client()
    await ana.create("Ana", "block", seats=[None, None])
    await ben.join(local.code, "Ben")
    await ana.swap(0, 1)
    await wait_for(ben, seat_is(0))
    await local.close()
    restored, message = LocalRoom.restore(path)
    assert message is None and restored is not None
    assert [s.name for s in restored.room.seats] == ["Ben", "Ana"] and restored.room.creator == 1
    back = await restored.seat(1)  # the file's token for seat 1 is Ana's
    assert back.welcome.name == "Ana" and back.welcome.creator
    await back.close()
    await restored.close()


async def started_with_absent(running, variant: str, names: list[str], **options):
    """A started room of ``names`` (the first its creator), every one but the creator gone again (their tokens
    lost with their machines): the creator's client, the room's code and each seat's old token."""
    clients = [running.client() for _ in names]
    welcome = await clients[0].create(names[0], variant, seats=[None] * len(names), between=0, **options)
    tokens = [welcome.token]
    for c, name in zip(clients[1:], names[1:], strict=True):
        tokens.append((await c.join(welcome.room, name)).token)
    await clients[0].start()
    for c in clients[1:]:
        await c.close()
    await wait_for(clients[0], lambda e: isinstance(e, RoomInfo) and e.status == "playing" and not e.seats[-1].present)
    return clients[0], welcome.room, tokens


async def play_on(client):
    """Play the client's seat to the match's end, from the table it was last sent (its events read up to here)."""
    seen = client.observation
    if seen is not None and seen.observation.legal:
        await client.move(seen.observation.legal[0], seen.position)
    return await play_seat(client, "greedy")


def knocks_are(*knocks: tuple[int, str]):
    return lambda e: isinstance(e, RoomInfo) and e.knocks == tuple(KnockInfo(s, n) for s, n in knocks)


async def test_a_person_who_lost_their_token_knocks_and_the_creator_lets_them_back_in(running, caplog) -> None:
    caplog.set_level(logging.INFO, logger="domino_tui.net")
    ana, room, (_, old) = await started_with_absent(running, "block", ["Ana", "Ben"], target=20)
    ben = running.client()
    knocking = asyncio.create_task(ben.join(room, "ben"))  # his name, in any case
    await wait_for(ana, knocks_are((1, "Ben")))
    heard = await wait_for(ben, lambda e: isinstance(e, Knocking))
    assert (heard.seat, heard.name, heard.wait) == (1, "Ben", 120)
    assert not knocking.done()  # he waits at the door
    await ana.admit(1)
    welcome = await asyncio.wait_for(knocking, 5)
    assert (welcome.seat, welcome.name, welcome.creator) == (1, "Ben", False)
    assert welcome.token and welcome.token != old
    assert (await wait_for(ben, lambda e: isinstance(e, SeatView))).observation.seat == 1
    back = await wait_for(ana, knocks_are())
    assert back.seats[1].present
    # The old token no longer takes the seat; the new one does.
    with pytest.raises(NetError) as void:
        await running.client().rejoin(room, old)
    assert void.value.code == "token"
    assert running.room().seat_of_token(welcome.token) == 1
    results = await asyncio.wait_for(asyncio.gather(play_on(ana), play_on(ben)), 30)
    assert results[0] == results[1] and results[0].match_over
    # No token in any log line, and only its hash on disk.
    await running.server.storage.drain()
    lines = [r.getMessage() for r in caplog.records]
    assert any("let in again" in line for line in lines)
    assert not [line for line in lines if old in line or welcome.token in line]
    stored = b"".join(f.read_bytes() for f in Path(running.server.storage.path).parent.glob("rooms.sqlite3*"))
    assert welcome.token.encode() not in stored and credentials.token_hash(welcome.token).encode() in stored


async def test_a_knock_is_refused_with_words(running) -> None:
    ana, room, (_, _, cy_token) = await started_with_absent(running, "mexicantrain", ["Ana", "Ben", "Cy"], games=2)
    # A name that no absent player has (nor a present one's): how to get in.
    for name in ("Eve", "Ana"):
        with pytest.raises(NetError) as nobody:
            await running.client().join(room, name)
        assert nobody.value.code == "not_now"
        assert "ask the room's creator to let you in" in nobody.value.message and "or watch" in nobody.value.message
    # Turned away by the creator.
    knocking = asyncio.create_task(running.client().join(room, "Ben"))
    await wait_for(ana, knocks_are((1, "Ben")))
    # One knock a seat: a second for Ben's waits for the first to be answered.
    with pytest.raises(NetError) as twice:
        await running.client().join(room, "BEN")
    assert twice.value.code == "seat" and "someone knocks for seat 2 already" in twice.value.message
    await ana.refuse(1)
    with pytest.raises(NetError) as away:
        await asyncio.wait_for(knocking, 5)
    assert away.value.code == "refused" and "did not let you in" in away.value.message
    await wait_for(ana, knocks_are())
    await ana.refuse(1)
    assert "nobody knocks for seat 2" in (await wait_for(ana, refused("not_now"))).message
    # The seat's person comes back with the token after all: the knock for it is turned away.
    knocking = asyncio.create_task(running.client().join(room, "Cy"))
    await wait_for(ana, knocks_are((2, "Cy")))
    cy = running.client()
    await cy.rejoin(room, cy_token)
    with pytest.raises(NetError) as back:
        await asyncio.wait_for(knocking, 5)
    assert back.value.code == "refused" and "came back" in back.value.message
    # Only the creator answers a knock.
    knocking = asyncio.create_task(running.client().join(room, "Ben"))
    await wait_for(cy, knocks_are((1, "Ben")))
    await cy.admit(1)
    assert "only the room's creator may let a person in" in (await wait_for(cy, refused("not_creator"))).message
    knocking.cancel()


async def test_knocks_are_bounded_in_time_per_room_and_per_address(tmp_path) -> None:
    running = await start_server(tmp_path / "r.sqlite3", knock_wait=1.5, knocks_per_room=1, knocks_per_address=2)
    try:
        ana, first, _ = await started_with_absent(running, "mexicantrain", ["Ana", "Ben", "Cy"], games=2)
        dee, second, _ = await started_with_absent(running, "block", ["Dee", "Eve"])
        ben = asyncio.create_task(running.client().join(first, "Ben"))
        await wait_for(ana, knocks_are((1, "Ben")))
        with pytest.raises(NetError) as room_full:  # the room holds one knock at a time
            await running.client().join(first, "Cy")
        assert room_full.value.code == "too_fast" and "1 people knock at this room" in room_full.value.message
        eve = asyncio.create_task(running.client().join(second, "Eve"))
        await wait_for(dee, knocks_are((1, "Eve")))
        with pytest.raises(NetError) as address_full:  # the address has two knocks waiting
            await running.client().join(second, "Dee")
        assert address_full.value.code == "too_fast" and "2 knocks waiting" in address_full.value.message
        # Nobody answers: each knock is turned away when its time runs out, and the room says so.
        for knock in (ben, eve):
            with pytest.raises(NetError) as late:
                await asyncio.wait_for(knock, 5)
            assert late.value.code == "refused" and "nobody let you in within 1.5 s" in late.value.message
        await wait_for(ana, knocks_are())
        # A knocker who leaves is off the room's list at once.
        leaver = running.client()
        leaving = asyncio.create_task(leaver.join(first, "Cy"))
        await wait_for(ana, knocks_are((2, "Cy")))
        await leaver.close()
        await wait_for(ana, knocks_are(), timeout=1.0)
        with pytest.raises(NetError):
            await leaving
        assert not running.server.knocking and not running.server.rooms[first.replace("-", "")].knocks
    finally:
        for c in running.clients:
            await c.close()
        await running.server.stop()


def test_a_new_token_the_room_could_not_have_stored_is_refused() -> None:
    room = Room("ROOMCODE", 1, Options("block", seats=(None, "Easy")), None, 0.0)
    seated = {"e": "seat", "seat": 0, "kind": "person", "name": "Ana", "creator": True, "token": "h0"}
    with pytest.raises(SaveFormatError, match="before the start"):
        room.replay([seated, {"e": "admit", "seat": 0, "token": "h1"}])
    room = Room("ROOMCODE", 1, Options("block", seats=(None, "Easy")), None, 0.0)
    room.replay([seated, {"e": "start"}])
    for entry, says in (
        ({"e": "admit", "seat": 1, "token": "h1"}, "not a person's"),
        ({"e": "admit", "seat": 0}, "no token"),
        ({"e": "admit", "seat": 2, "token": "h1"}, "no seat 2"),
    ):
        with pytest.raises(SaveFormatError, match=says):
            room.replay([entry])
    room.replay([{"e": "admit", "seat": 0, "token": "h1"}])
    assert room.seats[0].token_hash == "h1"
