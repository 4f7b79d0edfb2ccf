"""The simple bots' choices on hand-built positions."""

from __future__ import annotations

import random

from domino_tui.ai import make_bot
from domino_tui.ai.simple import hyperskill_scores
from domino_tui.engine import DRAW, End, Move, Tile

from .helpers import line, observation

SNAKE = "44 42 21 10 00 02"


def choose(name: str, obs, seed: int = 0) -> Move:
    return make_bot(name, random.Random(seed)).choose(obs)


def test_hyperskill_seed_case_1_plays_the_second_best_tile_on_the_right() -> None:
    obs = observation("classic", "25 35 05", line(SNAKE), stock=10)
    assert [s for s, _ in hyperskill_scores(obs)] == [8, 7, 4]
    assert choose("hyperskill", obs) == Move.play(Tile(2, 5), End.RIGHT)


def test_hyperskill_seed_case_2_draws_when_nothing_fits() -> None:
    obs = observation("classic", "15 35 05", line(SNAKE), stock=10)
    assert [s for s, _ in hyperskill_scores(obs)] == [8, 6, 4]
    assert choose("hyperskill", obs) == DRAW


def test_dummy_plays_the_first_legal_tile_and_greedy_the_heaviest() -> None:
    obs = observation("block", "01 45 33", line("13 34"))
    assert choose("dummy", obs) == Move.play(Tile(0, 1), End.LEFT)
    assert choose("greedy", obs) == Move.play(Tile(4, 5), End.RIGHT)


def test_doubles_bot_prefers_a_double_over_a_heavier_tile() -> None:
    obs = observation("block", "11 46 45", line("13 34"))
    assert choose("doubles", obs) == Move.play(Tile(1, 1), End.LEFT)
    assert choose("greedy", obs) == Move.play(Tile(4, 6), End.RIGHT)


def test_simple_bots_draw_or_pass_only_when_nothing_fits() -> None:
    obs = observation("block", "22 55", line("13 34"))
    for name in ("dummy", "greedy", "doubles"):
        assert choose(name, obs).kind.value == "pass"


def test_fivescorer_takes_the_biggest_count() -> None:
    # Ends 5 and 2 (count 7): [3|5] on the left makes 3+2=5, [2|5] on the right makes 5+5=10.
    obs = observation("allfives", "35 25 16", line("56 62"), stock=5)
    assert choose("fivescorer", obs) == Move.play(Tile(2, 5), End.RIGHT)


def test_greedy_takes_the_points_where_the_count_scores_and_the_heaviest_of_equals() -> None:
    # Fives and Threes (docs/fives-and-threes.md, from pagat.com): a play scores the count of the open ends when it
    # is a multiple of five or three. Ends 5 and 2 (count 7): the heaviest tile, [5|6] on the left, makes 6+2=8 and
    # scores nothing; [2|3] on the right makes 5+3=8 too; [1|2] on the right makes 5+1=6, two threes, 2 points.
    obs = observation("fivesandthrees", "56 23 12", line("56 62"), stock=5)
    assert choose("greedy", obs) == Move.play(Tile(1, 2), End.RIGHT)
    # Where nothing scores, the heaviest tile as in the line games: ends 5 and 4, [2|4] makes 7 and [4|6] 11.
    obs = observation("fivesandthrees", "24 46", line("56 63 34"), stock=5)
    assert choose("greedy", obs) == Move.play(Tile(4, 6), End.RIGHT)


def test_random_bot_follows_its_rng() -> None:
    obs = observation("block", "01 45 33 34", line("13 34"))
    picks = {choose("random", obs, seed) for seed in range(30)}
    assert picks == set(obs.legal)
