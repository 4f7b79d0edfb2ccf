"""Free-for-all tables: every entry at one table (2 to 8 of them), seats rotated, ranked by total points. Mexican
Train plays them, and the line games that seat more than two each for himself (Fives and Threes for 3 or 4).

A table plays rounds in blocks of one round per entry. The rounds of a block share one deal and one engine
double, and entry ``e`` sits in seat ``(e + r) % n`` in the block's ``r``-th round: over a block each entry sits in
every seat once and plays every seat's hand once (a duplicate table, so a lucky deal favours nobody). A table's
number of rounds is therefore a multiple of its number of entries. The engine double of block ``b`` is the
``b % 13``-th of a match (12-12 first, down to 0-0).

Points are what the variant scores: in Mexican Train the pips left in a seat's hand at the end of a round, and the
entry with the fewest over all its rounds ranks first; in a line game (a round is one hand) the points the seat
made, and the most rank first (``lowest_wins``). Entries equal on points are ordered by more rounds won (a round is
won by the best score at the table; a best score shared is a tie for those who share it), then fewer faults;
entries equal on all three share a place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import places_of
from .ranking import rank

MIN_ENTRIES = 2
MAX_ENTRIES = 8
ROUNDS_IN_A_MATCH = 13  # engine doubles 12-12 down to 0-0


class TableError(ValueError):
    """A table that cannot be laid out; the message says why in the user's terms."""


def check_entries(entries: int) -> None:
    if not MIN_ENTRIES <= entries <= MAX_ENTRIES:
        raise TableError(f"a free-for-all table seats {MIN_ENTRIES} to {MAX_ENTRIES} entries, not {entries}")


def table_rounds(entries: int, rounds: int) -> int:
    """``rounds`` rounded up to a whole number of blocks, so that each entry sits in each seat equally often."""
    check_entries(entries)
    if rounds < 1:
        raise TableError(f"a table plays at least one round, not {rounds}")
    return -(-rounds // entries) * entries


def seating(entries: int, game: int) -> tuple[int, ...]:
    """The entry in each seat in round ``game`` of the table (seat order)."""
    shift = game % entries
    return tuple((seat - shift) % entries for seat in range(entries))


def block_of(entries: int, game: int) -> int:
    """Which block (of one round per entry) round ``game`` belongs to: its deal and engine double."""
    return game // entries


def engine_round(entries: int, game: int) -> int:
    """The round of a 13-round match whose engine double round ``game`` is played with (0: 12-12 ... 12: 0-0)."""
    return block_of(entries, game) % ROUNDS_IN_A_MATCH


def deal_seed(seed: int, entries: int, game: int) -> str:
    """The seed of round ``game``'s deal: the same for every round of a block."""
    return f"domino-tui/{seed}/table/{block_of(entries, game)}"


def table_bot_seed(seed: int, game: int, seat: int) -> str:
    """The seed of the rng given to the built-in bot in ``seat`` for round ``game``."""
    return f"domino-tui/{seed}/table/{game}/seat{seat}"


@dataclass
class TableTally:
    """Figures of some rounds of one table, by entry (not by seat)."""

    entries: int
    rounds: int = 0
    points: list[int] = field(default_factory=list)
    won: list[int] = field(default_factory=list)  # rounds with the lowest score alone
    tied: list[int] = field(default_factory=list)  # rounds with the lowest score shared
    faults: list[dict[str, int]] = field(default_factory=list)
    abandoned: int = 0
    notes: list[str] = field(default_factory=list)  # the first fault's detail of each entry
    lowest_wins: bool = True  # the fewest points are best (Mexican Train), else the most (the line games)

    def __post_init__(self) -> None:
        n = self.entries
        self.points = self.points or [0] * n
        self.won = self.won or [0] * n
        self.tied = self.tied or [0] * n
        self.faults = self.faults or [{} for _ in range(n)]
        self.notes = self.notes or [""] * n

    def record(self, seats: Sequence[int], points: Sequence[int]) -> None:
        """One round: ``seats[s]`` is the entry in seat ``s``, ``points[s]`` what that seat scored."""
        self.rounds += 1
        first = [seats[s] for s, place in enumerate(places_of(points, self.lowest_wins)) if place == 0]
        for s, p in enumerate(points):
            self.points[seats[s]] += p
        if len(first) == 1:
            self.won[first[0]] += 1
        else:
            for e in first:
                self.tied[e] += 1

    def fault(self, entry: int, cause: str, detail: str = "") -> None:
        counts = self.faults[entry]
        counts[cause] = counts.get(cause, 0) + 1
        if detail and not self.notes[entry]:
            self.notes[entry] = detail

    def add(self, other: TableTally) -> None:
        self.rounds += other.rounds
        self.abandoned += other.abandoned
        for e in range(self.entries):
            self.points[e] += other.points[e]
            self.won[e] += other.won[e]
            self.tied[e] += other.tied[e]
            for cause, k in other.faults[e].items():
                self.faults[e][cause] = self.faults[e].get(cause, 0) + k
            self.notes[e] = self.notes[e] or other.notes[e]


@dataclass
class TableStanding:
    name: str
    rounds: int
    points: int
    won: int
    tied: int
    faults: dict[str, int]
    rank: int = 0
    lowest_wins: bool = True

    @property
    def lost(self) -> int:
        return self.rounds - self.won - self.tied

    @property
    def per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0

    @property
    def failures(self) -> int:
        return sum(self.faults.values())


def table_key(s: TableStanding) -> tuple[int, int, int]:
    """Fewest points (most, where points are made), then most rounds won, then fewest faults."""
    return (s.points if s.lowest_wins else -s.points, -s.won, s.failures)


def table_standings(names: Sequence[str], tally: TableTally) -> list[TableStanding]:
    """Each entry's totals, ranked best first; equal keys share a place (1, 2, 2, 4), in entry order."""
    table = [
        TableStanding(
            *(name, tally.rounds, tally.points[e], tally.won[e], tally.tied[e]),
            dict(sorted(tally.faults[e].items())),
            lowest_wins=tally.lowest_wins,
        )
        for e, name in enumerate(names)
    ]
    return rank(table, table_key)
