"""Guessing the hidden tiles: deals of the unseen tiles that agree with everything a seat knows.

A guess puts every unknown tile in another seat's hand or in the rest (stock or asleep), with the right counts and
without breaking any fact `infer` found. Tiles with fewest possible places go first, and each goes to a place
drawn with weight equal to the room left there. That is close to uniform over the consistent deals while few
facts bind, but late in a game, when many tiles are barred from many hands, it favours some deals several times
over others. Where every fact is a plain "this seat holds none of these" (no draws to count), the guess is then
stirred: random exchanges of two tiles, and rotations of three, between places that may hold them. Each such step
is as likely as its reverse, so it leads towards the uniform spread over consistent deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from .inference import Knowledge
from .stirring import gather, stir

REST = -1
TRIES = 20
# Stirring steps per unknown tile (see the module's docstring): before the first guess of a decision, and
# between guesses. Measured: late in a partnership9 game the first guess's tile-by-seat frequencies stray from
# the uniform ones by up to 0.54 unstirred, 0.28 after 4 steps and within noise (0.03) after 20.
BURN = 20
STIR = 4


@dataclass(frozen=True, slots=True)
class Guess:
    """One full deal of the hidden tiles: a mask per seat (the observer's own hand exact) and the stock,
    drawn from its end as the engine draws."""

    masks: tuple[int, ...]
    stock: tuple[int, ...]


class Guesses(Protocol):
    """Whatever deals a searching bot's guesses: a `Sampler`, or (benchmarks/strength.py's oracles) the truth."""

    def sample(self, rng: random.Random) -> Guess: ...


@dataclass(frozen=True, slots=True)
class _Plan:
    """What every guess under one set of facts shares."""

    # Tile groups by the seats each may go to, fewest places first.
    ordered: list[tuple[tuple[int, ...], list[int]]]
    # Facts that leave room for drawn tiles, by seat: (tiles ruled out, how many of them the hand may hold).
    counted: dict[int, list[tuple[int, int]]]
    # Each unknown tile with the places it may go to as a bit mask over place numbers (seat numbers, and
    # `players` for the rest).
    tiles: list[int]
    allowed: list[int]


class Sampler:
    """Makes guesses for one decision; the work that does not change between guesses is done once here."""

    def __init__(self, know: Knowledge, stock_size: int, stir: int = STIR) -> None:
        self.know = know
        self.stock_size = stock_size
        self.stir = stir
        self._plans: dict[bool | None, _Plan] = {}
        # The last guess's places, with its plan, once stirring applies: each further guess stirs it on.
        self._chain: tuple[_Plan, list[int]] | None = None

    def sample(self, rng: random.Random) -> Guess:
        """One guess. Likely (soft) facts are dropped only when no guess can keep them."""
        if self._chain is not None:
            plan, places = self._chain
            stir(places, plan.allowed, self.stir * len(places), rng.getrandbits(64))
            return self._guess(plan, places, rng)
        plan, places = self._first(rng)
        if self.stir and not plan.counted:
            stir(places, plan.allowed, BURN * len(places), rng.getrandbits(64))
            self._chain = (plan, places)
        return self._guess(plan, places, rng)

    def _first(self, rng: random.Random) -> tuple[_Plan, list[int]]:
        for soft in (True, False):
            plan = self._plan(soft)
            for _ in range(TRIES):
                places = self._try(plan, rng)
                if places is not None:
                    return plan, places
        # Only a history the engine could not have produced gets here; ignoring it still lets the bot move.
        plan = self._plan(None)
        return plan, self._try(plan, rng)  # type: ignore[return-value]  # without the history's constraints a deal always exists

    def _guess(self, plan: _Plan, places: list[int], rng: random.Random) -> Guess:
        tiles = plan.tiles
        players = self.know.players
        hands = gather(tiles, places, players + 1)
        hands[self.know.me] = self.know.own
        if not self.stock_size:
            return Guess(tuple(hands[:players]), ())
        rest = [t for t, s in zip(tiles, places, strict=True) if s == players]
        rng.shuffle(rest)
        return Guess(tuple(hands[:players]), tuple(rest[: self.stock_size]))

    def _plan(self, soft: bool | None) -> _Plan:
        plan = self._plans.get(soft)
        if plan is not None:
            return plan
        know = self.know
        never = {s: (sk.never(soft) if soft is not None else 0) for s, sk in know.seats.items()}
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
        rest_bit = 1 << know.players
        tiles = [t for _, group in ordered for t in group]
        allowed = [rest_bit | sum(1 << s for s in places) for places, group in ordered for _ in group]
        plan = _Plan(ordered, counted, tiles, allowed)
        self._plans[soft] = plan
        return plan

    def _try(self, plan: _Plan, rng: random.Random) -> list[int] | None:
        """A place for each of the plan's tiles (a seat, or ``players`` for the rest), or None at a dead end."""
        know = self.know
        room = {s: sk.size for s, sk in know.seats.items()}
        room[REST] = know.rest_size
        left = {s: [list(c) for c in checks] for s, checks in plan.counted.items()}
        players = know.players
        where = dict.fromkeys(plan.tiles, players)
        rnd = rng.random
        shuffle = rng.shuffle
        for options_of_group, group in plan.ordered:
            order = group.copy()
            shuffle(order)
            for t in order:
                options = []
                total = 0
                for s in options_of_group:
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
                if s != REST:
                    where[t] = s
                for check in left.get(s, ()):
                    if (check[0] >> t) & 1:
                        check[1] -= 1
        return [where[t] for t in plan.tiles]


def sample(know: Knowledge, stock_size: int, rng: random.Random) -> Guess:
    """One guess consistent with ``know`` (see `Sampler` to make many)."""
    return Sampler(know, stock_size).sample(rng)


def _room_for(checks: list[list[int]], t: int) -> bool:
    return not any((mask >> t) & 1 and left <= 0 for mask, left in checks)
