"""Leagues: Swiss rounds from the ratings, byes, the journal (resume, a cut last line), entries joining between
rounds, the exported table, and a league that ranks entries of known strength in their true order."""

import csv
import io
import json
import os
import random
from functools import partial

import pytest

from domino_tui.ai import NoisyBot
from domino_tui.tournament.league import RANKINGS, League, LeagueSettings, match_seed
from domino_tui.tournament.league_export import to_csv, to_json, write_table
from domino_tui.tournament.league_journal import JournalError, read_records
from domino_tui.tournament.local_match import LocalMatches
from domino_tui.tournament.points_fit import fit_points
from domino_tui.tournament.ratings import Rating
from domino_tui.tournament.spreadsheet import cell
from domino_tui.tournament.swiss import pair_round, sides_of

BUILTIN = ["greedy", "dummy", "random", "doubles", "hyperskill", "fivescorer"]


def pairs_met(league: League, rounds: int) -> list[frozenset[str]]:
    met = []
    for _ in range(rounds):
        plan = league.play_round()
        met += [frozenset(n for side in f.sides for n in side) for f in plan.fixtures]
    return met


@pytest.mark.parametrize("entries", [6, 8, 10])
def test_entries_meet_everyone_once_before_anyone_twice(entries) -> None:
    # entries - 1 rounds: the league has to find a whole round robin, round by round, out of Swiss pairings.
    names = [(f"bot{i}", BUILTIN[i % len(BUILTIN)]) for i in range(entries)]
    league = League.create("block", names, games=2, seed=entries)
    met = pairs_met(league, entries - 1)
    assert len(met) == len(set(met)) == entries * (entries - 1) // 2


def test_a_hundred_entries_play_thirty_rounds_without_a_repeat() -> None:
    # The pairing alone, with ratings drifting as results would move them: a long league of a big class.
    rng = random.Random(4)
    names = [f"e{i}" for i in range(100)]
    strength = dict.fromkeys(names, 25.0)
    met: dict[str, set[str]] = {name: set() for name in names}
    for _ in range(30):
        order = sorted(rng.sample(names, len(names)), key=lambda e: -strength[e])
        for a, b in pair_round(order, strength, met, {}, 2).tables:
            assert b not in met[a]
            met[a].add(b)
            met[b].add(a)
            winner, loser = (a, b) if rng.random() < 0.5 + (int(b[1:]) - int(a[1:])) / 250 else (b, a)
            strength[winner] += 0.5
            strength[loser] -= 0.5


def test_a_repeat_is_made_only_when_no_round_avoids_it() -> None:
    # a, b, c, d strongest first; c and d have met, so a taking its nearest, b, would leave c-d to repeat.
    strength = {"a": 4.0, "b": 3.0, "c": 2.0, "d": 1.0}
    met = {"c": {"d"}, "d": {"c"}}
    assert pair_round("abcd", strength, met, {}, 2).tables == (("a", "c"), ("b", "d"))
    # Everyone has met everyone: the round is still made, nearest first.
    everyone = {e: set("abcd") - {e} for e in "abcd"}
    assert pair_round("abcd", strength, everyone, {}, 2).tables == (("a", "b"), ("c", "d"))


def test_the_search_goes_back_when_a_choice_leaves_someone_nobody_new() -> None:
    # Found by trying random histories: here every pick the nearest-first rule makes at once ends with two
    # entries that have met; one pairing avoids every repeat.
    met: dict[str, set[str]] = {e: set() for e in "abcdef"}
    for a, b in ["ab", "ac", "af", "bd", "ce", "cf", "de", "ef"]:
        met[a].add(b)
        met[b].add(a)
    strength = {e: 6.0 - i for i, e in enumerate("abcdef")}
    assert pair_round("abcdef", strength, met, {}, 2).tables == (("a", "e"), ("b", "c"), ("d", "f"))


def test_neighbours_in_rating_meet() -> None:
    strength = {"a": 40.0, "b": 39.0, "c": 30.0, "d": 29.0, "e": 20.0, "f": 19.0}
    assert pair_round("abcdef", strength, {}, {}, 2).tables == (("a", "b"), ("c", "d"), ("e", "f"))


def test_an_odd_count_gives_one_bye_a_round_to_a_new_entry_each_time() -> None:
    league = League.create("block", BUILTIN[:5], games=2, seed=3)
    byes = []
    for _ in range(5):
        plan = league.play_round()
        assert len(plan.byes) == 1
        playing = {n for f in plan.fixtures for side in f.sides for n in side}
        assert playing.isdisjoint(plan.byes) and len(playing) == 4
        byes += plan.byes
    assert sorted(byes) == sorted(BUILTIN[:5])
    assert all(s.byes == 1 and s.matches == 4 for s in league.standings())


def test_the_bye_goes_to_the_weakest_who_has_had_none() -> None:
    strength = {"a": 3.0, "b": 2.0, "c": 1.0}
    assert pair_round("abc", strength, {}, {}, 2).byes == ("c",)
    assert pair_round("abc", strength, {}, {"c": 1}, 2).byes == ("b",)


@pytest.mark.parametrize("ranking", RANKINGS)
def test_ratings_follow_the_results_and_the_games_are_counted(ranking) -> None:
    league = League.create("block", ["greedy", "random"], games=30, seed=5, ranking=ranking)
    league.play(2)
    first, second = league.standings()
    assert (first.name, second.name) == ("greedy", "random")
    average = 25 if ranking == "openskill" else 0  # openskill's starting mu; the fit's points above the average
    assert first.rating.mu > average > second.rating.mu
    assert league.ratings["greedy"].mu > 25 > league.ratings["random"].mu  # openskill's, which the pairing uses
    assert first.won > first.lost and first.won == second.lost and first.tied == second.tied
    assert league.games == 60 == first.games == second.games
    assert league.rounds == 2


def test_a_small_league_ranks_entries_of_known_strength_in_their_true_order() -> None:
    noises = [0.0, 0.35, 0.7, 1.0]  # a random move that often, the greedy move otherwise
    bots = {f"noise {n}": partial(NoisyBot, noise=n) for n in noises}
    names = list(bots)
    joining = names[::-1]  # the weakest joins first: the order tells the league nothing
    league = League.create("classic", joining, games=40, seed=9, play_match=LocalMatches("classic", 40, bots))
    league.play(6)
    assert [s.name for s in league.standings()] == names
    assert league.games == 6 * 2 * 40


@pytest.mark.parametrize("ranking", RANKINGS)
def test_partners_are_rated_one_by_one_in_a_partnership_league(ranking) -> None:
    league = League.create("partnership", BUILTIN[:4], games=4, seed=2, per_side=2, ranking=ranking)
    plan = league.play_round()
    (fixture,) = plan.fixtures
    assert [len(side) for side in fixture.sides] == [2, 2]
    assert all(s.matches == 1 and s.games == 4 for s in league.standings())
    moved = {s.name: s.rating.mu for s in league.standings()}
    average = 25 if ranking == "openskill" else 0
    won = fixture.sides[0] if moved[fixture.sides[0][0]] > average else fixture.sides[1]
    assert all(moved[name] > average for name in won)  # partners share their side's result
    lost = fixture.sides[1] if won == fixture.sides[0] else fixture.sides[0]
    assert all(moved[name] < average for name in lost)


def test_pair_entries_play_a_whole_side_of_a_partnership_variant() -> None:
    league = League.create("partnership", ["greedy+dummy", "random", "doubles+greedy"], games=2, seed=2)
    plan = league.play_round()
    assert [len(side) for f in plan.fixtures for side in f.sides] == [1, 1]
    with pytest.raises(ValueError, match="2 seat"):
        league.add(["greedy+dummy+random"])


def test_a_table_is_split_into_even_sides() -> None:
    assert sides_of(["a", "b", "c", "d"], 2) == (("a", "d"), ("b", "c"))
    assert sides_of(["a", "b", "c"], 1) == (("a",), ("b",), ("c",))


def test_the_injected_match_player_gets_the_specs_and_a_seed_per_match() -> None:
    calls = []
    local = LocalMatches("block", 2)

    def play_match(sides, seed):
        calls.append((sides, seed))
        return local(sides, seed)

    league = League.create("block", [("A", "greedy"), ("B", "dummy")], games=2, seed=7, play_match=play_match)
    league.play(2)
    assert [sorted(sides) for sides, _ in calls] == [[("dummy",), ("greedy",)]] * 2
    assert [seed for _, seed in calls] == [match_seed(7, 1, 0), match_seed(7, 2, 0)]
    assert calls[0][1] != calls[1][1]


def test_the_same_seed_plays_the_same_league(tmp_path) -> None:
    for name in ("a", "b"):
        with League.create("block", BUILTIN, games=4, seed=11, journal=str(tmp_path / name)) as league:
            league.play(3)
    # The same records; the lines differ only in their MACs (each journal has a run number of its own).
    assert read_records(str(tmp_path / "a")) == read_records(str(tmp_path / "b"))


def run(path, rounds: int, entries=BUILTIN, **kwargs) -> League:
    league = League.create("block", entries, games=4, seed=21, journal=str(path), **kwargs)
    league.play(rounds)
    return league


def same_state(a: League, b: League) -> None:
    assert a.standings() == b.standings()
    assert a.games == b.games and a.rounds == b.rounds
    assert a.next_round() == b.next_round()


def test_resuming_gives_the_ratings_and_the_next_round_of_an_uninterrupted_run(tmp_path) -> None:
    whole = run(tmp_path / "whole.jsonl", 4)
    half = run(tmp_path / "half.jsonl", 2)
    half.close()
    assert League.settings_of(str(tmp_path / "half.jsonl")) == half.settings
    resumed = League.resume(str(tmp_path / "half.jsonl"))
    assert resumed.rounds == 2
    resumed.play(2)
    same_state(resumed, whole)
    whole.close()
    resumed.close()
    assert read_records(str(tmp_path / "whole.jsonl")) == read_records(str(tmp_path / "half.jsonl"))


def test_a_cut_last_line_is_dropped_and_its_match_played_again_however_often_it_happens(tmp_path) -> None:
    whole = run(tmp_path / "whole.jsonl", 3)
    whole.close()
    path = tmp_path / "cut.jsonl"
    run(path, 3).close()
    for _ in range(3):  # cut the last line, resume and finish, three times over
        data = path.read_bytes()
        path.write_bytes(data[: data.rstrip(b"\n").rfind(b"\n") + 20])
        resumed = League.resume(str(path))
        assert resumed.rounds == 2  # the cut line held a result of round 3
        resumed.play_round()
        resumed.close()
        assert read_records(str(path)) == read_records(str(tmp_path / "whole.jsonl"))


def test_a_resumed_journal_is_cut_back_to_its_last_whole_line_at_once(tmp_path) -> None:
    # Whatever is appended next (a shorter line: entries joining) must not land after the stump of the cut line.
    path = tmp_path / "league.jsonl"
    run(path, 1).close()
    data = path.read_bytes()
    path.write_bytes(data + b'{"kind": "join", "round": 2, "entries": [{"name": "a very long name indeed')
    League.resume(str(path)).close()
    assert path.read_bytes() == data


def test_a_round_cut_short_is_finished_with_the_matches_it_lacks(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    run(path, 2).close()
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:-2]))  # the last two results of round 2 never written
    calls = []
    local = LocalMatches("block", 4)
    resumed = League.resume(str(path), play_match=lambda sides, seed: calls.append(sides) or local(sides, seed))
    assert resumed.rounds == 1 and resumed.next_round().number == 2
    resumed.play_round()
    assert len(calls) == 2 and resumed.rounds == 2
    resumed.close()
    same_state(League.resume(str(path)), run(tmp_path / "whole.jsonl", 2))


def test_a_journal_that_was_changed_is_refused_saying_where(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    run(path, 1).close()
    lines = path.read_text().splitlines()
    record = json.loads(lines[3])
    record["match"] = 99
    path.write_text("\n".join([*lines[:3], json.dumps(record), *lines[4:]]) + "\n")
    with pytest.raises(JournalError, match="line 4"):
        League.resume(str(path))
    path.write_text("\n".join([*lines[:2], "not json", *lines[3:]]) + "\n")
    with pytest.raises(JournalError, match=r"line \d+: not a JSON record"):
        League.resume(str(path))
    (tmp_path / "other.jsonl").write_text('{"settings": {}}\n')
    with pytest.raises(JournalError, match="not a league journal"):
        League.resume(str(tmp_path / "other.jsonl"))


def test_a_league_whose_entries_are_refused_leaves_no_journal(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    with pytest.raises(ValueError, match="unknown bot 'grredy'"):
        League.create("block", ["greedy", "grredy"], journal=str(path))
    assert not path.exists()  # so the same command, corrected, can run


def test_a_file_that_is_no_league_journal_is_left_as_it_is(tmp_path) -> None:
    path = tmp_path / "other.jsonl"
    path.write_bytes(b'{"settings": {}}\n{"match": 0, "first": "gree')
    with pytest.raises(JournalError, match="not a league journal"):
        League.resume(str(path))
    assert path.read_bytes() == b'{"settings": {}}\n{"match": 0, "first": "gree'


def test_a_line_nested_too_deeply_or_a_fifo_is_refused_with_a_message(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    run(path, 1).close()
    with path.open("a") as fh:
        fh.write("[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(JournalError, match=r"line \d+: not a JSON record"):
        League.resume(str(path))
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    with pytest.raises(JournalError, match="it is a FIFO, not a file"):
        League.resume(str(fifo))


def test_a_new_league_never_overwrites_a_journal(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    run(path, 1).close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match="exists already"):
        League.create("block", BUILTIN, journal=str(path))
    assert path.read_bytes() == before


def test_entries_join_between_rounds_and_a_resume_replays_it(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    league = run(path, 2, entries=BUILTIN[:4])
    league.add([("late", "greedy")])
    assert league.ratings["late"] == Rating(25.0, 25.0 / 3.0)
    plan = league.play_round()
    assert any("late" in side for f in plan.fixtures for side in f.sides) or "late" in plan.byes
    league.close()
    resumed = League.resume(str(path))
    assert resumed.entries == [*BUILTIN[:4], "late"]
    same_state(resumed, league)
    resumed.close()


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (["greedy"], "in the league already"),
        (["grredy"], "unknown bot 'grredy'"),
        ([("", "greedy")], "needs a name"),
        ([("x", "greedy"), ("x", "dummy")], "in the league already"),
    ],
)
def test_an_entry_that_cannot_join_is_refused_and_nothing_is_written(tmp_path, entries, message) -> None:
    path = tmp_path / "league.jsonl"
    league = run(path, 1, entries=BUILTIN[:4])
    before = path.read_bytes()
    with pytest.raises(ValueError, match=message):
        league.add(entries)
    assert path.read_bytes() == before and len(league.entries) == 4
    league.close()


def test_no_entry_joins_while_a_round_is_unfinished(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    run(path, 1, entries=BUILTIN[:4]).close()
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:-1]))
    resumed = League.resume(str(path))
    with pytest.raises(ValueError, match="round 1 is not finished"):
        resumed.add(["expert"])
    resumed.close()


def test_the_table_exports_as_csv_with_formula_cells_made_text(tmp_path) -> None:
    hostile = ["=HYPERLINK(1)", "+1", "-cmd", "@SUM(A1)", "\tx", "\rx", "\nx", "|x"]
    league = League.create("block", [(name, "random") for name in [*hostile, "plain"]], games=2, seed=1)
    league.play(1)
    rows = list(csv.DictReader(io.StringIO(to_csv(league))))
    assert {row["entry"] for row in rows} == {"'" + name for name in hostile} | {"plain"}
    for row in rows:  # every other cell is a number, as written (float() refuses a leading apostrophe)
        assert all(isinstance(float(row[field]), float) for field in row if field != "entry")
    assert [int(row["rank"]) for row in rows] == sorted(int(row["rank"]) for row in rows)
    assert cell("greedy") == "greedy" and cell("") == "" and cell(-1) == -1
    write_table(league, str(tmp_path / "table.csv"))
    assert (tmp_path / "table.csv").read_bytes() == to_csv(league).encode()


def test_the_table_as_json_says_how_many_games_it_took_and_keeps_the_seed_secret(tmp_path) -> None:
    league = run(tmp_path / "league.jsonl", 2)
    data = to_json(league)
    assert data["games"] == league.games == 2 * 3 * 4 and data["rounds"] == 2
    assert [row["entry"] for row in data["table"]] == [s.name for s in league.standings()]
    assert "seed" not in json.dumps(data)
    with pytest.raises(ValueError, match=r"\.csv or \.json"):
        write_table(league, str(tmp_path / "table.txt"))
    league.close()


def test_every_record_is_one_canonical_json_line(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    run(path, 1).close()
    records = read_records(str(path))
    assert [r["kind"] for r in records] == ["league", "join", "round", "result", "result", "result"]
    for line, record in zip(path.read_text().splitlines(), records, strict=True):
        signed = json.loads(line)
        assert line == json.dumps(signed, sort_keys=True, separators=(",", ":"))
        assert {k: v for k, v in signed.items() if k not in ("mac", "run")} == record


def test_a_made_up_or_copied_line_is_refused_by_its_number(tmp_path) -> None:
    path = tmp_path / "league.jsonl"
    run(path, 1).close()
    lines = path.read_text().splitlines()
    made_up = {"kind": "result", "round": 1, "match": 0, "outcome": json.loads(lines[3])["outcome"]}
    path.write_text("\n".join([*lines[:3], json.dumps(made_up), *lines[4:]]) + "\n")
    with pytest.raises(JournalError, match="line 4: not a record this league wrote"):
        League.resume(str(path))
    other = tmp_path / "other.jsonl"  # the same league (same seed) run again: its lines do not fit this journal
    run(other, 1).close()
    path.write_text("\n".join([*lines[:3], other.read_text().splitlines()[3], *lines[4:]]) + "\n")
    with pytest.raises(JournalError, match="line 4"):
        League.resume(str(path))
    assert os.stat(other).st_mode & 0o077 == 0  # readable by its owner only


def test_a_journal_from_before_the_points_fit_still_ranks_by_openskill() -> None:
    settings = League.create("block", BUILTIN, seed=3).settings
    assert settings.ranking == "points"  # a new league's default
    old = settings.to_json()
    del old["ranking"]
    assert LeagueSettings.from_json(old).ranking == "openskill"
    assert LeagueSettings.from_json(settings.to_json()) == settings


def test_the_table_ranks_by_the_chosen_rating() -> None:
    by_fit = League.create("block", BUILTIN, games=4, seed=8)
    by_fit.play(3)
    fitted = fit_points(by_fit.entries, by_fit._played)
    assert [s.rating for s in by_fit.standings()] == sorted(fitted.values(), key=lambda r: -r.conservative)
    by_openskill = League.create("block", BUILTIN, games=4, seed=8, ranking="openskill")
    by_openskill.play(3)
    assert [s.rating for s in by_openskill.standings()] == [p.rating for p in by_openskill.ratings.leaderboard()]
    assert by_openskill.next_round() == by_fit.next_round()  # the pairing is openskill's either way


def test_settings_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="ranks by points or openskill, not 'wins'"):
        League.create("block", BUILTIN, ranking="wins")
    with pytest.raises(ValueError, match="at least one game"):
        League.create("block", BUILTIN, games=0)
    with pytest.raises(ValueError, match="cannot share"):
        League.create("partnership", BUILTIN, per_side=3)
    with pytest.raises(ValueError, match="at least 2 entries"):
        League.create("block", ["greedy"]).play_round()


def test_every_entry_is_seated_once_a_round() -> None:
    league = League.create("block", BUILTIN[:5], games=2, seed=6)
    for _ in range(3):
        plan = league.play_round()
        seated = [n for f in plan.fixtures for side in f.sides for n in side] + list(plan.byes)
        assert sorted(seated) == sorted(league.entries)
