"""What the player keeps on disk (settings, the game in progress): written atomically, read without ever
locking the player out.

A file that cannot be used, whatever the reason (cut short, not JSON, not UTF-8, nested too deep, values of the
wrong kind, a directory in its place, unreadable), is moved aside to ``<name>.bad-<time>`` so that the player
starts afresh and the next save cannot overwrite it; the message says where it went. Should even that fail, the
file stays where it is and nothing is written over it.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")


# Damaged files that could not be moved aside, in this run: `write` refuses to replace them.
_KEPT: set[Path] = set()


def load(path: Path, parse: Callable[[object], T], failed: str, then: str) -> tuple[T | None, str | None]:
    """``parse`` of the JSON in ``path``; None when there is no file. A file that cannot be used gives None and
    a message: ``failed`` ("Your saved game could not be restored"), why, where the file went, and ``then``
    ("A new game starts.")."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return None, None
    except Exception as exc:  # a directory, no permission, not UTF-8, a broken disk, ...
        return None, _set_aside(path, describe(exc), failed, then)
    try:
        return parse(json.loads(text)), None
    except Exception as exc:  # the file is untrusted: no failure to use it may lock the player out
        return None, _set_aside(path, describe(exc), failed, then)


def _set_aside(path: Path, reason: str, failed: str, then: str) -> str:
    try:
        aside = move_aside(path)
    except OSError as exc:
        _KEPT.add(path.absolute())
        return (
            f"{failed} ({path}): {reason}. It could not be moved aside either ({exc}), so it is left as it is "
            f"and nothing will be saved over it. {then}"
        )
    return f"{failed}: {reason}. The file was moved to {aside}. {then}"


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


def write(path: Path, data: object, indent: int | None = None) -> None:
    """Write ``data`` as JSON atomically: to a temporary file beside ``path``, flushed and synced to disk, then
    renamed over it, so that a crash or a full disk leaves the old file or the new one, never half of one. On
    failure the temporary file is removed and the OSError raised."""
    if path.absolute() in _KEPT:
        raise PermissionError(f"{path} is a damaged file kept as it was found; move it away to save here again")
    text = json.dumps(data, indent=indent) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def remove(path: Path) -> None:
    """Delete the file at ``path`` if there is one (a damaged file kept as found stays)."""
    if path.absolute() not in _KEPT:
        path.unlink(missing_ok=True)
