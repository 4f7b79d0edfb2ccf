"""The Puerto Rico partnership game (`partnership`) against the `dominoes` library 6.1.0 from PyPI, whose Game and
Series are that game: the same deals in both, random plays, and at every decision whose turn it is, the legal
plays, the passes (the library makes them itself), how each game ends and what it scores, and across a series who
leads the next game, the score and when the series is over.

What differs by design, and is mapped rather than compared: the library lists a tile that fits both ends once,
on the left, when both ends show the same number (we list both ends); it passes for a player who cannot play,
where our engine waits for the pass; and its series ends when a team reaches the target (one team scores a game,
so that is our "ahead of the other" too).
"""

from __future__ import annotations

import random

import dominoes
import pytest

from domino_tui.engine import PASS, End, GameState, Kind, Match, Move, Opening, Tile, get_rules

RULES = get_rules("partnership")
DOUBLE_SIX = dominoes.Domino(6, 6)


def library_game(game: GameState, starting_player: int | None) -> dominoes.Game:
    """The library's Game dealt ``game``'s hands: [6|6] laid by its holder (``starting_player`` None), or
    ``starting_player`` to lead any tile."""
    ts = RULES.tiles.tiles
    hands = [dominoes.Hand([dominoes.Domino(ts[i].low, ts[i].high) for i in h]) for h in game.deal[0]]
    if starting_player is None:
        starter = next(s for s, h in enumerate(hands) if DOUBLE_SIX in h)
        lib = dominoes.Game(dominoes.Board(), hands, [], starter, ((DOUBLE_SIX, True),), starter, None)
        lib.make_move(DOUBLE_SIX, True)
        return lib
    moves = tuple((d, True) for d in hands[starting_player])
    return dominoes.Game(dominoes.Board(), hands, [], starting_player, moves, starting_player, None)


def ours_as_library(game: GameState) -> set[tuple[Tile, bool]]:
    """Our legal plays as the library lists them: one entry, on the left, for a tile fitting two equal ends."""
    left, right = game.board.ends[0], game.board.ends[1]
    out = set()
    for m in game.legal_moves():
        assert m.kind is Kind.PLAY
        out.add((m.tile, m.end is End.LEFT or left == right))
    return out


def catch_up(lib: dominoes.Game, game: GameState, seen: int, where: str) -> int:
    """Make on our game the library's moves since ``seen``: its plays, and the passes it made for players who
    could not play (each must be our only legal move)."""
    for entry in lib.moves[seen:]:
        if entry is None:
            assert game.legal_moves() == [PASS], f"{where}: the library passed for seat {game.turn}, who can play"
            game.apply(PASS)
        else:
            d, left = entry
            game.apply(Move.play(Tile.of(d.first, d.second), End.LEFT if left else End.RIGHT))
    return len(lib.moves)


def play_game(game: GameState, lib: dominoes.Game, rng: random.Random, where: str) -> None:
    seen = catch_up(lib, game, len(game.moves), where)  # the [6|6] each laid itself
    while lib.result is None:
        assert not game.over, f"{where}: our game ended, the library's goes on"
        assert lib.turn == game.turn, f"{where}: the library's turn {lib.turn}, ours {game.turn}"
        theirs = {(Tile.of(d.first, d.second), left) for d, left in lib.valid_moves}
        assert ours_as_library(game) == theirs, f"{where}: legal plays"
        d, left = rng.choice(sorted(lib.valid_moves, key=str))
        lib.make_move(d, left)
        seen = catch_up(lib, game, seen, where)
    # The library's last passes (a blocked game) end our game too.
    while not game.over:
        assert game.legal_moves() == [PASS], f"{where}: the library's game is over, ours can still be played"
        game.apply(PASS)
    result, points = game.result, lib.result.points
    assert result is not None
    ours = result.points[0] - result.points[1]
    assert ours == points, f"{where}: we score {result.points}, the library {points}"
    if lib.result.won:
        assert result.reason.value == "out" and result.out_seat == lib.result.player, f"{where}: who went out"
    else:
        assert result.reason.value == "blocked", f"{where}: the library's game was stuck"


@pytest.mark.parametrize("seed", range(6))
def test_series_agree_with_the_dominoes_library(seed):
    games = 0
    for series_index in range(10):
        match_seed = seed * 100 + series_index
        match = Match(RULES, random.Random(match_seed))
        series = dominoes.Series(target_score=RULES.target)  # its first game (a random deal) is replaced below
        rng = random.Random(match_seed)
        lead: int | None = None
        while True:
            game = match.game
            where = f"series {match_seed}, game {len(match.games)}"
            assert game.opening.seat == lead, f"{where}: we lead with {game.opening.seat}, the library {lead}"
            lib = library_game(game, lead)
            series.games[-1] = lib
            play_game(game, lib, rng, where)
            games += 1
            nxt = series.next_game()
            assert series.scores == match.scores, f"{where}: the series' score"
            assert series.is_over() == match.over, f"{where}: the series is over"
            if match.over:
                assert nxt is None
                break
            lead = nxt.starting_player  # the library's rule for who leads next (its deal is not used)
            match.next_game()
    assert games >= 60


def test_the_comparison_tells_two_different_games():
    """The comparison can fail: our game beside the library's game of another deal is caught."""
    ours = GameState.new(RULES, random.Random(1), Opening(None))
    other = GameState.new(RULES, random.Random(2), Opening(None))
    with pytest.raises(AssertionError):
        play_game(ours, library_game(other, None), random.Random(1), "two deals")
