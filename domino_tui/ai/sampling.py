"""Guessing the hidden tiles: deals of the unseen tiles that agree with everything a seat knows.

A guess puts every unknown tile in another seat's hand or in the rest (stock or asleep), with the right counts and
without breaking any fact `infer` found. Tiles with fewest possible places go first, and each goes to a place
drawn with weight equal to the room left there, which keeps the guesses close to uniform over the consistent deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .inference import Knowledge

REST = -1
TRIES = 20


@dataclass(frozen=True, slots=True)
class Guess:
    """One full deal of the hidden tiles: a mask per seat (the observer's own hand exact) and the stock,
    drawn from its end as the engine draws."""

    masks: tuple[int, ...]
    stock: tuple[int, ...]


class Sampler:
    """Makes guesses for one decision; the work that does not change between guesses is done once here."""

    def __init__(self, know: Knowledge, own_mask: int, stock_size: int) -> None:
        self.know = know
        self.own_mask = own_mask
        self.stock_size = stock_size
        self._plans: dict[bool | None, tuple] = {}

    def sample(self, rng: random.Random) -> Guess:
        """One guess. Likely (soft) facts are dropped only when no guess can keep them."""
        for soft in (True, False):
            plan = self._plan(soft)
            for _ in range(TRIES):
                guess = self._try(plan, rng)
                if guess is not None:
                    return guess
        # Only a history the engine could not have produced gets here; ignoring it still lets the bot move.
        return self._try(self._plan(None), rng)  # type: ignore[return-value]

    def _plan(self, soft: bool | None) -> tuple:
        plan = self._plans.get(soft)
        if plan is not None:
            return plan
        know = self.know
        never = {s: (sk.never(soft) if soft is not None else 0) for s, sk in know.seats.items()}
        # Facts that leave room for drawn tiles: (tiles it rules out, how many of them the hand may still hold).
        counted: dict[int, list[tuple[int, int]]] = {}
        if soft is not None:
            for s, sk in know.seats.items():
                checks = []
                for v in sk.voids:
                    if v.soft and not soft:
                        continue
                    draws = sk.draws_from(v.at)
                    if draws:
                        played = sum(1 for t, at in sk.played if at > v.at and (v.mask >> t) & 1)
                        checks.append((v.mask, draws - played))
                if checks:
                    counted[s] = checks
        groups: dict[tuple[int, ...], list[int]] = {}
        u = know.unknown
        while u:
            bit = u & -u
            t = bit.bit_length() - 1
            u ^= bit
            places = tuple(s for s in know.seats if not (never[s] >> t) & 1)
            groups.setdefault(places, []).append(t)
        ordered = sorted(groups.items(), key=lambda kv: len(kv[0]))
        plan = (ordered, counted)
        self._plans[soft] = plan
        return plan

    def _try(self, plan: tuple, rng: random.Random) -> Guess | None:
        ordered, counted = plan
        know = self.know
        room = {s: sk.size for s, sk in know.seats.items()}
        room[REST] = know.rest_size
        left = {s: [list(c) for c in checks] for s, checks in counted.items()}
        hands = dict.fromkeys(know.seats, 0)
        rest: list[int] = []
        rnd = rng.random
        shuffle = rng.shuffle
        for places, group in ordered:
            tiles = group.copy()
            shuffle(tiles)
            for t in tiles:
                options = []
                total = 0
                for s in places:
                    if room[s] and (s not in left or _room_for(left[s], t)):
                        options.append(s)
                        total += room[s]
                if room[REST]:
                    options.append(REST)
                    total += room[REST]
                if not options:
                    return None
                s = options[0]
                if len(options) > 1:
                    r = rnd() * total
                    for s in options:
                        r -= room[s]
                        if r < 0:
                            break
                room[s] -= 1
                if s == REST:
                    rest.append(t)
                else:
                    hands[s] |= 1 << t
                    for check in left.get(s, ()):
                        if (check[0] >> t) & 1:
                            check[1] -= 1
        shuffle(rest)
        masks = tuple(self.own_mask if s == know.me else hands[s] for s in range(know.players))
        return Guess(masks, tuple(rest[: self.stock_size]))


def sample(know: Knowledge, own_mask: int, stock_size: int, rng: random.Random) -> Guess:
    """One guess consistent with ``know`` (see `Sampler` to make many)."""
    return Sampler(know, own_mask, stock_size).sample(rng)


def _room_for(checks: list[list[int]], t: int) -> bool:
    return not any((mask >> t) & 1 and left <= 0 for mask, left in checks)
