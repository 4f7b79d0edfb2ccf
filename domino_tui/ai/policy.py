"""A learned model of how other players choose their plays in line games, and what their plays then say about
their hands.

Inference (inference.py) keeps what the rules make certain, and the heavy-tiles-first presumption (model.py) a
rule of thumb about single tiles. This model is softer and sees the whole hand: a player picks each of its plays
with a chance that grows with a score of the play (a conditional logit over its legal plays). The score weighs what
a play does to the player's own hand and to the table: how heavy the tile is, whether it is a double, how many of
its tiles it can still follow with, how many ends it leaves that it cannot follow, how many tiles of the numbers it
opens are still out, and whether it opens a number the next seat is known to lack. The weights are learned offline
from recorded games (``scripts/fit_policy.py``) and shipped in ``policy.json``.

A guess at the hidden hands is then worth more the likelier it makes the plays the others made: the seat's hand at
a play was its hand now plus the tiles it has played since (line games have no stock, so nothing was drawn). The
expert weighs each guess by that likelihood (its ``policy`` option).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..engine import CLOSED, Kind, Observation
from ..engine.tiles import TileSet, tile_set

# The features of a play, in the order of the weights (each described in the module's docstring).
FEATURES = ("heavy", "double", "follow", "dead_ends", "out", "void_next")


@dataclass(frozen=True, slots=True)
class _Choice:
    """One way a play could have gone at a past turn: a tile on an end, with what does not depend on the hand."""

    bit: int  # the tile
    heavy: float
    double: float
    ends: tuple[int, ...]  # the tiles that fit each end left showing
    follow: int  # the tiles that fit any end left showing
    hidden: int  # the tiles of the numbers it opens, not on the table then (the tile itself excluded)
    void_next: float  # how many of the ends left the next seat was known to lack


@dataclass(frozen=True, slots=True)
class _Play:
    seat: int
    since: int  # the tiles the seat has played from this play on (this one included)
    chosen: int  # index in choices of what it played
    choices: tuple[_Choice, ...]  # every play of a fitting tile that was not on the table then


def features(choice: _Choice, hand: int, max_pip: int) -> tuple[float, ...]:
    """The features of ``choice`` for a seat holding ``hand`` (the tile included), in `FEATURES` order."""
    rest = hand & ~choice.bit
    scale = max_pip + 1
    dead = sum(1 for m in choice.ends if not rest & m)
    return (
        choice.heavy,
        choice.double,
        (rest & choice.follow).bit_count() / scale,
        dead / len(choice.ends),
        (choice.hidden & ~rest).bit_count() / scale,
        choice.void_next,
    )


@cache
def weights(name: str = "policy.json") -> tuple[float, ...]:
    """The shipped weights, in `FEATURES` order: ``policy.json`` fitted to `ismcts` in block, ``mate.json`` to
    the expert in partnership9."""
    data = json.loads(resources.files(__package__).joinpath(name).read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError("policy.json was fitted for other features; run scripts/fit_policy.py")
    return tuple(float(w) for w in data["weights"])


class PlayModel:
    """The others' past plays in ``obs`` (all but the partner's), ready to be scored against guessed hands."""

    def __init__(self, obs: Observation, w: tuple[float, ...] | None = None, partner: bool = False) -> None:
        rules = obs.rules
        self.max_pip = rules.max_pip
        self.w = weights() if w is None else w
        # ``partner``: model only the partner's plays (else every other seat's but the partner's)
        ts = tile_set(rules.max_pip)
        if partner:
            skip = {s for s in range(rules.players) if s != obs.partner}
        else:
            skip = {obs.seat} if obs.partner is None else {obs.seat, obs.partner}
        history = obs.history
        table = 0
        voids = [0] * rules.players  # the numbers each seat is known to lack, as a bit per number
        plays: list[_Play] = []
        for k, ev in enumerate(history):
            if ev.kind is Kind.PASS:
                if not ev.forced:
                    for pip in ev.ends_before:
                        if pip != CLOSED:
                            voids[ev.seat] |= 1 << pip
                continue
            if ev.kind is not Kind.PLAY:
                continue
            t = ts.index[ev.tile]  # type: ignore[index]  # a PLAY event always has its tile
            opening = k == 0 and ev.tile.is_double  # type: ignore[union-attr]  # possibly laid by the rules
            if ev.seat not in skip and not opening:
                since = 0
                for e in history[k:]:
                    if e.seat == ev.seat and e.kind is Kind.PLAY:
                        since |= 1 << ts.index[e.tile]  # type: ignore[index]  # a PLAY event always has its tile
                nxt = (ev.seat + 1) % rules.players
                choices, chosen = _choices(ts, ev.ends_before, table, voids[nxt], t, ev.end)
                if len(choices) > 1:
                    plays.append(_Play(ev.seat, since, chosen, choices))
            table |= 1 << t
        self.plays = plays

    def log_likelihood(self, masks: tuple[int, ...] | list[int]) -> float:
        """How likely the model makes the others' plays, had they held the hands of ``masks`` (a log)."""
        w = self.w
        max_pip = self.max_pip
        total = 0.0
        for play in self.plays:
            hand = masks[play.seat] | play.since
            chosen = 0.0
            scores = []
            for i, choice in enumerate(play.choices):
                if not choice.bit & hand:
                    continue
                s = sum(a * b for a, b in zip(w, features(choice, hand, max_pip), strict=True))
                scores.append(s)
                if i == play.chosen:
                    chosen = s
            top = max(scores)
            total += chosen - top - math.log(sum(math.exp(s - top) for s in scores))
        return total


def _choices(
    ts: TileSet, ends_before: tuple[int, ...], table: int, void_next: int, tile: int, end: int | None
) -> tuple[tuple[_Choice, ...], int]:
    """Every play of a tile not on the table that fitted ``ends_before``, and the index of the one made (a tile
    that fits both ends is two plays, unless both ends show the same number)."""
    lead = all(p == CLOSED for p in ends_before)
    scale = 2 * ts.max_pip
    out: list[_Choice] = []
    chosen = -1
    for i in range(ts.size):
        bit = 1 << i
        if bit & table:
            continue
        lo, hi = ts.low[i], ts.high[i]
        # (the end played on, the numbers left showing, the numbers the play opens)
        options: list[tuple[int | None, tuple[int, ...], tuple[int, ...]]] = []
        if lead:
            options.append((None, (lo, hi), (lo, hi)))
        else:
            for e, pip in enumerate(ends_before):
                if pip == CLOSED or pip not in (lo, hi):
                    continue
                far = hi if pip == lo else lo
                left = list(ends_before)
                left[e] = far
                now = tuple(sorted(p for p in left if p != CLOSED))
                if all(now != s for _, s, _ in options):
                    options.append((e, now, (far,)))
        for at, shown, opened in options:
            if i == tile and (at is None or end is None or ends_before[end] == ends_before[at]):
                chosen = len(out)
            hidden = 0
            for n in opened:
                hidden |= ts.match[n]
            follow = 0
            for n in shown:
                follow |= ts.match[n]
            out.append(
                _Choice(
                    bit=bit,
                    heavy=ts.pips[i] / scale,
                    double=1.0 if lo == hi else 0.0,
                    ends=tuple(ts.match[n] for n in shown),
                    follow=follow,
                    hidden=hidden & ~table & ~bit,
                    void_next=sum(1 for n in shown if void_next >> n & 1) / len(shown),
                )
            )
    return tuple(out), chosen
