"""The bot protocol's JSON of an observation, a public view and a move: it reads back equal, and anything else
read gets the engine's SaveFormatError saying what is wrong (it arrives from pipes and sockets)."""

import copy
import json
import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.engine import (
    DRAW,
    PASS,
    VARIANTS,
    End,
    GameState,
    Move,
    SaveFormatError,
    Tile,
    move_from_json,
    move_to_json,
    observation_from_json,
    observation_to_json,
    observe,
    public_json,
    public_view_from_json,
)

# Every variant, and each for every player count it seats (Fives and Threes for 3 and 4).
RULE_SETS = {
    (name if n == rules.players else f"{name}/{n}"): rules.with_players(n)
    for name, rules in VARIANTS.items()
    for n in rules.player_counts
}


def observations(variant: str, seeds: int = 2):
    for seed in range(seeds):
        rng = random.Random(seed)
        game = GameState.new(RULE_SETS[variant], rng)
        bot = make_bot("random", rng)
        while True:
            for seat in range(game.rules.players):
                yield observe(game, seat, match_scores=(3,) * len(game.rules.teams), target=50)
            if game.over:
                break
            game.apply(bot.choose(observe(game, game.turn)))


@pytest.mark.parametrize("variant", list(RULE_SETS))
def test_every_observation_reads_back_equal_through_text(variant: str) -> None:
    for obs in observations(variant):
        back = observation_from_json(json.loads(json.dumps(observation_to_json(obs))))
        assert back == obs
        assert back.board.ends == obs.board.ends and back.board.count() == obs.board.count()


@pytest.mark.parametrize("variant", list(RULE_SETS))
def test_the_public_view_holds_everything_public_and_nothing_of_the_seat(variant: str) -> None:
    for obs in observations(variant, seeds=1):
        data = public_json(obs)
        assert data["seat"] is None and data["hand"] == [] and data["legal"] == []
        view = public_view_from_json(json.loads(json.dumps(data)))
        public = (obs.turn, obs.board, obs.hand_sizes, obs.history, obs.stock_size, obs.sleeping, obs.points)
        assert (view.turn, view.board, view.hand_sizes, view.history, view.stock_size, view.sleeping, view.points) == (
            public
        )
        assert (view.match_scores, view.target, view.ends) == (obs.match_scores, obs.target, obs.ends)


def test_every_seat_gives_the_same_public_view() -> None:
    game = GameState.new("partnership", random.Random(4))
    for _ in range(6):
        game.apply(game.legal_moves()[0])
    views = {json.dumps(public_json(observe(game, seat))) for seat in range(4)}
    assert len(views) == 1


def test_moves_read_back_equal() -> None:
    for move in (DRAW, PASS, Move.play(Tile(2, 5), End.RIGHT), Move.play(Tile(0, 0), End.DOWN)):
        assert move_from_json(json.loads(json.dumps(move_to_json(move)))) == move
    assert move_to_json(Move.play(Tile(2, 5), End.UP)) == ["play", [2, 5], 2]


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        ("play", "not a move"),
        ([], "not a move"),
        (["jump"], "not a move"),
        (["draw", 1], "not a move"),
        (["play", [2, 5]], "not a move"),
        (["play", [2, 5], 4], "no end 4"),
        (["play", [2, 5], True], "no end True"),
        (["play", [2, "5"], 0], "not a tile"),
        (["play", [2, 5, 1], 0], "not a tile"),
        (["play", [-1, 5], 0], "0 <= low"),
        (["play", [7, 7], 0], "not a tile of the double-6 set"),
    ],
)
def test_a_bad_move_says_what_is_wrong(raw: object, says: str) -> None:
    with pytest.raises(SaveFormatError, match=says):
        move_from_json(raw, VARIANTS["classic"])


def valid() -> dict:
    game = GameState.new("allfives", random.Random(2))
    for _ in range(8):
        if game.over:
            break
        game.apply(game.legal_moves()[-1])
    return observation_to_json(observe(game, game.turn))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.pop("hand"), "has no hand"),
        (lambda d: d.update(extra=1), "unknown fields"),
        (lambda d: d.update(variant="chess"), "unknown variant"),
        (lambda d: d.update(seat=2), "not a seat of a 2-player table"),
        (lambda d: d.update(seat=True), "not a seat"),
        (lambda d: d.update(turn=None), "not a seat"),
        (lambda d: d.update(hand=[[9, 9]]), "not a tile of the double-6 set"),
        (lambda d: d["hand"].append(d["hand"][0]), "holds"),
        (lambda d: d.update(hand_sizes=[1]), "hand_sizes has 1 entries"),
        (lambda d: d.update(stock=-1), "stock is negative"),
        (lambda d: d.update(sleeping="0"), "sleeping is not a whole number"),
        (lambda d: d.update(ends=[1, 2]), "the ends are 4 numbers"),
        (lambda d: d.update(ends=[1, 2, 9, -1]), "an end shows a pip from 0 to 6"),
        (lambda d: d.update(line="[]"), "line is not a list"),
        (lambda d: d.update(spinner=99), "the spinner is not a place"),
        (lambda d: d.update(history=[[0, "play", None, None, [-1, -1, -1, -1], 0, False]]), "a play names"),
        (lambda d: d.update(history=[[0, "pass", None, None, [-1, -1, -1, -1], 0, 0]]), "forced flag"),
        (lambda d: d.update(history=[[5, "pass", None, None, [-1, -1, -1, -1], 0, False]]), "event's seat"),
        (lambda d: d.update(history=[[0, "pass"]]), "not an event"),
        (lambda d: d.update(legal=[["play", [1, 2]]]), "not a move"),
        (lambda d: d.update(points=[0]), "points has 1 entries"),
        (lambda d: d.update(match_scores=[1, 2, 3]), "match_scores has 3 entries"),
        (lambda d: d.update(target="150"), "target is not a whole number"),
    ],
)
def test_a_bad_observation_says_what_is_wrong(change, says: str) -> None:
    data = valid()
    change(data)
    with pytest.raises(SaveFormatError, match=says):
        observation_from_json(data)


def test_a_view_with_a_hand_is_not_a_public_view() -> None:
    with pytest.raises(SaveFormatError, match="names no seat"):
        public_view_from_json(valid())


def test_a_line_game_has_no_arms() -> None:
    game = GameState.new("block", random.Random(1))
    game.apply(game.legal_moves()[0])
    data = observation_to_json(observe(game, 0))
    data["up"] = [[1, 1]]
    with pytest.raises(SaveFormatError, match="block has no spinner"):
        observation_from_json(data)


def test_mangled_observations_raise_only_save_format_errors() -> None:
    """Thousands of random damages to a real observation: each reads back or is refused with a message."""
    rng = random.Random(0)
    base = valid()
    junk = [None, True, -1, 0, 3, 99, 10**40, "x", [], [0], [[1, 2]], {}, 1.5]
    for _ in range(3000):
        data = copy.deepcopy(base)
        node, key = data, rng.choice(sorted(data))
        while isinstance(node[key], list) and node[key] and rng.random() < 0.6:
            node, key = node[key], rng.randrange(len(node[key]))
        node[key] = rng.choice(junk)
        try:
            observation_from_json(data)
        except SaveFormatError as exc:
            assert str(exc)
