"""A league's journal: one JSON record per line, each written, flushed and synced to disk as it happens.

Every record is a dict written by ``LeagueJournal.write`` as canonical text (sorted keys, no spaces), so that a
keyed MAC over a line can be added as one more key of the record in this one place. A run stopped while writing
leaves at most its last line cut short: reading drops it, and resuming cuts it off the file before appending, so
the match it held is played again and the journal survives any number of interruptions.
"""

from __future__ import annotations

import json
import os
from typing import BinaryIO


class JournalError(ValueError):
    """A journal that cannot be read back; the message says where and why."""


def canonical(record: dict) -> bytes:
    """The one text of a record: a line of the journal without its newline."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


class LeagueJournal:
    def __init__(self, path: str, fh: BinaryIO) -> None:
        self.path = path
        self._fh = fh

    @classmethod
    def create(cls, path: str) -> LeagueJournal:
        """A new journal; an existing file is never overwritten (it may hold weeks of games)."""
        try:
            fh = open(path, "xb")  # noqa: SIM115 - kept open for the whole run
        except FileExistsError:
            raise JournalError(f"{path} exists already: resume that league, or choose another file") from None
        except OSError as exc:
            raise JournalError(f"cannot write {path}: {exc.strerror or exc}") from None
        return cls(path, fh)

    @classmethod
    def reopen(cls, path: str) -> tuple[LeagueJournal, list[dict]]:
        """The records of an existing journal, and the journal ready to append to (a cut last line cut off)."""
        records, whole = _read(path)
        fh = open(path, "r+b")  # noqa: SIM115 - kept open for the whole run
        fh.truncate(whole)
        fh.seek(whole)
        return cls(path, fh), records

    def write(self, record: dict) -> None:
        self._fh.write(canonical(record) + b"\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        self._fh.close()


def read_records(path: str) -> list[dict]:
    """Every whole record of a journal, in order (a last line cut short is left out)."""
    return _read(path)[0]


def _read(path: str) -> tuple[list[dict], int]:
    """The records, and the length of the file up to the end of its last whole line."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        raise JournalError(f"cannot read {path}: {exc.strerror or exc}") from None
    whole = data.rfind(b"\n") + 1  # every line is written with its newline: text after the last one was cut
    records = []
    for number, line in enumerate(data[:whole].splitlines(), start=1):
        try:
            record = json.loads(line)
        except ValueError:
            raise JournalError(f"{path}, line {number}: not a JSON record") from None
        if not isinstance(record, dict):
            raise JournalError(f"{path}, line {number}: not a JSON record")
        records.append(record)
    return records, whole
