"""Choosing a league round's matches, Swiss style: each entry meets the nearest in rating that it has not met.

A table is the entries of one match: two for a match between two entries (a bot, or a pair-entry), four for a
partnership match of single bots, more for a free-for-all. Tables are filled one at a time, the strongest entry
not yet seated taking the nearest in rating among those it has not met (who have not met each other either); when
that leaves someone with nobody new to meet, the search goes back and tries the next nearest. Late in a long
league, when that search runs out of its budget, a second one lets the entry with the fewest entries left to meet
pick first, so that it is not the one left over at the end (with 100 entries: no repeat in the first 30 rounds,
which a test holds). No two entries meet twice while a round without a repeat exists and one of the searches
finds it within its budget (in a small league they try every round there is); otherwise the round is made with
few repeats, nearest first. When the entries do not fill the tables, the ones left over sit the round out (a
bye): those with the fewest byes so far, the weakest of them first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from itertools import combinations

# Tables tried in one round's search before it settles for a round with repeats.
BUDGET = 5_000


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[tuple[str, ...], ...]  # each table's entries, strongest first
    byes: tuple[str, ...]


class _Exhausted(Exception):
    pass


def pair_round(
    order: Sequence[str],
    strength: Mapping[str, float],
    met: Mapping[str, Set[str]],
    byes: Mapping[str, int],
    size: int,
    budget: int = BUDGET,
) -> Round:
    """Tables of ``size`` entries for a round. ``order``: every entry, strongest first (equals in a fair random
    order); ``strength`` the rating closeness is measured on; ``met``: whom each entry has met; ``byes``: how many
    byes each has had."""
    if len(order) < size:
        raise ValueError(f"a round needs at least {size} entries, not {len(order)}")
    position = {name: i for i, name in enumerate(order)}
    sitting_out = sorted(order, key=lambda e: (byes.get(e, 0), -position[e]))
    for hemmed_in_first in (False, True):
        search = _Search(strength, met, size, budget, position, hemmed_in_first)
        try:
            for out in combinations(sitting_out, len(order) % size):
                tables = search.seat([e for e in order if e not in out])
                if tables is not None:
                    return Round(tuple(tables), out)
        except _Exhausted:
            pass
    out = tuple(sitting_out[: len(order) % size])
    return Round(search.fewest_repeats([e for e in order if e not in out]), out)


class _Search:
    def __init__(
        self,
        strength: Mapping[str, float],
        met: Mapping[str, Set[str]],
        size: int,
        budget: int,
        position: dict[str, int],
        hemmed_in_first: bool,
    ) -> None:
        self.strength = strength
        self.hemmed_in_first = hemmed_in_first
        self.size = size
        self.budget = budget
        self.position = position
        everyone = set(position)
        self.new = {name: everyone - set(met.get(name, ())) - {name} for name in everyone}

    def _nearest(self, first: str, others: Iterable[str]) -> list[str]:
        """``others`` by rating distance from ``first``; equals in the round's order."""
        mine = self.strength[first]
        return sorted(others, key=lambda e: (abs(self.strength[e] - mine), self.position[e]))

    def seat(self, playing: list[str]) -> list[tuple[str, ...]] | None:
        """Every entry of ``playing`` (strongest first) at a table of entries that have not met, or None.

        The strongest picks first, or with ``hemmed_in_first`` the entry with the fewest entries left that it has
        not met (the strongest of equals). An entry with too few left gives the branch up at once."""
        if not playing:
            return []
        left = set(playing)
        options = {e: self.new[e] & left for e in playing}
        if min(len(o) for o in options.values()) < self.size - 1:
            return None
        first = playing[0]
        if self.hemmed_in_first:
            first = min(playing, key=lambda e: (len(options[e]), self.position[e]))
        rest = [e for e in playing if e != first]
        for table in self._tables((first,), self._nearest(first, options[first]), 0):
            self.budget -= 1
            if self.budget < 0:
                raise _Exhausted
            seated = set(table)
            others = self.seat([e for e in rest if e not in seated])
            if others is not None:
                return [table, *others]
        return None

    def _tables(self, table: tuple[str, ...], near: list[str], start: int) -> Iterator[tuple[str, ...]]:
        if len(table) == self.size:
            yield tuple(sorted(table, key=self.position.__getitem__))
            return
        for i in range(start, len(near)):
            if all(near[i] in self.new[member] for member in table):
                yield from self._tables((*table, near[i]), near, i + 1)

    def fewest_repeats(self, playing: list[str]) -> tuple[tuple[str, ...], ...]:
        """Tables without search: each strongest unseated entry with the nearest, those it has met last."""
        left = list(playing)
        tables = []
        while left:
            table = [left.pop(0)]
            near = self._nearest(table[0], left)
            while len(table) < self.size:
                # the nearest entry new to the whole table, else the nearest
                pick = min(near, key=lambda e: not all(e in self.new[m] for m in table))
                near.remove(pick)
                left.remove(pick)
                table.append(pick)
            tables.append(tuple(sorted(table, key=self.position.__getitem__)))
        return tuple(tables)


def sides_of(table: Sequence[str], per_side: int) -> tuple[tuple[str, ...], ...]:
    """A table's entries (strongest first) dealt into sides of ``per_side`` partners, as a draft goes: back and
    forth (a, b, c, d -> a+d against b+c), so that the sides are as even as the ratings allow."""
    count = len(table) // per_side
    sides: list[list[str]] = [[] for _ in range(count)]
    for i, name in enumerate(table):
        turn, k = divmod(i, count)
        sides[k if turn % 2 == 0 else count - 1 - k].append(name)
    return tuple(tuple(side) for side in sides)
