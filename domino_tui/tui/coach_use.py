"""The coach's use at a table: the hints asked and the undos made in each game of a room's matches, which the
record keeps with each game (headless: the table counts, the record reads).

At a game of this keyboard the counts outlive a quit as the game does, but not in the room's file: that file is
the room's log and nothing else (`net.saved_room`), replayed entry by entry as a server's; a hint is no entry of
the room, it is the app's note about its player. So the counts live in the app's own small file beside it
(``room-coach.json``), naming the room they belong to by its code: a file left by another room counts nothing. A
file that cannot be read is moved aside with a message, as every file the player keeps. Online, the counts are
the table's own, in memory.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.errors import SaveFormatError
from ..stored_file import StoredFile

FILE = "room-coach.json"
FORMAT = "domino-tui coach use"

Counts = dict[tuple[int, int], int]  # (match, game) -> how many


def path_beside(room_file: Path) -> Path:
    return room_file.with_name(FILE)


@dataclass
class CoachUse:
    """Hints and undos per (match, game) of one room; written to ``file`` after each change when there is one."""

    room: str = ""  # the room's code
    hints: Counts = field(default_factory=dict)
    undos: Counts = field(default_factory=dict)
    file: StoredFile | None = None

    def hint(self, match: int, game: int) -> None:
        self._count(self.hints, match, game)

    def undo(self, match: int, game: int) -> None:
        self._count(self.undos, match, game)

    def of(self, match: int, game: int) -> tuple[int, int]:
        """(hints, undos) in game ``game`` of match ``match``; ``game`` 0: the whole match (a train match is
        recorded whole)."""

        def count(counts: Counts) -> int:
            return sum(n for (m, g), n in counts.items() if m == match and game in (0, g))

        return count(self.hints), count(self.undos)

    def _count(self, counts: Counts, match: int, game: int) -> None:
        counts[(match, game)] = counts.get((match, game), 0) + 1
        if self.file is not None:
            # A few hundred bytes, written at once: a hint asked just before a quit is not lost. A disk that
            # refuses: the count goes on in memory, and the game is never stopped for it.
            with suppress(OSError):
                self.file.write(self.to_json())

    def to_json(self) -> dict[str, object]:
        return {
            "format": FORMAT,
            "room": self.room,
            "hints": [[m, g, n] for (m, g), n in sorted(self.hints.items())],
            "undos": [[m, g, n] for (m, g), n in sorted(self.undos.items())],
        }

    @classmethod
    def load(cls, path: Path, room: str) -> tuple[CoachUse, str | None]:
        """The counts kept at ``path`` for room ``room`` (none when the file is another room's or absent), kept
        there from now on; (counts, a message) when the file could not be read (it is moved aside)."""
        file = StoredFile(path)
        if not path.exists():
            return cls(room, file=file), None
        read, problem = file.load(_read, "The count of your hints and undos could not be read", "It starts again.")
        if read is None or read.room != room:
            return cls(room, file=file), problem
        read.file = file
        return read, None


def _read(data: object) -> CoachUse:
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("room"), str):
        raise SaveFormatError("not a count of hints and undos")
    use = CoachUse(str(data["room"]))
    for name, counts in (("hints", use.hints), ("undos", use.undos)):
        rows = data.get(name, [])
        if not isinstance(rows, list):
            raise SaveFormatError(f"{name} is not a list")
        for row in rows:
            if not (isinstance(row, list) and len(row) == 3 and all(type(x) is int and x >= 0 for x in row)):
                raise SaveFormatError(f"a count of {name} is not three numbers")
            counts[(row[0], row[1])] = row[2]
    return use
