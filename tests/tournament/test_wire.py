"""The protocol: a host's copy of an Observation equals the original, and a host's lines are read strictly."""

import json
import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.engine import VARIANTS, GameState, observe
from domino_tui.tournament.faults import Fault
from domino_tui.tournament.wire import MAX_LINE, Decoder, ProtocolError, obs_line, parse


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_observations_cross_the_pipe_unchanged(variant: str) -> None:
    decoder = Decoder()
    for seed in range(3):
        rng = random.Random(seed)
        game = GameState.new(variant, rng)
        bot = make_bot("random", rng)
        while not game.over:
            for seat in range(game.rules.players):
                obs = observe(game, seat)
                copy = decoder.decode(json.loads(obs_line(obs))["obs"])
                assert copy == obs
                assert copy.board.ends == obs.board.ends
                assert copy.board.count() == obs.board.count()
            game.apply(bot.choose(observe(game, game.turn)))


def test_the_obs_line_starts_as_documented_so_a_line_tool_can_match_it() -> None:
    obs = observe(GameState.new("partnership9", random.Random(1)), 0)
    raw = obs_line(obs)
    assert raw.startswith(b'{"obs":{') and raw.endswith(b"}\n") and raw.count(b"\n") == 1


def test_well_formed_answers_are_read() -> None:
    assert parse(b'{"hello": "mybot"}', "hello") == "mybot"
    assert parse(b'{"ready": true}', "ready") is True
    assert parse(b'{"move": 3}', "move") == 3
    assert parse(b'{"fault": "raised", "detail": "x"}', "move") == (Fault.RAISED, "x")


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"move 0",
        b"[0]",
        b'{"move": "0"}',
        b'{"move": -1}',
        b'{"move": 1.0}',
        b'{"move": true}',
        b'{"move": 0, "extra": 1}',
        b'{"ready": true}',
        b'{"fault": "cheated"}',
        b'{"fault": "raised", "detail": 3}',
        b"[" * 100_000,
        b'{"move": 0}' + b" " * MAX_LINE,
        b'{"py/object": "os.system", "move": 0}',
    ],
)
def test_anything_else_is_a_protocol_error(raw: bytes) -> None:
    with pytest.raises(ProtocolError):
        parse(raw, "move")
