"""Bots that try to cheat see nothing hidden; bots that misbehave cost their own turns, never the run."""

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest
from helpers import ctrl_c_as_in_a_terminal, forked_hosts, wait_gone

from domino_tui.tournament import run_tournament

HOSTILE = "hostile.py"
TOURNAMENT = [sys.executable, "-m", "domino_tui", "tournament"]


@pytest.fixture
def hostile(bots_dir: str, tmp_path) -> str:
    """This test's own copy of the misbehaving bots: its path is in the command line of every host of them (and of
    what they fork), and in no other test's, so that what this test looks for, waits for and finds left over is
    its own (the checkout's copy runs in other tests on other workers at the same time)."""
    return shutil.copy(os.path.join(bots_dir, HOSTILE), os.path.join(tmp_path, HOSTILE))


@pytest.mark.parametrize(
    ("name", "faults", "jobs"),
    [
        ("ForkAndHang", {"slow"}, 1),
        ("ClosePipes", {"crashed"}, 2),
        ("FakeAnswers", {"illegal"}, 1),
        ("Flood", {"illegal"}, 2),
        ("Hog", {"raised"}, 1),
        ("Exit", {"crashed"}, 1),
    ],
)
def test_a_misbehaving_bot_loses_turns_and_leaves_no_process(hostile: str, name: str, faults: set, jobs: int) -> None:
    bot = f"{hostile}:{name}"
    started = time.monotonic()
    result = run_tournament("block", [bot, "dummy"], games=2, seed=2, jobs=jobs, move_limit=0.3)
    m = result.matches[0]
    assert m.games == 2
    # Its own fault, and on a heavily loaded machine perhaps a late answer too (the limit is 0.3 s); never a fault
    # of its opponent's.
    assert faults <= set(m.faults[0]) <= faults | {"slow"} and m.faults[1] == {}
    assert m.notes[0]  # the first fault's detail, for the user
    assert time.monotonic() - started < 30
    assert wait_gone(hostile) == []


def test_what_a_bot_prints_is_not_taken_for_an_answer(bots_dir: str) -> None:
    result = run_tournament("block", [os.path.join(bots_dir, HOSTILE) + ":Chatter", "greedy"], games=2, seed=1)
    assert result.matches[0].faults == ({}, {})


@pytest.mark.parametrize("spec", ["slow_import.py:Honest", f"{HOSTILE}:SlowInit"])
def test_loading_has_its_own_allowance_beside_the_move_limit(bots_dir: str, spec: str) -> None:
    bot = os.path.join(bots_dir, spec)
    # 0.8 s to import or to build, more than the move limit of 0.7 s; the game's budget is 1 s and four move
    # limits, 3.8 s, which leaves starting the sandboxed host 3 s (at a move limit of 0.2 s it had 1 s, and a
    # machine at a load of 9 took longer).
    result = run_tournament("block", [bot, "greedy"], games=2, seed=1, jobs=1, move_limit=0.7)
    assert result.matches[0].faults == ({}, {})


def test_a_bot_in_sh_plays_a_match(examples_dir: str) -> None:
    script = os.path.join(examples_dir, "first_legal.sh")
    result = run_tournament("partnership9", [f"cmd:sh {script}", "dummy"], games=6, seed=3, jobs=2)
    m = result.matches[0]
    assert m.first == "first legal (sh)+first legal (sh) (cmd sh first_legal.sh)"
    assert m.faults == ({}, {}) and m.games == 6
    # The first legal move is a tile whenever one fits: the shell bot plays as dummy does.
    same = run_tournament("partnership9", ["dummy", "dummy"], games=6, seed=3).matches[0]
    assert (m.wins, m.ties) == (same.wins, same.ties)


def test_an_answer_made_to_run_code_in_the_referee_is_only_a_bad_line(tmp_path) -> None:
    mark = tmp_path / "pwned"
    evil = tmp_path / "evil.py"
    payload = f"cos\nsystem\n(S'touch {mark}'\ntR."
    evil.write_text(
        "import sys, json\n"
        "print(json.dumps({'hello': 'evil'}), flush=True)\n"
        "for line in sys.stdin:\n"
        "    if line.startswith('{\"game\"'):\n"
        "        print(json.dumps({'ready': True}), flush=True)\n"
        "    else:\n"
        f"        print({payload!r}.replace(chr(10), ' '), flush=True)\n"
    )
    result = run_tournament("block", [f"cmd:{sys.executable} {evil}", "greedy"], games=2, seed=1)
    assert set(result.matches[0].faults[0]) == {"illegal"}
    assert "broke the protocol" in result.matches[0].notes[0]
    assert not mark.exists()


def test_ctrl_c_stops_at_once_saves_the_finished_matches_and_leaves_nothing(hostile: str, tmp_path) -> None:
    out = tmp_path / "r.json"
    # ForkAndHang answers no move and leaves a child holding its pipes: each of its games waits out at least one
    # move limit of 5 s, and its matches are played in chunks of 25 games. At the Ctrl-C a worker has just begun
    # such a chunk (the built-in bots' match is saved as it finishes), so a run that played on, or only finished
    # the chunks it had begun, would take well over a minute more, waiting, however loaded the machine: the stop
    # is bounded below that, not at a count of seconds that a busy machine's load could reach. It takes a tenth
    # of a second on an idle one.
    proc = subprocess.Popen(
        [
            *TOURNAMENT,
            "--bots",
            f"greedy,dummy,{hostile}:ForkAndHang",
            "--games",
            "50",
            "--move-limit",
            "5",
            "--jobs",
            "2",
            "--out",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # so that what is left of the run if it fails can be ended here, and only it
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    journal = tmp_path / "r.jsonl"
    try:
        # A host of the bot has forked at its first turn, and the quick match of the built-in bots has been saved:
        # the run is under way. (Looking for any two processes that name this test's copy found the run itself and
        # its two workers, whose command lines name it too, so the Ctrl-C came while the hosts were starting.)
        deadline, forked, saved = time.monotonic() + 60, [], 0
        while time.monotonic() < deadline and proc.poll() is None and not (forked and saved >= 2):
            time.sleep(0.05)
            forked = forked_hosts(hostile)
            saved = len(journal.read_text().splitlines()) if journal.exists() else 0
        assert proc.poll() is None, "the run ended before it was interrupted"
        assert forked and saved >= 2, f"not under way within a minute: forked hosts {forked}, {saved} lines saved"
        proc.send_signal(signal.SIGINT)
        started = time.monotonic()
        _, err = proc.communicate(timeout=180)
        stopped = time.monotonic() - started
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert stopped < 60, f"{stopped:.1f} s to stop"
    assert proc.returncode == 130
    assert "--resume" in err and "Traceback" not in err
    assert wait_gone(hostile) == []
    lines = [json.loads(x) for x in journal.read_text().splitlines()]
    assert lines[0]["settings"]["games_per_match"] == 50
    # The match of the two built-in bots was over in a moment, and saved as it finished.
    assert any(x.get("first") == "greedy+greedy" and x.get("second") == "dummy+dummy" for x in lines[1:])


def test_a_bot_cannot_kill_the_process_that_started_it(hostile: str) -> None:
    # Regicide signals its parent: in its sandbox that is the sandbox's own first process, which ignores it.
    result = run_tournament("block", [f"{hostile}:Regicide", "greedy", "dummy"], games=10, seed=1, jobs=2)
    assert all(m.games == 10 and m.faults == ({}, {}) for m in result.matches)
    assert wait_gone(hostile) == []


def test_a_host_whose_starter_died_before_it_was_confined_ends_at_once() -> None:
    # The parent-death signal is set in the host after fork; a starter that died just before (a worker ended by
    # Ctrl-C) sends none, so the host checks that its parent is still the process that started it.
    from functools import partial

    from domino_tui.tournament.host import _confine

    # It ends in _confine itself, between fork and exec: its status is 1 and its program never ran (that would
    # have printed and ended with 0). Nothing in between waits, so a count of seconds would only measure the load.
    proc = subprocess.Popen(
        [sys.executable, "-c", "print('ran')"],
        stdout=subprocess.PIPE,
        preexec_fn=partial(_confine, os.getpid() + 1, (), True),
    )
    out, _ = proc.communicate(timeout=60)
    assert (proc.returncode, out) == (1, b"")


def test_a_bot_that_never_moves_loses_the_games_it_keeps_alive(hostile: str) -> None:
    # Every turn it loses counts as a pass, and classic has no end by passes: the game is abandoned, and lost by
    # the side whose forfeits kept it going (it used to be a tie, a draw for a bot that only had to never move).
    m = run_tournament("classic", [f"{hostile}:NeverMoves", "greedy"], games=2, seed=1, jobs=1).matches[0]
    assert m.abandoned >= 1  # greedy may also go out before it is stuck
    assert (m.wins, m.ties) == ((0, 2), 0)
    # Abandoned once the position stopped changing (a hundred of its turns with nothing laid or drawn), not after
    # a thousand more round trips to its host.
    assert sum(m.faults[0].values()) < 300
    assert wait_gone(hostile) == []
