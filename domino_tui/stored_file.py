"""What the player keeps on disk (settings, the game in progress): written atomically, read without ever
locking the player out.

A file that cannot be used, whatever the reason (cut short, not JSON, not UTF-8, nested too deep, values of the
wrong kind, too large, a directory, a FIFO or a device in its place, unreadable), is moved aside to
``<name>.bad-<time>`` so that the player starts afresh and the next save cannot overwrite it; the message says
where it went. Should even that fail, the file stays where it is and nothing is written over it while it is
there. Nothing is ever opened in a way that could wait: a FIFO is refused, not read.

Each file is a `StoredFile` object, owned by whoever keeps it (the app holds one per file): what it knows about
a damaged file lives and dies with that owner, never in this module.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

# Far more than any settings file or saved match (a long match is tens of kilobytes): a bigger file is no save.
MAX_BYTES = 16 << 20
MAX_JOURNAL_BYTES = 1 << 30  # a journal grows by a line a match: a league's runs to thousands of lines


class NotAFile(OSError):
    """Something other than a regular file where a file is kept (a directory, a FIFO, a device, a socket)."""


class SymbolicLink(NotAFile):
    """A symbolic link where a file of secrets is kept."""


class StoredFile:
    def __init__(self, path: Path, private: bool = False) -> None:
        """``private``: the file holds secrets (seat tokens): it is never read through a symbolic link (set aside
        as a file that cannot be used), and one others may read is made its owner's alone when read. (It is always
        written as a new file readable by its owner only, renamed over the old, so no write goes through a link.)"""
        self.path = path
        self.private = private
        # A damaged file that could not be moved aside: (device, inode) of the file not to write over.
        self._kept: tuple[int, int] | None = None

    def load(self, parse: Callable[[object], T], failed: str, then: str) -> tuple[T | None, str | None]:
        """``parse`` of the JSON in the file; None when there is none. A file that cannot be used gives None and
        a message: ``failed`` ("Your saved game could not be restored"), why, where the file went, and
        ``then`` ("A new game starts.")."""
        try:
            text = read_text(self.path, private=self.private)
        except FileNotFoundError:
            return None, None
        except Exception as exc:  # a directory, a FIFO, no permission, not UTF-8, a broken disk, ...
            return None, self._set_aside(describe(exc), failed, then)
        try:
            return parse(json.loads(text)), None
        except Exception as exc:  # the file is untrusted: no failure to use it may lock the player out
            return None, self._set_aside(describe(exc), failed, then)

    def _set_aside(self, reason: str, failed: str, then: str) -> str:
        try:
            aside = move_aside(self.path)
        except OSError as exc:
            self._kept = _identity(self.path)
            return (
                f"{failed} ({self.path}): {reason}. It could not be moved aside either ({exc}), so it is left as it "
                f"is and nothing will be saved over it. {then}"
            )
        return f"{failed}: {reason}. The file was moved to {aside}. {then}"

    def _refuse_if_kept(self) -> None:
        if self._kept is not None and _identity(self.path) == self._kept:
            raise PermissionError(
                f"{self.path} is a damaged file kept as it was found; move it away to save here again"
            )
        self._kept = None  # moved away (or replaced) since: saving may go on

    def write(self, data: object, indent: int | None = None) -> None:
        """Write ``data`` as JSON atomically (see `write_atomically`)."""
        self._refuse_if_kept()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.path, json.dumps(data, indent=indent) + "\n")

    def remove(self) -> None:
        """Delete the file if there is one (a damaged file kept as found stays)."""
        if self._kept is not None and _identity(self.path) == self._kept:
            return
        self.path.unlink(missing_ok=True)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: to a temporary file beside it, flushed and synced to disk, then renamed
    over it, so that a crash or a full disk leaves the old file or the new one, never half of one. On failure the
    temporary file is removed and the OSError raised."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def turn_at(folder: Path, wait: float = 2.0) -> Iterator[None]:
    """Hold the advisory lock of ``folder`` (which leaves no file behind) so that two programs reading, changing and
    writing a file in it take turns rather than one writing over what the other just wrote. Where none can be had
    (no such locks here, no such folder, a program that held it ``wait`` seconds) it goes on without: a lost turn
    costs less than a program that hangs."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        yield
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        yield
        return
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.01)
            except OSError:  # a file system that keeps no such locks
                break
        yield
    finally:
        os.close(fd)  # which lets the lock go


class OwnerLock:
    """The advisory lock of the file at ``path`` (an empty file that stands for something the program owns while
    it holds it, such as the game in progress), from `take` until `release` or the end of the program: the system
    lets it go when the process ends however it ends (a quit, a crash, a kill), so no stale lock outlives it. The
    file itself stays: taking it away could let a third program lock a new file while the first still holds the
    old one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def take(self) -> bool:
        """False when another program holds it; else True, held from now on. Where no such lock can be had (not a
        POSIX system, a folder that cannot be written, a file system that keeps no locks) also True, without
        holding anything: the program goes on alone as before there were locks rather than refuse to save."""
        if self._fd is not None:
            return True
        try:
            import fcntl
        except ImportError:  # not a POSIX system
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # Never inherited by a program this one starts, which would hold it on after this one ended; never
            # waiting on a FIFO put in the file's place.
            flags = os.O_RDONLY | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
            fd = os.open(self.path, flags, 0o600)
        except OSError:
            return True
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return False
        except OSError:  # a file system that keeps no such locks
            os.close(fd)
            return True
        self._fd = fd
        return True

    def release(self) -> None:
        """Let it go (nothing when it is not held)."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)

    def __del__(self) -> None:
        self.release()  # an owner dropped without a word (an app a test never closed) holds nothing


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.lstat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def read_text(path: Path, limit: int = MAX_BYTES, private: bool = False) -> str:
    """The UTF-8 text of the regular file at ``path`` (see `read_bytes`)."""
    return read_bytes(path, limit, private).decode("utf-8")


def read_bytes(path: Path | str, limit: int = MAX_BYTES, private: bool = False) -> bytes:
    """The bytes of the regular file at ``path``. Opened without waiting (a FIFO with no writer would block
    an ordinary open for ever) and refused unless it is a regular file of at most ``limit`` bytes. ``private``: a
    symbolic link is refused (SymbolicLink), and a file others may read or write is made its owner's alone."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    if private:
        if os.path.islink(path):
            raise SymbolicLink("it is a symbolic link, which a file of secrets never is")
        flags |= getattr(os, "O_NOFOLLOW", 0)  # and should a link appear this moment, the open refuses it
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        check_regular(st, limit)
        if private and stat.S_IMODE(st.st_mode) & 0o077:
            with contextlib.suppress(OSError):  # another's file (then reading it is all this does)
                os.fchmod(fd, 0o600)
        data = f.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"it is larger than {limit >> 20} MiB")
    return data


def check_regular(st: os.stat_result, limit: int = MAX_BYTES) -> None:
    """Raise NotAFile (or IsADirectoryError) unless ``st`` is a regular file, ValueError if it is over ``limit``."""
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        raise IsADirectoryError("is a directory")
    if not stat.S_ISREG(mode):
        kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise NotAFile(f"it is {kind}, not a file")
    if st.st_size > limit:
        raise ValueError(f"it is larger than {limit >> 20} MiB")


def describe(exc: BaseException) -> str:
    """Why a file could not be used, in words for the player."""
    if isinstance(exc, RecursionError):
        return "it is nested too deeply"
    if isinstance(exc, UnicodeDecodeError):
        return "it is not UTF-8 text"
    if isinstance(exc, IsADirectoryError):
        return "it is a directory, not a file"
    if isinstance(exc, PermissionError):
        return "it may not be read"
    if isinstance(exc, json.JSONDecodeError):
        return f"it is not valid JSON ({exc})"
    if isinstance(exc, NotAFile):
        return str(exc)
    text = str(exc)
    return text if text else type(exc).__name__


def move_aside(path: Path) -> Path:
    """Rename ``path`` to ``<name>.bad-<time>`` (never onto an earlier one); the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        aside = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(aside):
            os.rename(path, aside)
            return aside
    raise FileExistsError(f"too many damaged copies of {path.name} in {path.parent}")
