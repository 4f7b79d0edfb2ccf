"""``domino-tui league``: a league started, resumed with entries joining, its table printed and written; user bots
in the sandbox, where they cannot reach the league's journal; a run stopped mid-round goes on where it stopped."""

from __future__ import annotations

import csv
import hashlib
import subprocess
import sys

from helpers import ATTACKS, attack_copy, attack_reports

from domino_tui.tournament.league import League
from domino_tui.tournament.league_cli import main
from domino_tui.tournament.league_journal import read_records
from domino_tui.tournament.league_matches import HostedMatches

HONEST = ATTACKS + ":Honest"


def seed_file(tmp_path, seed: int = 5) -> str:
    path = tmp_path / "seed"
    path.write_text(f"{seed}\n")
    return str(path)


def test_a_league_starts_resumes_with_new_entries_and_writes_its_table(tmp_path, capsys) -> None:
    journal = str(tmp_path / "league.jsonl")
    start = ["--journal", journal, "--variant", "block", "--games", "6", "--jobs", "1"]
    assert main([*start, "--entries", f"greedy,dummy,random,{HONEST}", "--seed-file", seed_file(tmp_path)]) == 0
    assert "4 entries, 0 rounds, 0 games played" in capsys.readouterr().out
    assert main(["--journal", journal, "--rounds", "2", "--jobs", "1"]) == 0
    assert main(["--journal", journal, "--add", "doubles", "--rounds", "1", "--out", str(tmp_path / "t.csv")]) == 0
    out = capsys.readouterr().out
    assert "5 entries, 3 rounds" in out and "mu - 3 sigma" in out
    rows = list(csv.DictReader((tmp_path / "t.csv").read_text(encoding="utf-8").splitlines()))
    assert {r["entry"] for r in rows} == {"greedy", "dummy", "random", HONEST, "doubles"}
    # The same league played in one go, in this process, gives the same table.
    play = HostedMatches("block", 6)
    entries = ["greedy", "dummy", "random", HONEST]
    league = League.create("block", entries, 6, 5, play_match=play, check_entry=play.check)
    league.play(2)
    league.add(["doubles"])
    league.play(1)
    assert [(s.name, s.games, s.won) for s in league.standings()] == [
        (r["entry"], int(r["games"]), int(r["won"])) for r in rows
    ]


def test_the_ranking_is_chosen_when_the_league_starts_and_kept_in_its_journal(tmp_path, capsys) -> None:
    journal = str(tmp_path / "league.jsonl")
    start = ["--journal", journal, "--variant", "block", "--games", "2", "--jobs", "1", "--rounds", "1"]
    assert main([*start, "--entries", "greedy,dummy,random", "--ranking", "openskill"]) == 0
    assert League.settings_of(journal).ranking == "openskill"
    assert main(["--journal", journal, "--ranking", "points", "--jobs", "1"]) == 2  # only a new league takes it
    assert "--ranking" in capsys.readouterr().err
    assert League.settings_of(journal).ranking == "openskill"


def test_mistakes_are_told_without_a_traceback(tmp_path, capsys) -> None:
    journal = str(tmp_path / "league.jsonl")
    assert main(["--journal", journal]) == 2
    assert main(["--journal", journal, "--variant", "block", "--entries", "greedy,grredy"]) == 2
    err = capsys.readouterr().err
    assert "--entries" in err and "unknown bot 'grredy'" in err and "Traceback" not in err
    assert not (tmp_path / "league.jsonl").exists()


def test_a_user_bot_reads_neither_the_leagues_journal_nor_its_seed(tmp_path, capsys) -> None:
    journal = tmp_path / "league.jsonl"  # in the bot's own folder; it holds the seed
    seed = seed_file(tmp_path, 8271937465)
    sought = hashlib.sha256(b"8271937465").hexdigest()
    spy = attack_copy(str(tmp_path), TARGETS=[str(journal), seed], SOUGHT=sought)
    assert main(["--journal", str(journal), "--variant", "block", "--entries", f"{spy}:Spy,greedy,dummy",
                 "--games", "4", "--seed-file", seed, "--rounds", "2", "--jobs", "1"]) == 0  # fmt: skip
    looks = attack_reports(capsys.readouterr().err, "spy")
    assert looks
    for seen in looks:
        assert not seen["found"] and seen["read"][seed] == "denied"
        assert seen["read"][str(journal)] in ("denied", "missing")
    assert [r["kind"] for r in read_records(str(journal))].count("result") == 2  # every line verifies


def test_a_league_stopped_mid_round_goes_on_where_it_stopped(tmp_path) -> None:
    journal = str(tmp_path / "league.jsonl")
    command = [sys.executable, "-m", "domino_tui", "league", "--journal", journal, "--variant", "block"]
    entries = ["--entries", f"{HONEST},greedy,dummy,random", "--games", "6", "--seed-file", seed_file(tmp_path)]
    subprocess.run([*command, *entries], check=True, capture_output=True, timeout=60)
    done = subprocess.run([*command, "--rounds", "2"], check=True, capture_output=True, timeout=120)
    whole = read_records(journal)
    # Cut the journal back to the middle of round 2 (one of its two results gone), as an interrupted run leaves it.
    path = tmp_path / "league.jsonl"
    path.write_bytes(b"".join(path.read_bytes().splitlines(keepends=True)[:-1]))
    again = subprocess.run([*command, "--rounds", "0"], check=True, capture_output=True, timeout=120)
    assert read_records(journal) == whole[:-1]  # resuming alone plays nothing
    assert b"1 rounds" in again.stdout
    finish = subprocess.run([*command, "--add", "doubles"], check=True, capture_output=True, timeout=120)
    assert read_records(journal)[: len(whole)] == whole  # the cut round was finished first, as it was played
    assert b"5 entries, 2 rounds" in finish.stdout and b"2 rounds" in done.stdout


def test_single_bots_as_partners_play_with_their_partner_of_the_round() -> None:
    play = HostedMatches("partnership", 4)
    entries = ["greedy", "dummy", "random", HONEST]
    with League.create("partnership", entries, 4, 9, per_side=2, play_match=play, check_entry=play.check) as league:
        plan = league.play_round()
        assert [len(side) for side in plan.fixtures[0].sides] == [2, 2]
        table = league.standings()
    assert all(s.games == 4 for s in table)
    # Partners share their side's result: both of a side won or lost alike.
    for side in plan.fixtures[0].sides:
        assert len({next(s.won for s in table if s.name == name) for name in side}) == 1
