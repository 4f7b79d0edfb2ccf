"""A tournament run by a normal user, not root: the sandbox still holds, and the results say which limits did not.

The test makes that user (useradd) when it runs as root, and runs the tournament as it (setpriv) from a copy of
domino_tui it can read, with an interpreter it can run: this one if it may, else the system's python3.
"""

import hashlib
import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile

import pytest
from helpers import FIRST_LEGAL, attack_copy, attack_reports, wait_gone

import domino_tui

USER = "domino-tui-test"
SEED = 5132874109987


def as_user() -> list[str]:
    """The command prefix that runs a program as a normal user."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", USER],
            check=True,
            capture_output=True,
        )
    return ["setpriv", f"--reuid={USER}", f"--regid={USER}", "--clear-groups"]


@pytest.fixture
def workdir():
    """A folder the user owns, holding a copy of domino_tui: removed afterwards."""
    folder = tempfile.mkdtemp(prefix="domino-tui-user-test-")
    os.chmod(folder, 0o755)
    shutil.copytree(
        os.path.dirname(domino_tui.__file__),
        os.path.join(folder, "domino_tui"),
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    if os.geteuid() == 0:
        as_user()  # makes the user
        user = pwd.getpwnam(USER)
        for root, dirs, files in os.walk(folder):
            for name in [*dirs, *files]:
                os.chown(os.path.join(root, name), user.pw_uid, user.pw_gid)
        os.chown(folder, user.pw_uid, user.pw_gid)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def python_for(prefix: list[str], folder: str) -> tuple[list[str], dict[str, str]]:
    """An interpreter the user can run with the copy of domino_tui in ``folder``, and its environment."""
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": folder, "DOMINO_TUI_PURE": "1", "LANG": "C.UTF-8"}
    # It must start itself again by the path it was started with, as the tournament starts its hosts.
    check = "import domino_tui.tournament.cli, subprocess, sys; subprocess.run([sys.executable, '-c', ''], check=True)"
    for python in (sys.executable, "/usr/bin/python3"):
        probe = [*prefix, python, "-c", check]
        if subprocess.run(probe, env=env, capture_output=True, cwd=folder).returncode == 0:
            return [*prefix, python], env
    raise AssertionError("no interpreter the test user can run")


def test_a_tournament_run_by_a_normal_user(workdir) -> None:
    prefix = as_user()
    python, env = python_for(prefix, workdir)
    seed_file = os.path.join(workdir, "seed")
    with open(seed_file, "w") as fh:
        fh.write(f"{SEED}\n")
    out = os.path.join(workdir, "r.json")
    journal = os.path.join(workdir, "r.jsonl")
    sought = hashlib.sha256(str(SEED).encode()).hexdigest()
    spy = attack_copy(workdir, TARGETS=[journal, seed_file, out], SPY_AT_IMPORT=True, SOUGHT=sought)
    program = shutil.copy(FIRST_LEGAL, workdir)  # the checkout may be where the user cannot read
    if os.geteuid() == 0:
        for path in (seed_file, spy, program):
            os.chown(path, pwd.getpwnam(USER).pw_uid, -1)
    bots = f"{spy}:Spy,{spy}:Swarm,cmd:sh {program},{spy}:Thinker"
    # Three seconds a move, not the default one: what is tested is that the sandbox holds for a normal user, and on
    # a machine busy with other work an honest bot's first-legal move once took past one second of wall time.
    command = [*python, "-m", "domino_tui", "tournament", "--variant", "block", "--bots", bots, "--games", "2"]
    command += ["--move-limit", "3"]
    run = subprocess.run(
        [*command, "--jobs", "2", "--seed-file", seed_file, "--out", out],
        env=env,
        cwd=workdir,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr
    with open(out) as fh:
        results = json.load(fh)
    assert all(m["forfeits"] == [{}, {}] for m in results["matches"]), [m["forfeits"] for m in results["matches"]]
    looks = attack_reports(run.stderr, "spy")
    assert {x["when"] for x in looks} == {"imported", "built"}
    for seen in looks:
        assert not seen["found"] and seen["pids"] == []
        assert seen["read"][seed_file] == "denied" and seen["read"][journal] in ("denied", "missing")
    assert wait_gone(spy) == []  # the spy's daemon and the swarm's children died with their sandboxes
    sandbox = results["sandbox"]
    assert sandbox["isolation"].startswith("bubblewrap")
    if os.geteuid() == 0:
        # The user may make no cgroup here, and the results say so; a bot's children then run only during its
        # own moves, so they take no time from the other bots.
        assert all(sandbox[r].startswith("not limited") for r in ("memory", "processes", "cpu"))
        swarm = attack_reports(run.stderr, "swarm")
        # Running free, six busy children take both cores (1.5 to 2 CPUs). Stopped between the bot's moves they
        # still run from when the host continues them to when the bot reads their CPU time, and from that reading
        # to the stop: milliseconds a move that the bot counts as the gaps' (0.05 to 0.21 on an idle machine, over
        # the wait for another bot's move of a tenth of a second).
        assert swarm and swarm[-1]["cpu_share"] < 0.5
