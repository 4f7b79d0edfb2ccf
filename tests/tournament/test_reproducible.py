"""The same seed gives the same results whatever --jobs is; another seed gives others."""

import os

import pytest

from domino_tui.engine import get_rules
from domino_tui.tournament import run_tournament
from domino_tui.tournament.entries import parse_entries
from domino_tui.tournament.runner import ChunkTask, Tally, play_chunk


def figures(result):
    return [(m.first, m.second, m.games, m.wins, m.ties, m.points, m.faults) for m in result.matches]


def test_fast_path_same_results_with_one_or_two_jobs() -> None:
    bots = ["greedy", "dummy", "random"]
    one = run_tournament("partnership9", bots, games=600, seed=7, jobs=1)
    two = run_tournament("partnership9", bots, games=600, seed=7, jobs=2)
    other = run_tournament("partnership9", bots, games=600, seed=8, jobs=2)
    assert figures(one) == figures(two)
    assert [(s.name, s.rank) for s in one.ranking] == [(s.name, s.rank) for s in two.ranking]
    assert figures(one) != figures(other)
    assert all(m.games == 600 for m in one.matches)


def test_full_engine_path_same_results_with_one_or_three_jobs() -> None:
    bots = ["hyperskill", "greedy"]
    one = run_tournament("allfives", bots, games=60, seed=3, jobs=1)
    three = run_tournament("allfives", bots, games=60, seed=3, jobs=3)
    assert figures(one) == figures(three)


def test_user_bots_same_results_with_one_or_two_jobs(bots_dir: str) -> None:
    bots = [os.path.join(bots_dir, "faulty.py:Polite"), "random"]
    one = run_tournament("block", bots, games=30, seed=11, jobs=1)
    two = run_tournament("block", bots, games=30, seed=11, jobs=2)
    assert figures(one) == figures(two)
    assert one.matches[0].faults == ({}, {})


def tallies(variant: str, bots: list[str], games: int, size: int) -> Tally:
    rules = get_rules(variant)
    a, b = parse_entries(bots, rules)
    total = Tally()
    for start in range(0, games, size):
        total.add(play_chunk(ChunkTask(variant, (a, b), 5, 0, start, min(start + size, games), 1.0)))
    return total


@pytest.mark.parametrize(
    ("variant", "bots"),
    [
        ("partnership9", ["greedy", "random"]),
        ("partnership9", ["hyperskill", "dummy"]),
        ("block", ["greedy", "random"]),
    ],
)
def test_how_a_match_is_cut_into_chunks_changes_nothing(variant: str, bots: list[str]) -> None:
    # Chunks of 1 and 7 start inside the blocks of deals that partnership9 draws from one generator.
    whole = tallies(variant, bots, 60, 60)
    assert tallies(variant, bots, 60, 7) == whole
    assert tallies(variant, bots, 60, 1) == whole
    assert whole.games == 60
