"""The Puerto Rico partnership game (`partnership`) against the Puerto Rico game of the `dominoes` package 6.1.0
from PyPI, whose Game and Series are that game: the same deals in both, random plays, and compared at every step
whose turn it is, the legal plays (tile and end), the passes (the package makes them itself), how each game ends
(who went out or that it was stuck, the last player, who won, the points), and across a series who leads the next
game, the series' score and when it is over.

What differs by design, and is mapped rather than compared (the package's source, dominoes/game.py and
dominoes/series.py):
- a tile that fits both ends when both show the same number is listed once by the package, on the left ("do not
  double count moves if both of the board's ends have the same value"); we list it at both ends, and both read as
  the package's left;
- the package passes by itself for a player who cannot play (``make_move`` advances the turn to the next player
  with a valid move and records a None for each pass); our game waits for the PASS, which must be the only legal
  move; in a game that ends stuck it records no passes, and ours takes the four;
- the package's Result keeps one signed number (positive for players 0 and 2, negative for 1 and 3); ours gives
  each team its points;
- the package's Series deals each next game at random: that deal is replaced by ours, and only its choice of
  leader is kept;
- the package's series ends when a team reaches the target (``max(scores) >= target_score``), ours when a team
  reaches it ahead of the other: one team scores a game, so the first to reach it is ahead.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable

import dominoes
import pytest

from domino_tui.engine import PASS, End, GameResult, GameState, Kind, Match, Opening, Reason, Tile
from tests.engine.dominoes_package import RULES, package_game, replay


def plays_as_the_package_lists_them(game: GameState) -> set[tuple[Tile, bool]]:
    """Our legal plays as the package lists them (left is True): one entry, on the left, for a tile fitting two
    equal ends."""
    left, right = game.board.ends[0], game.board.ends[1]
    out = set()
    for m in game.legal_moves():
        assert m.kind is Kind.PLAY, "a pass offered beside plays"
        out.add((m.tile, m.end is End.LEFT or left == right))
    return out


def signed_points(result: GameResult) -> int:
    """Our result's points as the package signs them: players 0 and 2's team positive, 1 and 3's negative."""
    return result.points[0] - result.points[1]


def package_leader(next_game: dominoes.Game) -> int:
    """Who leads the package's next game (a seat here is the package's player of the same number)."""
    return next_game.starting_player


@dataclasses.dataclass(frozen=True)
class Mapping:
    """How our game is read in the package's conventions: `HONEST`, and wrong ones in the test that the comparison
    can fail."""

    plays: Callable[[GameState], set[tuple[Tile, bool]]] = plays_as_the_package_lists_them
    points: Callable[[GameResult], int] = signed_points
    leader: Callable[[dominoes.Game], int] = package_leader


HONEST = Mapping()


def play_game(game: GameState, package: dominoes.Game, rng: random.Random, where: str, mapping: Mapping) -> str:
    """Play ``game`` and the package's game of the same deal to their end, random plays chosen among the package's,
    comparing them after every move and at the end; how it ended, as the package's series tells who leads next."""
    seen = replay(package, game, len(game.moves), where)  # the [6|6] each laid itself
    while package.result is None:
        assert not game.over, f"{where}: our game ended, the package's goes on"
        assert package.turn == game.turn, f"{where}: the package's turn {package.turn}, ours {game.turn}"
        theirs = {(Tile.of(d.first, d.second), left) for d, left in package.valid_moves}
        ours = mapping.plays(game)
        assert ours == theirs, f"{where}: legal plays {sorted(map(str, ours))} v {sorted(map(str, theirs))}"
        d, left = rng.choice(sorted(package.valid_moves, key=str))
        package.make_move(d, left)
        seen = replay(package, game, seen, where)
    # A stuck game: the package ends it without recording the passes; each of ours must be the only legal move.
    while not game.over:
        assert game.legal_moves() == [PASS], f"{where}: the package's game is over, ours can still be played"
        game.apply(PASS)
    result, theirs_result = game.result, package.result
    assert result is not None
    assert mapping.points(result) == theirs_result.points, f"{where}: we score {result.points}, it {theirs_result}"
    winner = None if theirs_result.points == 0 else (0 if theirs_result.points > 0 else 1)
    assert result.winner == winner, f"{where}: our winner {result.winner}, the package's {theirs_result}"
    # The package's Result.player is the last player to make a move; its series leads from it.
    assert result.last_seat == theirs_result.player, f"{where}: the last player, {theirs_result}"
    if theirs_result.won:
        assert result.reason is Reason.OUT and result.out_seat == theirs_result.player, f"{where}: who went out"
        return "out"
    assert result.reason is Reason.BLOCKED, f"{where}: the package's game was stuck"
    if winner is None:
        return "stuck, a tie"
    return "stuck, won by the last player's team" if winner == result.last_seat % 2 else "stuck, lost by it"


ENDINGS = ("out", "stuck, a tie", "stuck, won by the last player's team", "stuck, lost by it")


def play_series(match_seed: int, mapping: Mapping = HONEST) -> Counter[str]:
    """A series to the target in both, each game of our match dealt into the package's series; how its games
    ended."""
    endings: Counter[str] = Counter()
    match = Match(RULES, random.Random(match_seed))
    series = dominoes.Series(target_score=RULES.target)  # its first game (a random deal) is replaced below
    rng = random.Random(match_seed)
    lead: int | None = None  # the first game: [6|6] by its holder in both
    while True:
        game = match.game
        where = f"series {match_seed}, game {len(match.games)}"
        assert game.opening.seat == lead, f"{where}: we lead with seat {game.opening.seat}, the package {lead}"
        package = package_game(game, lead)
        series.games[-1] = package
        endings[play_game(game, package, rng, where, mapping)] += 1
        next_game = series.next_game()
        assert series.scores == list(match.scores), f"{where}: the series' score {series.scores} v {match.scores}"
        assert series.is_over() == match.over, f"{where}: the series is over in one only"
        if match.over:
            assert next_game is None
            return endings
        lead = mapping.leader(next_game)  # the package's rule for who leads next; its deal is not used
        match.next_game()


@pytest.mark.parametrize("seed", range(4))
def test_series_agree_with_the_puerto_rico_game_of_the_dominoes_package(seed):
    endings = sum((play_series(seed * 1_000 + index) for index in range(50)), Counter())
    assert sum(endings.values()) >= 400  # a series to 200 is several games
    # Each of the package's rules for the next leader was followed: out, and the three ways a stuck game goes.
    assert all(endings[ending] for ending in ENDINGS), endings


def test_the_comparison_tells_two_different_deals():
    ours = GameState.new(RULES, random.Random(1), Opening(None))
    other = GameState.new(RULES, random.Random(2), Opening(None))
    with pytest.raises(AssertionError):
        play_game(ours, package_game(other), random.Random(1), "two deals", HONEST)


def plays_on_the_wrong_sides(game: GameState) -> set[tuple[Tile, bool]]:
    left, right = game.board.ends[0], game.board.ends[1]
    return {(m.tile, m.end is End.RIGHT or left == right) for m in game.legal_moves()}


@pytest.mark.parametrize(
    "wrong",
    [
        pytest.param(Mapping(plays=plays_on_the_wrong_sides), id="left and right swapped"),
        pytest.param(Mapping(points=lambda result: result.points[1] - result.points[0]), id="the teams swapped"),
        pytest.param(Mapping(points=lambda result: sum(result.points)), id="the points unsigned"),
        pytest.param(Mapping(leader=lambda game: (game.starting_player + 1) % 4), id="the next seat leads"),
    ],
)
def test_a_wrong_mapping_is_caught(wrong: Mapping):
    with pytest.raises(AssertionError):
        for match_seed in range(3):
            play_series(match_seed, wrong)
