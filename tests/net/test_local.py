"""Rooms in the app's process (net/local.py): the same room as a server's, with no network; hot seat, undo, the
bots' pace and hold, the room's log as the saved game, and hostile save files."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from domino_tui.engine import SaveFormatError
from domino_tui.net.botclient import play_seat
from domino_tui.net.client import (
    GameOver,
    RoomInfo,
    SeatInfo,
    SeatView,
    ServerError,
    TrainRoundOver,
    TrainSeatView,
    coach_allowed,
)
from domino_tui.net.heard import SeatClient
from domino_tui.net.local import LocalRoom

from .conftest import start_server
from .events import wait_for

SEED = 20240611
TABLES = {
    "classic": {"seats": [None, "random"], "games": 2},
    "mexicantrain": {"seats": [None, "random", "greedy"], "games": 2},
}


def table_texts(client: SeatClient) -> list[str]:
    """Every table and result a client was sent, as sent."""
    assert client.raw is not None
    return [t for t in client.raw if json.loads(t)["type"] in ("obs", "result")]


async def play_local(variant: str) -> list[str]:
    room = LocalRoom(seed=SEED)
    client = room.client()
    client.raw = []
    await client.create("Ana", variant, between=0, **TABLES[variant])
    await client.start()
    last = await asyncio.wait_for(play_seat(client, "random", 7), 60)
    assert last is not None and last.match_over
    await client.close()
    await room.close()
    return table_texts(client)


async def play_online(variant: str, tmp_path: Path) -> list[str]:
    running = await start_server(tmp_path / "rooms.sqlite3", undo=True)
    running.server.new_seed = lambda: SEED
    try:
        client = running.client()
        client.raw = []
        await client.create("Ana", variant, between=0, **TABLES[variant])
        await client.start()
        last = await asyncio.wait_for(play_seat(client, "random", 7), 60)
        assert last is not None and last.match_over
        await client.close()
    finally:
        await running.server.stop()
    return table_texts(client)


@pytest.mark.parametrize("variant", list(TABLES))
async def test_a_match_is_the_same_in_the_apps_process_and_on_a_server(variant: str, tmp_path: Path) -> None:
    local = await play_local(variant)
    online = await play_online(variant, tmp_path)
    assert len(local) > 10
    assert local == online  # every observation and result, byte for byte, for the same seed and moves
    kinds = [json.loads(t)["type"] for t in local]
    assert kinds.count("result") == 2


def test_a_local_room_imports_no_networking() -> None:
    code = "import sys, domino_tui.net.local; assert 'websockets' not in sys.modules, 'websockets imported'"
    subprocess.run([sys.executable, "-c", code], check=True)


async def hot_seat() -> tuple[LocalRoom, SeatClient, SeatClient]:
    room = LocalRoom(seed=SEED)
    ana, ben = room.client(), room.client()
    ana.raw, ben.raw = [], []
    await ana.create("Ana", "classic", seats=[None, None], games=1)
    await ben.join(room.code, "Ben")
    return room, ana, ben


async def test_at_one_keyboard_each_seat_sees_only_its_own_hand() -> None:
    room, ana, ben = await hot_seat()
    await ana.start()
    results = await asyncio.wait_for(asyncio.gather(play_seat(ana, "random", 1), play_seat(ben, "greedy", 2)), 30)
    assert all(isinstance(r, GameOver) for r in results)
    hands: dict[int, dict[int, set]] = {0: {}, 1: {}}
    for seat, client in ((0, ana), (1, ben)):
        for text in table_texts(client):
            msg = json.loads(text)
            if msg["type"] == "obs":
                assert msg["obs"]["seat"] == seat and "can_undo" not in msg
                hands[seat][msg["position"]] = {tuple(t) for t in msg["obs"]["hand"]}
    both = set(hands[0]) & set(hands[1])
    assert len(both) > 5
    assert all(not hands[0][p] & hands[1][p] for p in both)  # neither is ever shown a tile of the other's
    await room.close()


async def test_undo_is_refused_with_another_person_at_the_table() -> None:
    room, ana, _ben = await hot_seat()
    await ana.undo()
    refused = await wait_for(ana, lambda e: isinstance(e, ServerError))
    assert refused.code == "not_now" and "no game" in refused.message
    await ana.start()
    await wait_for(ana, lambda e: isinstance(e, SeatView))
    await ana.undo()
    refused = await wait_for(ana, lambda e: isinstance(e, ServerError))
    assert refused.code == "not_now" and "another person" in refused.message
    await room.close()


async def my_turn(client: SeatClient, after: int = -1) -> SeatView:
    return await wait_for(client, lambda e: isinstance(e, SeatView) and e.observation.legal and e.position > after)


async def test_undo_against_bots_goes_back_to_the_seats_previous_decision() -> None:
    room = LocalRoom(seed=SEED)
    you = room.client()
    await you.create("You", "block", seats=[None, "random"], target=50)
    await you.start()
    decisions: list[SeatView] = []
    seen = await my_turn(you)
    while True:
        if len(seen.observation.legal) > 1:
            decisions.append(seen)
        if len(decisions) == 2 and seen.can_undo:
            break
        assert not seen.can_undo or decisions  # nothing to take back before a first decision
        await you.move(seen.observation.legal[0])
        seen = await my_turn(you, seen.position)
    await you.undo()
    back = await wait_for(you, lambda e: isinstance(e, SeatView) and e.position > seen.position)
    assert back.observation == decisions[0].observation  # the table as it was at that decision
    assert back.position > seen.position  # a new position: a move answering the old one is stale
    assert room.store.entries[-1] == {"e": "undo", "to": len(room.room.match.match.game.moves)}
    await room.close()


async def test_a_bots_answer_to_a_taken_back_position_is_not_applied() -> None:
    room = LocalRoom(seed=SEED)
    you = room.client()
    await you.create("You", "block", seats=[None, "random"], target=50)
    await you.start()
    seen = await my_turn(you)
    while len(seen.observation.legal) < 2:
        await you.move(seen.observation.legal[0])
        seen = await my_turn(you, seen.position)
    room.hold(True)  # the bot thinks, but its move waits
    await you.move(seen.observation.legal[0])
    bots_turn = await wait_for(you, lambda e: isinstance(e, SeatView) and e.position > seen.position)
    assert not bots_turn.observation.legal and bots_turn.can_undo
    await you.undo()
    back = await wait_for(you, lambda e: isinstance(e, SeatView) and e.position > bots_turn.position)
    assert back.observation == seen.observation
    room.hold(False)  # the bot's answer to the position taken back is let go: it must not be applied
    await you.move(seen.observation.legal[1])
    after = await my_turn(you, back.position)
    entries = room.store.entries
    undo_at = max(i for i, e in enumerate(entries) if e["e"] == "undo")
    moves = [e["by"] for e in entries[undo_at + 1 :]]
    assert moves[:2] == ["person", "bot"]  # the person's new move, then the bot's answer to it, nothing between
    assert after.position == back.position + 2
    await room.close()


async def test_a_bot_moves_no_sooner_than_the_pace_after_its_turn_began() -> None:
    pace = 0.3
    room = LocalRoom(seed=SEED, pace=pace)
    you = room.client()
    await you.create("You", "classic", seats=[None, "random"], games=1)
    await you.start()
    loop = asyncio.get_running_loop()
    seen = await my_turn(you)
    for _ in range(3):
        # The bot's turn begins after this move is sent: timed from here, the wait is at least the pace whatever
        # the machine's load (timed from when the news of its turn was read, a busy machine may read it late).
        sent = loop.time()
        await you.move(seen.observation.legal[0])
        bots_turn = await wait_for(you, lambda e, p=seen.position: isinstance(e, SeatView) and e.position > p)
        if bots_turn.observation.legal or room.room.match.game_over:
            break  # the bot had no turn (it could not move, or the game ended)
        seen = await my_turn(you, bots_turn.position)
        assert loop.time() - sent >= pace - 0.01  # asyncio may run a timer up to its clock resolution early
    await room.close()


async def test_held_bots_move_only_once_released() -> None:
    room = LocalRoom(seed=SEED)
    you = room.client()
    await you.create("You", "classic", seats=[None, "random"], games=1)
    await you.start()
    loop = asyncio.get_running_loop()
    seen = await my_turn(you)
    room.hold(True)
    released: list[float] = []

    def release() -> None:
        released.append(loop.time())
        room.hold(False)

    await you.move(seen.observation.legal[0])
    bots_turn = await wait_for(you, lambda e: isinstance(e, SeatView) and e.position > seen.position)
    assert not bots_turn.observation.legal
    loop.call_later(0.3, release)
    await wait_for(you, lambda e: isinstance(e, SeatView) and e.position > bots_turn.position)
    assert released and loop.time() >= released[0]  # the bot's move came after the release, not before
    await room.close()


async def test_the_coach_is_allowed_as_the_room_says() -> None:
    def info(coach: object, kinds: list[str]) -> RoomInfo:
        seats = tuple(SeatInfo("x", k, None, True, False) for k in kinds)
        return RoomInfo("R", "playing", {"coach": coach}, 0, seats, 1, 1, (0, 0))

    assert coach_allowed(info(None, ["person", "bot"]), 0)
    assert not coach_allowed(info(None, ["person", "person"]), 0)
    assert coach_allowed(info(True, ["person", "person"]), 0)
    assert not coach_allowed(info(False, ["person", "bot"]), 0)
    room = LocalRoom(seed=SEED)
    you = room.client()
    await you.create("You", "classic", seats=[None, "random"], coach=False)
    seen = await wait_for(you, lambda e: isinstance(e, RoomInfo))
    assert seen.options["coach"] is False and not coach_allowed(seen, 0)
    await room.close()


async def test_a_room_saved_mid_game_is_restored_where_it_was(tmp_path: Path) -> None:
    path = tmp_path / "room.json"
    room = LocalRoom(seed=SEED, path=path)
    you = room.client()
    await you.create("You", "mexicantrain", seats=[None, "random", "greedy"], games=1)
    await you.start()
    seen = await wait_for(you, lambda e: isinstance(e, TrainSeatView) and e.observation.legal)
    for _ in range(4):
        await you.move(seen.observation.legal[0])
        seen = await wait_for(
            you, lambda e, p=seen.position: isinstance(e, TrainSeatView) and e.observation.legal and e.position > p
        )
    await you.close()
    await room.close()

    restored, message = LocalRoom.restore(path)
    assert message is None and restored is not None
    again = await restored.seat(0)
    table = await wait_for(again, lambda e: isinstance(e, TrainSeatView))
    assert (table.position, table.observation) == (seen.position, seen.observation)
    await again.move(table.observation.legal[0])  # the game goes on from there, to its end
    last = await asyncio.wait_for(play_seat(again, "random", 3), 60)
    assert isinstance(last, TrainRoundOver) and last.match_over
    await restored.close()


async def test_a_restart_at_this_keyboard_compacts_the_file_and_restores_the_new_match(tmp_path: Path) -> None:
    path = tmp_path / "room.json"
    room = LocalRoom(seed=SEED, path=path)
    you = room.client()
    await you.create("You", "classic", seats=[None, "random"])
    await you.start()
    seen = await my_turn(you)
    for _ in range(2):
        await you.restart()
        seen = await my_turn(you, seen.position)
    kinds = [e["e"] for e in json.loads(path.read_text())["entries"]]
    # The compacted log, then the moves of the new match so far (the bot may have led before your turn).
    assert kinds[:3] == ["seat", "start", "restart"] and set(kinds[3:]) <= {"move"}
    await room.close()
    restored, message = LocalRoom.restore(path)
    assert message is None and restored is not None
    again = await restored.seat(0)
    table = await my_turn(again)
    assert (table.match, table.position, table.observation) == (3, seen.position, seen.observation)
    await restored.close()


async def test_a_compacted_log_keeps_the_seats_as_chosen_in_the_lobby(tmp_path: Path) -> None:
    path = tmp_path / "room.json"
    room = LocalRoom(seed=SEED, path=path)
    you = room.client()
    await you.create("You", "partnership", seats=[None, "random", "dummy", "random"])
    await you.swap(0, 2)  # you sit opposite where you began; the dummy bot takes your seat
    await you.start()
    seen = await my_turn(you)
    await you.restart()
    await my_turn(you, seen.position)
    before = [(s.kind, s.name, s.level, s.token_hash) for s in room.room.seats]
    assert room.room.seats[2].kind.value == "person" and room.room.creator == 2
    await room.close()
    restored, message = LocalRoom.restore(path)
    assert message is None and restored is not None
    assert [(s.kind, s.name, s.level, s.token_hash) for s in restored.room.seats] == before
    assert restored.room.creator == 2 and restored.room.matches == 2
    await restored.close()


async def saved_document(tmp_path: Path) -> dict:
    room = LocalRoom(seed=SEED, path=tmp_path / "good.json")
    you = room.client()
    await you.create("You", "classic", seats=[None, "random"], games=1)
    await you.start()
    seen = await my_turn(you)
    await you.move(seen.observation.legal[0])
    await my_turn(you, seen.position)
    await room.close()
    return json.loads((tmp_path / "good.json").read_text())


def edited(doc: dict, **changes: object) -> dict:
    return {**json.loads(json.dumps(doc)), **changes}


HOSTILE = {
    "not a room": (lambda d: [1, 2], "not a saved room"),
    "a newer version": (lambda d: edited(d, version=99), "newer domino-tui"),
    "a seed of the wrong kind": (lambda d: edited(d, seed="7"), "seed"),
    "options of the wrong kind": (lambda d: edited(d, options={**d["options"], "games": "two"}), "'games'"),
    "an unknown variant": (lambda d: edited(d, options={**d["options"], "variant": "chess"}), "cannot be played"),
    "entries not a list": (lambda d: edited(d, entries={"e": "start"}), "not a list"),
    "a move before the start": (lambda d: edited(d, entries=[d["entries"][0], *d["entries"][2:]]), "before the start"),
    "the start twice": (lambda d: edited(d, entries=[*d["entries"][:2], {"e": "start"}]), "starts twice"),
    "an illegal move": (
        lambda d: edited(d, entries=[*d["entries"][:2], {"e": "move", "move": ["play", [9, 9], 0]}]),
        "entry 3",
    ),
    "a seat that is not there": (lambda d: edited(d, entries=[{**d["entries"][0], "seat": 5}]), "no seat 5"),
    "an unknown entry": (lambda d: edited(d, entries=[*d["entries"], {"e": "cheat"}]), "not a room log entry"),
    "an entry not an object": (lambda d: edited(d, entries=[*d["entries"], "move"]), "not a log entry"),
    "another seat's token": (lambda d: edited(d, tokens={"1": d["tokens"]["0"]}), "not that seat's"),
    "an undo past the end": (lambda d: edited(d, entries=[*d["entries"], {"e": "undo", "to": 99}]), "move 99"),
    "a restart back to a match dealt": (
        lambda d: edited(d, entries=[*d["entries"], {"e": "restart", "seed": 1, "match": 1}]),
        "deals match 1 after match 1",
    ),
    "a restart back to an earlier position": (
        lambda d: edited(d, entries=[*d["entries"], {"e": "restart", "seed": 1, "position": 0}]),
        "back to position 0",
    ),
}


@pytest.mark.parametrize("case", list(HOSTILE))
async def test_a_hostile_save_is_refused_with_words(case: str, tmp_path: Path) -> None:
    make, says = HOSTILE[case]
    data = make(await saved_document(tmp_path))
    with pytest.raises(SaveFormatError, match=says):
        LocalRoom.from_saved(data)
    path = tmp_path / "room.json"
    path.write_text(json.dumps(data))
    room, message = LocalRoom.restore(path)
    assert room is None and message is not None and "could not be restored" in message
    assert not path.exists()  # moved aside, with the message saying where


async def test_a_save_cut_short_is_moved_aside_with_a_message(tmp_path: Path) -> None:
    text = json.dumps(await saved_document(tmp_path))
    path = tmp_path / "room.json"
    path.write_text(text[: len(text) // 2])
    room, message = LocalRoom.restore(path)
    assert room is None and message is not None and "not valid JSON" in message and ".bad-" in message
    assert LocalRoom.restore(tmp_path / "none.json") == (None, None)
