"""The expert's playouts at Mexican Train: every seat plays as the planner (train_planner.py) would, on integers.

A playout that sheds the heaviest fitting tile for every seat rates a move as if the table, the bot included,
then played greedily: the planner beats exactly that play, so a search on it misjudges what the planner's moves
are worth. Here each seat keeps the longest run of its tiles from its own train's end (found exactly, remembered
per hand and end) and plays the planner's rule, in its order of preferences:

1. a double only when the hand holds a tile to cover it;
2. once another seat is down to its last tiles, the heaviest tile;
3. with its marker out, a run's tile on its own train (that takes the marker in);
4. a tile off its run on another train (the Mexican or an open one), a covered double first, then the heaviest;
5. the next tile of its run on its own train;
6. else the play that keeps the longest run, a double first, then the heaviest.

It reads the round only through the kernel's Python-visible API (legal, apply, ends, marked, turn, over) and a
seat's hand through `hand_of`, so that it can move into the kernel unchanged in behaviour.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.core import other_half
from ..engine.train_core import TRAIN_SHIFT, TrainTables, tiles_of_mask, train_tables
from ..engine.train_core import TrainRound as KernelRound
from .train_planner import NEAR_OUT

TRAIN_MASK = (1 << TRAIN_SHIFT) - 1
# The runs remembered per set, by (hand, end): a decision's playouts meet the same hands again and again. Past this
# many the memory starts afresh (a run of a fifteen-tile hand visits some thousands of sub-hands).
MEMO_LIMIT = 200_000
# A hand grown by draws past this many tiles is planned greedily (the heaviest tile that continues the run): its
# exact run could visit too many sub-hands for a playout.
EXACT_TILES = 15


def hand_of(sim: KernelRound, seat: int) -> int:
    """``seat``'s hand as a mask of tile indices: the one place that reads how the kernel keeps its hands."""
    return sim.hands[seat]


class RunFinder:
    """The longest run of a hand's tiles from an end (the planner's `longest_run`, on masks), remembered."""

    def __init__(self, max_pip: int) -> None:
        t = train_tables(max_pip)
        self.t: TrainTables = t
        self.match = t.match
        self.low = t.low
        self.high = t.high
        self.pips = t.pips
        self.memo: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def run(self, end: int, hand: int) -> tuple[int, int, int, int]:
        """The best run of ``hand`` from ``end``: (its length, its pips, its tiles' mask, its first tile or -1).
        Longest first, then heaviest (the planner's order, but for its last tie-break: whether the run ends on a
        double)."""
        if hand.bit_count() > EXACT_TILES:
            return self.greedy_run(end, hand)
        key = (end, hand)
        found = self.memo.get(key)
        if found is not None:
            return found
        best = (0, 0, 0, -1)
        fits = hand & self.match[end]
        while fits:
            bit = fits & -fits
            fits ^= bit
            tile = bit.bit_length() - 1
            length, pips, mask, _ = self.run(other_half(self.low[tile], self.high[tile], end), hand ^ bit)
            length += 1
            pips += self.pips[tile]
            if length > best[0] or (length == best[0] and pips > best[1]):
                best = (length, pips, mask | bit, tile)
        memo = self.memo
        if len(memo) >= MEMO_LIMIT:
            memo.clear()
        memo[key] = best
        return best

    def greedy_run(self, end: int, hand: int) -> tuple[int, int, int, int]:
        """A run of ``hand`` from ``end`` laid by always taking the heaviest tile that continues it."""
        length = pips = mask = 0
        first = -1
        while True:
            fits = hand & self.match[end]
            if not fits:
                return length, pips, mask, first
            tile = max(tiles_of_mask(fits), key=self.pips.__getitem__)
            if first < 0:
                first = tile
            bit = 1 << tile
            hand ^= bit
            mask |= bit
            length += 1
            pips += self.pips[tile]
            end = other_half(self.low[tile], self.high[tile], end)


_finders: dict[int, RunFinder] = {}


def run_finder(max_pip: int) -> RunFinder:
    finder = _finders.get(max_pip)
    if finder is None:
        finder = _finders[max_pip] = RunFinder(max_pip)
    return finder


def planner_move(sim: KernelRound, legal: Sequence[int], finder: RunFinder) -> int:
    """The planner's choice among ``legal`` (more than one move) for the seat to act in ``sim``."""
    seat = sim.turn
    hand = hand_of(sim, seat)
    t = finder.t
    pips = t.pips
    is_double = t.is_double
    match = t.match
    low = t.low
    plays = [c for c in legal if c >= 0]
    if not plays:
        return legal[0]
    # A double left uncovered puts the seat's marker out: the planner never lays one while it has anything else.
    covered = [
        c
        for c in plays
        if not is_double[c >> TRAIN_SHIFT] or hand & ~(1 << (c >> TRAIN_SHIFT)) & match[low[c >> TRAIN_SHIFT]]
    ]
    if covered:
        plays = covered
    if len(plays) == 1:
        return plays[0]
    players = sim.players
    near_out = False
    for s in range(players):
        if s != seat and hand_of(sim, s).bit_count() <= NEAR_OUT:
            near_out = True
            break
    if near_out:
        return max(plays, key=lambda c: pips[c >> TRAIN_SHIFT])
    own_end = sim.ends[seat]
    _, _, run_mask, first = finder.run(own_end, hand)
    own_first = -1
    off_run = []
    for c in plays:
        tile = c >> TRAIN_SHIFT
        if (c & TRAIN_MASK) == seat:
            if tile == first:
                own_first = c
        elif not (run_mask >> tile) & 1:
            off_run.append(c)
    if sim.marked[seat] and own_first >= 0:
        return own_first
    if off_run:
        return _heaviest(off_run, pips, is_double)
    if own_first >= 0:
        return own_first
    return max(plays, key=lambda c: _kept(c, sim, seat, hand, finder))


def _kept(code: int, sim: KernelRound, seat: int, hand: int, finder: RunFinder) -> tuple[int, int, int]:
    """What the planner weighs a play by when it must break its run: the run it keeps, a double, its pips."""
    tile = code >> TRAIN_SHIFT
    t = finder.t
    end = sim.ends[seat]
    if (code & TRAIN_MASK) == seat:
        end = other_half(t.low[tile], t.high[tile], end)
    return finder.run(end, hand ^ (1 << tile))[0], int(t.is_double[tile]), t.pips[tile]


def _heaviest(plays: Sequence[int], pips: Sequence[int], is_double: Sequence[bool]) -> int:
    """A double first (a covered one sheds two tiles in a turn), then the most pips."""
    best = plays[0]
    best_key = -1
    for c in plays:
        tile = c >> TRAIN_SHIFT
        key = 2 * pips[tile] + (100 if is_double[tile] else 0)
        if key > best_key:
            best, best_key = c, key
    return best


def play_out_planned(sim: KernelRound, rng: random.Random, explore: float, finder: RunFinder) -> None:
    """Finish ``sim`` with every seat playing the planner's rule, or now and then any legal move."""
    rnd = rng.random
    randrange = rng.randrange
    while not sim.over:
        legal = sim.legal()
        n = len(legal)
        if n == 1:
            sim.apply(legal[0])
            continue
        if explore and rnd() < explore:
            sim.apply(legal[randrange(n)])
            continue
        sim.apply(planner_move(sim, legal, finder))
