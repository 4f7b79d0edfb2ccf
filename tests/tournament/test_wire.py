"""The host's copy of an Observation equals the original, in every variant and at every turn."""

import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.engine import DRAW, PASS, VARIANTS, End, GameState, Move, Tile, observe
from domino_tui.tournament.faults import Forfeit
from domino_tui.tournament.wire import Decoder, decode_move, encode_move, encode_obs


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
                copy = decoder.decode(encode_obs(obs))
                assert copy == obs
                assert copy.board.ends == obs.board.ends
                assert copy.board.count() == obs.board.count()
            game.apply(bot.choose(observe(game, game.turn)))


@pytest.mark.parametrize("move", [DRAW, PASS, Move.play(Tile(2, 5), End.RIGHT), Move.play(Tile(0, 0), End.UP)])
def test_moves_cross_the_pipe_unchanged(move: Move) -> None:
    assert decode_move(encode_move(move)) == move


def forged_move(kind: object, tile: object, end: object) -> Move:
    """A Move its constructor would refuse, as a cheating bot could still build one."""
    move = object.__new__(Move)
    for name, value in (("kind", kind), ("tile", tile), ("end", end)):
        object.__setattr__(move, name, value)
    return move


@pytest.mark.parametrize("answer", [None, "left", (0, (1, 2)), forged_move("play", Tile(1, 2), 7)])
def test_an_answer_that_is_not_a_move_is_illegal(answer: object) -> None:
    with pytest.raises(Forfeit):
        encode_move(answer)
