"""Per-host limits through Linux cgroups: memory counting a host's children, a process count and at most one CPU.

Each host gets a group of its own in each hierarchy, made under the group of the process that starts it (so that a
limit set from outside, a container's or a login's, still holds over it), and named after that process
(``domino-tui.PID.START.N``): a group left behind by a process that was killed is removed by the next process that
looks (``sweep``). cgroups v1 (one hierarchy per controller, as ``/sys/fs/cgroup/memory``) and v2 (one unified
hierarchy) are both read from /proc/self/cgroup and /proc/self/mountinfo. Under v2 a group with processes of its
own cannot give its children limits, so a process alone in its v2 group (a delegated scope) moves itself into a
leaf beside its hosts first.

Where a controller is missing, or its hierarchy is not this user's to write, that limit is simply not in force,
and ``Controllers.statement`` says which were, so that the results can tell.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import signal
import time
from dataclasses import dataclass, field

# What a host may use, its children included.
MEMORY_LIMIT = 1 << 30
PROCESS_LIMIT = 64
CPU_LIMIT = 1.0  # CPUs' worth of time; equal shares below that
CPU_PERIOD = 100_000  # microseconds

PREFIX = "domino-tui."
RESOURCES = ("memory", "processes", "cpu")
_CONTROLLER = {"memory": "memory", "processes": "pids", "cpu": "cpu"}


def _limit_files(resource: str, version: int) -> list[tuple[str, str]]:
    """(file, value) to write into a new group, in order; a file that does not exist is skipped."""
    if resource == "memory":
        if version == 1:  # memsw (memory and swap) may not be set below the memory limit: it comes second
            return [("memory.limit_in_bytes", str(MEMORY_LIMIT)), ("memory.memsw.limit_in_bytes", str(MEMORY_LIMIT))]
        return [("memory.max", str(MEMORY_LIMIT)), ("memory.swap.max", "0")]
    if resource == "processes":
        return [("pids.max", str(PROCESS_LIMIT))]
    quota = str(int(CPU_LIMIT * CPU_PERIOD))
    if version == 1:
        return [("cpu.cfs_period_us", str(CPU_PERIOD)), ("cpu.cfs_quota_us", quota)]
    return [("cpu.max", f"{quota} {CPU_PERIOD}")]


def describe_limit(resource: str) -> str:
    if resource == "memory":
        return f"{MEMORY_LIMIT / (1 << 30):g} GiB per host, its children included"
    if resource == "processes":
        return f"{PROCESS_LIMIT} processes per host"
    return f"at most {CPU_LIMIT:g} CPU per host, its children included"


def _write(path: str, value: str) -> None:
    with open(path, "w") as fh:
        fh.write(value)


def _read(path: str) -> str:
    with open(path) as fh:
        return fh.read()


def start_time(pid: int) -> str:
    """The start time of ``pid`` (clock ticks after boot), which tells a live process from a reuse of its pid."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rpartition(b")")[2].split()[19].decode()
    except (OSError, IndexError):
        return ""


def _mounts() -> list[tuple[str, str, str, list[str]]]:
    """(filesystem type, root, mount point, super options) of each cgroup mount of this process."""
    out = []
    with contextlib.suppress(OSError):
        for row in _read("/proc/self/mountinfo").splitlines():
            head, _, tail = row.partition(" - ")
            fields, rest = head.split(), tail.split()
            if len(fields) >= 5 and len(rest) >= 3 and rest[0] in ("cgroup", "cgroup2"):
                out.append((rest[0], fields[3], fields[4], rest[2].split(",")))
    return out


def _memberships() -> dict[str, str]:
    """This process's group per v1 controller, and under "" its v2 group."""
    out = {}
    with contextlib.suppress(OSError):
        for row in _read("/proc/self/cgroup").splitlines():
            _, controllers, path = row.split(":", 2)
            for c in controllers.split(",") if controllers else [""]:
                out[c] = path
    return out


def _folder(mount_point: str, root: str, path: str) -> str:
    if root != "/" and path.startswith(root):
        path = path[len(root) :]
    return os.path.normpath(mount_point + "/" + path)


@dataclass
class Controllers:
    """Where this process makes its hosts' groups, per resource: (folder, cgroup version); and why not, for the
    resources it cannot limit."""

    where: dict[str, tuple[str, int]] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)

    @property
    def statement(self) -> dict[str, str]:
        """Each limit and whether it was in force: what the results say."""
        out = {}
        for r in RESOURCES:
            if r in self.where:
                out[r] = f"{describe_limit(r)} (cgroup v{self.where[r][1]})"
            else:
                out[r] = f"not limited: {self.missing[r]}"
        return out

    def folders(self) -> list[tuple[str, list[str]]]:
        """Each distinct parent folder and the resources limited there (v2 has one folder for all)."""
        by_folder: dict[str, list[str]] = {}
        for r in RESOURCES:
            if r in self.where:
                by_folder.setdefault(self.where[r][0], []).append(r)
        return list(by_folder.items())


def _v1(resource: str, mounts: list, member: dict[str, str]) -> tuple[str, str]:
    """(folder, "") or ("", why not) for a v1 controller."""
    c = _CONTROLLER[resource]
    for kind, root, point, options in mounts:
        if kind == "cgroup" and c in options and c in member:
            return _folder(point, root, member[c]), ""
    return "", f"no cgroup v1 {c} controller"


def _v2(resources: list[str], mounts: list, member: dict[str, str]) -> tuple[str, str]:
    """(folder, "") where the hosts' groups can be made with these controllers, or ("", why not)."""
    point = next(((p, root) for kind, root, p, _ in mounts if kind == "cgroup2"), None)
    if point is None or "" not in member:
        return "", "no cgroup v2 hierarchy"
    group = _folder(point[0], point[1], member[""])
    wanted = {_CONTROLLER[r] for r in resources}
    try:
        available = set(_read(os.path.join(group, "cgroup.controllers")).split())
        enabled = set(_read(os.path.join(group, "cgroup.subtree_control")).split())
    except OSError:
        return "", "no cgroup v2 group readable"
    if not wanted <= available:
        return "", f"cgroup v2 does not give this process the {', '.join(sorted(wanted - available))} controller"
    if wanted <= enabled:
        return group, ""
    try:
        _enable(group, wanted - enabled)
    except OSError as exc:
        return "", f"cgroup v2 group {group} cannot enable its controllers for children ({exc.strerror})"
    return group, ""


def _enable(group: str, controllers: set[str]) -> None:
    """Enable ``controllers`` for the children of ``group``; a group holding processes cannot, so when this
    process is the only one there it first moves into a leaf of its own (a delegated scope's usual layout)."""
    line = " ".join(f"+{c}" for c in sorted(controllers))
    try:
        _write(os.path.join(group, "cgroup.subtree_control"), line)
        return
    except OSError as exc:
        if exc.errno != errno.EBUSY:
            raise
    procs = _read(os.path.join(group, "cgroup.procs")).split()
    if procs != [str(os.getpid())]:
        raise OSError(errno.EBUSY, "other processes share its group")
    leaf = os.path.join(group, f"{PREFIX}{os.getpid()}.{start_time(os.getpid())}.referee")
    os.mkdir(leaf)
    try:
        _write(os.path.join(leaf, "cgroup.procs"), "0")
        _write(os.path.join(group, "cgroup.subtree_control"), line)
    except OSError:
        with contextlib.suppress(OSError):
            _write(os.path.join(group, "cgroup.procs"), "0")
        with contextlib.suppress(OSError):
            os.rmdir(leaf)
        raise


def _usable(folder: str, resources: list[str], version: int) -> str:
    """Make a trial group with these limits and remove it: "" if that worked, else why not."""
    trial = os.path.join(folder, f"{PREFIX}{os.getpid()}.{start_time(os.getpid())}.trial")
    try:
        os.mkdir(trial)
    except FileExistsError:
        pass
    except OSError as exc:
        return f"cannot make a group in {folder} ({exc.strerror})"
    try:
        for r in resources:
            for name, value in _limit_files(r, version):
                path = os.path.join(trial, name)
                if os.path.exists(path):
                    _write(path, value)
                elif name in ("memory.memsw.limit_in_bytes", "memory.swap.max"):
                    continue  # a kernel without swap accounting: the memory limit alone
                else:
                    return f"{folder} has no {name}"
    except OSError as exc:
        return f"cannot set limits in {folder} ({exc.strerror})"
    finally:
        with contextlib.suppress(OSError):
            os.rmdir(trial)
    return ""


_FOUND: Controllers | None = None


def controllers() -> Controllers:
    """The controllers this process can limit its hosts with (found once per process, and sweep()ed then)."""
    global _FOUND
    if _FOUND is not None:  # a forked worker is in its parent's groups: the parent's answer holds for it
        return _FOUND
    found = Controllers()
    mounts, member = _mounts(), _memberships()
    v1_missing = []
    for r in RESOURCES:
        folder, why = _v1(r, mounts, member)
        if not folder:
            v1_missing.append(r)
            continue
        why = _usable(folder, [r], 1)
        if why:
            found.missing[r] = why
        else:
            found.where[r] = (folder, 1)
    if v1_missing:
        folder, why = _v2(v1_missing, mounts, member)
        why = why or _usable(folder, v1_missing, 2)
        for r in v1_missing:
            if why:
                found.missing[r] = why
            else:
                found.where[r] = (folder, 2)
    _FOUND = found
    sweep(found)
    return found


def _alive(name: str) -> bool:
    """Whether the process a group is named after (domino-tui.PID.START...) still runs."""
    parts = name[len(PREFIX) :].split(".")
    if len(parts) < 3 or not parts[0].isdigit():
        return True  # not one of ours: leave it alone
    return start_time(int(parts[0])) == parts[1]


def _tasks(group: str) -> list[int]:
    try:
        return [int(p) for p in _read(os.path.join(group, "cgroup.procs")).split()]
    except (OSError, ValueError):
        return []


def empty(group: str, seconds: float = 5.0) -> bool:
    """Kill every process in ``group`` and wait until none is left; True if it is empty. A frozen cgroup v1
    task cannot die until thawed, so a freezer is thawed first."""
    kill = os.path.join(group, "cgroup.kill")  # cgroup v2, Linux 5.14 and later: one write kills them all
    if os.path.exists(kill):
        with contextlib.suppress(OSError):
            _write(kill, "1")
    deadline = time.monotonic() + seconds
    while tasks := _tasks(group):
        for pid in tasks:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        if time.monotonic() > deadline:
            return False
        time.sleep(0.002)
    return True


def remove(group: str) -> None:
    """Empty ``group`` and remove it (a group is removed only once its last process has gone)."""
    deadline = time.monotonic() + 5.0
    while True:
        # Emptied again before each try: a host's first process joins its groups between fork and exec, so one
        # can join just after a look found the group empty (a worker stopped by Ctrl-C while starting a host),
        # and the group then stayed busy until the deadline.
        empty(group, max(deadline - time.monotonic(), 0.0))
        try:
            os.rmdir(group)
            return
        except FileNotFoundError:
            return
        except OSError as exc:
            if exc.errno != errno.EBUSY or time.monotonic() > deadline:
                return
            time.sleep(0.002)


def sweep(found: Controllers | None = None) -> None:
    """Remove the groups (and whatever still runs in them) that a process of ours left when it was killed."""
    found = found if found is not None else controllers()
    for folder, _ in found.folders():
        with contextlib.suppress(OSError):
            for name in os.listdir(folder):
                if name.startswith(PREFIX) and not _alive(name):
                    remove(os.path.join(folder, name))


_COUNT = itertools.count(1)


class HostGroup:
    """One host's groups: made before it starts, joined by its first process, emptied and removed when it stops."""

    def __init__(self, found: Controllers) -> None:
        pid = os.getpid()
        name = f"{PREFIX}{pid}.{start_time(pid)}.{next(_COUNT)}"
        self.paths: list[str] = []
        try:
            for folder, resources in found.folders():
                path = os.path.join(folder, name)
                os.mkdir(path)
                self.paths.append(path)
                version = found.where[resources[0]][1]
                for r in resources:
                    for file, value in _limit_files(r, version):
                        target = os.path.join(path, file)
                        if os.path.exists(target):
                            _write(target, value)
        except OSError:
            self.remove()
            raise
        # What the host's first process writes "0" to (itself) before it runs anything else.
        self.procs = tuple(os.path.join(p, "cgroup.procs") for p in self.paths)

    def remove(self) -> None:
        for path in self.paths:
            remove(path)
        self.paths = []


def join(procs: tuple[str, ...]) -> None:
    """Move the calling process into the groups whose cgroup.procs files are ``procs``: system calls only, for
    the time between fork and exec."""
    for path in procs:
        fd = os.open(path, os.O_WRONLY)
        try:
            os.write(fd, b"0")
        finally:
            os.close(fd)
