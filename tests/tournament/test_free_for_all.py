"""The free-for-all table's layout (seats rotated, deals shared by a block) and its ranking by total points."""

import csv
import json
import os
from collections import Counter

import pytest

from domino_tui.tournament import EntryError, run_tournament
from domino_tui.tournament.cli import main
from domino_tui.tournament.free_for_all import (
    TableError,
    TableTally,
    deal_seed,
    engine_round,
    seating,
    table_rounds,
    table_standings,
)
from domino_tui.tournament.report import report


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


# ----- tables played -----

TRAIN_BOTS = os.path.join(os.path.dirname(__file__), "bots", "train_bots.py")


def test_a_table_of_user_bots_a_program_and_built_in_bots_rotates_seats_and_ranks_by_points() -> None:
    first_legal = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", "examples", "first_legal.sh"))
    bots = [f"{TRAIN_BOTS}:TrainHeaviest", f"cmd:sh {first_legal}", "greedy", "random"]
    # user bots in their sandboxes; a generous move limit, since a loaded machine must not make them slow
    result = run_tournament("mexicantrain", bots, games=6, seed=5, jobs=1, move_limit=20)
    assert result.settings.games == 8  # rounded up to two blocks of four
    assert result.games == 8 and result.tally is not None and result.tally.abandoned == 0
    names = [e.name for e in result.entries]
    assert (
        names[0] == "TrainHeaviest (train_bots.py)"
        and names[1].startswith("first legal")
        and names[2:] == ["greedy", "random"]
    )
    assert all(s.rounds == 8 and not s.faults for s in result.table)
    # the ranking is by total points, fewest first
    points = [s.points for s in result.table]
    assert points == sorted(points) and result.table[0].rank == 1
    assert result.sandbox is not None and result.sandbox["isolation"].startswith("bubblewrap")
    # the report's table has a row per entry, in ranking order
    shown = [next(i for i, line in enumerate(report(result).splitlines()) if s.name in line) for s in result.table]
    assert shown == sorted(shown)


def test_a_user_bot_deciding_as_greedy_does_scores_as_greedy_since_each_plays_every_hand_of_every_deal() -> None:
    result = run_tournament(
        "mexicantrain", [f"{TRAIN_BOTS}:TrainHeaviest", "greedy"], games=6, seed=2, move_limit=20, unsandboxed=True
    )
    assert len({s.points for s in result.table}) == 1 and {s.rank for s in result.table} == {1}
    assert result.table[0].won + result.table[0].tied == result.table[1].won + result.table[1].tied


def test_a_crashing_user_bot_forfeits_the_round_and_the_other_plays_it_out() -> None:
    bots = [f"{TRAIN_BOTS}:CrashesMidRound", "greedy"]
    result = run_tournament("mexicantrain", bots, games=2, seed=1, jobs=1, move_limit=20)  # in its sandbox
    faults = {s.name.split(" ")[0]: s.faults for s in result.table}
    # Out of the round at its first fault: one forfeit a round (the crash comes in every round), then no more turns.
    assert faults == {"CrashesMidRound": {"crashed": 2}, "greedy": {}}
    assert result.tally is not None and result.tally.abandoned == 0 and result.games == 2


def test_tables_refuse_what_they_cannot_seat() -> None:
    with pytest.raises(ValueError, match="2 to 8"):
        run_tournament("mexicantrain", ["greedy"] * 9, games=9, seed=1)
    with pytest.raises(EntryError, match="does not play Mexican Train"):
        run_tournament("mexicantrain", ["greedy", "hyperskill"], games=2, seed=1)
    with pytest.raises(EntryError, match="plays for itself"):
        run_tournament("mexicantrain", ["greedy+random", "greedy"], games=2, seed=1)
    with pytest.raises(ValueError, match="not on a cluster"):
        run_tournament("mexicantrain", ["greedy", "random"], games=2, seed=1, scheduler="tcp://127.0.0.1:1")


def test_the_same_seed_gives_the_same_table_whatever_the_jobs() -> None:
    one = run_tournament("mexicantrain", ["greedy", "random", "random"], games=12, seed=9, jobs=1)
    two = run_tournament("mexicantrain", ["greedy", "random", "random"], games=12, seed=9, jobs=2)
    assert [(s.name, s.points, s.won, s.tied) for s in one.table] == [
        (s.name, s.points, s.won, s.tied) for s in two.table
    ]


def test_the_command_line_plays_a_table_and_writes_its_ranking_as_json_and_csv(tmp_path, capsys) -> None:
    seed = tmp_path / "seed"
    seed.write_text("4\n")
    base = ["--variant", "mexicantrain", "--bots", "greedy,random,random", "--games", "3", "--seed-file", str(seed)]
    assert main([*base, "--jobs", "1", "--out", str(tmp_path / "table.json")]) == 0
    data = json.loads((tmp_path / "table.json").read_text())
    assert data["ranked_by"] == "total points" and data["run"]["rounds"] == 3
    assert [r["rank"] for r in data["ranking"]] == sorted(r["rank"] for r in data["ranking"])
    assert sum(r["rounds"]["won"] + r["rounds"]["tied"] for r in data["ranking"]) >= 3
    assert not os.path.exists(tmp_path / "table.jsonl")  # a table keeps no journal
    assert main([*base, "--jobs", "1", "--out", str(tmp_path / "table.csv")]) == 0
    rows = list(csv.DictReader((tmp_path / "table.csv").open()))
    assert [(r["entry"], r["points"]) for r in rows] == [(r["entry"], str(r["points"])) for r in data["ranking"]]
    assert main([*base, "--out", str(tmp_path / "table.jsonl")]) == 2  # refused: there would be nothing to keep
    assert not os.path.exists(tmp_path / "table.jsonl")


def test_fives_and_threes_for_four_is_a_table_of_user_bots_in_their_sandboxes_ranked_by_most_points(
    tmp_path, capsys
) -> None:
    examples = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", "examples"))
    faulty = os.path.join(os.path.dirname(__file__), "bots", "faulty.py")
    seed = tmp_path / "seed"
    seed.write_text("6\n")
    bots = f"{examples}/tournament_bot.py:Blocker,cmd:sh {examples}/first_legal.sh,{faulty}:Raiser,greedy"
    base = ["--variant", "fivesandthrees", "--bots", bots, "--games", "4", "--seed-file", str(seed), "--jobs", "1"]
    assert main([*base, "--players", "4", "--move-limit", "20", "--out", str(tmp_path / "table.json")]) == 0
    data = json.loads((tmp_path / "table.json").read_text())
    ranking = {r["entry"].split(" ")[0]: r for r in data["ranking"]}
    assert data["ranked_by"] == "most total points" and data["run"]["rounds"] == 4 and data["run"]["abandoned"] == 0
    assert all(sum(r["rounds"].values()) == 4 for r in ranking.values())
    points = [r["points"] for r in data["ranking"]]
    assert points == sorted(points, reverse=True)  # where plays score, the most points rank first
    assert ranking["Raiser"]["forfeits"].get("raised", 0) > 0 and not ranking["greedy"]["forfeits"]
    assert "most total points" in capsys.readouterr().out
    # The table must seat as many entries as it has players, and the variant must seat that many.
    assert main([*base, "--players", "3"]) == 2 and "needs 3 entries" in capsys.readouterr().err
    assert main(["--variant", "classic", "--bots", "greedy,random,random", "--players", "3"]) == 2
