"""All Fives' count and settlement against the `all-fives-domino` package 1.0.23 from PyPI (its Board, its
AllFivesScorer and its Game's ``award_round_score``; the top-level package it installs is named `src`).

Compared, over many seeded random first rounds of our `allfives` (led by the highest double, which is the spinner
in both, as the package's board only makes its first tile a spinner), every play made on the package's board too,
at the tile it is laid against:
- before each play, where each tile of the hand may go (which tile on the board it is laid against);
- after each play, the count of the open ends (``AllFivesScorer.count``) and what the play scores
  (``AllFivesScorer.score``: the count if a multiple of five);
- at the end of a round followed to its end, the settlement of the two hands left (``Game.award_round_score``):
  who scores and how much, mapped as below.

What the package models otherwise, so not compared: its round (``DominoRound``) shuffles and deals itself, opens
with [5|5] (then [1|1], [2|2], ... [6|6], [0|0]), draws until a tile fits but never the boneyard's last tile, and
lets a double be laid face down ("closed") once the spinner has four arms, which ours has no rule for; its game
plays to 305 and carries a tied round's pips ("eggs") to the next round's winner. Later rounds are not compared:
ours are led by any tile and the first double laid becomes the spinner, where the package's board only makes a
spinner of its first tile.

Where the two differ, by the package's source (src/main/game/Board.py, Piece.py, Scorer.py, Game.py) against the
rules in docs/rules.md:
- the package 1.0.23 closes the spinner's fourth arm once its third holds a tile (``Board.play`` clears the
  spinner's ``is_crossing`` when a tile is appended to it while the board has a crossing), where pagat's All Fives
  and the All Fives bot README play all four arms; our plays on that arm (down) are left out of the comparison,
  never chosen while another move is legal, and a round in which only such a play is left is compared no further;
- its Scorer would count the spinner's open fourth side while three arms hold tiles ("For crossing pieces with
  exactly 3 connections, the open side is also counted"), but never does, as the flag is cleared by then: so its
  count and ours agree there;
- a round's settlement: the package gives the lighter hand the heavier hand's pips, unrounded, whether a hand went
  out or the round locked; ours gives the player who went out the opponent's pips rounded to the nearest 5, and in
  a locked round the lighter hand the difference rounded to 5. Equal hands: the package adds both to its eggs, we
  score nobody. A hand that goes out beside a hand of no pips is equal hands to the package; ours has the player
  who went out win nothing: nobody scores in either.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable

import pytest

# all-fives-domino's top-level package is named `src`.
from src.main.game.Board import Board
from src.main.game.Game import Game
from src.main.game.Hand import Hand
from src.main.game.Piece import Piece
from src.main.game.Player import Player
from src.main.game.Scorer import AllFivesScorer

from domino_tui.engine import End, GameState, Kind, Match, Reason, Tile, get_rules, round5

RULES = get_rules("allfives")


def piece(tile: Tile) -> Piece:
    return Piece(tile.low, tile.high)


def package_settlement(game: GameState) -> tuple[int | None, int, int]:
    """The package's settlement of ``game``'s two hands: who scores (None: equal hands, whose pips go to the eggs),
    how much, and the eggs."""
    package = Game(Player(None), Player(None))
    players = (package.player1, package.player2)
    for seat, player in enumerate(players):
        player.hand = Hand(*map(piece, game.hand(seat)))
    package.award_round_score()
    gains = [player.score for player in players]
    winner = next((seat for seat, gain in enumerate(gains) if gain), None)
    return winner, max(gains), package.eggs


def settlement_as_ours(game: GameState, winner: int, points: int) -> int:
    """The package's settlement (``points`` to ``winner``) read as ours: the opponent's pips for going out, the
    difference of the hands when locked, rounded to the nearest 5."""
    assert game.result is not None
    if game.result.reason is Reason.OUT:
        return round5(points)
    return round5(points - game.pips(winner))


def same_end(end: End) -> End:
    return end


@dataclasses.dataclass(frozen=True)
class Mapping:
    """How our plays are laid on the package's board and its settlement is read as ours: `HONEST`, and wrong ones
    in the test that the comparison can fail."""

    end: Callable[[End], End] = same_end
    settlement: Callable[[GameState, int, int], int] = settlement_as_ours


HONEST = Mapping()


def mirror_first_round(seed: int, mapping: Mapping = HONEST) -> tuple[int, str]:
    """Play the first round of a seeded All Fives match at random, mirrored on the package's board; the plays
    compared, and how the round ended, or that it was compared no further (see the module's docstring)."""
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
        moves = game.legal_moves()
        ours = {(m.tile, outer[m.end]) for m in moves if m.kind is Kind.PLAY and m.end is not End.DOWN}
        theirs = {
            (t, on)
            for t in game.hand(game.turn)
            for on in game.board.tiles()
            if (found := board.find_piece([on.low, on.high])) is not None and found.can_append(piece(t))
        }
        assert ours == theirs, f"{where}: where tiles may go {sorted(map(str, ours))} v {sorted(map(str, theirs))}"
        choices = [m for m in moves if m.kind is not Kind.PLAY or m.end is not End.DOWN]
        if not choices:
            return compared, "only the down arm"  # the package has closed the spinner's fourth arm
        move = rng.choice(choices)
        game.apply(move)
        if move.kind is not Kind.PLAY:
            continue
        end = mapping.end(move.end)
        board.play(piece(move.tile), piece(outer[end]))
        outer[end] = move.tile
        count = AllFivesScorer.count(board.origin)
        assert game.board.count() == count, f"{where}: the count {game.board.count()}, the package's {count}"
        assert game.history[-1].scored == AllFivesScorer.score(count), f"{where}: what the play scored"
        compared += 1
    result = game.result
    assert result is not None
    winner, points, eggs = package_settlement(game)
    where = f"seed {seed}, the settlement of {result}"
    if winner is None:
        # Equal hands: the package's eggs. A hand that went out beside an opponent's of no pips ([0|0] alone) is
        # equal hands to it too, and ours the out player's win of nothing: nobody scores in either.
        assert eggs == sum(result.pips), f"{where}: the package's eggs {eggs}"
        assert result.winner is None or result.points[result.winner] == 0, f"{where}: the package scores nobody"
        return compared, "tied"
    assert result.winner == winner, f"{where}: the package's winner {winner}"
    ours = result.points[winner]
    assert ours == mapping.settlement(game, winner, points), f"{where}: the package gives {points} to {winner}"
    return compared, result.reason.value


def test_the_count_and_the_settlement_agree_with_all_fives_domino():
    compared, endings = 0, Counter()
    for seed in range(1_200):
        plays, ending = mirror_first_round(seed)
        compared += plays
        endings[ending] += 1
    assert compared >= 12_000, compared
    # Most rounds are followed to their end and settled: out, locked, equal hands (a locked round is rare in a
    # game that draws the boneyard dry).
    assert endings["out"] >= 600 and endings["blocked"] >= 5 and endings["tied"] >= 10, endings
    assert endings["only the down arm"] <= 400, endings


def sides_swapped(end: End) -> End:
    return {End.LEFT: End.RIGHT, End.RIGHT: End.LEFT}.get(end, end)


@pytest.mark.parametrize(
    "wrong",
    [
        pytest.param(Mapping(end=sides_swapped), id="tiles laid on the wrong side of the line"),
        pytest.param(Mapping(settlement=lambda game, winner, points: points), id="the settlement unrounded"),
    ],
)
def test_a_wrong_mapping_is_caught(wrong: Mapping):
    told = 0
    for seed in range(10):
        try:
            mirror_first_round(seed, wrong)
        except AssertionError:
            told += 1
    assert told >= 5
