"""What a user's bot sees from inside its sandbox, and what the tournament does where no sandbox can be made."""

import contextlib
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys

from helpers import ATTACKS, BOTS, attack_copy, attack_reports, wait_gone

from domino_tui.tournament import EntryError, run_tournament
from domino_tui.tournament.sandbox import python_folders

SEED = 8271937465123


def test_a_bot_sees_the_system_and_its_own_files_and_nothing_else(tmp_path, capsys) -> None:
    listening = socket.create_server(("127.0.0.1", 0))  # on this machine's loopback, not the sandbox's
    explorer = attack_copy(str(tmp_path), TARGETS=[str(listening.getsockname()[1])])
    try:
        result = run_tournament("block", [explorer + ":Explorer", "greedy"], games=2, seed=1, jobs=1)
    finally:
        listening.close()
    (seen,) = attack_reports(capsys.readouterr().err, "explore")
    assert result.matches[0].faults == ({}, {})
    assert (seen["uid"], seen["hostname"], seen["capabilities"], seen["no_new_privs"]) == (
        65534,
        "bot",
        "0000000000000000",
        "1",
    )
    # Its own processes only: the sandbox's first process and its host.
    assert seen["pids"] == [1, 2]
    # Its /tmp is empty but for the ways to the folders it is shown (its own; the interpreter's and domino_tui's,
    # as in a checkout cloned under /tmp) where they lie under the machine's /tmp.
    ways = {p.split("/")[2] for p in [*python_folders(), str(tmp_path)] if p.startswith("/tmp/")}
    assert (sorted(seen["tmp"]), seen["cwd"]) == (sorted(ways), "/tmp")
    assert set(seen["environ"]) <= {"PATH", "HOME", "TMPDIR", "LANG", "PWD", "PYTHONPATH", "PYTHONHASHSEED"} | {
        "PYTHONDONTWRITEBYTECODE",
        "LC_CTYPE",
    }
    assert seen["wrote"] == "Read-only file system"
    assert seen["interfaces"] == ["lo"] and seen["connected"] == "Connection refused"
    assert seen["tty"] != "opened"  # no controlling terminal to push keystrokes into
    # Of the file system: the system's, the interpreter's and domino_tui's folders, its own, /tmp, /proc, /dev.
    shown = {p.strip("/").split("/")[0] for p in [*python_folders(), str(tmp_path)]}
    assert set(seen["root"]) <= {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc"} | shown | {
        "tmp",
        "proc",
        "dev",
    }
    assert not (tmp_path / "written-by-a-bot").exists()


def test_a_spy_reads_nothing_hidden_neither_when_checked_nor_when_playing(tmp_path, capsys) -> None:
    other = tmp_path / "other.py"  # another entry, in the spy's own folder
    shutil.copy(os.path.join(BOTS, "faulty.py"), other)
    journal, seed_file = tmp_path / "r.jsonl", tmp_path / "seed"
    seed_file.write_text(f"{SEED}\n")
    targets = [str(journal), str(seed_file), str(other), "/root/.bash_history", "/etc/shadow"]
    sought = hashlib.sha256(str(SEED).encode()).hexdigest()
    spy = attack_copy(str(tmp_path), TARGETS=targets, SPY_AT_IMPORT=True, SOUGHT=sought)
    bots = [spy + ":Spy", f"{other}:Polite", "greedy"]
    result = run_tournament("block", bots, 2, SEED, 1, journal=str(journal), private=[str(seed_file)])
    assert all(m.faults == ({}, {}) for m in result.matches), [m.notes for m in result.matches]
    looks = attack_reports(capsys.readouterr().err, "spy")
    when = [x["when"] for x in looks]
    assert "imported" in when and "built" in when  # looked as the entries were checked, and in a game
    for seen in looks:
        assert not seen["found"] and seen["tried"] > 100
        assert seen["pids"] == [] and seen["uid"] == 65534
        read = seen["read"]
        assert read[str(other)] == read[str(seed_file)] == "denied"
        assert read[str(journal)] in ("denied", "missing")  # missing while the entries were checked
        assert read["/root/.bash_history"] == read["/etc/shadow"] == "missing"
    assert wait_gone(spy) == []  # its daemon died with its sandbox


def test_without_bubblewrap_user_bots_are_refused_unless_unsandboxed(tmp_path) -> None:
    # A PATH without bwrap; the interpreter is named in full.
    env = {**os.environ, "PATH": str(tmp_path)}
    command = [sys.executable, "-m", "domino_tui", "tournament", "--variant", "block", "--games", "2"]
    bots = ["--bots", ATTACKS + ":Honest,greedy"]
    refused = subprocess.run([*command, *bots], capture_output=True, text=True, env=env, timeout=60)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "bubblewrap (bwrap) is not installed" in refused.stderr and "apt-get install bubblewrap" in refused.stderr
    assert "--unsandboxed" in refused.stderr
    out = tmp_path / "r.json"
    played = subprocess.run([*command, *bots, "--unsandboxed", "--out", str(out)], capture_output=True, env=env)
    assert played.returncode == 0
    assert json.loads(out.read_text())["sandbox"]["isolation"].startswith("none (--unsandboxed)")
    # Built-in bots need no sandbox.
    assert subprocess.run([*command, "--bots", "greedy,dummy"], capture_output=True, env=env).returncode == 0


def test_entries_from_python_code_are_refused_too_where_no_sandbox_can_be_made(monkeypatch) -> None:
    from domino_tui.tournament import api

    monkeypatch.setattr(api, "bubblewrap", lambda: ("", "bubblewrap (bwrap) is not installed"))
    try:
        run_tournament("block", [ATTACKS + ":Honest", "greedy"], games=2)
    except EntryError as exc:
        assert "apt-get install bubblewrap" in str(exc)
    else:
        raise AssertionError("a user bot ran without a sandbox")


def test_partners_cannot_meet_through_a_file_or_a_socket(capsys) -> None:
    result = run_tournament("partnership9", [ATTACKS + ":Stash", "greedy"], games=2, seed=4, jobs=1)
    stash = attack_reports(capsys.readouterr().err, "stash")
    assert len(stash) > 10 and all(s == {"found": False, "reached": False} for s in stash)
    assert result.matches[0].faults == ({}, {})


def test_outside_the_sandbox_partners_do_meet(capsys) -> None:
    try:
        run_tournament("partnership9", [ATTACKS + ":Stash", "greedy"], games=1, seed=4, jobs=1, unsandboxed=True)
    finally:
        for seat in range(4):  # what they left in the machine's own /tmp
            with contextlib.suppress(FileNotFoundError):
                os.unlink(f"/tmp/domino-stash-{seat}")
    stash = attack_reports(capsys.readouterr().err, "stash")
    assert any(s["found"] for s in stash) and any(s["reached"] for s in stash)


def test_a_bot_in_a_folder_everybody_writes_in_sees_its_own_file_alone(tmp_path, capsys) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # as /tmp is
    (shared / "someone-elses.txt").write_text("not for bots")
    explorer = attack_copy(str(shared))
    run_tournament("block", [explorer + ":Explorer", "greedy"], games=1, seed=1, jobs=1)
    (seen,) = attack_reports(capsys.readouterr().err, "explore")
    # What it wrote went to its own private /tmp, where the way to its file was made.
    assert set(seen["folder"]) <= {"attacks.py", "written-by-a-bot"}
    assert sorted(os.listdir(shared)) == ["attacks.py", "someone-elses.txt"]


def test_an_entry_in_a_folder_inside_another_entrys_is_hidden_whole(tmp_path, capsys) -> None:
    bob = tmp_path / "bob"
    bob.mkdir()
    shutil.copy(os.path.join(BOTS, "faulty.py"), bob / "bot.py")
    (bob / "helper.py").write_text("SECRET = 1\n")
    spy = attack_copy(str(tmp_path), TARGETS=[str(bob / "bot.py"), str(bob / "helper.py")])
    result = run_tournament("block", [spy + ":Spy", f"{bob / 'bot.py'}:Polite"], games=1, seed=2, jobs=1)
    assert result.matches[0].faults == ({}, {})
    (seen,) = attack_reports(capsys.readouterr().err, "spy")
    assert set(seen["read"].values()) == {"missing"}  # bob's folder is an empty one in the spy's sandbox
