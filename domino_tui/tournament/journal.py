"""The run's journal: a JSON-lines file with the settings first, then one line per match as soon as it finishes.

Each line is written, flushed and synced at once, so an interrupted run loses at most the matches still being
played; ``--resume`` reads the journal back and plays only the matches it does not hold.

Every line carries a MAC (HMAC-SHA256, signing.py) under a key derived from the run's secret seed and a random
run number, so a line that the referee did not write, or that was changed since, does not verify and ``--resume``
refuses the journal, naming the line. A last line cut short (the run stopped while writing it, a full disk) is not an
error: it is dropped and its match played again, and the file is cut back to its last whole line before anything
is appended, so a journal survives any number of interruptions. The file is readable by its owner only and made
new for each run (never rewritten in place), and no bot's sandbox shows it.
"""

from __future__ import annotations

import json
import os
from typing import TextIO

from ..stored_file import MAX_JOURNAL_BYTES, describe, read_bytes
from .runner import Tally
from .signing import journal_key, new_run, signed, verified


class JournalError(ValueError):
    """A journal that cannot be resumed; the message says why."""


def journal_path(out: str) -> str:
    """The journal beside ``--out``: results.json -> results.jsonl (a .jsonl out is the journal itself)."""
    root, ext = os.path.splitext(out)
    return out if ext.lower() == ".jsonl" else root + ".jsonl"


def tally_json(match: int, names: tuple[str, str], t: Tally) -> dict:
    return {
        "match": match,
        "first": names[0],
        "second": names[1],
        "games": t.games,
        "wins": t.wins,
        "ties": t.ties,
        "points": t.points,
        "forfeits": t.faults,
        "abandoned": t.abandoned,
        "fault_detail": t.notes,
    }


def _tally(d: dict) -> Tally:
    return Tally(
        games=int(d["games"]),
        wins=[int(x) for x in d["wins"]],
        ties=int(d["ties"]),
        points=[int(x) for x in d["points"]],
        faults=[{str(k): int(v) for k, v in side.items()} for side in d["forfeits"]],
        abandoned=int(d["abandoned"]),
        notes=[str(x) for x in d["fault_detail"]],
    )


def _signed(key: bytes, record: dict) -> str:
    return json.dumps(signed(key, record)) + "\n"


class Journal:
    def __init__(self, path: str, fh: TextIO, key: bytes) -> None:
        self.path = path
        self.fh = fh
        self.key = key

    @classmethod
    def create(cls, path: str, settings: dict, seed: int) -> Journal:
        """A new journal file at ``path`` (an old one there is replaced by a new file, not rewritten: a reader
        holding the old one open reads nothing of this run), readable by its owner only."""
        run = new_run()
        key = journal_key(seed, run)
        if os.path.lexists(path):
            os.unlink(path)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        journal = cls(path, os.fdopen(fd, "w", encoding="utf-8"), key)
        journal.fh.write(_signed(key, {"settings": settings, "run": run}))
        journal.sync()
        return journal

    @classmethod
    def reopen(cls, path: str, key: bytes, length: int) -> Journal:
        """Append to the journal after its first ``length`` bytes (its verified lines): a line cut short goes."""
        with open(path, "r+b") as raw:
            raw.truncate(length)
        return cls(path, open(path, "a", encoding="utf-8"), key)

    def write(self, record: dict) -> None:
        self.fh.write(_signed(self.key, record))
        self.sync()

    def sync(self) -> None:
        self.fh.flush()
        os.fsync(self.fh.fileno())

    def close(self) -> None:
        self.fh.close()


def read_journal(path: str) -> tuple[dict, dict[int, tuple[int, dict]], bytes, int]:
    """The settings, the finished matches (match -> its line number and record), the key and the length in bytes
    of the verified part of a journal.

    Raises JournalError for a journal that is not one, or any whole line whose MAC does not verify (naming it);
    a last line without its newline was cut short by the interruption and is left out."""
    try:
        text = read_bytes(path, MAX_JOURNAL_BYTES).decode("utf-8")
    except (OSError, ValueError) as exc:
        raise JournalError(f"cannot read {path}: {describe(exc)}") from None
    lines = text.split("\n")
    cut = lines.pop()  # after the last newline: empty, or a line the interruption cut short
    length = len(text) - len(cut)
    if not lines:
        raise JournalError(f"{path} is not a tournament journal (it holds no whole line)")
    try:
        head = json.loads(lines[0])
        settings, run, seed = head["settings"], str(head["run"]), int(head["settings"]["seed"])
        key = journal_key(seed, run)  # a run that is no text (a lone surrogate) raises here
    # OverflowError: a seed of 1e400, which JSON reads as infinity.
    except (ValueError, KeyError, TypeError, RecursionError, OverflowError):
        raise JournalError(
            f"{path} is not a tournament journal of this version (its first line holds no signed settings)"
        ) from None
    if not verified(key, head):
        raise JournalError(f"{path}, line 1: the settings do not verify (changed since the run wrote them)")
    done: dict[int, tuple[int, dict]] = {}
    for n, row in enumerate(lines[1:], start=2):
        try:
            record = json.loads(row)
            if not isinstance(record, dict) or not verified(key, record):
                raise ValueError
            match = int(record["match"])
            _tally(record)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError, OverflowError):
            raise JournalError(
                f"{path}, line {n}: not a match record this run wrote (its MAC does not verify); "
                "remove the line to play that match again"
            ) from None
        if match in done:
            raise JournalError(f"{path}, line {n}: match {match} is recorded twice")
        done[match] = (n, record)
    return settings, done, key, len(text[:length].encode("utf-8"))


def tallies(done: dict[int, dict]) -> dict[int, Tally]:
    return {m: _tally(r) for m, r in done.items()}
