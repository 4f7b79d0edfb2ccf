"""Bots that try to cheat see nothing hidden; bots that misbehave cost their own turns, never the run."""

import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from domino_tui.tournament import run_tournament
from domino_tui.tournament.api import resume_tournament

HOSTILE = "hostile.py"
TOURNAMENT = [sys.executable, "-m", "domino_tui", "tournament"]
# In the command line of every host of these bots (and of what they fork). The whole path, so that a run of the
# same tests from another checkout on this machine is not taken for a leftover of this one.
MARK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bots", HOSTILE)


def leftovers(marker: str) -> list[int]:
    """Processes (other than this one) whose command line names ``marker``: hosts or what they started."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as fh:
                    if marker.encode() in fh.read():
                        out.append(int(name))
            except OSError:
                pass
    return out


def wait_gone(marker: str, seconds: float = 3.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while (left := leftovers(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


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
def test_a_misbehaving_bot_loses_turns_and_leaves_no_process(bots_dir: str, name: str, faults: set, jobs: int) -> None:
    bot = os.path.join(bots_dir, HOSTILE) + ":" + name
    started = time.monotonic()
    result = run_tournament("partnership9", [bot, "dummy"], games=3, seed=2, jobs=jobs, move_limit=0.5)
    m = result.matches[0]
    assert m.games == 3
    assert set(m.faults[0]) == faults and m.faults[1] == {}
    assert m.notes[0]  # the first fault's detail, for the user
    assert time.monotonic() - started < 30
    assert wait_gone(MARK) == []


def test_what_a_bot_prints_is_not_taken_for_an_answer(bots_dir: str) -> None:
    result = run_tournament("block", [os.path.join(bots_dir, HOSTILE) + ":Chatter", "greedy"], games=2, seed=1)
    assert result.matches[0].faults == ({}, {})


@pytest.mark.parametrize("spec", ["slow_import.py:Honest", f"{HOSTILE}:SlowInit"])
def test_loading_has_its_own_allowance_beside_the_move_limit(bots_dir: str, spec: str) -> None:
    bot = os.path.join(bots_dir, spec)
    result = run_tournament("block", [bot, "greedy"], games=2, seed=1, jobs=1, move_limit=0.5)
    assert result.matches[0].faults == ({}, {})


def test_a_bot_in_sh_plays_a_match(examples_dir: str) -> None:
    script = os.path.join(examples_dir, "first_legal.sh")
    result = run_tournament("partnership9", [f"cmd:sh {script}", "dummy"], games=6, seed=3, jobs=2)
    m = result.matches[0]
    assert m.first == "first legal (sh)+first legal (sh)"
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


def test_a_spy_reads_nothing_hidden(bots_dir: str, tmp_path) -> None:
    report = tmp_path / "report.json"
    spy = tmp_path / "spy.py"
    with open(os.path.join(bots_dir, "spy.py")) as fh:
        spy.write_text(fh.read().replace('REPORT = ""', f"REPORT = {str(report)!r}"))
    seed = "8271937465123"
    proc = subprocess.run(
        [*TOURNAMENT, "--bots", f"{spy}:Spy,greedy", "--games", "2", "--jobs", "2", "--seed", seed],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert f"seed {seed}" in proc.stdout  # the run says its seed to the user, at the end
    seen = json.loads(report.read_text())
    assert seed not in json.dumps(seen)
    # Its rng is not one a bot could rebuild from readable strings (the old seeding), but the keyed one.
    from domino_tui.tournament.schedule import bot_seed, user_bot_seed

    def state(s: object) -> str:
        return repr(random.Random(s).getstate())

    assert seen["rng"] not in {state(bot_seed(int(seed), 0, 0, k)) for k in range(4)}
    assert seen["rng"] in {state(user_bot_seed(int(seed), 0, 0, k)) for k in range(4)}
    # A fresh interpreter: nothing of the referee's is imported, no game or schedule object is there to find.
    assert not {"domino_tui.tournament.schedule", "domino_tui.tournament.runner", "multiprocessing"} & set(
        seen["modules"]
    )
    assert set(seen["environ"]) <= {"PATH", "HOME", "TMPDIR", "LANG", "PYTHONPATH", "PYTHONHASHSEED"} | {
        "PYTHONDONTWRITEBYTECODE",
        "LC_CTYPE",
    }
    # The referee and its workers: their memory and environment are closed to the bot.
    referees = [a for a in seen["ancestors"].values() if "domino_tui" in a["cmdline"]]
    assert len(referees) >= 2  # the worker and the command itself
    for found in referees:
        assert found["mem"].startswith("denied") and found["environ"].startswith("denied")
        assert "--seed\0*************" in found["cmdline"]


def test_partners_get_private_folders(bots_dir: str) -> None:
    from domino_tui.tournament.entries import parse_bot
    from domino_tui.tournament.host import BotHost, host_command

    spec = parse_bot(os.path.join(bots_dir, HOSTILE) + ":Honest")
    hosts = [BotHost(*host_command(spec)) for _ in range(2)]
    try:
        for h in hosts:
            h.describe()
        homes = [h.home for h in hosts]
        assert homes[0] != homes[1] and all(os.stat(h).st_mode & 0o777 == 0o700 for h in homes)
    finally:
        for h in hosts:
            h.stop()
    assert not any(os.path.exists(h) for h in homes)


def test_an_interrupted_tournament_resumes_to_the_same_results(tmp_path) -> None:
    bots = ["greedy", "dummy", "random", os.path.join(os.path.dirname(__file__), "bots", HOSTILE) + ":Honest"]
    full = tmp_path / "full.jsonl"
    whole = run_tournament("partnership9", bots, games=30, seed=11, jobs=2, journal=str(full))
    lines = full.read_text().splitlines()
    assert len(lines) == 1 + len(whole.matches)
    # The run stopped after three matches, in the middle of writing the fourth.
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:4]) + "\n" + lines[4][:20])
    resumed = resume_tournament(str(cut), jobs=2)
    assert resumed.matches == whole.matches
    assert resumed.ranking == whole.ranking
    assert resumed.settings.seed == 11


def test_ctrl_c_stops_at_once_saves_the_finished_matches_and_leaves_nothing(bots_dir: str, tmp_path) -> None:
    out = tmp_path / "r.json"
    slow = os.path.join(bots_dir, HOSTILE) + ":ForkAndHang"
    proc = subprocess.Popen(
        [*TOURNAMENT, "--bots", f"greedy,dummy,{slow}", "--games", "50", "--jobs", "2", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    journal = tmp_path / "r.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(leftovers(MARK)) < 2:
        time.sleep(0.1)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    started = time.monotonic()
    _, err = proc.communicate(timeout=10)
    assert time.monotonic() - started < 2.5
    assert proc.returncode == 130
    assert "--resume" in err and "Traceback" not in err
    assert wait_gone(MARK) == []
    lines = [json.loads(x) for x in journal.read_text().splitlines()]
    assert lines[0]["settings"]["games_per_match"] == 50
    # The match of the two built-in bots was over in a moment, and saved as it finished.
    assert any(x.get("first") == "greedy+greedy" and x.get("second") == "dummy+dummy" for x in lines[1:])


def test_a_bot_that_kills_its_worker_ends_the_run_with_a_message_not_a_hang(bots_dir: str, tmp_path) -> None:
    from domino_tui.tournament.runner import WorkerLost

    bot = os.path.join(bots_dir, HOSTILE) + ":Regicide"
    started = time.monotonic()
    with pytest.raises(WorkerLost, match="killed from outside"):
        run_tournament("block", [bot, "greedy", "dummy"], games=30, seed=1, jobs=2, journal=str(tmp_path / "j.jsonl"))
    assert time.monotonic() - started < 30
    assert wait_gone(MARK) == []
    # The journal is there to resume from (the matches finished before are in it).
    assert json.loads((tmp_path / "j.jsonl").read_text().splitlines()[0])["settings"]["seed"] == 1


def test_only_the_seed_is_hidden_in_the_command_line_however_it_is_written() -> None:
    code = (
        "from domino_tui.tournament.secrecy import hide_in_cmdline\n"
        "hide_in_cmdline('77')\n"
        "print(open('/proc/self/cmdline', 'rb').read().split(b'\\0')[3:-1])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "--games", "77", "--se", "77", "--seed=77"], capture_output=True, text=True
    )
    assert proc.stdout.strip() == "[b'--games', b'77', b'--se', b'**', b'--seed=**']"


def test_a_host_whose_starter_died_before_it_was_confined_ends_at_once() -> None:
    # The parent-death signal is set in the host after fork; a starter that died just before (a worker ended by
    # Ctrl-C) sends none, so the host checks that its parent is still the process that started it.
    from functools import partial

    from domino_tui.tournament.host import _confine

    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(30)"], preexec_fn=partial(_confine, os.getpid() + 1)
    )
    assert proc.wait(timeout=10) == 1
    assert time.monotonic() - started < 5
