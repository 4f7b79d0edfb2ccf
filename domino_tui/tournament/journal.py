"""The run's journal: a JSON-lines file with the settings first, then one line per match as soon as it finishes.

Each line is written and flushed at once, so an interrupted run loses at most the matches still being played;
``--resume`` reads the journal back and plays only the matches it does not hold.
"""

from __future__ import annotations

import json
import os
from typing import TextIO

from .runner import Tally


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


class Journal:
    def __init__(self, path: str, fh: TextIO) -> None:
        self.path = path
        self.fh = fh

    @classmethod
    def create(cls, path: str, settings: dict) -> Journal:
        fh = open(path, "w", encoding="utf-8")  # noqa: SIM115 - kept open for the whole run
        journal = cls(path, fh)
        journal.write({"settings": settings})
        return journal

    @classmethod
    def reopen(cls, path: str) -> Journal:
        return cls(path, open(path, "a", encoding="utf-8"))

    def write(self, record: dict) -> None:
        self.fh.write(json.dumps(record) + "\n")
        self.fh.flush()
        os.fsync(self.fh.fileno())

    def close(self) -> None:
        self.fh.close()


def read_journal(path: str) -> tuple[dict, dict[int, Tally]]:
    """The settings and the finished matches of a journal. A last line cut short by the interruption is dropped."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().split("\n")
    except OSError as exc:
        raise JournalError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        settings = json.loads(lines[0])["settings"]
    except (ValueError, KeyError, TypeError):
        raise JournalError(f"{path} is not a tournament journal (its first line holds no settings)") from None
    done: dict[int, Tally] = {}
    for n, text in enumerate(lines[1:], start=2):
        if not text.strip():
            continue
        try:
            record = json.loads(text)
            done[int(record["match"])] = _tally(record)
        except (ValueError, KeyError, TypeError):
            if n == len(lines) or (n == len(lines) - 1 and not lines[-1]):
                break  # the line being written when the run stopped
            raise JournalError(f"{path}, line {n}: not a match record") from None
    return settings, done
