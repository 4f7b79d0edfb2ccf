"""The sandbox a user's bot runs in: bubblewrap (the sandbox Flatpak uses), one per host process.

A sandboxed host has its own PID, mount, IPC, UTS, network and user namespaces and a session of its own; it dies
with the process that started it. It sees, read-only, only what it needs: the system's programs and libraries
(/usr and the few files of /etc the dynamic linker reads), the Python interpreter, the installed domino_tui package
and the entry's own files (the folder of its file, with the other entries' files and the tournament's own files
hidden even there); /tmp, also its home and working folder, is an empty private tmpfs. It sees no other process
(not the referee, not another host), no journal, no other entry, no network but its own loopback. Everything here
is a function of its arguments: any process that has the entry's files can start the same sandbox.

bwrap's own options are handed to it on a descriptor (``--args``), so that the command line every process in the
sandbox can read names nothing but the host program.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from functools import lru_cache

# The sandbox's /tmp (its home too): a tmpfs, whose pages also count against the host's memory limit.
TMP_SIZE = 256 << 20
# Outside a sandbox a host runs as its own user's program: fit only for bots you wrote yourself.
INSTALL_HINT = (
    "user bots run in a bubblewrap sandbox; install it (Debian, Ubuntu: apt-get install bubblewrap; Fedora: "
    "dnf install bubblewrap; Arch: pacman -S bubblewrap), or give --unsandboxed to run them as your own programs "
    "(fit only for bots you wrote yourself)"
)
# /etc is not shown: these are what the dynamic linker and a program asking for its time zone read.
ETC = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/localtime")
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")


@dataclass(frozen=True)
class Confinement:
    """How hosts are started, as plain data that a worker (or a cluster's worker) is handed with its work."""

    sandboxed: bool = True
    # Paths no host may see, even inside its own folder: every entry's files and the run's journal, results and
    # seed file (each host's own files are left out of this for it).
    hidden: tuple[str, ...] = ()
    # Unsandboxed hosts only: where their private folders are made (removed by the run at its end).
    scratch: str = ""


SANDBOXED = Confinement()


@lru_cache(maxsize=1)
def bubblewrap() -> tuple[str, str]:
    """(the path of a working bwrap, "") or ("", why not): a trial sandbox is run once per process."""
    path = shutil.which("bwrap")
    if path is None:
        return "", "bubblewrap (bwrap) is not installed"
    probe = "/usr/bin/true" if os.path.exists("/usr/bin/true") else "/bin/true"
    try:
        proc = subprocess.run(
            [path, *namespace_options(), *system_view(), "--", probe], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return "", f"bubblewrap does not run: {exc}"
    if proc.returncode != 0:
        return "", f"bubblewrap cannot make a sandbox here: {proc.stderr.strip() or proc.returncode}"
    return path, ""


@lru_cache(maxsize=1)
def bubblewrap_version() -> str:
    path = bubblewrap()[0]
    if not path:
        return ""
    try:
        return subprocess.run([path, "--version"], capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return "bubblewrap"


def namespace_options() -> list[str]:
    # A user namespace with an unprivileged uid and no capability, from which no further namespace can be made;
    # the other namespaces; a new session (no controlling terminal: no keystrokes pushed into the user's).
    return [
        *("--unshare-user", "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"),
        *("--unshare-cgroup-try", "--uid", "65534", "--gid", "65534", "--cap-drop", "ALL", "--disable-userns"),
        *("--hostname", "bot", "--die-with-parent", "--new-session"),
    ]


def system_view() -> list[str]:
    """The system's programs and libraries, read-only; a merged-/usr system's /bin and /lib are links."""
    out = ["--perms", "1777", "--size", str(TMP_SIZE), "--tmpfs", "/tmp", "--proc", "/proc", "--dev", "/dev"]
    for top in SYSTEM:
        if os.path.islink(top):
            out += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            out += ["--ro-bind", top, top]
    for path in ETC:
        if os.path.exists(path):
            out += ["--ro-bind", path, path]
    return out


def inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def python_folders() -> list[str]:
    """The interpreter (and its virtual environment) and the domino_tui package the host imports."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, package]
    return [os.path.realpath(p) for p in found] + [p for p in found if os.path.realpath(p) != p]


def _shared(folder: str) -> bool:
    """A folder everybody may write in (/tmp) or the root: a bot's own file there is shown alone."""
    try:
        return folder == "/" or bool(os.stat(folder).st_mode & stat.S_IWOTH)
    except OSError:
        return True


def entry_folders(files: tuple[str, ...]) -> list[str]:
    """What a host sees of its entry: the folder of each of its files, or the file alone in a shared folder."""
    out = []
    for f in files:
        folder = os.path.dirname(f) if os.path.isfile(f) else f
        out.append(f if _shared(folder) else folder)
    return out


def package_parent() -> str:
    """The folder holding domino_tui: on the host's import path, so a package run from a checkout is found."""
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def sandbox_options(files: tuple[str, ...], hidden: tuple[str, ...]) -> list[str]:
    """bwrap's options for a host of the entry whose own files are ``files``; ``hidden`` stay hidden even in its
    own folders (its own files are never hidden from it)."""
    out = [*namespace_options(), *system_view()]
    shown: list[str] = [p for p in SYSTEM if os.path.isdir(p) and not os.path.islink(p)]
    binds = []
    for path in python_folders() + entry_folders(files):
        if os.path.exists(path) and not any(inside(path, s) for s in shown):
            shown.append(path)
            binds.append(path)
    for path in sorted(binds, key=lambda p: p.count("/")):  # a folder before the folders inside it
        out += ["--ro-bind", path, path]
    own = {os.path.abspath(f) for f in files}
    masked: list[str] = []
    for path in sorted(hidden):  # a folder before what is inside it, which its mask hides already
        if path in own or any(inside(f, path) for f in own) or not os.path.exists(path):
            continue
        if not any(inside(path, s) for s in shown) or any(inside(path, m) for m in masked):
            continue
        if os.path.isdir(path):
            masked.append(path)
            out += ["--tmpfs", path, "--remount-ro", path]
        else:  # a device on a nodev mount: neither readable nor writable
            out += ["--ro-bind", "/dev/null", path]
    return [*out, "--chdir", "/tmp"]


def environment(python_path: tuple[str, ...], home: str, python: bool, path: str = "") -> dict[str, str]:
    """A host's whole environment: a ``path`` to find programs on (by default the folders a sandbox shows them
    in), a home, and for the Python host its import path; nothing else of the referee's."""
    if not path:
        path = os.pathsep.join(dict.fromkeys([os.path.dirname(sys.executable), "/usr/local/bin", "/usr/bin", "/bin"]))
    env = {"PATH": path, "HOME": home, "TMPDIR": home, "LANG": "C.UTF-8"}
    if python:
        env.update(PYTHONPATH=os.pathsep.join(python_path), PYTHONHASHSEED="0", PYTHONDONTWRITEBYTECODE="1")
    return env


def write_options(options: list[str]) -> int:
    """A descriptor holding ``options`` for bwrap's --args: an anonymous file, so no pipe can fill up."""
    fd = os.memfd_create("bwrap-options", 0)
    os.write(fd, ("\0".join(options) + "\0").encode())
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
