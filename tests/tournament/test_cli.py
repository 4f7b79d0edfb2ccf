"""`domino-tui tournament` from the command line: the tables, the files, and clear messages for bad input."""

import csv
import io
import json
import os
import subprocess
import sys

import pytest

from domino_tui.cli import main as domino_main
from domino_tui.tournament.cli import main
from domino_tui.tournament.progress import ProgressBar


def test_without_a_seed_file_the_secret_seed_is_printed_and_saved_and_replays_the_run(tmp_path, capsys) -> None:
    args = ["--variant", "block", "--bots", "greedy,dummy", "--games", "4", "--jobs", "1", "--out"]
    assert main([*args, str(tmp_path / "secret.json")]) == 0
    printed = capsys.readouterr().out
    secret = json.loads((tmp_path / "secret.json").read_text())
    seed = secret["settings"]["seed"]
    assert f"seed {seed}," in printed
    (tmp_path / "seed").write_text(f"{seed}\n")
    assert main([*args, str(tmp_path / "again.json"), "--seed-file", str(tmp_path / "seed")]) == 0
    again = json.loads((tmp_path / "again.json").read_text())
    assert (again["settings"], again["matches"]) == (secret["settings"], secret["matches"])


def test_a_tournament_prints_the_ranking_and_writes_json(tmp_path, capsys) -> None:
    out = tmp_path / "results.json"
    seed = tmp_path / "seed"
    seed.write_text("2\n")
    rc = main(
        ["--bots", "greedy,dummy,doubles", "--games", "40", "--seed-file", str(seed), "--jobs", "1", "--out", str(out)]
    )
    assert rc == 0
    printed = capsys.readouterr()
    assert "Ranking (the MC102 judge's order" in printed.out
    assert "95% CI" in printed.out
    assert printed.err == ""  # no progress bar when stderr is not a terminal
    data = json.loads(out.read_text())
    assert data["settings"] == {
        "variant": "partnership9",
        "bots": ["greedy", "dummy", "doubles"],
        "games_per_match": 40,
        "seed": 2,
        "jobs": 1,
        "move_limit_seconds": 1.0,
        "sandboxed": True,
    }
    assert data["sandbox"] is None  # no user bot: nothing was sandboxed
    assert len(data["matches"]) == 3
    for m in data["matches"]:
        assert sum(m["wins"]) + m["ties"] == m["games"] == 40
        low, high = m["first_win_rate_ci95"]
        assert low <= m["first_win_rate"] <= high
    assert [r["rank"] for r in data["ranking"]] == sorted(r["rank"] for r in data["ranking"])


def test_csv_has_a_row_per_match_with_the_settings(tmp_path) -> None:
    out = tmp_path / "results.csv"
    args = ["--variant", "block", "--bots", "greedy,random", "--games", "10", "--jobs", "1", "--out", str(out)]
    assert main(args) == 0
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 1
    row = rows[0]
    assert (row["variant"], row["games_per_match"], row["first"], row["second"]) == ("block", "10", "greedy", "random")
    assert int(row["first_wins"]) + int(row["second_wins"]) + int(row["ties"]) == 10


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy,wizard"], "unknown bot 'wizard'"),
        (["--bots", "greedy"], "at least two entries"),
        (["--variant", "block", "--bots", "greedy+dummy,random"], "is a pair"),
        (["--bots", "nowhere.py:Bot,greedy"], "no such file"),
        (["--bots", "greedy,dummy", "--out", "results.txt"], "must end in .json, .csv or .jsonl"),
        (["--bots", "greedy,dummy", "--games", "0"], "between 1 and 1,000,000"),
        (["--bots", "greedy,dummy", "--games", "10000000000"], "between 1 and 1,000,000"),
        (["--bots", "greedy,dummy", "--move-limit", "0"], "between 0.001 and 3600"),
        (["--bots", "greedy,dummy", "--move-limit", "inf"], "between 0.001 and 3600"),
        (["--bots", "greedy,dummy", "--move-limit", "nan"], "between 0.001 and 3600"),
        (["--bots", "greedy,dummy", "--move-limit", "-1"], "between 0.001 and 3600"),
        (["--bots", "greedy,dummy", "--move-limit", "1e300"], "between 0.001 and 3600"),
        (["--bots", "cmd:,greedy"], "give the command after cmd:"),
        (["--resume", "nowhere.jsonl"], "cannot read nowhere.jsonl"),
        (["--resume", "x.jsonl", "--bots", "greedy,dummy"], "takes the entries, the seed and the sandbox"),
        (["--resume", "x.jsonl", "--seed-file", "s"], "takes the entries, the seed and the sandbox"),
        (["--bots", "greedy,dummy", "--seed", "5"], "--seed is not taken: every process on this machine can read"),
        (["--bots", "greedy,dummy", "--seed-file", "nowhere"], "--seed-file nowhere: No such file"),
        ([], "give the entries"),
    ],
)
def test_bad_input_gets_a_message_and_exit_code_2(capsys, args: list[str], message: str) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_a_user_bot_file_with_no_such_class(capsys, bots_dir: str) -> None:
    assert main(["--bots", f"{os.path.join(bots_dir, 'faulty.py')}:Missing,greedy", "--games", "2"]) == 2
    assert "has no class Missing" in capsys.readouterr().err


def test_the_main_command_hands_over_to_the_tournament(capsys) -> None:
    assert domino_main(["tournament", "--bots", "dummy,greedy", "--games", "8", "--jobs", "1"]) == 0
    assert "greedy+greedy" in capsys.readouterr().out


def test_as_a_process_with_a_broken_user_file(tmp_path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def broken(:\n")
    proc = subprocess.run(
        [sys.executable, "-m", "domino_tui", "tournament", "--bots", f"{broken}:Bot,greedy", "--games", "2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "cannot load" in proc.stderr and "SyntaxError" in proc.stderr
    assert "Traceback" not in proc.stderr


class FakeTerminal:
    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, s: str) -> None:
        self.text += s

    def flush(self) -> None:
        pass


def test_the_progress_bar_shows_games_rate_and_time_left() -> None:
    term = FakeTerminal()
    bar = ProgressBar(term, width=10, every=0)
    bar(0, 2000)
    line = bar.line(500, 2000, 2.0)
    assert line.startswith("[##--------] 500/2,000 games  250 games/s  0:06 left")
    bar(2000, 2000)
    bar.close()
    assert term.text.startswith("\r[----------] 0/2,000 games")
    assert "2,000/2,000 games" in term.text and "done in" in term.text
    assert term.text.endswith("\n")


def test_what_a_user_bot_prints_stays_out_of_the_results(bots_dir: str) -> None:
    bot = os.path.join(bots_dir, "faulty.py") + ":Chatty"
    proc = subprocess.run(
        [sys.executable, "-m", "domino_tui", "tournament", "--bots", f"{bot},greedy", "--games", "2", "--jobs", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0
    assert "thinking about" in proc.stderr
    assert "thinking about" not in proc.stdout
    assert proc.stdout.startswith("partnership9: 2 entries")


def test_the_main_help_points_to_the_tournament_command(capsys) -> None:
    assert domino_main(["--help"]) == 0  # argparse's exit, as the status main() returns
    assert "domino-tui tournament --help" in capsys.readouterr().out


def test_a_results_file_that_cannot_be_written_leaves_the_last_one_whole_and_the_report_printed(
    tmp_path, capsys, monkeypatch
) -> None:
    out = tmp_path / "results.json"
    out.write_text('{"the last run": true}\n')
    seed = tmp_path / "seed"
    seed.write_text("2\n")

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)  # the last step of an atomic write
    rc = main(["--bots", "greedy,dummy", "--games", "4", "--seed-file", str(seed), "--jobs", "1", "--out", str(out)])
    printed = capsys.readouterr()
    assert rc == 1
    assert "Ranking (the MC102 judge's order" in printed.out
    assert f"cannot write {out}: No space left on device" in printed.err
    assert out.read_text() == '{"the last run": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.json", "results.jsonl", "seed"]


def test_an_earlier_runs_journal_is_never_overwritten(tmp_path, capsys) -> None:
    seed = tmp_path / "seed"
    seed.write_text("2\n")
    out = tmp_path / "results.json"
    args = ["--bots", "greedy,dummy", "--games", "4", "--seed-file", str(seed), "--jobs", "1", "--out", str(out)]
    assert main(args) == 0
    journal = tmp_path / "results.jsonl"
    kept = journal.read_text()
    capsys.readouterr()
    assert main(args) == 2
    assert f"{journal} holds an earlier run: finish it with --resume {journal}" in capsys.readouterr().err
    assert journal.read_text() == kept


@pytest.mark.parametrize("entry", ["cmd:examples/first_legal.sh", "cmd:sh examples/first_legal.sh"])
def test_the_readmes_shell_bot_plays_as_its_path_or_through_sh(entry: str, capsys, monkeypatch) -> None:
    """The README points at examples/first_legal.sh for a program in any language: named by its path (it is
    executable, with its #! line) or handed to sh, from the checkout, it plays every game to a result."""
    monkeypatch.chdir(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    monkeypatch.setattr("sys.stdin", io.StringIO("5\n"))
    assert main(["--bots", f"{entry},greedy", "--games", "4", "--seed-file", "-", "--jobs", "1"]) == 0
    assert "first legal (sh)" in capsys.readouterr().out  # the name its hello gave, so it spoke the protocol


def test_a_seed_file_that_is_not_text_is_named_in_the_message(tmp_path, capsys) -> None:
    """Its UnicodeDecodeError went out as it was, naming neither the option nor the file."""
    seed = tmp_path / "seed"
    seed.write_bytes(b"\xff\xfe1")
    assert main(["--variant", "classic", "--bots", "greedy,dummy", "--games", "1", "--seed-file", str(seed)]) == 2
    assert f"--seed-file {seed}" in capsys.readouterr().err
