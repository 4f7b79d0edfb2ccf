"""The train table's decisions from what a room tells a seat, with no UI: a bot to move, the coach allowed, undo
offered, the move made for you, the keys of the tiles."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from domino_tui.engine import DRAW, MEXICAN_TRAIN, PASS, TrainMatch, TrainPlay, observe_match
from domino_tui.net.client import RoomInfo, SeatInfo, TrainSeatView
from domino_tui.net.heard import coach_allowed
from domino_tui.tui.screens.room_table import bot_to_move, only_draw_or_pass
from domino_tui.tui.tile_keys import TILE_KEYS, tile_key

BOT = SeatInfo("greedy", "bot", "greedy", True, False)
PERSON = SeatInfo("Ben", "person", None, True, False)
AWAY = SeatInfo("Cy", "person", None, False, True)  # away, a bot plays for them


def room(*seats: SeatInfo, status: str = "playing", **options: object) -> RoomInfo:
    return RoomInfo("ROOM", status, {"variant": "mexicantrain", **options}, 0, seats, 1, 1, (0,) * len(seats))


def observation(turn: int):
    match = TrainMatch(MEXICAN_TRAIN.with_players(3), random.Random(2))
    while match.round.turn != turn:
        match.round.apply(match.round.legal_moves()[0])
    return observe_match(match, 0)


def test_a_bot_is_to_move_in_a_bots_seat_or_for_a_person_away() -> None:
    seats = (PERSON, BOT, AWAY)
    assert [bot_to_move(room(*seats), observation(turn).turn) for turn in range(3)] == [False, True, True]
    assert not bot_to_move(room(*seats, status="between"), observation(1).turn)


def test_the_coach_as_the_room_says_else_only_without_other_people() -> None:
    assert coach_allowed(room(PERSON, BOT), 0)
    assert not coach_allowed(room(PERSON, PERSON), 0)
    assert not coach_allowed(room(PERSON, AWAY), 0)  # a person away still sits there
    assert coach_allowed(room(PERSON, PERSON, coach=True), 0)
    assert not coach_allowed(room(PERSON, BOT, coach=False), 0)
    assert not coach_allowed(room(PERSON, BOT), None)  # a spectator


def test_undo_only_when_the_seat_view_offers_it() -> None:
    obs = observation(0)

    @dataclass(frozen=True, slots=True)
    class Undoable(TrainSeatView):
        can_undo: bool = False

    assert not TrainSeatView(1, 1, 0, obs).can_undo  # a room that never says offers none
    assert not Undoable(1, 1, 0, obs, False).can_undo
    assert Undoable(1, 1, 0, obs, True).can_undo


def test_the_move_made_for_you_is_an_only_draw_or_pass() -> None:
    obs = observation(0)
    assert only_draw_or_pass(replace(obs, legal=(DRAW,))) == DRAW
    assert only_draw_or_pass(replace(obs, legal=(PASS,))) == PASS
    play = next(m for m in observe_match(TrainMatch(MEXICAN_TRAIN, random.Random(1)), 0).legal)
    assert isinstance(play, TrainPlay) and only_draw_or_pass(replace(obs, legal=(play,))) is None


def test_every_tile_of_a_big_hand_has_a_key_no_table_key_takes() -> None:
    assert [tile_key(i) for i in range(11)] == [*"1234567890", "a"]
    assert len(set(TILE_KEYS)) == len(TILE_KEYS) and all(tile_key(i) == TILE_KEYS[i] for i in range(len(TILE_KEYS)))
    assert tile_key(len(TILE_KEYS)) == "" and "d" not in TILE_KEYS
    assert len(TILE_KEYS) >= 20  # two players' fifteen, and five draws
    assert not set(TILE_KEYS) & set("cdlmnpqrstuxh")
