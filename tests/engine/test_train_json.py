"""Mexican Train's JSON: saves and observations round-trip, and hostile input gets a clear SaveFormatError."""

from __future__ import annotations

import copy
import json
import random

import pytest

from domino_tui.engine import (
    MEXICAN_TRAIN,
    EngineSearch,
    SaveFormatError,
    TrainMatch,
    TrainRoundState,
    observe_train,
    train_observation_from_json,
    train_observation_to_json,
)


def played_round(seed: int = 4, moves: int = 40, rules=MEXICAN_TRAIN) -> TrainRoundState:
    rng = random.Random(seed)
    state = TrainRoundState.new(rules, 2, rng)
    for _ in range(moves):
        if state.over:
            break
        state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize(
    "rules",
    [MEXICAN_TRAIN, MEXICAN_TRAIN.with_players(7).with_options(engine_search=EngineSearch.SET_ASIDE, double_blank=50)],
)
def test_a_round_round_trips_through_json(rules):
    state = played_round(rules=rules)
    again = TrainRoundState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state and again.rules == state.rules
    assert again.legal_moves() == state.legal_moves() and again.history == state.history


def test_an_observation_round_trips_through_json():
    state = played_round()
    for seat in range(4):
        obs = observe_train(state, seat)
        assert train_observation_from_json(json.loads(json.dumps(train_observation_to_json(obs)))) == obs


def _damaged_saves():
    good = played_round().to_json()
    yield "no version", {k: v for k, v in good.items() if k != "version"}
    yield "a later version", {**good, "version": 99}
    yield "a line game", {**good, "variant": "classic"}
    yield "nine players", {**good, "players": 9}
    yield "a player count as text", {**good, "players": "4"}
    yield "options missing", {**good, "options": {}}
    yield "a bad engine search", {**good, "options": {**good["options"], "engine_search": "wished"}}
    yield "a bad flag", {**good, "options": {**good["options"], "out_on_double": 1}}
    yield "round 13", {**good, "round": 13}
    yield "a tile twice", {**good, "hands": [good["hands"][0] + [good["hands"][0][0]], *good["hands"][1:]]}
    yield "a tile not in the set", {**good, "boneyard": [[13, 13], *good["boneyard"][1:]]}
    yield "hands not a list", {**good, "hands": "many"}
    yield "an illegal move", {**good, "moves": [["play", 0, 0, 3]]}
    yield "a move of the line games", {**good, "moves": [["play", [12, 1], 0]]}
    yield "a huge number", {**good, "first": 2**80}
    yield "moves after the end", {**good, "moves": good["moves"] + [["pass"]] * 2000}
    yield "not an object", [1, 2]


@pytest.mark.parametrize(("what", "data"), list(_damaged_saves()), ids=[w for w, _ in _damaged_saves()])
def test_a_damaged_save_is_refused_plainly(what, data):
    with pytest.raises(SaveFormatError):
        TrainRoundState.from_json(data)


def _damaged_observations():
    good = train_observation_to_json(observe_train(played_round(), 1))
    trains = copy.deepcopy(good["trains"])
    trains[0]["end"] = (trains[0]["end"] + 1) % 13
    yield "a train's end that its tiles do not reach", {**good, "trains": trains}
    yield "no trains", {**good, "trains": []}
    yield "a hand tile also on a train", {**good, "hand": good["hand"] + [good["trains"][-1]["tiles"][0]]}
    yield "a seat off the table", {**good, "seat": 4}
    yield "a bool for a seat", {**good, "turn": True}
    yield "a tile of three numbers", {**good, "hand": [[1, 2, 3]]}
    yield "a history event naming a drawn tile", {**good, "history": [[0, "draw", 1, 2]]}
    yield "an open double off the table", {**good, "open_double": 11}
    yield "a wrong engine", {**good, "engine": 3}
    yield "a score sheet longer than the match so far", {**good, "round_scores": [[0, 0, 0, 0]] * 5}
    yield "no variant", {k: v for k, v in good.items() if k != "variant"}
    yield "a string", "observation"


@pytest.mark.parametrize(("what", "data"), list(_damaged_observations()), ids=[w for w, _ in _damaged_observations()])
def test_a_damaged_observation_is_refused_plainly(what, data):
    with pytest.raises(SaveFormatError):
        train_observation_from_json(data)


def test_a_damaged_match_is_refused_plainly():
    match = TrainMatch.from_seed(MEXICAN_TRAIN.with_players(3), 1)
    good = match.to_json()
    for bad in ({**good, "kind": "game"}, {**good, "rounds": []}, {**good, "version": 3}, {**good, "rounds": [5]}):
        with pytest.raises(SaveFormatError):
            TrainMatch.from_json(bad)
    unfinished = {**good, "rounds": good["rounds"] * 2}
    with pytest.raises(SaveFormatError):
        TrainMatch.from_json(unfinished)


JUNK = [None, True, -1, 2**70, "x", [], {}, [1], [[1, 2]], 1.5, [None, None]]


def _mutated(data: object, rng: random.Random) -> object:
    """``data`` with one to three values somewhere inside it replaced by junk or taken out."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 3)):
        path = []
        node = data
        while isinstance(node, dict | list) and node and rng.random() < 0.7:
            key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            path.append((node, key))
            node = node[key]
        if path:
            parent, key = path[-1]
            if rng.random() < 0.7:
                parent[key] = rng.choice(JUNK)
            else:
                del parent[key]
    return data


def test_randomly_damaged_json_gets_a_save_format_error_and_nothing_else():
    state = played_round()
    cases = [
        (state.to_json(), TrainRoundState.from_json),
        (train_observation_to_json(observe_train(state, 1)), train_observation_from_json),
        (TrainMatch.from_seed(MEXICAN_TRAIN, 3).to_json(), TrainMatch.from_json),
    ]
    rng = random.Random(0)
    refused = 0
    for i in range(1500):
        good, load = cases[i % 3]
        try:
            load(_mutated(good, rng))
        except SaveFormatError:
            refused += 1
    assert refused > 1000  # most damage is seen (some, like a changed score, still reads as valid JSON of a round)
