"""The free-for-all table's layout (seats rotated, deals shared by a block) and its ranking by total points."""

from collections import Counter

import pytest

from domino_tui.tournament.free_for_all import (
    TableError,
    TableTally,
    deal_seed,
    engine_round,
    seating,
    table_rounds,
    table_standings,
)


@pytest.mark.parametrize("entries", range(2, 9))
def test_each_entry_sits_in_each_seat_equally_and_plays_each_hand_of_a_deal_once(entries: int) -> None:
    rounds = table_rounds(entries, 3 * entries)
    seats: Counter[tuple[int, int]] = Counter()
    hands: dict[str, Counter[tuple[int, int]]] = {}
    for game in range(rounds):
        order = seating(entries, game)
        assert sorted(order) == list(range(entries))  # every entry has exactly one seat
        for seat, entry in enumerate(order):
            seats[entry, seat] += 1
            hands.setdefault(deal_seed(1, entries, game), Counter())[entry, seat] += 1
    assert set(seats.values()) == {3} and len(seats) == entries * entries
    assert len(hands) == 3  # one deal per block, every (entry, seat) of it once
    assert all(set(c.values()) == {1} and len(c) == entries * entries for c in hands.values())


def test_rounds_are_rounded_up_to_whole_blocks_and_tables_are_two_to_eight() -> None:
    assert table_rounds(4, 10) == 12
    assert table_rounds(3, 3) == 3
    for bad in (1, 9):
        with pytest.raises(TableError, match="2 to 8"):
            table_rounds(bad, 10)
    with pytest.raises(TableError, match="at least one round"):
        table_rounds(4, 0)


def test_engine_doubles_go_down_block_by_block_and_start_again_after_thirteen() -> None:
    assert [engine_round(2, g) for g in range(6)] == [0, 0, 1, 1, 2, 2]
    assert engine_round(2, 26) == 0 and engine_round(2, 25) == 12


def test_a_round_is_won_by_the_lowest_score_and_a_shared_lowest_is_a_tie() -> None:
    tally = TableTally(3)
    tally.record(seating(3, 1), [10, 0, 25])  # seat 0 holds entry 2, seat 1 entry 0, seat 2 entry 1
    tally.record(seating(3, 0), [5, 5, 7])
    assert tally.points == [0 + 5, 25 + 5, 10 + 7]
    assert tally.won == [1, 0, 0] and tally.tied == [1, 1, 0]


def test_lowest_total_ranks_first_then_rounds_won_then_fewest_faults_and_equals_share_a_place() -> None:
    tally = TableTally(4, rounds=4, points=[90, 40, 40, 40], won=[3, 1, 1, 2])
    tally.fault(2, "timeout", "slow")
    ranked = table_standings(["a", "b", "c", "d"], tally)
    assert [(s.rank, s.name) for s in ranked] == [(1, "d"), (2, "b"), (3, "c"), (4, "a")]
    equal = table_standings(["x", "y"], TableTally(2, rounds=2, points=[7, 7], won=[1, 1]))
    assert [(s.rank, s.name) for s in equal] == [(1, "x"), (1, "y")]


def test_tallies_of_chunks_add_up_to_the_tally_of_the_whole() -> None:
    whole, a, b = TableTally(2), TableTally(2), TableTally(2)
    rows = [([0, 1], [3, 9]), ([1, 0], [4, 4]), ([0, 1], [8, 1])]
    for i, (seats, points) in enumerate(rows):
        whole.record(seats, points)
        (a if i < 2 else b).record(seats, points)
    a.add(b)
    assert (a.rounds, a.points, a.won, a.tied) == (whole.rounds, whole.points, whole.won, whole.tied)
