"""What the public history says about tiles a bot cannot see.

Every hidden tile is in another seat's hand, in the stock, or asleep. The history narrows that down:

- a pass, and in variants where you must play when able a draw, shows the seat held nothing matching the ends
  showing at that moment ("void" in those numbers);
- a game opened by the highest double shows nobody held a higher double when the deal was made.

In a drawing variant such a fact covers only the tiles held at that moment: anything drawn afterwards may match.
So each fact is kept with its place in the history, and a tile it rules out may still be in the hand if the seat
drew after it. `Knowledge.fits` checks the counting condition this gives: for every fact, the tiles it rules out
that the seat holds (or played after it) cannot outnumber the draws the seat made from that fact on.

In classic you may draw or pass with a playable tile, so there these facts are only likely, not certain; they are
marked soft and the sampler drops them when they cannot all hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import CLOSED, Kind, Observation, Played
from ..engine.tiles import TileSet, tile_set


@dataclass(frozen=True, slots=True)
class Void:
    """At history index ``at`` the seat held no tile of ``mask`` (drawn tiles from ``at`` on are exempt)."""

    at: int
    mask: int
    soft: bool = False  # likely rather than certain: classic lets you draw or pass with a playable tile


@dataclass(slots=True)
class SeatKnowledge:
    seat: int
    size: int  # tiles in the hand now
    voids: list[Void] = field(default_factory=list)
    # draw_index[i]: history index of the seat's i-th draw.
    draw_index: list[int] = field(default_factory=list)
    # Tiles the seat played, with the history index of each play.
    played: list[tuple[int, int]] = field(default_factory=list)

    def draws_from(self, at: int) -> int:
        return sum(1 for d in self.draw_index if d >= at)

    def never(self, soft: bool = True) -> int:
        """Tiles the seat does not hold: ruled out by a fact after which it never drew."""
        out = 0
        for v in self.voids:
            if (soft or not v.soft) and not self.draws_from(v.at):
                out |= v.mask
        return out


@dataclass(slots=True)
class Knowledge:
    """Everything a seat can deduce about the hidden tiles, from its observation alone."""

    players: int
    me: int
    own: int  # mask of the observer's own tiles
    unknown: int  # mask of the tiles the observer cannot see: other hands, stock, asleep
    rest_size: int  # stock plus sleeping tiles
    seats: dict[int, SeatKnowledge]

    def fits(self, seat: int, hand: int, soft: bool = True) -> bool:
        """Whether ``seat`` could hold exactly the tiles ``hand`` given every fact about it (the likely ones
        too when ``soft``)."""
        sk = self.seats[seat]
        for v in sk.voids:
            if v.soft and not soft:
                continue
            need = _popcount(hand & v.mask)
            if not need:
                continue
            if need + _played_after(sk, v) > sk.draws_from(v.at):
                return False
        return True


def _played_after(sk: SeatKnowledge, v: Void) -> int:
    """Tiles ruled out by ``v`` that the seat nevertheless played later: each must have been drawn after it."""
    return sum(1 for tile, at in sk.played if at > v.at and (v.mask >> tile) & 1)


def _popcount(x: int) -> int:
    return x.bit_count()


def unseen(obs: Observation) -> tuple[int, int]:
    """The masks of ``obs``'s seat's own tiles and of the tiles it cannot see (other hands, stock, asleep)."""
    ts = tile_set(obs.rules.max_pip)
    own = ts.mask_of(obs.hand)
    return own, ts.full_mask & ~own & ~ts.mask_of(obs.board.tiles())


def infer(obs: Observation) -> Knowledge:
    """Read ``obs`` (its hand, the table and the public history) into a `Knowledge`."""
    rules = obs.rules
    ts = tile_set(rules.max_pip)
    own, unknown = unseen(obs)
    seats = {s: SeatKnowledge(s, obs.hand_sizes[s]) for s in range(rules.players) if s != obs.seat}
    must_play = rules.must_play
    for i, ev in enumerate(obs.history):
        sk = seats.get(ev.seat)
        if sk is None:
            continue
        if isinstance(ev, Played):
            sk.played.append((ts.index[ev.tile], i))
            continue
        if ev.kind is Kind.DRAW:
            sk.draw_index.append(i)
        if ev.forced:
            continue  # a turn lost to a faulty bot says nothing about its hand
        mask = 0
        for pip in ev.ends_before:
            if pip != CLOSED:
                mask |= ts.match[pip]
        if mask:
            sk.voids.append(Void(i, mask, soft=not must_play))
    _opening_double(obs, ts, seats)
    return Knowledge(
        players=rules.players,
        me=obs.seat,
        own=own,
        unknown=unknown,
        rest_size=obs.stock_size + obs.sleeping,
        seats=seats,
    )


def _opening_double(obs: Observation, ts: TileSet, seats: dict[int, SeatKnowledge]) -> None:
    """When every game opens with the highest double dealt, nobody was dealt a higher one."""
    rules = obs.rules
    if not rules.highest_double_opens:
        return
    opening = obs.history[0] if obs.history else None
    if not isinstance(opening, Played) or not opening.tile.is_double:
        return
    first = opening.tile.low
    higher = 0
    for n in range(first + 1, rules.max_pip + 1):
        higher |= 1 << ts.doubles[n]
    if not higher:
        return
    for sk in seats.values():
        sk.voids.insert(0, Void(-1, higher))
