"""A host's cgroups: made with their limits, joined before the host runs, emptied and removed with it, and swept
when the process that made them was killed."""

import os
import subprocess

import pytest

from domino_tui.tournament import cgroups


@pytest.fixture
def found() -> cgroups.Controllers:
    found = cgroups.controllers()
    if os.geteuid() != 0 and not found.where:
        pytest.skip("a normal user on a machine that delegates no cgroup to it (test_normal_user.py covers that)")
    assert set(found.where) == set(cgroups.RESOURCES), found.missing  # as root, every limit must be in force
    return found


def test_each_host_may_use_a_gibibyte_and_64_processes() -> None:
    # What a class tournament's user bot is allowed, as the README and docs/sandbox.md tell the students (its one
    # CPU: the quota the test below reads).
    assert (cgroups.MEMORY_LIMIT, cgroups.PROCESS_LIMIT) == (1 << 30, 64)


def limits(paths: list[str]) -> dict[str, str]:
    out = {}
    for path in paths:
        for name in ("memory.limit_in_bytes", "memory.max", "pids.max", "cpu.cfs_quota_us", "cpu.max"):
            if os.path.exists(os.path.join(path, name)):
                with open(os.path.join(path, name)) as fh:
                    out[name] = fh.read().strip()
    return out


def test_a_host_group_has_its_limits_and_goes_with_its_processes(found) -> None:
    group = cgroups.HostGroup(found)
    child = subprocess.Popen(["sleep", "60"], preexec_fn=lambda: cgroups.join(group.procs))
    try:
        held = limits(group.paths)
        assert held.get("memory.limit_in_bytes", held.get("memory.max")) == str(cgroups.MEMORY_LIMIT)
        assert held["pids.max"] == str(cgroups.PROCESS_LIMIT)
        assert held.get("cpu.cfs_quota_us", held.get("cpu.max", "").split(" ")[0]) == "100000"
        for path in group.paths:
            with open(os.path.join(path, "cgroup.procs")) as fh:
                assert fh.read().split() == [str(child.pid)]
        group.remove()
        assert child.wait(timeout=5) == -9
        assert not any(os.path.exists(p) for p in group.paths)
    finally:
        child.kill()
        child.wait()


def test_a_process_joining_as_its_group_is_removed_goes_with_it(found, monkeypatch) -> None:
    # A worker stopped by Ctrl-C removes the group of the host it was starting while the host's first process,
    # between fork and exec, joins it: here it joins just after the first look found the group empty.
    group = cgroups.HostGroup(found)
    paths = list(group.paths)  # remove() forgets them
    look = cgroups._tasks
    joined: list[subprocess.Popen] = []

    def late(path: str) -> list[int]:
        found_now = look(path)
        if not joined:
            joined.append(subprocess.Popen(["sleep", "60"], preexec_fn=lambda: cgroups.join(group.procs)))
        return found_now

    monkeypatch.setattr(cgroups, "_tasks", late)
    try:
        group.remove()
        assert joined[0].wait(timeout=60) == -9
        assert paths and not any(os.path.exists(p) for p in paths)
    finally:
        for proc in joined:
            proc.kill()
            proc.wait()


def test_groups_left_by_a_killed_process_are_swept_with_what_runs_in_them(found) -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()  # a pid whose process has gone
    folder, _ = found.where["processes"]
    stale = os.path.join(folder, f"{cgroups.PREFIX}{dead.pid}.1.1")
    os.mkdir(stale)
    orphan = subprocess.Popen(["sleep", "60"], preexec_fn=lambda: cgroups.join((os.path.join(stale, "cgroup.procs"),)))
    try:
        # Popen returns once the child has exec'd, so it joined the group before (in preexec_fn): nothing to wait.
        cgroups.sweep(found)
        assert orphan.wait(timeout=5) == -9
        assert not os.path.exists(stale)
    finally:
        orphan.kill()
        orphan.wait()
        if os.path.exists(stale):
            os.rmdir(stale)


def test_the_statement_says_which_limits_held_and_why_not() -> None:
    some = cgroups.Controllers(
        where={"memory": ("/sys/fs/cgroup/memory", 1)}, missing={"processes": "no pids", "cpu": "no cpu"}
    )
    assert some.statement == {
        "memory": "1 GiB per host, its children included (cgroup v1)",
        "processes": "not limited: no pids",
        "cpu": "not limited: no cpu",
    }
