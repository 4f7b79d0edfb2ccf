"""Undo restores the exact state of your previous decision; a finished game becomes a row of the record."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domino_tui.engine import VARIANTS, GameState
from domino_tui.tui.recording import record_of
from domino_tui.tui.session import HUMAN, Session, rewound
from domino_tui.tui.settings import Settings, from_dict


def session(variant: str, seed: int, **more) -> Session:
    return Session(replace(Settings().with_variant(variant), bots=("greedy",), **more).with_variant(variant), seed)


def play_some(s: Session, rng: random.Random, moves: int) -> list[GameState]:
    """Random moves for every seat; returns the states at each of your decisions (before the move)."""
    seen = []
    for _ in range(moves):
        game = s.game
        if game.over:
            break
        legal = game.legal_moves()
        if game.turn == HUMAN and len(legal) > 1:
            seen.append(game.copy())
        game.apply(rng.choice(legal))
    return seen


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_undo_restores_the_exact_state_of_your_previous_decision(variant):
    rng = random.Random(3)
    undone = 0
    for seed in range(12):
        s = session(variant, seed)
        seen = play_some(s, rng, rng.randrange(2, 30))
        if s.game.over:
            assert not s.undo()  # a finished game is in the record: no taking back
            continue
        if not seen:
            assert not s.undo()
            continue
        assert s.undo()
        assert s.game == seen[-1]
        assert s.game.to_json() == seen[-1].to_json()
        assert s.undos == {0: 1}
        undone += 1
    assert undone >= 4


def test_rewound_to_every_length_equals_the_game_as_it_was():
    rng = random.Random(8)
    game = GameState.new("partnership", rng)
    states = [game.copy()]
    while not game.over:
        game.apply(rng.choice(game.legal_moves()))
        states.append(game.copy())
    for plies, state in enumerate(states, start=len(states[0].moves)):
        assert rewound(game, plies) == state


def test_the_no_undo_setting_turns_undo_off():
    s = session("block", 4, undo=False)
    play_some(s, random.Random(1), 12)
    assert s.undo_point() is None and not s.undo()
    assert from_dict({"variant": "block", "bots": ["greedy"], "undo": False}).undo is False
    with pytest.raises(ValueError):
        from_dict({"variant": "block", "bots": ["greedy"], "undo": "no"})


def test_a_finished_game_is_recorded_from_your_side():
    s = session("partnership", 5)
    s.note_hint()
    s.note_hint()
    rng = random.Random(2)
    play_some(s, rng, 3)
    s.undo()
    while not s.game.over:
        s.game.apply(rng.choice(s.game.legal_moves()))
    r = record_of(s, 0)
    assert (r.variant, r.seats, r.opponent, r.seed, r.game_no) == (
        "partnership",
        ("You",) + ("greedy",) * 3,
        "greedy",
        5,
        1,
    )
    assert (r.hints, r.undos) == (2, s.undos.get(0, 0))
    points = s.game.team_points()
    assert (r.points_for, r.points_against) == (points[0], points[1])
    winner = s.game.result.winner
    assert r.result == {None: "drawn", 0: "won", 1: "lost"}[winner]
    assert GameState.from_json(r.game) == s.game


def test_where_plays_score_a_hand_is_recorded_won_by_the_side_that_earned_more():
    # Fives and Threes: going out is worth 1 point, a play up to 8; find hands where who went out earned the less.
    seen = set()
    for seed in range(40):
        s = session("fivesandthrees", seed)
        rng = random.Random(seed)
        while not s.game.over:
            s.game.apply(rng.choice(s.game.legal_moves()))
        r = record_of(s, 0)
        mine, theirs = s.game.team_points()
        assert r.result == ("won" if mine > theirs else "lost" if mine < theirs else "drawn") and r.places == ()
        seen.add((r.result, s.game.result.winner == 0))
    assert ("lost", True) in seen or ("won", False) in seen  # the settlement's winner and the record's differ


def test_hints_and_undos_come_back_with_a_saved_game(tmp_path, monkeypatch):
    from domino_tui.tui import saved_game

    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path))
    s = session("block", 6)
    s.note_hint()
    play_some(s, random.Random(4), 6)
    assert s.undo()
    assert saved_game.save(s) is None
    back, problem = saved_game.load()
    assert problem is None
    assert (back.hints, back.undos) == ({0: 1}, {0: 1})
    assert back.game == s.game


@pytest.mark.parametrize("players", [3, 4])
def test_a_hand_among_several_sides_is_recorded_with_every_seat_s_place(players):
    s = session("fivesandthrees", 7, players=players)
    rng = random.Random(players)
    while not s.game.over:
        s.game.apply(rng.choice(s.game.legal_moves()))
    r = record_of(s, 0)
    points = s.game.team_points()
    assert len(points) == players and r.seats == ("You",) + ("greedy",) * (players - 1)
    assert r.places == tuple(sum(p > mine for p in points) for mine in points)  # most points first; ties share
    assert r.result == ("lost" if r.places[0] else "won" if r.places.count(0) == 1 else "drawn")
    assert (r.points_for, r.points_against) == (points[0], sum(points[1:]))
