"""Playing a game of the engine and its referee side by side: the same random moves on both, and a comparison of the
two after every one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def play_beside(
    game: Any,
    referee: Any,
    rng: random.Random,
    where: str,
    compare: Callable[[Any, Any, str], None],
    as_referee_move: Callable[[Any], tuple],
    forfeit_rate: float = 0.0,
    limit: int = 3_000,
) -> int:
    """Play ``game`` out by random legal moves (a forfeit at ``forfeit_rate``), each made on ``referee`` too, and
    ``compare`` them after every move; the number of moves."""
    compare(game, referee, f"{where}, dealt")
    moves = 0
    while not game.over:
        if forfeit_rate and rng.random() < forfeit_rate:
            game.forfeit()
            referee.forfeit()
        else:
            move = rng.choice(game.legal_moves())
            game.apply(move)
            referee.apply(as_referee_move(move))
        moves += 1
        compare(game, referee, f"{where}, move {moves}")
        assert moves < limit, f"{where}: the game does not end"
    return moves
