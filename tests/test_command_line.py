"""Every command line ends with its usual status and no traceback: arguments it cannot use, and output it
cannot write (a reader that went away, a full disk, stdout closed before the start), in every face that prints.

A reader that went away (``| head``, ``| true``) asked for no more: the program ends quietly, status 0. Output
lost any other way gets one line on stderr and status 1. A results file is written whatever becomes of stdout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from domino_tui.cli import main

LONG_SEED = "9" * 4301
# A tournament reads its seed from a file (never from its command line); domino_tui() writes it.
TOURNAMENT = ["tournament", "--variant", "block", "--bots", "greedy,dummy", "--games", "4", "--seed-file", "seed.txt"]
# A face that prints, and what it reads on stdin.
PRINTING = {
    "plain-stage-1": (["--plain", "--stage", "1", "--seed", "3"], ""),
    "plain-stage-5": (["--plain", "--seed", "3"], "1\n\n0\n\n"),
    "plain-by-argparse": (["--plain", "--stage=5", "--seed", "3", "--stage", "2"], ""),
    "help": (["--help"], ""),
    "stats": (["stats"], ""),
    "stats-csv": (["stats", "--csv"], ""),
    "tournament": ([*TOURNAMENT, "--out", "r.json"], ""),
}


def domino_tui(args, tmp_path, stdin="", stdout=subprocess.PIPE, preexec_fn=None):
    env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(tmp_path / "config")}
    Path(tmp_path, "seed.txt").write_text("1\n")
    return subprocess.run(
        [sys.executable, "-m", "domino_tui", *args],
        input=stdin.encode(),
        stdout=stdout,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env=env,
        preexec_fn=preexec_fn,
        timeout=120,
    )


def no_traceback(stderr: bytes) -> str:
    text = stderr.decode()
    assert "Traceback" not in text and "Exception ignored" not in text, text
    return text


@pytest.mark.parametrize("args", [["--plain", "--seed", LONG_SEED], ["--seed", LONG_SEED], [f"--seed={LONG_SEED}"]])
def test_a_seed_too_long_to_read_is_a_usage_error(args, tmp_path):
    done = domino_tui(args, tmp_path)
    err = no_traceback(done.stderr)
    assert done.returncode == 2
    assert "a seed has at most 4,300 digits, not 4,301" in err
    assert len(err) < 1000  # the number is not echoed back


def test_the_longest_seed_python_reads_is_a_seed(tmp_path):
    done = domino_tui(["--plain", "--stage", "1", "--seed", "9" * 4300], tmp_path)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.startswith(b"Stock pieces: ")


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--plain", "--variant", "block"], "the plain mode plays classic only"),
        (["--plain", "--variant=allfives", "--stage", "1"], "the plain mode plays classic only"),
        (["--plain", "--opponent", "Hard"], "--opponent is for the table"),
        (["--plain", "--pause", "0.1"], "--pause is for the table"),
        (["--stage", "3"], "--stage is for the plain mode"),
        (["--plain", "--variant", "mexicantrain"], "the plain mode plays classic only"),
        (["--plain", "--players", "4"], "--players is for the table"),
        (["--players", "4"], "--players needs a variant that seats more than one number of players"),
        (["--variant", "classic", "--players", "4"], "--players needs a variant that seats more than one number"),
        (["--variant", "mexicantrain", "--players", "9"], "--players must be 2 to 8 in mexicantrain"),
        (["--variant", "fivesandthrees", "--players", "5"], "--players must be 2 to 4 in fivesandthrees"),
        (["--variant", "mexicantrain", "--opponent", "hyperskill"], "'hyperskill' does not play mexicantrain"),
        (["--variant", "classic", "--opponent", "trainplanner"], "'trainplanner' does not play classic"),
        (
            ["--opponent", "nobody"],
            "unknown opponent 'nobody'; choose one of: Beginner, Easy, Normal, Hard, Master, random, dummy, greedy, "
            "doubles, hyperskill, fivescorer, fivesdenier, expert, ismcts, person, trainplanner",
        ),
    ],
)
def test_an_option_the_face_would_ignore_is_refused(args, why, tmp_path):
    done = domino_tui(args, tmp_path)
    assert done.returncode == 2 and done.stdout == b""
    assert why in no_traceback(done.stderr)


def test_plain_classic_is_still_the_plain_mode(tmp_path):
    done = domino_tui(["--plain", "--variant", "classic", "--stage", "1", "--seed", "3"], tmp_path)
    assert (done.returncode, done.stderr) == (0, b"")


@pytest.mark.parametrize("face", list(PRINTING))
def test_a_reader_that_went_away_ends_it_quietly(face, tmp_path):
    args, stdin = PRINTING[face]
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first line: every write fails
    try:
        done = domino_tui(args, tmp_path, stdin, stdout=write)
    finally:
        os.close(write)
    assert (done.returncode, no_traceback(done.stderr)) == (0, "")


@pytest.mark.parametrize("face", list(PRINTING))
def test_a_full_disk_is_one_line_and_status_1(face, tmp_path):
    args, stdin = PRINTING[face]
    with open("/dev/full", "wb") as full:
        done = domino_tui(args, tmp_path, stdin, stdout=full)
    err = no_traceback(done.stderr)
    assert done.returncode == 1
    assert err.endswith("domino-tui: cannot write to standard output: No space left on device\n"), err


@pytest.mark.parametrize("face", list(PRINTING))
def test_stdout_closed_before_the_start_is_one_line_and_status_1(face, tmp_path):
    args, stdin = PRINTING[face]
    done = domino_tui(args, tmp_path, stdin, stdout=None, preexec_fn=lambda: os.close(1))
    err = no_traceback(done.stderr)
    assert done.returncode == 1
    assert err.endswith("domino-tui: cannot write to standard output: it is closed\n"), err


@pytest.mark.parametrize("stdout", ["gone", "full"])
def test_the_results_file_is_written_whatever_becomes_of_stdout(stdout, tmp_path):
    read, write = os.pipe()
    os.close(read)
    target = write if stdout == "gone" else open("/dev/full", "wb")  # noqa: SIM115  # closed below
    try:
        done = domino_tui([*TOURNAMENT, "--out", "r.json"], tmp_path, stdout=target)
    finally:
        os.close(write)
        if stdout == "full":
            target.close()
    no_traceback(done.stderr)
    results = json.loads(Path(tmp_path, "r.json").read_text())
    assert [m["games"] for m in results["matches"]] == [4]


def test_a_grader_that_runs_the_program_in_process_sees_its_stdout_again(monkeypatch, capsys):
    # The guard over stdout is taken off when the program returns: nothing of a run outlives it.
    from domino_tui.cli import main

    before = sys.stdout
    assert main(["--plain", "--stage", "1", "--seed", "3"]) == 0
    assert sys.stdout is before
    assert capsys.readouterr().out.startswith("Stock pieces: [[2, 5]")


@pytest.mark.parametrize(("variant", "players"), [("fivesandthrees", 3), ("fivesandthrees", 4), ("mexicantrain", 6)])
def test_players_reach_the_table_for_every_variant_that_seats_several_numbers(monkeypatch, variant, players):
    started: dict[str, object] = {}
    monkeypatch.setattr("domino_tui.tui.app.run", lambda **options: started.update(options) or 0)
    assert main(["--variant", variant, "--players", str(players)]) == 0
    assert (started["variant"], started["players"]) == (variant, players)


def test_the_servers_listen_on_this_machine_only_unless_told_and_a_user_bot_has_a_second_a_move():
    # Defaults a user relies on without reading --help: a room server or a web face started bare is not open to
    # the network, and a tournament cuts off a user bot's move after 1 s.
    from domino_tui.cli import web_parser
    from domino_tui.net.cli import build_parser as serve_parser
    from domino_tui.net.cli import server_config
    from domino_tui.tournament.cli import build_parser as tournament_parser

    served = server_config(serve_parser().parse_args([]), "rooms.sqlite3")
    assert served.host == "127.0.0.1"
    assert server_config(serve_parser().parse_args(["--host", "0.0.0.0"]), "rooms.sqlite3").host == "0.0.0.0"
    web = web_parser().parse_args([])
    assert (web.host, web.port) == ("127.0.0.1", 8000)
    assert tournament_parser().parse_args(["--bots", "greedy,dummy"]).move_limit == 1.0
