"""A model of a common way to play: from the longest suit. A player following it plays the fitting tile whose two
numbers it holds, and sees on the table, most often (seed 000's computer player does exactly this), so that it can
follow the ends it leaves and need not draw.

Unlike shedding heavy tiles (model.py), what this rules out depends on the whole hand, so it is no fact about
single tiles: it is checked on a whole guess, and the expert draws guesses until one passes (or gives up and keeps
the last). The seat's hand at a play was its hand now plus what it has played since, less what it has drawn since:
a guess passes if some choice of the drawn tiles (among those it may hold now or played after drawing) leaves a
hand of which the play was one of the longest suit. Past MAX_DRAWS draws the choices multiply and the play is not
checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..engine import CLOSED, Kind, Observation, Rules
from ..engine.tiles import tile_set


def presumed(rules: Rules) -> bool:
    """Whether the model may be presumed of other players (the expert's ``suits`` option): in games where a player
    that cannot follow must draw, and plays score nothing (classic). It did nothing for the expert where plays
    score (All Fives) or nobody draws (block): README, "Measured strength"."""
    return rules.has_stock and not rules.fives


# Measured at 60 guesses against seed 000's computer (1,000 games, seed 301): checking only plays with no draw
# since won 65.5%, through one draw 67.6%, through two 68.3%.
MAX_DRAWS = 2


@dataclass(frozen=True, slots=True)
class _Play:
    seat: int
    tile: int
    since: int  # the tiles the seat has played from this play on (this one included)
    draws: int  # how many tiles the seat has drawn since (at most MAX_DRAWS)
    drawn: int  # the tiles that may be one it drew: all but those it played before drawing
    fit: int  # the tiles that fitted the ends then
    table: tuple[int, ...]  # how often each number showed on the tiles on the table then


class LongSuits:
    """Checks guesses against the longest-suit model for every other seat but the partner."""

    def __init__(self, obs: Observation) -> None:
        rules = obs.rules
        ts = tile_set(rules.max_pip)
        self.low = ts.low
        self.high = ts.high
        skip = {obs.seat} if obs.partner is None else {obs.seat, obs.partner}
        history = obs.history
        table = [0] * (rules.max_pip + 1)  # how often each number shows on the table so far
        plays: list[_Play] = []
        for k, ev in enumerate(history):
            if ev.kind is not Kind.PLAY:
                continue
            t = ts.index[ev.tile]  # type: ignore[index]  # a PLAY event always has its tile
            opening = k == 0 and ev.tile.is_double  # type: ignore[union-attr]  # possibly laid by the rules
            if ev.seat not in skip and not opening:
                since = 0
                held = 0  # played before the seat's first draw since: held then
                draws = 0
                for e in history[k:]:
                    if e.seat != ev.seat:
                        continue
                    if e.kind is Kind.DRAW:
                        draws += 1
                    elif e.kind is Kind.PLAY:
                        since |= 1 << ts.index[e.tile]  # type: ignore[index]  # a PLAY event always has its tile
                        if not draws:
                            held = since
                if draws <= MAX_DRAWS:
                    fit = 0
                    for pip in ev.ends_before:
                        if pip != CLOSED:
                            fit |= ts.match[pip]
                    plays.append(
                        _Play(ev.seat, t, since, draws, ts.full_mask & ~held, fit or ts.full_mask, tuple(table))
                    )
            table[ts.low[t]] += 1
            table[ts.high[t]] += 1
        self.plays = plays

    def fits(self, masks: tuple[int, ...] | list[int]) -> bool:
        """Whether every checkable play of the guess's hands followed the model (ties either way)."""
        for play in self.plays:
            hand = masks[play.seat] | play.since
            if not play.draws:
                if not self._followed(play, hand):
                    return False
                continue
            # The tiles drawn since are in the hand now or were played later: the play fits if it fits the hand
            # without some choice of them.
            bits = []
            d = hand & play.drawn
            while d:
                b = d & -d
                d ^= b
                bits.append(b)
            if not any(self._followed(play, hand ^ sum(c)) for c in combinations(bits, play.draws)):
                return False
        return True

    def _followed(self, play: _Play, hand: int) -> bool:
        """Whether, holding ``hand``, the seat's play was one of its longest suit."""
        low = self.low
        high = self.high
        counts = list(play.table)
        h = hand
        while h:
            b = h & -h
            h ^= b
            i = b.bit_length() - 1
            counts[low[i]] += 1
            counts[high[i]] += 1
        t = play.tile
        score = counts[low[t]] + counts[high[t]]
        h = hand & play.fit
        while h:
            b = h & -h
            h ^= b
            i = b.bit_length() - 1
            if counts[low[i]] + counts[high[i]] > score:
                return False
        return True
