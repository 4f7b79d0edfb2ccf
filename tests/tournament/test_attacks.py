"""Each attack a student who wants to win at any price made on the tournament, made again by a bot of ours.

Every attack must fail: no other host touched, no hidden tile or seed read, no forged line accepted, nothing left
running, the victim's forfeits 0; and the attacker, which plays as Honest once its attack is made, must come out
exactly as Honest does. The bots are in bots/attacks.py; the journal's attacks are in test_journal.py, the attack
of a tournament run by a normal user in test_normal_user.py.
"""

import csv
import json
import os
import signal
import subprocess
import sys
import time

import pytest
from helpers import (
    ATTACKS,
    BOTS,
    FIRST_LEGAL,
    attack_copy,
    attack_reports,
    children,
    figures,
    private_first_legal,
    started_hosts,
    wait_gone,
)

from domino_tui.tournament import run_tournament
from domino_tui.tournament.cgroups import start_time  # tells a process from a later one given its pid
from domino_tui.tournament.host import game_budget

TOURNAMENT = [sys.executable, "-m", "domino_tui", "tournament"]
HONEST = ATTACKS + ":Honest"
POLITE = os.path.join(BOTS, "faulty.py") + ":Polite"
SHELL = f"cmd:sh {FIRST_LEGAL}"


def test_a_bot_cannot_find_stop_or_answer_for_the_other_hosts(capsys) -> None:
    victims = [POLITE, SHELL]  # a Python bot and a program
    result = run_tournament("partnership9", [ATTACKS + ":Hijacker", *victims], games=6, seed=5, jobs=1)
    found = attack_reports(capsys.readouterr().err, "hijack")
    assert len(found) > 20  # it looked at every move, from both seats' hosts
    assert all(f == {"seen": [], "stopped": 0, "written": 0} for f in found)
    assert all(m.faults == ({}, {}) for m in result.matches)
    honest = run_tournament("partnership9", [HONEST, *victims], games=6, seed=5, jobs=1)
    assert figures(result) == figures(honest)


def test_outside_the_sandbox_the_same_bot_does_reach_the_other_hosts(capsys) -> None:
    # What the test above guards against: run as the user's own programs, the hijacker finds its victims.
    # (Its own tournament's hosts only: other tests' hosts run beside it on the machine.)
    run_tournament("block", [ATTACKS + ":NeighbourHijacker", POLITE], games=2, seed=5, jobs=1, unsandboxed=True)
    found = attack_reports(capsys.readouterr().err, "hijack")
    assert found[-1]["seen"] and found[-1]["stopped"]


def test_a_constructor_that_never_returns_costs_a_few_budgets_a_match() -> None:
    budget = game_budget(0.05)
    assert budget == pytest.approx(1.2)
    # What the same games cost with a bot that is ready at once, measured now: the run's own work at the load of
    # the moment, which a fixed allowance of seconds would have had to guess.
    started = time.monotonic()
    run_tournament("block", [HONEST, "greedy"], games=12, seed=1, jobs=1, move_limit=0.05)
    work = time.monotonic() - started
    started = time.monotonic()
    result = run_tournament("block", [ATTACKS + ":NeverBuilt", "greedy"], games=12, seed=1, jobs=1, move_limit=0.05)
    elapsed = time.monotonic() - started
    m = result.matches[0]
    assert m.games == 12 and m.faults[1] == {}
    assert set(m.faults[0]) == {"slow"} and m.wins[1] > m.wins[0]
    assert "not ready within its 1.2 s" in m.notes[0]
    # Not ready in games 0, 1, 3 and 7, sitting out the others: four budgets. A budget every game would be twelve
    # (one a move, far more); the bound is halfway, over the work (the hosts' starts are inside the budgets).
    assert elapsed < work + 8 * budget, f"{elapsed:.1f} s, the same games with an honest bot {work:.1f} s"


def test_a_bots_busy_children_take_no_time_from_the_others(tmp_path, capsys) -> None:
    attacks = attack_copy(str(tmp_path))  # this test's own copy: what is left of it is looked for by its path
    thinker = attacks + ":Thinker"  # needs 0.1 s of CPU a move
    result = run_tournament("block", [attacks + ":Swarm", thinker], games=2, seed=2, jobs=1, move_limit=1.0)
    swarm = attack_reports(capsys.readouterr().err, "swarm")
    assert swarm and swarm[-1]["children"] == 6
    # The six busy children, each in a session of its own, got one CPU between them at most while it was not
    # their bot's move (outside the sandbox: as many as the machine has).
    assert swarm[-1]["cpu_share"] <= 1.1
    assert result.matches[0].faults == ({}, {})
    assert wait_gone(attacks) == []
    honest = run_tournament("block", [HONEST, thinker], games=2, seed=2, jobs=1, move_limit=1.0)
    assert figures(result) == figures(honest)


def test_forked_children_share_one_memory_limit(tmp_path, capsys) -> None:
    attacks = attack_copy(str(tmp_path))  # this test's own copy: what is left of it is looked for by its path
    hoarder = [attacks + ":Hoarder", "greedy"]
    result = run_tournament("block", hoarder, games=2, seed=3, jobs=1, move_limit=20.0)
    (hoard,) = attack_reports(capsys.readouterr().err, "hoard")
    # Three children of 450 MiB each, every one under the 2 GiB a process may have (outside the sandbox all three
    # hold theirs); the host's 1 GiB, its children included, lets two at most hold theirs at once.
    assert hoard["full"] - hoard["dead"] <= 2 and hoard["dead"] >= 1
    assert result.matches[0].faults == ({}, {})
    assert wait_gone(attacks) == []
    honest = run_tournament("block", [HONEST, "greedy"], games=2, seed=3, jobs=1, move_limit=20.0)
    assert figures(result) == figures(honest)


def test_a_bot_calling_itself_greedy_or_a_formula_is_named_by_where_it_came_from(tmp_path) -> None:
    def program(name: str, hello: str) -> str:
        script = tmp_path / f"{name}.sh"
        with open(FIRST_LEGAL, encoding="utf-8") as fh:
            script.write_text(fh.read().replace('{"hello": "first legal (sh)"}', json.dumps({"hello": hello})))
        return f"cmd:sh {script}"

    formula = '=HYPERLINK("http://example.com","click")'
    bots = [program("impostor", "greedy"), "greedy", program("formula", formula)]
    out = tmp_path / "r.csv"
    assert subprocess.run([*TOURNAMENT, "--variant", "block", "--bots", ",".join(bots), "--games", "2", "--jobs",
                           "1", "--out", str(out)], capture_output=True, timeout=120).returncode == 0  # fmt: skip
    rows = list(csv.DictReader(out.open()))
    names = {r["first"] for r in rows} | {r["second"] for r in rows}
    assert names == {"greedy (cmd sh impostor.sh)", "greedy", "'" + formula + " (cmd sh formula.sh)"}
    assert all(not cell.startswith(("=", "+", "-", "@")) for r in rows for cell in r.values())


@pytest.fixture
def background(tmp_path):
    """Starts a tournament as a process of its own, with TMPDIR a folder of its own (sandboxed hosts keep
    nothing on disk, the rest goes where TMPDIR says): (process, that folder).
    Whatever happens in the test, the process is killed at the end (its workers and hosts die with it)."""
    started: list[subprocess.Popen] = []

    def start(bots: str, *extra: str) -> tuple[subprocess.Popen, str]:
        tmp = tmp_path / "tmp"
        tmp.mkdir()
        proc = subprocess.Popen(
            [*TOURNAMENT, "--bots", bots, "--games", "400", "--jobs", "2", "--move-limit", "0.5", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "TMPDIR": str(tmp)},
        )
        started.append(proc)
        return proc, str(tmp)

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def workers_with_hosts(main: int, marker: str, hosts: int) -> dict[int, str]:
    """Wait until the run at ``main`` has its two workers and ``hosts`` hosts of the marked bot started in their
    sandboxes; its workers, as pid -> start time. (Counting the processes that name the bot, three a host, counted
    the run and its workers too, whose command lines name it: one host was taken for two.)"""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        workers = [p for p in children(main) if b"bwrap" not in cmdline(p)]
        if len(workers) == 2 and len(started_hosts(marker)) >= hosts:
            return {p: start_time(p) for p in workers}
        time.sleep(0.05)
    raise AssertionError("the run did not start its workers and hosts")


def cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read()
    except OSError:
        return b""


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_nothing_outlives_a_signal_to_the_main_process(tmp_path, background, signum: int) -> None:
    daemon = attack_copy(str(tmp_path))  # leaves a daemon in a session of its own, plays slowly
    shell = private_first_legal(str(tmp_path))
    proc, tmp = background(f"{daemon}:Daemon,greedy,cmd:sh {shell}", "--out", str(tmp_path / "r.json"))
    workers = workers_with_hosts(proc.pid, daemon, 2)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == (-signum if signum == signal.SIGKILL else 128 + signum)
    if signum != signal.SIGKILL:
        assert "--resume" in err and "Traceback" not in err
    assert wait_gone(daemon) == []
    assert wait_gone(shell) == []
    # Left running, the workers would play on for minutes (400 games a match): the limit only bounds a failure.
    deadline = time.monotonic() + 60
    while any(start_time(p) == t for p, t in workers.items()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(start_time(p) == t for p, t in workers.items())
    assert os.listdir(tmp) == []  # its TMPDIR: where anything it made in a temporary folder would be


def test_a_killed_worker_ends_the_run_with_a_message_and_leaves_nothing(tmp_path, background) -> None:
    daemon = attack_copy(str(tmp_path))
    journal = tmp_path / "r.jsonl"
    proc, tmp = background(f"{daemon}:Daemon,greedy,dummy", "--out", str(journal))
    os.kill(next(iter(workers_with_hosts(proc.pid, daemon, 2))), signal.SIGKILL)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 1
    assert "killed from outside" in err and str(journal) in err
    assert wait_gone(daemon) == []
    assert os.listdir(tmp) == []  # its TMPDIR: where anything it made in a temporary folder would be


def test_the_seed_is_in_no_command_line_and_no_environment(tmp_path) -> None:
    seed = "8271937465123"
    daemon = attack_copy(str(tmp_path))
    wrapped = ["timeout", "120", *TOURNAMENT, "--bots", f"{daemon}:Daemon,greedy", "--games", "200"]
    proc = subprocess.Popen([*wrapped, "--seed-file", "-", "--jobs", "2"], stdin=subprocess.PIPE, text=True)
    try:
        proc.stdin.write(seed + "\n")  # type: ignore[union-attr]
        proc.stdin.close()  # type: ignore[union-attr]
        deadline = time.monotonic() + 30
        while not children(proc.pid) and time.monotonic() < deadline:
            time.sleep(0.02)
        workers_with_hosts(children(proc.pid)[0], daemon, 1)  # the tournament, run by timeout
        seen = []
        for name in os.listdir("/proc"):
            for part in ("cmdline", "environ"):
                try:
                    with open(f"/proc/{name}/{part}", "rb") as fh:
                        if seed.encode() in fh.read():
                            seen.append((name, part))
                except OSError:
                    pass
        assert seen == []
    finally:
        proc.terminate()  # timeout passes it on to the tournament
        proc.wait(timeout=30)
    assert wait_gone(daemon) == []
