"""A league's journal: one JSON record per line, each written, flushed and synced to disk as it happens.

Every record is a dict written by ``LeagueJournal.write`` as canonical text (sorted keys, no spaces) with its keyed
MAC (signing.py, as the tournament's journal): the key comes from the league's secret seed, which the first record
holds in its settings, and a random run number that the first record carries too. A line the league did not
write, or one changed since, does not verify and the journal is refused, naming the line. The file is readable by
its owner only. A run stopped while writing leaves at most its last line cut short: reading drops it, and resuming
cuts it off the file before appending, so the match it held is played again and the journal survives any number
of interruptions.
"""

from __future__ import annotations

import json
import os
from typing import BinaryIO

from ..stored_file import MAX_JOURNAL_BYTES, describe, read_bytes
from .signing import journal_key, new_run, signed, verified

RUN = "run"  # the first record's key for the run number


class JournalError(ValueError):
    """A journal that cannot be read back; the message says where and why."""


def canonical(record: dict) -> bytes:
    """The one text of a record: a line of the journal without its newline."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


class LeagueJournal:
    def __init__(self, path: str, fh: BinaryIO, key: bytes, run: str = "") -> None:
        self.path = path
        self._fh = fh
        self._key = key
        self._run = run  # still to be written with the first record

    @classmethod
    def create(cls, path: str, seed: int) -> LeagueJournal:
        """A new journal for the league of ``seed``; an existing file is never overwritten (it may hold weeks of
        games)."""
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            raise JournalError(f"{path} exists already: resume that league, or choose another file") from None
        except OSError as exc:
            raise JournalError(f"cannot write {path}: {exc.strerror or exc}") from None
        run = new_run()
        return cls(path, os.fdopen(fd, "wb"), journal_key(seed, run), run)

    @classmethod
    def reopen(cls, path: str) -> tuple[LeagueJournal, list[dict]]:
        """The records of an existing journal, and the journal ready to append to (a cut last line cut off)."""
        records, whole, key = _read(path)
        fh = open(path, "r+b")  # noqa: SIM115 - kept open for the whole run
        fh.truncate(whole)
        fh.seek(whole)
        return cls(path, fh, key), records

    def write(self, record: dict) -> None:
        if self._run:
            record, self._run = {**record, RUN: self._run}, ""
        self._fh.write(canonical(signed(self._key, record)) + b"\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        self._fh.close()


def read_records(path: str) -> list[dict]:
    """Every whole record of a journal, in order (a last line cut short is left out), each verified."""
    return _read(path)[0]


def _read(path: str) -> tuple[list[dict], int, bytes]:
    """The records, the length of the file up to the end of its last whole line, and the journal's key."""
    try:
        data = read_bytes(path, MAX_JOURNAL_BYTES)
    except (OSError, ValueError) as exc:
        raise JournalError(f"cannot read {path}: {describe(exc)}") from None
    whole = data.rfind(b"\n") + 1  # every line is written with its newline: text after the last one was cut
    records: list[dict] = []
    key = b""
    for number, line in enumerate(data[:whole].splitlines(), start=1):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            raise JournalError(f"{path}, line {number}: not a JSON record") from None
        if not isinstance(record, dict):
            raise JournalError(f"{path}, line {number}: not a JSON record")
        if number == 1:
            try:
                key = journal_key(int(record["settings"]["seed"]), str(record[RUN]))
            except (KeyError, TypeError, ValueError, OverflowError):  # OverflowError: a seed of 1e400 (infinity)
                raise JournalError(
                    f"{path} is not a league journal (its first line holds no signed league settings)"
                ) from None
        if not verified(key, record):
            raise JournalError(f"{path}, line {number}: not a record this league wrote (its MAC does not verify)")
        record.pop(RUN, None)
        records.append(record)
    return records, whole, key
