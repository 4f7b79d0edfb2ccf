"""The train expert's inner loops on C integers: its playouts on the train kernel's words, and the placing of a
guess's hidden tiles (wide_sampling.py). Compiled beside the kernel where the build could, interpreted otherwise
(DOMINO_TUI_PURE=1), with the same moves and random numbers in both.

A playout finishes a round with the quick policy: the heaviest tile that fits, or now and then a uniformly random
legal move; a move that is the only legal one is made without a random number. Compiled, it reads the legal moves
into a C array (`TrainRound.fill_legal`) and makes them in C, where the Python loop it replaces built a list of
Python ints at every move.
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
    from ..engine._bitops import highest_bit
    from ..engine.train_core import TrainRound
else:
    from cython.cimports.domino_tui.engine._bitops import highest_bit
    from cython.cimports.domino_tui.engine.train_core import TrainRound

COMPILED: bool = cython.compiled
SHIFT = cython.declare(cython.int, 4)  # train_core.TRAIN_SHIFT: a play's code is its tile << 4 | its train


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
