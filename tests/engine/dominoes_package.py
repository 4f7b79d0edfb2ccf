"""The Puerto Rico game of the `dominoes` package (6.1.0 from PyPI) beside our `partnership` game: the package's
Game dealt our hands, and the package's record of moves made on our game.

Shared by the differential test (tests/engine/test_differential_dominoes.py), which compares the two at every
step, and the strength benchmark's adapter (benchmarks/dominoes_adapter.py), where the package referees and our
game is the mirror our bots observe. domino_tui never imports the package.
"""

from __future__ import annotations

import dominoes

from domino_tui.engine import PASS, End, GameState, Move, Tile, get_rules

RULES = get_rules("partnership")
DOUBLE_SIX = dominoes.Domino(6, 6)


def package_game(game: GameState, leader: int | None = None) -> dominoes.Game:
    """The package's Game dealt ``game``'s hands (seat i is the package's player i): with ``leader`` None, [6|6]
    laid by its holder as the package's Series opens its first game (and as our first game opens); otherwise
    ``leader`` leads any tile, as the package's ``Game.new(starting_player=...)`` does."""
    tiles = RULES.tiles.tiles
    hands = [dominoes.Hand([dominoes.Domino(tiles[i].low, tiles[i].high) for i in hand]) for hand in game.deal[0]]
    if leader is None:
        holder = next(seat for seat, hand in enumerate(hands) if DOUBLE_SIX in hand)
        package = dominoes.Game(dominoes.Board(), hands, [], holder, ((DOUBLE_SIX, True),), holder, None)
        package.make_move(DOUBLE_SIX, True)
        return package
    moves = tuple((d, True) for d in hands[leader])
    return dominoes.Game(dominoes.Board(), hands, [], leader, moves, leader, None)


def replay(package: dominoes.Game, game: GameState, seen: int, where: str = "") -> int:
    """Make on ``game`` the package's moves from its ``seen``-th on, and return how many it has made: its plays
    (left is True, right False), and the passes it makes itself for a player who cannot play, each of which must
    be our only legal move. The package records no passes in a game that ends stuck (see the test)."""
    for entry in package.moves[seen:]:
        if entry is None:
            assert game.legal_moves() == [PASS], f"{where}: the package passed for seat {game.turn}, who can play"
            game.apply(PASS)
        else:
            d, left = entry
            game.apply(Move.play(Tile.of(d.first, d.second), End.LEFT if left else End.RIGHT))
    return len(package.moves)
