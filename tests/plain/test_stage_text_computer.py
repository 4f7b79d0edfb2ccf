"""The Hyperskill stage text's computers: stage 5's scorer (the `hyperskill` bot) on the stage text's two worked cases,
and stage 4's random numbers until one is legal."""

from __future__ import annotations

from domino_tui.ai import make_bot
from domino_tui.ai.simple import hyperskill_scores
from domino_tui.engine import DRAW, End, Move, Tile, observe
from domino_tui.plain.deal import COMPUTER
from domino_tui.plain.ruled import RuledTable

from .positions import ScriptedRandom, stage_text_case_state


def scores(computer: str) -> dict[Tile, int]:
    obs = observe(stage_text_case_state(computer), COMPUTER)
    return {obs.hand[i]: score for score, i in hyperskill_scores(obs)}


def test_first_case_scores_and_play():
    assert scores("25 35 05") == {Tile(2, 5): 7, Tile(3, 5): 4, Tile(0, 5): 8}
    obs = observe(stage_text_case_state("25 35 05"), COMPUTER)
    # [0, 5] scores most but fits neither end (4 and 2); [2, 5] fits the right.
    assert make_bot("hyperskill").choose(obs) == Move.play(Tile(2, 5), End.RIGHT)


def test_second_case_scores_and_draw():
    assert scores("15 35 05") == {Tile(1, 5): 6, Tile(3, 5): 4, Tile(0, 5): 8}
    obs = observe(stage_text_case_state("15 35 05"), COMPUTER)
    assert make_bot("hyperskill").choose(obs) == DRAW


def test_scores_best_first_and_ties_in_hand_order():
    obs = observe(stage_text_case_state("25 35 05"), COMPUTER)
    assert [i for _, i in hyperskill_scores(obs)] == [2, 0, 1]


def test_stage_four_computer_tries_random_numbers_until_one_is_legal():
    # Ends 4 and 2. 3: [0, 5] on the right, and -1: [2, 5] on the left, do not fit; 1: [2, 5] on the right does.
    rng = ScriptedRandom([3, -1, 1])
    table = RuledTable(stage_text_case_state("25 35 05"), rng, scoring=False)
    table.computer_move()
    assert rng.asked == [(-3, 3)] * 3
    assert table.line[-1] == (2, 5) and table.computer_size == 2


def test_stage_four_computer_zero_takes_from_the_stock():
    rng = ScriptedRandom([0])
    table = RuledTable(stage_text_case_state("25 35 05"), rng, scoring=False)
    table.computer_move()
    assert table.computer_size == 4 and table.stock_size == 11
