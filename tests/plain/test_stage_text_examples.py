"""The Hyperskill stage text's own examples, character for character, each rebuilt from the position it shows."""

from __future__ import annotations

import random

import pytest

from domino_tui.plain import text
from domino_tui.plain.deal import COMPUTER, PLAYER, Deal
from domino_tui.plain.ruled import RuledTable
from domino_tui.plain.turns import show

from .positions import (
    free_table,
    pairs,
    rest_of_set,
    ruled_from_deal,
    stage_text_case_state,
    stage_text_example,
    transcript,
)


def deal_of_stage_one(printed: str) -> Deal:
    """The deal behind a stage-1 printout: the opening double goes back to its owner, the player not to move."""
    parts = dict(row.split(": ", 1) for row in printed.splitlines())
    hands = {"player": pairs(parts["Player pieces"]), "computer": pairs(parts["Computer pieces"])}
    opener = "computer" if parts["Status"] == "player" else "player"
    hands[opener] += pairs(parts["Domino snake"])
    return Deal(hands["player"], hands["computer"], pairs(parts["Stock pieces"]))


@pytest.mark.parametrize("n", [1, 2])
def test_stage_one_examples(n):
    printed, _ = stage_text_example(f"stage1_example{n}")
    assert text.stage_one(deal_of_stage_one(printed)) == printed


@pytest.mark.parametrize("n", [1, 2])
def test_stage_two_examples_show_the_stage_one_deals(n):
    stage_one, _ = stage_text_example(f"stage1_example{n}")
    printed, typed = stage_text_example(f"stage2_example{n}")
    assert typed == []
    assert text.stage_two(deal_of_stage_one(stage_one)) == printed


def test_stage_three_typical_game():
    printed, typed = stage_text_example("stage3_example1")
    line, computer, player = "66", "14 12 22 03 35 13", "06 55 44 46 01 05 16"
    stock = [p for p in rest_of_set(pairs(line), pairs(computer), pairs(player)) if p != (2, 3)]
    stock.insert(len(stock) - 1, (2, 3))  # the computer draws the last tile, you the one before it
    # The computer's random numbers: 6, its sixth tile [1, 3] on the right, as it lies; then 0, a draw.
    table = free_table(line, computer, player, "".join(f"{a}{b} " for a, b in stock), PLAYER, numbers=[6, 0])
    assert typed == ["4", "", "-6", "", "0"]
    assert transcript(table, typed) == printed
    assert table.rng.asked == [(-6, 6), (-5, 5)]  # from -size to size, its size at the time


def test_stage_three_invalid_input():
    printed, typed = stage_text_example("stage3_example2")
    table = free_table("[4, 4][2, 3][3, 4]", "00 01 02 03 05", "12 26 04 56 25 24", 14, PLAYER)
    assert transcript(table, typed) == printed


def test_stage_three_long_snake():
    printed, _ = stage_text_example("stage3_example3")
    line = "[6, 6][6, 3][3, 0]" + "[0, 1][1, 1][1, 4][4, 4][4, 5][5, 2][2, 2][2, 4]" + "[4, 2][2, 3][3, 6]"
    table = free_table(line, "01 02 03 04", "00 12 55", 7, PLAYER)
    assert len(table.line) == 14
    assert show(table) == printed


def test_stage_three_you_win():
    printed, typed = stage_text_example("stage3_example4")
    line = "[3, 5][2, 2][6, 6]" + "[0, 0][0, 1][1, 1][1, 2][1, 4][1, 5][3, 6][0, 3][3, 4]"
    table = free_table(line, "55 56", "44", 13, PLAYER)
    assert transcript(table, typed) == printed
    assert table.outcome == PLAYER


def test_stage_four_illegal_move():
    printed, typed = stage_text_example("stage4_example1")
    player = "05 15 24 26 01 16 56"
    table = ruled_from_deal(player, "66 " + " ".join(f"{a}{b}" for a, b in rest_of_set(pairs(player + " 66"))[:6]))
    assert typed == ["5"]
    assert transcript(table, typed) == printed


def test_stage_four_turns_the_tile_to_match():
    stage_one, _ = stage_text_example("stage1_example1")
    printed, typed = stage_text_example("stage4_example2")
    d = deal_of_stage_one(stage_one)
    table = RuledTable.from_deal(d, random.Random(0), scoring=False)
    assert typed == ["7"]
    assert transcript(table, typed) == printed
    assert table.line == [(6, 6), (6, 1)]


@pytest.mark.parametrize(
    ("n", "computer", "after"),
    [
        (1, "25 35 05", [(4, 4), (4, 2), (2, 1), (1, 0), (0, 0), (0, 2), (2, 5)]),  # [2, 5] on the right
        (2, "15 35 05", [(4, 4), (4, 2), (2, 1), (1, 0), (0, 0), (0, 2)]),  # nothing fits: it takes a tile
    ],
)
def test_stage_five_worked_cases(n, computer, after):
    printed, typed = stage_text_example(f"stage5_example{n}")
    table = RuledTable(stage_text_case_state(computer), random.Random(0), scoring=True)
    assert typed == [""]
    assert transcript(table, typed) == printed
    assert table.line == after
    assert table.computer_size == (2 if n == 1 else 4) and table.turn == PLAYER


def test_stage_five_position_is_the_seeds():
    state = stage_text_case_state("25 35 05")
    assert [(t.low, t.high) for t in state.hand(COMPUTER)] == [(2, 5), (3, 5), (0, 5)]
    assert [(t.low, t.high) for t in state.hand(PLAYER)] == pairs("22 33 55 66 45 36 56")
    assert len(state.stock) == 12 and state.turn == COMPUTER
