"""Undo in a room at this keyboard restores the exact state of your previous decision (the room's undo entry); a
finished game becomes a row of the record by the rooms' one path (`recording.room_record`), seen from your seat;
the hints and undos counted for it outlive a quit with the room's file."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from domino_tui.engine import VARIANTS, GameState
from domino_tui.net.room import Status
from domino_tui.tui.local_game import LocalGame, new_game, resumed
from domino_tui.tui.recording import room_record
from domino_tui.tui.settings import Settings, from_dict

HUMAN = 0  # the seat of the person at this keyboard


def settings(variant: str, **more: object) -> Settings:
    return replace(Settings().with_variant(variant), bots=("greedy",), **more).with_variant(variant)


def game_of(game: LocalGame) -> GameState:
    """The line game in play in the room (the oracle)."""
    return game.room.room.match.match.game  # type: ignore[union-attr]


async def my_turn(game: LocalGame) -> None:
    """Wait until the room's bots have moved and it is your turn, or the game is over."""
    room = game.room.room
    for _ in range(10_000):
        if room.status is not Status.PLAYING or room.to_act() == HUMAN:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the bots never gave the turn back")


async def play_some(game: LocalGame, rng: random.Random, moves: int) -> list[GameState]:
    """Your random moves, sent by your client, the room's bots between; the states at each of your decisions
    (a choice of moves), before the move."""
    seen = []
    room = game.room.room
    for _ in range(moves):
        await my_turn(game)
        if room.status is not Status.PLAYING:
            break
        state = game_of(game)
        legal = state.legal_moves()
        if len(legal) > 1:
            seen.append(state.copy())
        assert await game.clients[0].move(rng.choice(legal), room.position)
    await my_turn(game)
    return seen


async def play_out(game: LocalGame, rng: random.Random) -> None:
    while game.room.room.status is Status.PLAYING:
        await play_some(game, rng, 1)


async def undo(game: LocalGame) -> None:
    room = game.room.room
    entries = room.seq
    assert await game.clients[0].undo()
    assert room.seq == entries + 1 and game.room.store.entries[-1]["e"] == "undo"


def row_of(game: LocalGame, hints: int = 0, undos: int = 0):
    """The record's row of the room's finished game, seen from your seat, as a table keeps it: from what your
    client was told of the room (its seats, the seed and the match where the room is this keyboard's)."""
    client = game.clients[0]
    info = client.info
    assert info is not None
    state = game_of(game)
    assert state.result is not None
    return room_record(
        state.rules,
        HUMAN,
        tuple(s.kind for s in info.seats),
        tuple(s.level or s.name for s in info.seats),
        game.room.room.game_number,
        state.team_points(),
        state.result.winner,
        dealt=client.dealt(game.room.room.matches),
        hints=hints,
        undos=undos,
    )


@pytest.mark.parametrize("variant", sorted(VARIANTS))
async def test_undo_restores_the_exact_state_of_your_previous_decision(variant):
    rng = random.Random(3)
    undone = 0
    for seed in range(8):
        game = await new_game(settings(variant), seed, 0.0, None)
        try:
            room = game.room.room
            seen = await play_some(game, rng, rng.randrange(1, 12))
            client = game.clients[0]
            if room.status is not Status.PLAYING or not seen:
                # A finished game is in the record: no taking back; nor before a decision of yours.
                assert room.undo_point(HUMAN) is None
                assert client.observation is not None and not client.observation.can_undo
                entries = room.seq
                await client.undo()  # refused by the room
                assert room.seq == entries
                continue
            assert client.observation is not None and client.observation.can_undo
            await undo(game)
            assert game_of(game) == seen[-1]
            assert game_of(game).to_json() == seen[-1].to_json()
            assert room.to_act() == HUMAN and client.observation.observation.hand == tuple(seen[-1].hand(HUMAN))
            undone += 1
        finally:
            await game.close()
    assert undone >= 3


def test_rewound_to_every_length_equals_the_game_as_it_was():
    rng = random.Random(8)
    game = GameState.new("partnership", rng)
    states = [game.copy()]
    while not game.over:
        game.apply(rng.choice(game.legal_moves()))
        states.append(game.copy())
    for plies, state in enumerate(states, start=len(states[0].moves)):
        assert game.rewound(plies) == state


def test_the_no_undo_setting_is_read_and_checked():
    # The switch itself decides at the table (tests/tui/test_coach_screens.py, test_local_record.py).
    assert from_dict({"variant": "block", "bots": ["greedy"], "undo": False}).undo is False
    with pytest.raises(ValueError):
        from_dict({"variant": "block", "bots": ["greedy"], "undo": "no"})


async def test_a_finished_game_is_recorded_from_your_side():
    game = await new_game(settings("partnership"), 5, 0.0, None)
    try:
        rng = random.Random(2)
        while game.room.room.undo_point(HUMAN) is None:  # a decision of yours to take back
            assert game.room.room.status is Status.PLAYING
            await play_some(game, rng, 1)
        await undo(game)
        await play_out(game, rng)
        r = row_of(game, hints=2, undos=1)
        state = game_of(game)
    finally:
        await game.close()
    assert (r.variant, r.seats, r.opponent, r.seed, r.game_no) == (
        "partnership",
        ("You",) + ("greedy",) * 3,
        "greedy",
        5,
        1,
    )
    assert (r.hints, r.undos) == (2, 1)
    points = state.team_points()
    assert (r.points_for, r.points_against) == (points[0], points[1])
    assert state.result is not None
    assert r.result == {None: "drawn", 0: "won", 1: "lost"}[state.result.winner]
    assert GameState.from_json(r.game) == state  # the game itself, undo and all, for the statistics' replay


def test_where_plays_score_a_hand_is_recorded_won_by_the_side_that_earned_more():
    # Fives and Threes: going out is worth 1 point, a play up to 8; find hands where who went out earned the less.
    seen = set()
    kinds, levels = ("person", "bot"), ("Ana", "greedy")
    for seed in range(40):
        rng = random.Random(seed)
        state = GameState.new("fivesandthrees", rng)
        while not state.over:
            state.apply(rng.choice(state.legal_moves()))
        assert state.result is not None
        r = room_record(state.rules, HUMAN, kinds, levels, 1, state.team_points(), state.result.winner)
        mine, theirs = state.team_points()
        assert r.result == ("won" if mine > theirs else "lost" if mine < theirs else "drawn") and r.places == ()
        seen.add((r.result, state.result.winner == 0))
    assert ("lost", True) in seen or ("won", False) in seen  # the settlement's winner and the record's differ


async def test_hints_and_undos_come_back_with_a_saved_game(tmp_path):
    path = tmp_path / "room.json"
    game = await new_game(settings("block"), 6, 0.0, path)
    try:
        game.coach_use.hint(1, 1)  # as the table counts them
        rng = random.Random(4)
        while game.room.room.undo_point(HUMAN) is None:  # a decision of yours to take back
            assert game.room.room.status is Status.PLAYING
            await play_some(game, rng, 1)
        await undo(game)
        game.coach_use.undo(1, 1)
        before = game_of(game).copy()
    finally:
        await game.close()
    back, problem = await resumed(0.0, path)
    assert problem is None and back is not None
    try:
        assert back.coach_use.of(1, 1) == (1, 1)
        assert game_of(back) == before
    finally:
        await back.close()


@pytest.mark.parametrize("players", [3, 4])
async def test_a_hand_among_several_sides_is_recorded_with_every_seat_s_place(players):
    game = await new_game(settings("fivesandthrees", players=players), 7, 0.0, None)
    try:
        await play_out(game, random.Random(players))
        r = row_of(game)
        state = game_of(game)
    finally:
        await game.close()
    points = state.team_points()
    assert len(points) == players and r.seats == ("You",) + ("greedy",) * (players - 1)
    assert r.places == tuple(sum(p > mine for p in points) for mine in points)  # most points first; ties share
    assert r.result == ("lost" if r.places[0] else "won" if r.places.count(0) == 1 else "drawn")
    assert (r.points_for, r.points_against) == (points[0], sum(points[1:]))
