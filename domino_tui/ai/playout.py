"""The quick policy that finishes a guessed game: mostly a sensible greedy move, sometimes a random one.

Greedy here means the best immediate count in All Fives and otherwise shedding weight (doubles a little first,
since they fit only one number). A player never draws or passes while a tile fits, even where the rules allow it.
This loop is the bot's hot path, so it works on the skinny state's masks directly instead of listing moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from ..engine import CLOSED, DrawRule, Rules
from ..engine.core import DRAW_MOVE, PASS_MOVE, PLAYOUT, PlayoutPolicy, Sim, lay
from ..engine.tiles import tile_set


class Playout:
    def __init__(
        self,
        rules: Rules,
        rng: random.Random,
        explore: float,
        control: int = 0,
        reply: float = 0.0,
    ) -> None:
        """``explore``: how often a random tile is played; ``control``: (line games) how much a play that
        leaves ends the hand can follow is preferred; ``reply``: (All Fives) how much the most the next seat
        could score at once in answer, from the hand the guess gives it, counts against a play."""
        ts = tile_set(rules.max_pip)
        self.rng = rng
        self.explore = explore
        self.fives = rules.fives
        self.match = ts.match
        self.low = ts.low
        self.high = ts.high
        self.draws = rules.draw is not DrawRule.NONE
        self.pip_sum = ts.pip_sum
        # Shedding weight: pips, and a double counts as somewhat heavier.
        self.weight = tuple(p + (3 if lo == hi else 0) for p, lo, hi in zip(ts.pips, ts.low, ts.high, strict=True))
        # A line game (a lead included) is played out by the kernel's line loop, with this same policy.
        self.line = PlayoutPolicy(self.weight, explore, control) if rules.is_line else None
        self.kinds = [PLAYOUT] * rules.players
        self.reply = reply

    def run(self, sim: Sim) -> None:
        """Play ``sim`` to the end."""
        if self.line is not None:
            if sim.result is None:
                sim.play_line(self.kinds, self.rng.getrandbits(64), playout=self.line)
            return
        rnd = self.rng.random
        randrange = self.rng.randrange
        explore = self.explore
        weight = self.weight
        fives = self.fives
        reply = self.reply
        match = self.match
        low = self.low
        high = self.high
        draws = self.draws
        masks = sim.masks
        ends = sim.ends
        while sim.result is None:
            hand = masks[sim.turn]
            e0 = ends[0]
            if e0 == CLOSED:
                playable = hand
            else:
                fits = match[e0] | match[ends[1]]
                if ends[2] != CLOSED:
                    fits |= match[ends[2]] | match[ends[3]] if ends[3] != CLOSED else match[ends[2]]
                playable = hand & fits
            if not playable:
                sim.apply(DRAW_MOVE if draws and sim.stock else PASS_MOVE)
                continue
            if fives:
                if reply:
                    sim.apply(best_reply(sim, playable, weight, rnd() < explore, randrange, reply))
                else:
                    sim.apply(best_count(sim, playable, weight, rnd() < explore, randrange))
                continue
            if playable & (playable - 1) == 0:
                i = playable.bit_length() - 1
            elif rnd() < explore:
                bits = []
                p = playable
                while p:
                    b = p & -p
                    bits.append(b)
                    p ^= b
                i = bits[randrange(len(bits))].bit_length() - 1
            else:
                i = -1
                bw = -1
                p = playable
                while p:
                    b = p & -p
                    j = b.bit_length() - 1
                    p ^= b
                    w = weight[j]
                    if w > bw:
                        i, bw = j, w
            if e0 == CLOSED:
                sim.play(i << 2)
                continue
            lo = low[i]
            hi = high[i]
            for e in (0, 1, 2, 3):
                pip = ends[e]
                if pip in (lo, hi):
                    sim.play((i << 2) | e)
                    break


def best_count(
    sim: Sim, playable: int, weight: tuple[int, ...], random_pick: bool, randrange: Callable[[int], int]
) -> int:
    """The play that scores most right now (`counts`), then the heavier tile (or a random play when
    ``random_pick``)."""
    ends = sim.ends
    low = sim.low
    high = sim.high
    if ends[0] == CLOSED:
        moves: list[int] = []
        p = playable
        while p:
            b = p & -p
            p ^= b
            moves.append((b.bit_length() - 1) << 2)
        if random_pick:
            return moves[randrange(len(moves))]
        return max(moves, key=lambda m: ((low[m >> 2] + high[m >> 2]) % 5 == 0, weight[m >> 2]))
    if random_pick:
        moves = [(i << 2) | e for i, e, _ in counts(ends, sim.dbl, sim.arm, playable, low, high)]
        return moves[randrange(len(moves))]
    best = -1
    key = (-1, -1)
    for i, e, count in counts(ends, sim.dbl, sim.arm, playable, low, high):
        k = (count if count % 5 == 0 else 0, weight[i])
        if k > key:
            best, key = (i << 2) | e, k
    return best


def counts(
    ends: list[int], dbl: list[bool], arm: list[bool], tiles: int, low: Sequence[int], high: Sequence[int]
) -> Iterator[tuple[int, int, int]]:
    """(tile, end, the count after it) for every play of ``tiles`` on this layout (not a lead). The count is
    worked out from the ends without playing: the played end's part is replaced by the new outer number's (twice
    for a double), as Sim.count adds them up."""
    part = _parts(ends, dbl, arm)
    base = part[0] + part[1] + part[2] + part[3]
    p = tiles
    while p:
        b = p & -p
        p ^= b
        i = b.bit_length() - 1
        lo = low[i]
        hi = high[i]
        for e in (0, 1, 2, 3):
            pip = ends[e]
            if pip == CLOSED or (pip != lo and pip != hi):
                continue
            outer = hi if pip == lo else lo
            yield i, e, base - part[e] + (outer * 2 if lo == hi else outer)


def _parts(ends: list[int], dbl: list[bool], arm: list[bool]) -> list[int]:
    """What each end adds to the All Fives count (a double twice, an arm only once it holds a tile)."""
    part = [ends[0] * (2 if dbl[0] else 1), ends[1] * (2 if dbl[1] else 1), 0, 0]
    if arm[0]:
        part[2] = ends[2] * (2 if dbl[2] else 1)
    if arm[1]:
        part[3] = ends[3] * (2 if dbl[3] else 1)
    return part


def most_scored(sim: Sim, ends: list[int], dbl: list[bool], arm: list[bool], hand: int) -> int:
    """The most that one play from ``hand`` could score on this layout (0 if none fits or none scores)."""
    match = sim.match
    fits = 0
    for pip in ends:
        if pip != CLOSED:
            fits |= match[pip]
    p = hand & fits
    best = 0
    if p:
        for _, _, count in counts(ends, dbl, arm, p, sim.low, sim.high):
            if count > best and count % 5 == 0:
                best = count
    return best


def best_reply(
    sim: Sim,
    playable: int,
    weight: tuple[int, ...],
    random_pick: bool,
    randrange: Callable[[int], int],
    reply: float,
) -> int:
    """The play that scores most now less ``reply`` times the most the next seat could score at once after it
    (`most_scored`, from the hand the guess gives that seat), then the heavier tile; a lead, or a random play
    when ``random_pick``, as `best_count` chooses it.

    A play that opens a count of 10 for the next seat's [5|5] is worth less than one that scores 5 and leaves
    nothing: the greedy scorer cannot see that, and measured in matches against it the expert gained by it."""
    ends = sim.ends
    if random_pick or ends[0] == CLOSED:
        return best_count(sim, playable, weight, random_pick, randrange)
    low = sim.low
    high = sim.high
    hand = sim.masks[sim.turn]
    answer = sim.masks[(sim.turn + 1) % sim.players]
    spinner = sim.rules.spinner
    best = -1
    key = (-1e9, -1)
    for i, e, count in counts(ends, sim.dbl, sim.arm, playable, low, high):
        value: float = count if count % 5 == 0 else 0
        if hand != 1 << i:  # a play that goes out leaves no answer
            after = list(ends)
            dbl = list(sim.dbl)
            arm = list(sim.arm)
            lay(after, dbl, arm, list(sim.spin), low[i], high[i], e, spinner)
            value -= reply * most_scored(sim, after, dbl, arm, answer)
        k = (value, weight[i])
        if k > key:
            best, key = (i << 2) | e, k
    return best
