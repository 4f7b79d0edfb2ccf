"""The entries' files as bytes, for a machine that has none of them: a cluster's worker.

No shared filesystem is assumed. The client packs what a host of each user bot sees of its entry (the folder of
its file, or the file alone in a shared folder such as /tmp; a Bot class given from Python code is played from its
module's file) into one Bundle; a worker unpacks it into a private folder of its own, in the same tree under that
folder (``/home/ann/bot.py`` -> ``FOLDER/home/ann/bot.py``), and moves the chunk's entries and the sandbox's
hidden paths there (``relocate``), so a host on the worker sees what it would have seen on the client.

What is never packed: the run's private files (journal, results, seed file) and anything else the sandbox hides
that is not an entry's own, even inside an entry's folder; caches and version-control folders; links (a link could
point anywhere on the client). A bundle larger than MAX_BUNDLE is refused: a bot's folder is not a home folder.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import stat
import sys
from dataclasses import dataclass, replace

from .entries import BotSpec, Entry, EntryError
from .host import host_command
from .sandbox import SYSTEM, Confinement, entry_folders, inside

MAX_BUNDLE = 64 << 20
SKIPPED_FOLDERS = frozenset({"__pycache__", ".git", ".hg", ".svn", ".venv", "venv", "node_modules", ".mypy_cache"})


@dataclass(frozen=True)
class Bundle:
    """Files by their absolute path on the client: (path, executable, content)."""

    files: tuple[tuple[str, bool, bytes], ...] = ()
    roots: tuple[str, ...] = ()  # the folders and files packed, as the entries' sandboxes show them
    digest: str = ""  # of all the above: a worker unpacks one bundle once


def _digest(files: tuple[tuple[str, bool, bytes], ...], roots: tuple[str, ...]) -> str:
    h = hashlib.sha256("\0".join(roots).encode())
    for path, executable, data in files:
        h.update(f"\0{path}\0{int(executable)}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()


def _system(path: str) -> bool:
    return any(inside(path, top) for top in SYSTEM)


def as_file_spec(spec: BotSpec) -> BotSpec:
    """A Bot class given from Python code, as the file of its module (a worker has no import path of the client)."""
    if spec.kind != "class":
        return spec
    module = sys.modules.get(spec.path)
    origin = getattr(module, "__file__", None)
    if origin is None or "." in spec.name:
        raise EntryError(
            f"{spec.path}.{spec.name}: a Bot class plays on a cluster from its module's file; define it at the top "
            "level of a module loaded from a file, or give the entry as path/to/file.py:ClassName"
        )
    return BotSpec("file", spec.name, os.path.abspath(origin), spec.index)


def for_cluster(entries: list[Entry]) -> list[Entry]:
    return [replace(e, seats=tuple(as_file_spec(s) for s in e.seats)) for e in entries]


def pack(entries: list[Entry], confinement: Confinement) -> Bundle:
    """Every hosted entry's files, without the run's private ones. Raises EntryError when too large."""
    own: set[str] = set()
    roots: list[str] = []
    for entry in entries:
        for spec in entry.seats:
            if spec.hosted:
                files = host_command(spec).files
                own.update(files)
                # A program of the system (cmd:/usr/bin/python3 bot.py) is on every worker already.
                roots += [r for r in entry_folders(files) if r not in roots and not _system(r)]
    shown = own | set(roots)
    # A folder holding an entry's own folder was hidden as an entry's (a Bot class's import root), not as a secret.
    secret = [h for h in confinement.hidden if h not in shown and not any(inside(r, h) for r in roots)]
    found: dict[str, tuple[bool, bytes]] = {}
    size = 0
    for path in _walk(roots):
        if path in found or any(inside(path, h) for h in secret):
            continue
        try:
            with open(path, "rb") as fh:
                data = fh.read(MAX_BUNDLE + 1)
            executable = bool(os.stat(path).st_mode & stat.S_IXUSR)
        except OSError:
            continue  # unreadable here: a host could not read it either
        size += len(data)
        if size > MAX_BUNDLE:
            raise EntryError(
                f"the entries' folders hold more than {MAX_BUNDLE >> 20} MiB: put each bot in a folder of its own "
                "to play on a cluster"
            )
        found[path] = (executable, data)
    packed = tuple((p, x, d) for p, (x, d) in sorted(found.items()))
    return Bundle(packed, tuple(roots), _digest(packed, tuple(roots)))


def _walk(roots: list[str]) -> list[str]:
    out = []
    for root in roots:
        if os.path.isfile(root) and not os.path.islink(root):
            out.append(root)
            continue
        for folder, folders, files in os.walk(root):  # os.walk follows no link to a folder
            folders[:] = sorted(f for f in folders if f not in SKIPPED_FOLDERS)
            for name in sorted(files):
                path = os.path.join(folder, name)
                if os.path.isfile(path) and not os.path.islink(path):
                    out.append(path)
    return out


def unpack(bundle: Bundle, folder: str) -> None:
    """The bundle's files under ``folder``, readable by this user only (a host reads them through its sandbox)."""
    for path, executable, data in bundle.files:
        target = folder + path
        os.makedirs(os.path.dirname(target), mode=0o700, exist_ok=True)
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o700 if executable else 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
    packed = {path for path, _, _ in bundle.files}
    for root in bundle.roots:  # an entry's folder holding nothing but hidden files still exists, empty
        if root not in packed:
            os.makedirs(folder + root, mode=0o700, exist_ok=True)


def _moved(path: str, bundle: Bundle, folder: str) -> str:
    return folder + path if any(inside(path, r) for r in bundle.roots) else path


def relocate_spec(spec: BotSpec, bundle: Bundle, folder: str) -> BotSpec:
    if spec.kind in ("file", "mc102"):
        return replace(spec, path=_moved(spec.path, bundle, folder))
    if spec.kind == "cmd":
        words = [_moved(w, bundle, folder) if os.path.isabs(w) else w for w in shlex.split(spec.path)]
        return replace(spec, path=shlex.join(words))
    return spec


def relocate(
    entries: tuple[Entry, ...], confinement: Confinement, bundle: Bundle, folder: str
) -> tuple[tuple[Entry, ...], Confinement]:
    """The entries and the confinement as they are on this machine, once the bundle is unpacked in ``folder``."""
    moved = tuple(replace(e, seats=tuple(relocate_spec(s, bundle, folder) for s in e.seats)) for e in entries)
    hidden = tuple(sorted({_moved(h, bundle, folder) for h in confinement.hidden}))
    scratch = os.path.join(folder, "scratch") if confinement.scratch else ""
    if scratch:
        os.makedirs(scratch, mode=0o700, exist_ok=True)
    return moved, Confinement(confinement.sandboxed, hidden, scratch)
