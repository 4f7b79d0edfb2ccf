"""The engine answers misuse with its own errors (EngineError subclasses with a clear message), never with an
IndexError, AttributeError or TypeError from its insides; and a save, however mangled, loads or raises
SaveFormatError."""

from __future__ import annotations

import copy
import json
import random

import pytest

from domino_tui.engine import (
    VARIANTS,
    ArgumentError,
    End,
    EngineError,
    GameOverError,
    GameState,
    IllegalMoveError,
    Kind,
    Match,
    Move,
    Opening,
    SaveFormatError,
    Tile,
    get_rules,
    observe,
)


def game(variant: str = "classic", seed: int = 1) -> GameState:
    return GameState.new(variant, random.Random(seed))


def finished(variant: str, seed: int) -> GameState:
    rng = random.Random(seed)
    g = GameState.new(variant, rng)
    while not g.over:
        g.apply(rng.choice(g.legal_moves()))
    return g


def a_play(g: GameState) -> Move:
    return next(m for m in g.legal_moves() if m.kind is Kind.PLAY)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda g: g.apply(None), IllegalMoveError, "not a move: None"),
        (lambda g: g.apply("play"), IllegalMoveError, "not a move: 'play'"),
        (lambda g: g.apply(a_play(g).tile), IllegalMoveError, "not a move"),
        (lambda g: g.apply(Move.play(a_play(g).tile, 7)), ArgumentError, "no end 7"),
        (lambda g: g.apply(Move(Kind.PLAY, a_play(g).tile, -1)), ArgumentError, "no end -1"),
        (lambda g: g.apply(Move.play(a_play(g).tile, 1.0)), ArgumentError, "no end 1.0"),
        (lambda g: g.apply(Move.play(Tile(1.0, 2), End.LEFT)), ArgumentError, "whole pip counts"),
        (lambda g: g.apply(Move.play(Tile.of(2, 1.5))), ArgumentError, "whole pip counts"),
        (lambda g: g.apply(Move.play((1, 2), End.LEFT)), ArgumentError, "needs a Tile"),
        (lambda g: g.apply(Move.play(None)), ArgumentError, "needs a Tile"),
        (lambda g: g.apply(Move("play", a_play(g).tile, End.LEFT)), ArgumentError, "not a kind of move"),
        (lambda g: g.apply(Move(Kind.DRAW, a_play(g).tile)), ArgumentError, "a draw names no tile"),
        (lambda g: g.apply(Move.play(Tile(5, 9))), IllegalMoveError, "not a tile of the double-6 set"),
        (lambda g: g.apply(Move.play(Tile(5, 10**50))), ArgumentError, "<= 99"),
        (lambda g: g.apply(Move.play(a_play(g).tile, End.UP)), IllegalMoveError, "up is not open"),
        (lambda g: observe(g, 9), ArgumentError, "no seat 9 at a 2-player table"),
        (lambda g: observe(g, -1), ArgumentError, "no seat -1"),
        (lambda g: observe(g, 2), ArgumentError, "no seat 2"),
        (lambda g: observe(g, True), ArgumentError, "no seat True"),
        (lambda g: observe(g, "0"), ArgumentError, "no seat '0'"),
        (lambda g: g.hand(-1), ArgumentError, "no seat -1"),
        (lambda g: g.hand(2), ArgumentError, "no seat 2"),
        (lambda g: g.pips(None), ArgumentError, "no seat None"),
        (lambda g: GameState.new(None, random.Random(1)), ArgumentError, "not rules or a variant's name: None"),
        (lambda g: GameState.new("poker", random.Random(1)), ArgumentError, "unknown variant 'poker'"),
        (lambda g: GameState.new(["classic"], random.Random(1)), ArgumentError, "not rules"),
        (lambda g: GameState.new("classic", None), ArgumentError, "must be a random.Random"),
        (lambda g: GameState.new("classic", 7), ArgumentError, "must be a random.Random"),
        (lambda g: GameState.new("block", random.Random(1), 0), ArgumentError, "not an Opening"),
        (lambda g: GameState.new("block", random.Random(1), Opening(2)), IllegalMoveError, "no seat 2"),
        (lambda g: GameState.new("block", random.Random(1), Opening("x")), IllegalMoveError, "no seat 'x'"),
        (lambda g: GameState(get_rules("block"), None, [], Opening(0)), ArgumentError, "one sequence of tiles"),
        (lambda g: GameState(get_rules("block"), [[(0, 0)], []], [], Opening(0)), ArgumentError, "not a tile"),
        (lambda g: get_rules(None), ArgumentError, "unknown variant None"),
        (lambda g: get_rules({}), ArgumentError, "unknown variant {}"),
        (lambda g: Match("block", random.Random(1), target=0), ArgumentError, "target is a positive whole number"),
        (lambda g: Match("block", random.Random(1), games=1.5), ArgumentError, "games is a positive whole number"),
        (lambda g: Match("block", "seed"), ArgumentError, "must be a random.Random"),
        (lambda g: Match("block", random.Random(1)).next_game(), IllegalMoveError, "has not finished"),
    ],
)
def test_misuse_gets_an_engine_error_that_says_what_is_wrong(call, error, words):
    g = game()
    before = g.to_json()
    with pytest.raises(error) as raised:
        call(g)
    assert words in str(raised.value)
    assert g.to_json() == before  # and nothing changed


def test_engine_errors_that_name_a_bad_value_are_also_value_errors():
    # Callers that caught ValueError from Tile, Move.play and get_rules before still do.
    assert issubclass(ArgumentError, EngineError) and issubclass(ArgumentError, ValueError)


def test_is_legal_says_no_to_anything_that_is_not_a_move():
    g = game()
    assert not any(g.is_legal(x) for x in (None, "draw", 3, a_play(g).tile))
    assert g.is_legal(a_play(g))


def test_a_move_after_the_end_is_game_over():
    g = finished("classic", 3)
    with pytest.raises(GameOverError, match="over"):
        g.apply(Move(Kind.DRAW))


def test_no_next_game_after_the_match():
    rng = random.Random(2)
    match = Match("classic", rng)
    while not match.game.over:
        match.game.apply(rng.choice(match.game.legal_moves()))
    assert match.over
    with pytest.raises(GameOverError, match="the match is over"):
        match.next_game()


def test_moves_still_accept_an_end_given_as_a_number():
    g = game()
    m = a_play(g)
    assert Move.play(m.tile, int(m.end)) == m and Move(Kind.PLAY, m.tile, int(m.end)).end is m.end


def saved(variant: str = "classic", seed: int = 1, moves: int = 4) -> dict:
    rng = random.Random(seed)
    g = GameState.new(variant, rng)
    for _ in range(moves):
        if not g.over:
            g.apply(rng.choice(g.legal_moves()))
    return g.to_json()


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (lambda d: d["moves"].append([]), "not a move: []"),
        (lambda d: d["moves"].append(["play", 1]), "not a move: ['play', 1]"),
        (lambda d: d["moves"].append(["play", 1, 2, 9]), "no end 9"),
        (lambda d: d["moves"].append(["play", 1.0, 2, 0]), "whole pip counts"),
        (lambda d: d["moves"].append(["play", 10**5000, 2, 0]), "a number too long to show"),
        (lambda d: d["moves"].append(["draw", 1]), "not a move: ['draw', 1]"),
        (lambda d: d["moves"].append("pass"), "not a move: 'pass'"),
        (lambda d: d["moves"].append(["fold"]), "not a move: ['fold']"),
        (lambda d: d["moves"].append(None), "not a move: None"),
        (lambda d: d.update(moves={"0": ["draw"]}), "the moves are not a list"),
        (lambda d: d.update(moves="draw"), "the moves are not a list"),
        (lambda d: d.update(version=True), "no version"),
        (lambda d: d.update(version="1"), "no version"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.pop("version"), "no version"),
        (lambda d: d.pop("moves"), "it has no 'moves'"),
        (lambda d: d.update(variant=None), "unknown variant None"),
        (lambda d: d.update(variant=["classic"]), "unknown variant ['classic']"),
        (lambda d: d.update(opening="x"), "the opening is not a seat: 'x'"),
        (lambda d: d.update(opening=True), "the opening is not a seat: True"),
        (lambda d: d.update(hands=5), "the hands are not a list"),
        (lambda d: d["hands"].__setitem__(0, "abc"), "not a list of tiles: 'abc'"),
        (lambda d: d["rest"].__setitem__(0, [1, 2, 3]), "not a tile: [1, 2, 3]"),
        (lambda d: d["rest"].__setitem__(0, [-1, 2]), "0 <= low"),
        (lambda d: d["rest"].__setitem__(0, [True, 2]), "not a tile: [True, 2]"),
        (lambda d: d["rest"].__setitem__(0, [2, 10**30]), "<= 99"),
    ],
)
def test_from_json_with_a_malformed_save_is_a_save_format_error(damage, words):
    data = saved()
    damage(data)
    with pytest.raises(SaveFormatError) as raised:
        GameState.from_json(data)
    assert words in str(raised.value)


def test_a_move_after_the_end_of_a_saved_game():
    data = finished("classic", 3).to_json()
    data["moves"].append(["draw"])
    with pytest.raises(SaveFormatError, match=f"move {len(data['moves'])} of {len(data['moves'])} comes after"):
        GameState.from_json(data)


def test_deep_nesting_anywhere_is_a_save_format_error():
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    for key in ("moves", "hands", "rest", "variant", "opening", "version"):
        data = saved()
        data[key] = deep
        with pytest.raises(SaveFormatError):
            GameState.from_json(data)
    data = saved()
    data["moves"].append(deep)
    with pytest.raises(SaveFormatError):
        GameState.from_json(data)


# What a mutation may put in place of any value of a save: the wrong type, the wrong size, the wrong range.
ODD_VALUES = [
    None, True, False, 0, 1, -1, 7, 9, 10, 2**63, 10**400, 1.5, float("nan"), "", "play", "classic", [], [0],
    [1, 2], [1, 2, 3], ["play"], ["draw"], ["pass"], ["play", 0, 0, 0], ["play", 6, 6, 1], {}, {"version": 1},
]  # fmt: skip


def mutate(data: object, rng: random.Random) -> object:
    """A copy of ``data`` with one value replaced, removed, duplicated or added, somewhere inside."""
    data = copy.deepcopy(data)
    path: list[tuple[object, object]] = []
    node = data
    while isinstance(node, dict | list) and node and rng.random() < 0.75:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return rng.choice(ODD_VALUES)
    parent, key = path[-1]
    roll = rng.random()
    if roll < 0.5:
        parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif roll < 0.65:
        del parent[key]
    elif roll < 0.8 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif isinstance(parent, list):
        parent.append(copy.deepcopy(rng.choice(ODD_VALUES)))
    else:
        parent[rng.choice(["extra", "moves", "hands", "rest"])] = copy.deepcopy(rng.choice(ODD_VALUES))
    return data


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_mutation_of_a_save_loads_or_is_a_save_format_error(variant):
    rng = random.Random(f"mutations of {variant}")
    loaded = refused = 0
    for n in range(600):
        data = saved(variant, seed=n % 7, moves=rng.randrange(0, 40))
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            data = mutate(data, rng)
        try:
            state = GameState.from_json(data)
        except SaveFormatError as exc:
            assert str(exc)
            refused += 1
        else:
            # What loads is a real game: its own save replays to an equal state.
            assert GameState.from_json(json.loads(json.dumps(state.to_json()))) == state
            loaded += 1
    assert loaded >= 10 and refused >= 300, (loaded, refused)  # both outcomes are exercised
