"""Mexican Train rooms through a real server on 127.0.0.1: eight seats of people (scripted clients) and bots, every
byte each client is sent checked against what its seat may know, a dropped player's hand, and a room rebuilt from
its log."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3

import pytest

from domino_tui.engine import MEXICAN_TRAIN, Tile, TrainMatch, TrainPlay, observe_match, train_observation_to_json
from domino_tui.engine.train_moves import train_move_from_json
from domino_tui.engine.train_state import options_to_json
from domino_tui.games import TrainPlayedMatch
from domino_tui.net.botclient import play_seat
from domino_tui.net.client import (
    Connection,
    RoomClient,
    ServerError,
    TrainRoundOver,
    TrainSeatView,
    TrainSpectatorView,
    Welcome,
)
from domino_tui.net.protocol import Options, ProtocolError, encode
from domino_tui.net.room import Room, check_options
from domino_tui.net.storage import Storage

from .conftest import ServerProcess, free_port
from .events import wait_for

VARIANT = MEXICAN_TRAIN.name
# Eight seats: four people (scripted clients) between bots of two levels.
EIGHT = [None, "Beginner", None, "Easy", None, "random", None, "greedy"]
ROUNDS = 2  # rounds of the room's match: whole rounds, more than one, not thirteen


async def play_trains(
    make_client, seats: list[str | None], record: bool = False, watchers: tuple[RoomClient, ...] = ()
) -> tuple[list[RoomClient], list[Welcome], list[TrainRoundOver | None]]:
    people = [i for i, s in enumerate(seats) if s is None]
    clients = [make_client() for _ in people]
    for c in clients:
        if record:
            c.raw = []
    first = await clients[0].create("P0", VARIANT, seats=seats, bots="random", between=0, games=ROUNDS)
    welcomes = [first]
    for i, c in enumerate(clients[1:], 1):
        welcomes.append(await c.join(first.room, f"P{i}"))
    for watcher in watchers:
        await watcher.watch(first.room)
    await clients[0].start()
    levels = ["random", "greedy"]
    results = await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, levels[i % 2], i) for i, c in enumerate(clients))), timeout=90
    )
    return clients, welcomes, list(results)  # type: ignore[arg-type]  # a train room's last result


async def test_eight_people_and_bots_play_a_mexican_train_match(running) -> None:
    clients, welcomes, results = await play_trains(running.client, EIGHT)
    assert [w.seat for w in welcomes] == [0, 2, 4, 6]
    assert all(isinstance(r, TrainRoundOver) and r.match_over and r.game == ROUNDS for r in results)
    assert len({(r.scores, r.winners) for r in results}) == 1  # every seat heard the same end
    room = running.room()
    assert isinstance(room.match, TrainPlayedMatch) and room.match.over
    match = room.match.match
    assert len(match.rounds) == ROUNDS and tuple(match.totals) == results[0].scores
    low = min(match.totals)
    assert results[0].winners == tuple(s for s, t in enumerate(match.totals) if t == low)
    for c, w in zip(clients, welcomes, strict=True):
        assert isinstance(c.train_observation, TrainSeatView) and c.train_observation.observation.seat == w.seat
    # People and bots all moved (every seat plays in every round: it lays, draws or passes).
    movers = {ev.seat for r in match.rounds for ev in r.history}
    assert movers == set(range(8))
    info = clients[0].info
    assert info is not None and info.options["players"] == 8 and len(info.seats) == 8
    assert [s.kind for s in info.seats] == ["person", "bot"] * 4


def true_rounds(db) -> dict[tuple[int, int, int], TrainMatch]:
    """(match, round, position) -> the match as it truly stood, rebuilt from the stored seed and log with the
    engine alone."""
    con = sqlite3.connect(db)
    ((code, seed, options),) = con.execute("SELECT code, seed, options FROM rooms").fetchall()
    entries = [json.loads(e) for (e,) in con.execute("SELECT entry FROM log WHERE code = ? ORDER BY seq", (code,))]
    con.close()
    rules = MEXICAN_TRAIN.with_players(json.loads(options)["players"])
    positions: dict[tuple[int, int, int], TrainMatch] = {}
    match, number, position = None, 0, 0
    for entry in entries:
        kind = entry["e"]
        if kind in ("start", "restart"):
            match = TrainMatch(rules, random.Random(entry.get("seed", seed)))
            number += 1
        elif kind == "move":
            match.round.apply(train_move_from_json(entry["move"]))
        elif kind == "next":
            match.next_round()
        else:
            continue
        position += 1
        positions[(number, len(match.rounds), position)] = as_it_stands(match)
    return positions


def as_it_stands(match: TrainMatch) -> TrainMatch:
    """A copy of ``match`` that its next moves leave as it is: its round in play copied, the finished ones shared
    (a round over takes no more moves). Not a save and its replay: replaying every round from its deal at each of
    a match's hundreds of positions took a quarter of the test."""
    copy = TrainMatch.__new__(TrainMatch)
    copy.__dict__.update(match.__dict__)
    copy.rounds = [*match.rounds[:-1], match.round.copy()]
    return copy


def tiles_in(obs: dict) -> set[Tile]:
    tiles = {Tile.of(*t) for t in obs["hand"]}
    tiles |= {Tile.of(*t) for train in obs["trains"] for t in train["tiles"]}
    tiles |= {Tile.of(ev[2], ev[3]) for ev in obs["history"] if ev[1] == "play"}
    tiles |= {Tile.of(m[1], m[2]) for m in obs["legal"] if m[0] == "play"}
    return tiles


async def test_no_client_of_a_train_room_is_sent_a_tile_it_may_not_know(running) -> None:
    # One spectator watches the whole match from its lobby, another comes when it is over.
    watcher, late = running.client(), running.client()
    watcher.raw, late.raw = [], []
    seats = [None, "random", None, "greedy", "random"]
    clients, welcomes, _ = await play_trains(running.client, seats, record=True, watchers=(watcher,))
    positions = true_rounds(running.server.storage.path)
    await late.watch(welcomes[0].room)
    seen_obs = seen_views = seen_results = 0
    watchers = [(watcher, None), (late, None)]
    for client, seat in [*((c, w.seat) for c, w in zip(clients, welcomes, strict=True)), *watchers]:
        latest = None  # the round as it stood at the last table this client was sent
        for text in client.raw:
            msg = json.loads(text)
            if msg["type"] == "room":
                assert "token" not in text
            if msg["type"] == "result":  # every hand laid open, and only after the table that ends the round
                seen_results += 1
                assert latest is not None and latest.over
                assert [{Tile.of(*t) for t in hand} for hand in msg["hands"]] == [
                    set(latest.hand(s)) for s in range(latest.players)
                ]
            if msg["type"] not in ("obs", "view"):
                continue
            match = positions[(msg["match"], msg["game"], msg["position"])]
            state = latest = match.round
            table = {t for x in range(state.rules.trains) for t in state.train(x)} | {
                Tile.of(state.engine, state.engine)
            }
            if seat is None:
                seen_views += 1
                truth = train_observation_to_json(observe_match(match, 0))
                truth.update(seat=None, hand=[], legal=[], on_first_run=False)
                assert text == encode({**msg, "view": truth})  # every byte
                assert tiles_in(msg["view"]) <= table
            else:
                seen_obs += 1
                assert text == encode({**msg, "obs": train_observation_to_json(observe_match(match, seat))})
                assert {Tile.of(*t) for t in msg["obs"]["hand"]} == set(state.hand(seat))
                assert tiles_in(msg["obs"]) <= set(state.hand(seat)) | table
    # Every position, to every seat and to the spectator who watched from the lobby.
    assert seen_obs >= len(positions) * len(clients) and seen_views >= len(positions) + 1
    assert seen_results >= ROUNDS * (len(clients) + 1) + 1


async def test_a_dropped_train_player_gets_the_same_seat_and_hand(running) -> None:
    a, b = running.client(), running.client()
    welcome = await a.create("Ana", VARIANT, seats=[None, None, "random"], between=0, games=1)
    await b.join(welcome.room, "Ben")
    await a.start()
    before = await wait_for(b, lambda e: isinstance(e, TrainSeatView))
    b.drop()
    await wait_for(b, lambda e: isinstance(e, Connection) and e.state == "connected")
    after = await wait_for(b, lambda e: isinstance(e, TrainSeatView))
    assert after.observation.seat == before.observation.seat == 1
    # The same hand; the bot in seat 2 may have moved meanwhile (the room does not wait for a dropped seat).
    assert after.observation.hand == before.observation.hand and after.position >= before.position
    if after.observation.legal:  # Ben's turn, read here: his bot below hears only what comes next
        await b.move(after.observation.legal[0], after.position)
    results = await asyncio.wait_for(asyncio.gather(play_seat(a, "greedy"), play_seat(b, "random")), 60)
    assert results[0] is not None and results[0].match_over and results[0] == results[1]


async def test_a_spectator_of_a_train_room_sees_the_table_and_no_hand(running) -> None:
    a, w = running.client(), running.client()
    welcome = await a.create("Ana", VARIANT, seats=[None, "random"], games=1)
    await w.watch(welcome.room)
    await a.start()
    view = await wait_for(w, lambda e: isinstance(e, TrainSpectatorView))
    assert view.view["seat"] is None and view.view["hand"] == [] and view.view["legal"] == []
    assert len(view.view["trains"]) == 3 and sum(view.view["hand_sizes"]) > 0
    # Read as the train table draws it: the first seat's table with no hand, every hand's true size.
    assert view.observation.hand == () and view.observation.hand_sizes == tuple(view.view["hand_sizes"])
    assert [len(v.tiles) for v in view.observation.trains] == [len(t["tiles"]) for t in view.view["trains"]]


async def test_a_train_room_rebuilt_from_its_log_is_the_room(running) -> None:
    await play_trains(running.client, [None, "random", "greedy"])
    live = running.room()
    (stored,) = Storage(running.server.storage.path).rooms()
    room = Room(stored.code, stored.seed, Options.from_json(stored.options), stored.password, stored.created)
    for entry in stored.entries:
        room.apply(entry)
    assert (room.seq, room.position, room.status) == (live.seq, live.position, live.status)
    assert room.match is not None and room.match.to_json() == live.match.to_json()
    assert all(room.observation(s) == live.observation(s) for s in (None, 0, 1, 2))


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"players": 9}, "2 to 8"),
        ({"seats": [None]}, "2 to 8"),
        ({"players": 3, "seats": [None, None]}, "3 seats, not 2"),
        ({"bots": "hyperskill"}, "no bot level 'hyperskill' plays"),
        ({"games": 14}, "1 to 13 rounds"),
        ({"target": 100}, "rounds, not to a target"),
        ({"house": {"double_blank": -1}}, "double blank"),
        ({"house": {"first_turn_chain": "yes"}}, "first_turn_chain is true or false"),
        ({"house": {"spinner": True}}, "no house rule 'spinner'"),
    ],
)
def test_train_options_that_cannot_make_a_room_say_why(options: dict, says: str) -> None:
    with pytest.raises(ProtocolError, match=says):
        check_options({"type": "create", "v": 1, "name": "Ana", "variant": VARIANT, **options}, password=False)


def test_a_train_room_takes_its_players_from_the_seats_or_the_variant() -> None:
    options, seat = check_options({"variant": VARIANT, "seats": ["Easy", None, None, None, None, None]}, False)
    assert seat == 1 and options.players == 6 and options.games == MEXICAN_TRAIN.rounds
    options, _ = check_options({"variant": VARIANT}, False)
    assert len(options.seats) == MEXICAN_TRAIN.players


async def test_a_train_match_survives_sigkill_and_restart(tmp_path) -> None:
    port = free_port()
    server = ServerProcess(tmp_path / "rooms.sqlite3", port)
    await server.start()
    url = f"ws://127.0.0.1:{port}"
    a, b = RoomClient(url, retry=(0.05, 0.2)), RoomClient(url, retry=(0.05, 0.2))
    a.raw = []
    try:
        welcome = await a.create("Ana", VARIANT, seats=[None, "random", None, "greedy"], between=0, games=ROUNDS)
        await b.join(welcome.room, "Ben")
        await a.start()
        players = asyncio.gather(play_seat(a, "greedy"), play_seat(b, "random"))
        while a.train_observation is None or a.train_observation.position < 12:
            await asyncio.sleep(0.005)
        server.kill()
        before = a.train_observation
        killed_at = len(a.raw)
        await server.start()
        results = await asyncio.wait_for(players, 60)
    finally:
        await a.close()
        await b.close()
        await server.stop()
    assert results[0] is not None and results[0].match_over and results[0] == results[1]
    # The first table Ana is sent after the restart is the one she last saw, or later: no move she was told of
    # is lost.
    after = next(json.loads(t) for t in a.raw[killed_at:] if json.loads(t)["type"] == "obs")
    assert after["match"] == before.match and after["position"] >= before.position
    if after["game"] == before.game:
        told = [ev.to_json() for ev in before.observation.history]
        assert after["obs"]["history"][: len(told)] == told
    else:
        assert after["game"] > before.game


async def test_a_train_room_refuses_a_wrong_move_with_the_engines_words_and_goes_on(running) -> None:
    a = running.client()
    await a.create("Ana", VARIANT, seats=[None, "random"], games=1)
    await a.start()
    seen = await wait_for(a, lambda e: isinstance(e, TrainSeatView) and bool(e.observation.legal))
    obs = seen.observation
    # A line game's move, a tile not in the hand, and a train that does not exist.
    await a.send_raw(encode({"type": "move", "position": seen.position, "move": ["play", [6, 6], 0]}))
    shape = await wait_for(a, lambda e: isinstance(e, ServerError))
    assert shape.code == "bad_message" and '["play", a, b, train]' in shape.message
    stranger = next(t for t in MEXICAN_TRAIN.tiles.tiles if t not in obs.hand and t.low != t.high)
    await a.move(TrainPlay(stranger, 0), seen.position)
    illegal = await wait_for(a, lambda e: isinstance(e, ServerError))
    assert illegal.code == "illegal" and f"{stranger} is not in seat 0's hand" in illegal.message
    await a.move(TrainPlay(obs.hand[0], 7), seen.position)
    assert (await wait_for(a, lambda e: isinstance(e, ServerError))).code == "illegal"
    await a.move(obs.legal[0], seen.position)  # still Ana's turn: the room went on
    result = await asyncio.wait_for(play_seat(a, "greedy"), 60)
    assert result is not None and result.match_over


async def test_a_stand_in_plays_for_an_absent_train_player_until_they_return(running) -> None:
    a, b = running.client(), running.client()
    welcome = await a.create("Ana", VARIANT, seats=[None, None, "random"], between=0, games=1, away=0.05)
    await b.join(welcome.room, "Ben")
    token = b.welcome.token
    await a.start()
    await b.close()
    playing = asyncio.create_task(play_seat(a, "greedy"))
    try:
        for _ in range(200):
            if running.room().seats[1].away:
                break
            await asyncio.sleep(0.02)
        assert running.room().seats[1].away
        # Ben comes back once his stand-in has moved for him: it does on his turn, which may be a few moves away.
        for _ in range(500):
            if "stand-in" in movers(running.server.storage.path):
                break
            await asyncio.sleep(0.02)
        ben = running.client()
        assert (await ben.rejoin(welcome.room, token)).seat == 1
        back = await wait_for(ben, lambda e: isinstance(e, TrainSeatView))
        assert back.observation.seat == 1
        if back.observation.legal:  # Ben's turn, read here: his bot below hears only what comes next
            await ben.move(back.observation.legal[0], back.position)
        results = await asyncio.wait_for(asyncio.gather(playing, play_seat(ben, "random")), 60)
        assert results[0] is not None and results[0].match_over
    finally:
        playing.cancel()
    assert {"person", "bot", "stand-in"} <= set(movers(running.server.storage.path))


def movers(path: str) -> list[str]:
    """Who made each move the server's log holds: a person, a bot or a stand-in."""
    con = sqlite3.connect(path)
    try:
        return [json.loads(e)["by"] for (e,) in con.execute("SELECT entry FROM log") if json.loads(e)["e"] == "move"]
    finally:
        con.close()


def test_house_rules_make_a_line_room_say_why() -> None:
    with pytest.raises(ProtocolError, match="takes no house rules"):
        check_options({"variant": "block", "house": {"double_blank": 50}}, False)


async def test_a_train_room_plays_its_house_rules_and_its_clients_read_them(running) -> None:
    """A room made with house rules: the engine plays them, the server's bots and the clients' observations
    carry them, and the room rebuilt from its log has them too."""
    house = {"double_blank": 50, "first_turn_chain": True, "hand_sizes": [12, 12, 12, 11, 10, 9, 8]}
    a = running.client()
    await a.create("Ana", VARIANT, seats=[None, "random", "greedy"], games=1, house=house)
    await a.start()
    result = await asyncio.wait_for(play_seat(a, "greedy"), 60)
    assert result is not None and result.match_over
    rules = running.room().kind.rules
    assert (rules.options.double_blank, rules.options.first_turn_chain, rules.hand_size) == (50, True, 12)
    assert a.train_observation is not None and a.train_observation.observation.rules == rules
    # The room keeps and says every house rule, the defaults too, so that a later change of a default never deals
    # its match anew.
    assert a.info is not None and a.info.options["house"] == options_to_json(rules.options)
    assert {k: a.info.options["house"][k] for k in house} == house
    (stored,) = Storage(running.server.storage.path).rooms()
    room = Room(stored.code, stored.seed, Options.from_json(stored.options), stored.password, stored.created)
    assert room.kind.rules == rules
