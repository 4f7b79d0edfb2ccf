"""Tournaments on a real Dask cluster: a distributed.LocalCluster of worker processes (one for the module), each
worker a process of its own under a nanny, as `dask worker` starts them on other machines.

The same seed gives the same results as a local run, user bots included; a worker killed mid-match has its chunk
played again elsewhere; a client interrupted leaves nothing running on the workers and its journal resumes to the
uninterrupted results; the hosts on the workers are sandboxed as locally (the attacks of bots/attacks.py fail); the
workers' chunk processes are kept from one run to the next, serve each run its own entries, and end with their
worker; a run leaves no host and no files on the workers, nor, by the end of the next run, a killed client's."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time

import pytest
from distributed import Client, LocalCluster
from helpers import (
    ATTACKS,
    FIRST_LEGAL,
    attack_copy,
    attack_reports,
    children,
    ctrl_c_as_in_a_terminal,
    figures,
    forked_hosts,
    leftovers,
    private_first_legal,
    wait_gone,
)

from domino_tui.tournament import resume_tournament, run_tournament
from domino_tui.tournament.cluster import ClusterError
from domino_tui.tournament.league import League
from domino_tui.tournament.league_matches import HostedMatches

HONEST = ATTACKS + ":Honest"
SHELL = f"cmd:sh {FIRST_LEGAL}"
TOURNAMENT = [sys.executable, "-m", "domino_tui", "tournament"]


def descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        try:
            found = children(todo.pop())
        except OSError:
            continue
        out += found
        todo += found
    return out


def on_workers(bot: str) -> list[int]:
    """Processes of hosts of ``bot`` playing on a worker: their command line names the worker's copy of it."""
    out = []
    for pid in leftovers(bot):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                if b"domino-tui-entries-" in fh.read():
                    out.append(pid)
        except OSError:
            pass
    return out


def daemon_on_a_worker(bot: str) -> bool:
    return bool(set(forked_hosts(bot)) & set(on_workers(bot)))


@pytest.fixture(scope="module")
def cluster():
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0", host="127.0.0.1"
    ) as local:
        yield local


def test_the_same_seed_gives_the_same_results_as_a_local_run(cluster) -> None:
    bots = [HONEST, SHELL, "greedy"]
    there = run_tournament("partnership9", bots, 30, 11, move_limit=10, scheduler=cluster.scheduler_address)
    here = run_tournament("partnership9", bots, 30, 11, move_limit=10)
    assert there.matches == here.matches and there.ranking == here.ranking
    assert there.settings.scheduler == cluster.scheduler_address


def test_a_bot_class_given_from_code_plays_on_the_cluster_from_its_file(cluster) -> None:
    from bots.attacks import Honest  # the test bots, imported as a module from its file

    there = run_tournament("block", [Honest, "greedy"], 10, 2, move_limit=10, scheduler=cluster.scheduler_address)
    here = run_tournament("block", [HONEST, "greedy"], 10, 2, move_limit=10)
    assert figures(there) == figures(here)


def test_a_worker_killed_mid_match_has_its_chunk_played_again(cluster, tmp_path) -> None:
    daemon = attack_copy(str(tmp_path))  # plays slowly and leaves a daemon: a chunk lasts, and must not outlive
    bots = [f"{daemon}:Daemon", "greedy", "dummy"]
    killed: list[int] = []

    def kill_a_busy_worker() -> None:
        hosts = set(leftovers(daemon))
        for nanny in cluster.workers.values():
            pid = nanny.process.process.pid
            if hosts & set(descendants(pid)):
                killed.append(pid)
                os.kill(pid, signal.SIGKILL)
                return

    watcher = threading.Event()

    def watch() -> None:  # kill a worker as soon as a host of the slow bot plays on it
        while not watcher.is_set() and not killed:
            if len(on_workers(daemon)) >= 3:  # bwrap, the sandbox's first process and the host
                kill_a_busy_worker()
            time.sleep(0.02)

    thread = threading.Thread(target=watch)
    thread.start()
    try:
        there = run_tournament("block", bots, 30, 7, move_limit=10, scheduler=cluster.scheduler_address)
    finally:
        watcher.set()
        thread.join()
    assert killed
    here = run_tournament("block", [HONEST, "greedy", "dummy"], 30, 7, move_limit=10)
    assert figures(there) == figures(here)
    assert wait_gone(daemon, 10) == []
    cluster.wait_for_workers(2, timeout=30)


def test_an_interrupted_client_leaves_nothing_running_and_resumes(cluster, tmp_path) -> None:
    daemon = attack_copy(str(tmp_path))
    journal = tmp_path / "r.jsonl"
    shell = f"cmd:sh {private_first_legal(str(tmp_path))}"
    bots = f"{daemon}:Daemon,greedy,{shell}"
    command = [*TOURNAMENT, "--variant", "block", "--bots", bots, "--games", "30", "--move-limit", "10"]
    proc = subprocess.Popen(
        [*command, "--scheduler", cluster.scheduler_address, "--out", str(journal)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    try:
        # A host of the Daemon bot plays on a worker and has left its daemon: the run is under way, its matches
        # with the Daemon lasting seconds (it plays slowly). (Two processes naming the worker's copy were bwrap's
        # two, there as soon as a host was being started.)
        deadline, seen = time.monotonic() + 60, False
        while not seen and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.02)
            seen = daemon_on_a_worker(daemon)
        assert proc.poll() is None, "the run ended before it was interrupted"
        assert seen, "no host of the Daemon bot left its daemon on a worker within a minute"
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130 and "--resume" in err and "Traceback" not in err
    assert wait_gone(daemon, 10) == []  # the hosts on the workers, and the daemon one left
    assert wait_gone(shell.removeprefix("cmd:sh "), 10) == []
    resumed = resume_tournament(str(journal), scheduler=cluster.scheduler_address)
    whole = run_tournament("block", [HONEST, "greedy", shell], 30, resumed.settings.seed, 2, move_limit=10)
    assert figures(resumed) == figures(whole)


def test_a_client_killed_outright_leaves_nothing_running(cluster, tmp_path) -> None:
    daemon = attack_copy(str(tmp_path))
    proc = subprocess.Popen(
        [*TOURNAMENT, "--variant", "block", "--bots", f"{daemon}:Daemon,greedy", "--games", "200",
         "--scheduler", cluster.scheduler_address],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(on_workers(daemon)) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert on_workers(daemon)
    finally:
        proc.kill()
        proc.wait()
    assert wait_gone(daemon, 15) == []
    # Its files on the workers (it never said the run was over) go at the end of the next run.
    run_tournament("block", ["greedy", "dummy"], 4, 1, scheduler=cluster.scheduler_address)
    with Client(cluster.scheduler_address, set_as_default=False) as client:
        assert list(client.run(entries_folders).values()) == [[], []]


def test_the_hosts_on_the_workers_are_sandboxed(cluster, tmp_path, capsys) -> None:
    # The hijacker looks for the other hosts to stop them or answer for them: on a worker, as here, it finds none
    # (what it reports reaches this terminal through the results).
    victims = [os.path.join(os.path.dirname(ATTACKS), "faulty.py") + ":Polite", SHELL]
    there = run_tournament(
        "partnership9", [ATTACKS + ":Hijacker", *victims], 6, 5, move_limit=10, scheduler=cluster.scheduler_address
    )
    found = attack_reports(capsys.readouterr().err, "hijack")
    assert len(found) > 20
    assert all(f == {"seen": [], "stopped": 0, "written": 0} for f in found)
    honest = run_tournament("partnership9", [HONEST, *victims], 6, 5, move_limit=10)
    assert figures(there) == figures(honest)


def test_a_bot_on_a_worker_cannot_reach_the_journal(cluster, tmp_path, capsys) -> None:
    journal = tmp_path / "r.jsonl"  # in the bot's own folder: never packed for the workers
    forger = attack_copy(str(tmp_path), JOURNAL=str(journal))
    result = run_tournament(
        "block", [forger + ":Forger", "greedy"], 6, 4, journal=str(journal), scheduler=cluster.scheduler_address
    )
    assert resume_tournament(str(journal)).matches == result.matches  # every line verifies
    reports = attack_reports(capsys.readouterr().err, "forge")
    assert reports and all(r["appended"] is not True for r in reports)


def test_no_scheduler_at_the_address_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.setattr("domino_tui.tournament.cluster.CONNECT_TIMEOUT", "0.5s")
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler"):
        run_tournament("block", ["greedy", "dummy"], games=2, seed=1, scheduler="tcp://127.0.0.1:9")


def test_a_league_with_user_bots_plays_on_the_cluster_as_here(cluster) -> None:
    def table(play: HostedMatches) -> list[tuple]:
        entries = [HONEST, SHELL, "greedy", "dummy", "random"]
        with League.create("block", entries, 8, 3, play_match=play, check_entry=play.check) as league:
            league.play(2)
            return [(s.name, s.games, s.won, s.points) for s in league.standings()]

    assert table(HostedMatches("block", 8, move_limit=10, scheduler=cluster.scheduler_address)) == table(
        HostedMatches("block", 8, move_limit=10)
    )


def write_bot(folder: str, pick: int) -> str:
    path = os.path.join(folder, "mine.py")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(
            "from domino_tui.ai import Bot\n\n\n"
            f"class Mine(Bot):\n    def choose(self, obs):\n        return obs.legal[{pick}]\n"
        )
    return path + ":Mine"


def test_two_runs_in_a_row_with_other_entries_each_give_their_own_results(cluster, tmp_path) -> None:
    # The same file changed between the runs: the workers' kept chunk processes must play each run's own.
    local = []
    for pick in (0, -1):
        bot = write_bot(str(tmp_path), pick)
        there = run_tournament("block", [bot, "greedy"], 12, 3, move_limit=10, scheduler=cluster.scheduler_address)
        here = run_tournament("block", [bot, "greedy"], 12, 3, move_limit=10)
        assert figures(there) == figures(here)
        local.append(figures(here))
    assert local[0] != local[1]


def entries_folders(dask_worker) -> list[str]:
    return [name for name in os.listdir(dask_worker.local_directory) if name.startswith("domino-tui-entries-")]


def test_a_run_leaves_no_host_and_no_files_on_the_workers(cluster, tmp_path) -> None:
    shell = private_first_legal(str(tmp_path))
    run_tournament("block", [f"cmd:sh {shell}", "greedy", "dummy"], 30, 1, scheduler=cluster.scheduler_address)
    assert wait_gone(shell, 5) == []
    with Client(cluster.scheduler_address, set_as_default=False) as client:
        assert list(client.run(entries_folders).values()) == [[], []]


CHUNK_PROCESS = b"domino_tui.tournament.cluster_task"


def running(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running a chunk process (a zombie's command line is empty)."""
    out = []
    for p in pids:
        with contextlib.suppress(OSError), open(f"/proc/{p}/cmdline", "rb") as fh:
            if CHUNK_PROCESS in fh.read():
                out.append(p)
    return out


def test_the_chunk_processes_stay_between_runs_and_end_with_their_worker(cluster) -> None:
    def chunk_processes() -> dict[int, list[int]]:
        run_tournament("partnership9", ["greedy", "dummy", "random"], 400, 1, scheduler=cluster.scheduler_address)
        return {pid: running(descendants(pid)) for pid in (n.process.process.pid for n in cluster.workers.values())}

    first = chunk_processes()
    second = chunk_processes()
    assert all(set(first[w]) <= set(second[w]) for w in first)  # the same processes, kept for the next run
    worker, kept = next((w, p) for w, p in second.items() if p)
    os.kill(worker, signal.SIGKILL)
    deadline = time.monotonic() + 60  # one left would run until the machine stops: this only bounds a failure
    while running(kept):
        assert time.monotonic() < deadline, "a chunk process outlived its worker"
        time.sleep(0.05)
    cluster.wait_for_workers(2, timeout=30)
