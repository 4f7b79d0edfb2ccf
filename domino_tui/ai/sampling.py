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


def sample(know: Knowledge, own_mask: int, stock_size: int, rng: random.Random) -> Guess:
    """One guess consistent with ``know``. Likely (soft) facts are dropped only when no guess can keep them."""
    for soft in (True, False):
        for _ in range(TRIES):
            guess = _try(know, own_mask, stock_size, rng, soft)
            if guess is not None:
                return guess
    # Only a history the engine could not have produced gets here; a guess that ignores it still lets the bot move.
    return _try(know, own_mask, stock_size, rng, soft=None)  # type: ignore[return-value]


def _try(know: Knowledge, own_mask: int, stock_size: int, rng: random.Random, soft: bool | None) -> Guess | None:
    tiles = []
    u = know.unknown
    while u:
        bit = u & -u
        tiles.append(bit.bit_length() - 1)
        u ^= bit
    rng.shuffle(tiles)
    room = {s: sk.size for s, sk in know.seats.items()}
    room[REST] = know.rest_size
    never = {s: (sk.never(soft) if soft is not None else 0) for s, sk in know.seats.items()}
    # Facts that leave room for drawn tiles: (void, draws since, tiles of it already placed or played since).
    counted = {}
    if soft is not None:
        for s, sk in know.seats.items():
            checks = []
            for v in sk.voids:
                if v.soft and not soft:
                    continue
                draws = sk.draws_from(v.at)
                if draws:
                    played = sum(1 for t, at in sk.played if at > v.at and (v.mask >> t) & 1)
                    checks.append([v.mask, draws - played])
            if checks:
                counted[s] = checks
    places = {t: [s for s in know.seats if not (never[s] >> t) & 1] for t in tiles}
    tiles.sort(key=lambda t: len(places[t]))
    hands = dict.fromkeys(know.seats, 0)
    rest: list[int] = []
    rnd = rng.random
    for t in tiles:
        options = []
        total = 0
        for s in places[t]:
            if room[s] and (s not in counted or _room_for(counted[s], t)):
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
            for check in counted.get(s, ()):
                if (check[0] >> t) & 1:
                    check[1] -= 1
    rng.shuffle(rest)
    masks = tuple(own_mask if s == know.me else hands[s] for s in range(know.players))
    return Guess(masks, tuple(rest[:stock_size]))


def _room_for(checks, t: int) -> bool:
    return not any((mask >> t) & 1 and left <= 0 for mask, left in checks)
