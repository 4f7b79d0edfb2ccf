"""The league-quality benchmark: its rank correlations, its league shapes, and a small run."""

from __future__ import annotations

import pytest

from benchmarks.league_quality import field, kendall, main, places, shape, spearman

TRUTH = ["a", "b", "c", "d"]


def test_the_correlations_are_one_for_the_true_order_and_minus_one_for_its_reverse() -> None:
    right = places([(name, i) for i, name in enumerate(TRUTH)])
    wrong = places([(name, i) for i, name in enumerate(reversed(TRUTH))])
    assert spearman(TRUTH, right) == pytest.approx(1) and kendall(TRUTH, right) == pytest.approx(1)
    assert spearman(TRUTH, wrong) == pytest.approx(-1) and kendall(TRUTH, wrong) == pytest.approx(-1)


def test_entries_ranked_equal_share_their_place_and_count_as_neither_right_nor_wrong() -> None:
    ranking = places([("a", 0), ("b", 1), ("c", 1), ("d", 2)])
    assert ranking == {"a": 0, "b": 1.5, "c": 1.5, "d": 3}
    # 5 of the 6 pairs in the right order, 1 tied: tau-b = 5 / sqrt(6 * 5)
    assert kendall(TRUTH, ranking) == pytest.approx(5 / 30**0.5)
    swapped = places([("a", 0), ("c", 1), ("b", 2), ("d", 3)])
    assert kendall(TRUTH, swapped) == pytest.approx(4 / 6)  # one pair of six the wrong way round
    assert spearman(TRUTH, swapped) == pytest.approx(1 - 6 * 2 / (4 * 15))


def test_the_league_plays_as_many_two_game_rounds_as_the_budget_holds() -> None:
    assert shape(100, 2, 5000, 0) == (50, 2)
    assert shape(100, 2, 20000, 0) == (99, 4)  # no more rounds than opponents: longer matches instead
    assert shape(100, 2, 5000, 20) == (20, 5)


def test_the_field_is_strongest_first() -> None:
    names, bots = field(5)
    assert [bots[name].keywords["noise"] for name in names] == [0.0, 0.25, 0.5, 0.75, 1.0]


def test_a_small_run_prints_a_row_per_budget(capsys) -> None:
    assert main(["--variant", "block", "--entries", "6", "--budgets", "30,60", "--runs", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("block: 6 noisy greedy bots")
    assert [line.split()[0] for line in out[2:]] == ["30", "60"]
    assert "5 rounds x 2 games" in out[2] and "5 rounds x 4 games" in out[3]
