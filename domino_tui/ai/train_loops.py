"""The train expert's inner loops on C integers: its playouts on the train kernel's words, and the placing of a
guess's hidden tiles (wide_sampling.py). Compiled beside the kernel where the build could, interpreted otherwise
(DOMINO_TUI_PURE=1), with the same moves and random numbers in both.

Two playouts finish a round. `TrainPlayout`, the quick policy: the heaviest tile that fits, or now and then a
uniformly random legal move. `PlannerPlayout`, the expert's: every seat plays the run rule that train_playout.py
writes in Python (its readable reference: the tests hold the two to the same moves), and it also knows the
planner's own move (train_planner.py), which the expert's guesses are checked against. A move that is the only
legal one is made without a random number. Compiled, they read the legal moves into a C array
(`TrainRound.fill_legal`) and make them in C, where a Python loop builds a list of Python ints at every move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..engine.core import shuffle
from ..engine.train_core import MAX_MOVES, MAX_SEATS, MAX_TILES, filled

if TYPE_CHECKING:
    from ..engine import _bits as cython
else:
    try:
        import cython
    except ImportError:
        from ..engine import _bits as cython
    if not cython.compiled:  # interpreted: the shim's no-op names cost less than Cython's run-time module
        from ..engine import _bits as cython

if TYPE_CHECKING or not cython.compiled:
    from ..engine._bitops import highest_bit, lowest_bit, popcount
    from ..engine.core import other_half
    from ..engine.train_core import TrainRound, TrainTables
else:
    from cython.cimports.domino_tui.engine._bitops import highest_bit, lowest_bit, popcount
    from cython.cimports.domino_tui.engine.core import other_half
    from cython.cimports.domino_tui.engine.train_core import TrainRound, TrainTables

COMPILED: bool = cython.compiled
SHIFT = cython.declare(cython.int, 4)  # train_core.TRAIN_SHIFT: a play's code is its tile << 4 | its train
TRAIN_BITS = cython.declare(cython.int, 15)  # the train of a play's code: code & TRAIN_BITS
# train_core.WORD_BITS: the tiles of a hand's low word (compiled a C word; interpreted the whole hand)
WORD_BITS = cython.declare(cython.int, 64 if cython.compiled else 128)
ONE = cython.declare(cython.ulonglong, 1)
# train_planner.NEAR_OUT: another seat with this many tiles or fewer may go out soon, so every seat sheds weight
NEAR_OUT = cython.declare(cython.int, 2)
# train_playout.EXACT_TILES: a hand grown past this many tiles by draws gets the greedy run, not the exact one
EXACT_TILES = cython.declare(cython.int, 15)
# The runs a `PlannerPlayout` remembers, by (end, hand), in a table of this many places (a power of two): a new run
# takes the place of whichever its hash falls on. A decision's playouts meet the same hands again and again, as a
# hand laid along its run is a sub-hand whose run was found on the way.
MEMO_SIZE = 1 << 15
MEMO_SLOTS = cython.declare(cython.ulonglong, MEMO_SIZE - 1)
HASH_LOW = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
HASH_HIGH = cython.declare(cython.ulonglong, 0xC2B2AE3D27D4EB4F)


@cython.cclass
class TrainPlayout:
    """The quick policy of one search: ``explore``, how often a move is a random legal one; ``weight``, what the
    policy sheds first, by tile index (the heaviest legal play wins, the first of equals); ``rng``, a
    random.Random whose numbers it takes as ``rng.random()`` and ``rng.randrange(n)`` would."""

    if TYPE_CHECKING:
        explore: float
        weight: list[int]
        moves: list[int]
        random: Any
        getrandbits: Any

    def __init__(self, rng: Any, explore: float, weight: Sequence[int]) -> None:
        self.explore = explore
        self.weight = list(weight) + filled(0, MAX_TILES - len(weight))
        self.moves = filled(0, MAX_MOVES)  # the legal moves of the position played
        self.random = rng.random
        self.getrandbits = rng.getrandbits

    @cython.ccall
    def finish(self, sim: TrainRound) -> cython.void:
        """Play ``sim`` to its end. A run of first-turn tiles goes on while a tile fits (the policy never stops
        it early)."""
        n: cython.int
        i: cython.int
        code: cython.int
        best: cython.int
        w: cython.int
        heaviest: cython.int
        while not sim.over:
            n = sim.fill_legal(self.moves)
            if n == 1:
                sim.apply(self.moves[0])
                continue
            if self.random() < self.explore:
                sim.apply(self.moves[self.below(n)])
                continue
            best = self.moves[0]
            heaviest = -1
            for i in range(n):
                code = self.moves[i]
                if code >= 0:
                    w = self.weight[code >> SHIFT]
                    if w > heaviest:
                        best = code
                        heaviest = w
            sim.apply(best)

    @cython.cfunc
    @cython.exceptval(-1, check=True)
    def below(self, n: cython.int) -> cython.int:
        """A number from 0 to n - 1, as ``random.Random.randrange(n)`` draws it: the bits of n's length, again
        while the number is n or more."""
        k: cython.int = highest_bit(n) + 1
        r: cython.int = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r


@cython.cclass
class PlannerPlayout:
    """The expert's playout (train_playout.play_out_planned, on the kernel's words): every seat plays the
    planner's rule, or now and then (``explore``) a uniformly random legal move; ``rng``'s numbers are taken as
    ``rng.random()`` and ``rng.randrange(n)`` would, so a seed plays the same round as the Python reference. The
    runs it finds are remembered in its own table: one playout object per search (or thread)."""

    if TYPE_CHECKING:
        explore: float
        t: TrainTables
        moves: list[int]
        plays: list[int]
        random: Any
        getrandbits: Any
        memo_end: list[int]
        memo_low: list[int]
        memo_high: list[int]
        memo_length: list[int]
        memo_pips: list[int]
        memo_run_low: list[int]
        memo_run_high: list[int]
        memo_first: list[int]
        found_length: int
        found_pips: int
        found_low: int
        found_high: int
        found_first: int

    def __init__(self, rng: Any, explore: float, t: TrainTables) -> None:
        self.explore = explore
        self.t = t
        self.moves = filled(0, MAX_MOVES)  # the legal moves of the position played
        self.plays = filled(0, MAX_MOVES)
        self.random = rng.random
        self.getrandbits = rng.getrandbits
        self.memo_end = filled(-1, MEMO_SIZE)  # -1: a free place
        self.memo_low = filled(0, MEMO_SIZE)
        self.memo_high = filled(0, MEMO_SIZE)
        self.memo_length = filled(0, MEMO_SIZE)
        self.memo_pips = filled(0, MEMO_SIZE)
        self.memo_run_low = filled(0, MEMO_SIZE)
        self.memo_run_high = filled(0, MEMO_SIZE)
        self.memo_first = filled(0, MEMO_SIZE)
        self.found_length = self.found_pips = self.found_low = self.found_high = self.found_first = 0

    @cython.ccall
    def finish(self, sim: TrainRound) -> cython.void:
        """Play ``sim`` to its end."""
        n: cython.int
        while not sim.over:
            n = sim.fill_legal(self.moves)
            if n == 1:
                sim.apply(self.moves[0])
                continue
            if self.explore and self.random() < self.explore:
                sim.apply(self.moves[self.below(n)])
                continue
            sim.apply(self.rule_choice(sim, n))

    @cython.ccall
    @cython.exceptval(-3, check=True)
    def choose(self, sim: TrainRound) -> cython.int:
        """The playouts' move for the seat to act in ``sim`` (its only move, when it has one): the run rule's."""
        n: cython.int = sim.fill_legal(self.moves)
        if n == 1:
            return self.moves[0]
        return self.rule_choice(sim, n)

    @cython.cfunc
    @cython.exceptval(check=False)
    def rule_choice(self, sim: TrainRound, n: cython.int) -> cython.int:
        """The run rule (train_playout.planner_move) over the ``n`` legal moves written in ``moves``."""
        t: TrainTables = self.t
        seat: cython.int = sim.turn
        low: cython.ulonglong = sim.hand_low[seat]
        high: cython.ulonglong = sim.hand_high[seat]
        count: cython.int = 0
        covered: cython.int = 0
        i: cython.int
        k: cython.int
        s: cython.int
        code: cython.int
        tile: cython.int
        end: cython.int
        key: cython.int
        best_key: cython.int
        best: cython.int
        for i in range(n):
            code = self.moves[i]
            if code >= 0:
                self.plays[count] = code
                count += 1
                if self.is_covered(code >> SHIFT, low, high):
                    covered += 1
        if not count:
            return self.moves[0]
        # A double left uncovered puts the seat's marker out: the planner never lays one while it has anything else.
        if covered and covered < count:
            k = 0
            for i in range(count):
                if self.is_covered(self.plays[i] >> SHIFT, low, high):
                    self.plays[k] = self.plays[i]
                    k += 1
            count = k
        if count == 1:
            return self.plays[0]
        near_out: cython.bint = False
        for s in range(sim.players):
            if s != seat and popcount(sim.hand_low[s]) + popcount(sim.hand_high[s]) <= NEAR_OUT:
                near_out = True
                break
        if near_out:
            best = self.plays[0]
            best_key = -1
            for i in range(count):
                key = t.tile_pips[self.plays[i] >> SHIFT]
                if key > best_key:
                    best, best_key = self.plays[i], key
            return best
        self.run(sim.train_ends[seat], low, high)
        run_low: cython.ulonglong = self.found_low
        run_high: cython.ulonglong = self.found_high
        first: cython.int = self.found_first
        own_first: cython.int = -1
        off_run: cython.int = -1  # the heaviest play of a tile off the run on another train, a double first
        best_key = -1
        for i in range(count):
            code = self.plays[i]
            tile = code >> SHIFT
            if (code & TRAIN_BITS) == seat:
                if tile == first:
                    own_first = code
            elif not self.in_mask(tile, run_low, run_high):
                key = 2 * t.tile_pips[tile] + (100 if t.tile_low[tile] == t.tile_high[tile] else 0)
                if key > best_key:
                    off_run, best_key = code, key
        if sim.train_marked[seat] and own_first >= 0:
            return own_first
        if off_run >= 0:
            return off_run
        if own_first >= 0:
            return own_first
        # The run must be broken: the play that keeps the longest run, a double first, then the heaviest.
        best = self.plays[0]
        best_key = -1
        for i in range(count):
            code = self.plays[i]
            tile = code >> SHIFT
            end = sim.train_ends[seat]
            if (code & TRAIN_BITS) == seat:
                end = other_half(t.tile_low[tile], t.tile_high[tile], end)
            if tile < WORD_BITS:
                self.run(end, low ^ (ONE << tile), high)
            else:
                self.run(end, low, high ^ (ONE << (tile - WORD_BITS)))
            key = (2 * self.found_length + (1 if t.tile_low[tile] == t.tile_high[tile] else 0)) * 100
            key += t.tile_pips[tile]
            if key > best_key:
                best, best_key = code, key
        return best

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def in_mask(self, tile: cython.int, low: cython.ulonglong, high: cython.ulonglong) -> cython.bint:
        if tile < WORD_BITS:
            return low >> tile & 1 != 0
        return high >> (tile - WORD_BITS) & 1 != 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def is_covered(self, tile: cython.int, low: cython.ulonglong, high: cython.ulonglong) -> cython.bint:
        """``tile`` is no double, or the hand (``low``, ``high``) holds another tile to lay on it."""
        t: TrainTables = self.t
        number: cython.int = t.tile_low[tile]
        if number != t.tile_high[tile]:
            return True
        if tile < WORD_BITS:
            low ^= ONE << tile
        else:
            high ^= ONE << (tile - WORD_BITS)
        return (low & t.match_low[number]) != 0 or (high & t.match_high[number]) != 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def run(self, end: cython.int, low: cython.ulonglong, high: cython.ulonglong) -> cython.void:
        """train_playout.RunFinder.run: the best run of the hand (``low``, ``high``) from ``end``, left in the
        ``found_`` fields (its length, pips, tiles as two words, first tile or -1)."""
        if popcount(low) + popcount(high) > EXACT_TILES:
            self.greedy_run(end, low, high)
            return
        h: cython.ulonglong = low * HASH_LOW ^ high * HASH_HIGH ^ end
        slot: cython.int = cython.cast(cython.int, h >> 40 & MEMO_SLOTS)
        if self.memo_end[slot] == end and self.memo_low[slot] == low and self.memo_high[slot] == high:
            self.found_length = self.memo_length[slot]
            self.found_pips = self.memo_pips[slot]
            self.found_low = self.memo_run_low[slot]
            self.found_high = self.memo_run_high[slot]
            self.found_first = self.memo_first[slot]
            return
        t: TrainTables = self.t
        best_length: cython.int = 0
        best_pips: cython.int = 0
        best_low: cython.ulonglong = 0
        best_high: cython.ulonglong = 0
        best_first: cython.int = -1
        length: cython.int
        pips: cython.int
        tile: cython.int
        bit: cython.ulonglong
        fits: cython.ulonglong = low & t.match_low[end]
        while fits:
            tile = lowest_bit(fits)
            bit = ONE << tile
            fits ^= bit
            self.run(other_half(t.tile_low[tile], t.tile_high[tile], end), low ^ bit, high)
            length = self.found_length + 1
            pips = self.found_pips + t.tile_pips[tile]
            if length > best_length or (length == best_length and pips > best_pips):
                best_length, best_pips, best_first = length, pips, tile
                best_low, best_high = self.found_low | bit, self.found_high
        fits = high & t.match_high[end]
        while fits:
            tile = lowest_bit(fits)
            bit = ONE << tile
            fits ^= bit
            tile += WORD_BITS
            self.run(other_half(t.tile_low[tile], t.tile_high[tile], end), low, high ^ bit)
            length = self.found_length + 1
            pips = self.found_pips + t.tile_pips[tile]
            if length > best_length or (length == best_length and pips > best_pips):
                best_length, best_pips, best_first = length, pips, tile
                best_low, best_high = self.found_low, self.found_high | bit
        self.memo_end[slot] = end
        self.memo_low[slot] = low
        self.memo_high[slot] = high
        self.memo_length[slot] = self.found_length = best_length
        self.memo_pips[slot] = self.found_pips = best_pips
        self.memo_run_low[slot] = self.found_low = best_low
        self.memo_run_high[slot] = self.found_high = best_high
        self.memo_first[slot] = self.found_first = best_first

    @cython.cfunc
    @cython.exceptval(check=False)
    def greedy_run(self, end: cython.int, low: cython.ulonglong, high: cython.ulonglong) -> cython.void:
        """train_playout.RunFinder.greedy_run: the run laid by always taking the heaviest tile (the lowest of
        equals) that continues it, into the ``found_`` fields."""
        t: TrainTables = self.t
        length: cython.int = 0
        pips: cython.int = 0
        run_low: cython.ulonglong = 0
        run_high: cython.ulonglong = 0
        first: cython.int = -1
        tile: cython.int
        best: cython.int
        heaviest: cython.int
        fits: cython.ulonglong
        while True:
            best = -1
            heaviest = -1
            fits = low & t.match_low[end]
            while fits:
                tile = lowest_bit(fits)
                fits &= fits - 1
                if t.tile_pips[tile] > heaviest:
                    best, heaviest = tile, t.tile_pips[tile]
            fits = high & t.match_high[end]
            while fits:
                tile = lowest_bit(fits) + WORD_BITS
                fits &= fits - 1
                if t.tile_pips[tile] > heaviest:
                    best, heaviest = tile, t.tile_pips[tile]
            if best < 0:
                break
            if first < 0:
                first = best
            if best < WORD_BITS:
                low ^= ONE << best
                run_low |= ONE << best
            else:
                high ^= ONE << (best - WORD_BITS)
                run_high |= ONE << (best - WORD_BITS)
            length += 1
            pips += heaviest
            end = other_half(t.tile_low[best], t.tile_high[best], end)
        self.found_length = length
        self.found_pips = pips
        self.found_low = run_low
        self.found_high = run_high
        self.found_first = first

    @cython.cfunc
    @cython.exceptval(-1, check=True)
    def below(self, n: cython.int) -> cython.int:
        """A number from 0 to n - 1, as ``random.Random.randrange(n)`` draws it (`TrainPlayout.below`)."""
        k: cython.int = highest_bit(n) + 1
        r: cython.int = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r


MAX_CHECKS = 256  # the counted facts a `TilePlacer` holds (train_loops.pxd); more are placed in Python


@cython.cclass
class TilePlacer:
    """`sampling.Sampler._try` for one plan, on C arrays: a place for each hidden tile (a seat, or ``players`` for
    the rest), taken group by group in the plan's order, each group's tiles shuffled, each tile's place drawn with
    weight equal to the room left there among the places it may go; the same random numbers as ``_try`` takes,
    so a seed makes the same guess.

    ``groups``: the plan's groups, (the seats a tile may go to, the tiles); ``room``: each place's size (by seat,
    ``players`` for the rest); ``checks``: the counted facts, (seat, mask of tiles, how many it may still hold)."""

    if TYPE_CHECKING:
        players: int
        tiles: int
        groups: int
        group_end: list[int]
        group_seats: list[int]
        group_seat_count: list[int]
        tile_order: list[int]
        room_start: list[int]
        checks: int
        check_seat: list[int]
        check_low: list[int]
        check_high: list[int]
        check_start: list[int]
        where: list[int]
        room: list[int]
        left: list[int]
        options: list[int]

    def __init__(
        self, groups: Sequence[tuple[Sequence[int], Sequence[int]]], room: Sequence[int], checks: Sequence[Any]
    ) -> None:
        self.players = len(room) - 1
        tiles = [t for _, group in groups for t in group]
        if len(groups) > MAX_TILES or len(tiles) > MAX_TILES or len(checks) > MAX_CHECKS or len(room) > 16:
            raise ValueError("too many tiles, seats or facts for the placer's arrays")
        self.tiles = len(tiles)
        self.groups = len(groups)
        ends: list[int] = []
        seats = filled(0, MAX_TILES * MAX_SEATS)
        counts = []
        for g, (options, group) in enumerate(groups):
            ends.append(len(group) + (ends[-1] if ends else 0))
            counts.append(len(options))
            for k, s in enumerate(options):
                seats[g * MAX_SEATS + k] = s
        self.group_end = ends + filled(0, MAX_TILES - len(ends))
        self.group_seats = seats
        self.group_seat_count = counts + filled(0, MAX_TILES - len(counts))
        self.tile_order = tiles + filled(0, MAX_TILES - len(tiles))
        self.room_start = list(room) + filled(0, 16 - len(room))
        self.checks = len(checks)
        word = (1 << 64) - 1
        self.check_seat = [c[0] for c in checks] + filled(0, MAX_CHECKS - len(checks))
        self.check_low = [c[1] & word for c in checks] + filled(0, MAX_CHECKS - len(checks))
        self.check_high = [c[1] >> 64 for c in checks] + filled(0, MAX_CHECKS - len(checks))
        self.check_start = [c[2] for c in checks] + filled(0, MAX_CHECKS - len(checks))
        self.where = filled(0, MAX_TILES)
        self.room = filled(0, 16)
        self.left = filled(0, MAX_CHECKS)
        self.options = filled(0, 17)  # the places the tile being placed may go to

    @cython.ccall
    def place(self, rng: Any) -> Any:
        """A place for each of the plan's tiles, in the plan's order, or None at a dead end."""
        players: cython.int = self.players
        rest: cython.int = players
        g: cython.int
        k: cython.int
        c: cython.int
        s: cython.int
        t: cython.int
        start: cython.int = 0
        total: cython.int
        count: cython.int
        chosen: cython.int
        r: cython.double
        options = self.options
        for s in range(players + 1):
            self.room[s] = self.room_start[s]
        for c in range(self.checks):
            self.left[c] = self.check_start[c]
        for k in range(self.tiles):
            self.where[self.tile_order[k]] = players
        random = rng.random
        for g in range(self.groups):
            order = [self.tile_order[k] for k in range(start, self.group_end[g])]
            start = self.group_end[g]
            shuffle(order, rng)
            for t in order:
                count = 0
                total = 0
                for k in range(self.group_seat_count[g]):
                    s = self.group_seats[g * MAX_SEATS + k]
                    if self.room[s] and self.room_for(s, t):
                        options[count] = s
                        count += 1
                        total += self.room[s]
                if self.room[rest]:
                    options[count] = rest
                    count += 1
                    total += self.room[rest]
                if not count:
                    return None
                chosen = options[0]
                if count > 1:
                    r = random() * total
                    for k in range(count):
                        chosen = options[k]
                        r -= self.room[chosen]
                        if r < 0:
                            break
                self.room[chosen] -= 1
                if chosen != rest:
                    self.where[t] = chosen
                for c in range(self.checks):
                    if self.check_seat[c] == chosen and self.holds(c, t):
                        self.left[c] -= 1
        return [self.where[self.tile_order[k]] for k in range(self.tiles)]

    @cython.cfunc
    @cython.exceptval(check=False)
    def room_for(self, seat: cython.int, t: cython.int) -> cython.bint:
        """No counted fact of ``seat`` that holds ``t`` is used up."""
        c: cython.int
        for c in range(self.checks):
            if self.check_seat[c] == seat and self.left[c] <= 0 and self.holds(c, t):
                return False
        return True

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def holds(self, c: cython.int, t: cython.int) -> cython.bint:
        if t < 64:
            return self.check_low[c] >> t & 1 != 0
        return self.check_high[c] >> (t - 64) & 1 != 0
