"""All Fives' count against the `all-fives-domino` library 1.0.23 from PyPI (its Board and AllFivesScorer).

The library plays another All Fives than ours ([5|5] opens, closed doubles, a round's "eggs", a target of 305), so
only what both model is compared, over many seeded random first rounds of our `allfives` (led by the highest
double, which is the spinner in both): every play is made on the library's board too, at the tile it is laid
against, and after it the count of the open ends and what it scores must agree; before it, the places a tile may
go (which tile on the board it is laid against) must agree.

Where the two part, comparing stops for the rest of that round, and the test says how often it did:
- the library 1.0.23 closes the spinner's fourth arm once its third holds a tile (appending a third tile to the
  crossing clears its crossing flag), where our spinner opens down once up holds a tile (the All Fives bot README:
  "all 4 directions off of the spinner"), so a play on the down arm is never mirrored;
- a double laid later in the line is only a double in the library, as in ours (the spinner is the first double
  played, here the lead), so nothing parts there.
"""

from __future__ import annotations

import random

# all-fives-domino's top-level package is named `src`.
from src.main.game.Board import Board
from src.main.game.Piece import Piece
from src.main.game.Scorer import AllFivesScorer

from domino_tui.engine import End, Kind, Match, get_rules

RULES = get_rules("allfives")


def piece(tile) -> Piece:
    return Piece(tile.low, tile.high)


def mirror_first_round(seed: int, misplace: bool = False) -> tuple[int, bool]:
    """Play the first round of a seeded All Fives match at random, mirrored on the library's board; the plays
    compared, and whether the round was followed to its end. ``misplace`` lays the mirror's tiles on the wrong
    side of the line (left for right), to show that the comparison tells."""
    game = Match(RULES, random.Random(seed)).game
    rng = random.Random(seed)
    lead = game.history[0]
    assert lead.kind is Kind.PLAY and lead.tile.is_double  # the highest double opens the first round
    board = Board()
    board.play(piece(lead.tile))
    outer = dict.fromkeys(End, lead.tile)  # the tile each end is laid against: the spinner, at first
    compared = 0
    while not game.over:
        where = f"seed {seed}, move {len(game.moves)}"
        plays = [m for m in game.legal_moves() if m.kind is Kind.PLAY]
        ours = {(m.tile, outer[m.end]) for m in plays}
        theirs = {
            (t, on)
            for t in {m.tile for m in plays}
            for on in game.board.tiles()
            if (found := board.find_piece([on.low, on.high])) is not None and found.can_append(piece(t))
        }
        if any(m.end is End.DOWN for m in plays):
            return compared, False  # the library has closed the spinner's fourth arm (see above)
        assert ours == theirs, f"{where}: where tiles may go {sorted(map(str, ours))} v {sorted(map(str, theirs))}"
        move = rng.choice(game.legal_moves())
        game.apply(move)
        if move.kind is not Kind.PLAY:
            continue
        end = {End.LEFT: End.RIGHT, End.RIGHT: End.LEFT}.get(move.end, move.end) if misplace else move.end
        board.play(piece(move.tile), piece(outer[end]))
        outer[end] = move.tile
        count = AllFivesScorer.count(board.origin)
        assert game.board.count() == count, f"{where}: the count {game.board.count()}, the library's {count}"
        assert game.history[-1].scored == AllFivesScorer.score(count), f"{where}: what the play scored"
        compared += 1
    return compared, True


def test_the_count_agrees_with_all_fives_domino():
    compared = whole = 0
    for seed in range(400):
        plays, to_the_end = mirror_first_round(seed)
        compared += plays
        whole += to_the_end
    assert compared >= 3_000 and whole >= 100, (compared, whole)


def test_a_tile_mirrored_in_the_wrong_place_is_told():
    """The comparison can fail: tiles laid on the library's board on the wrong side of the line are caught."""
    told = 0
    for seed in range(10):
        try:
            mirror_first_round(seed, misplace=True)
        except AssertionError:
            told += 1
    assert told >= 8
