"""The rules kernel: the only code that knows how dominoes is played, on integers.

The opening, legal moves, laying a tile (the line, the spinner's arms, the eight-of-a-number stalemate), drawing
and passing, whose turn is next, the deal, the count scored in play (All Fives, Fives and Threes) and the
settlement are written here once. A tile is its index in the set ([0|0], [0|1], ... [n|n]: `tile_order`), a hand
a bit mask of indices, the layout the number showing at each end. A move is an int: ``tile * 4 + end`` for a
play (`play_code`), DRAW_MOVE or PASS_MOVE.

Integers in, integers out: the kernel imports nothing of the package but its bit scans and holds no object of
another module. A compiled module is initialised once per process, so a program imported afresh in the same
interpreter (as the Hyperskill grader does between its test cases) meets the same kernel, and it must not have
kept the first import's classes. The records around it (`GameState`, `Board`, `Move`, `GameResult`) turn its
integers into readable objects; a variant's rules reach it as `RuleCodes` (`Rules.kernel`).

The module is plain Python in Cython's pure-Python mode, its classes' C layout declared in ``core.pxd``: where a C
compiler was present at install time it is also compiled, otherwise, or with DOMINO_TUI_PURE=1, the interpreter
runs this same source. Tests replay thousands of seeded games through both and the referee.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import _bits as cython  # the shim's typed names; Cython ships no type information
else:
    try:
        import cython
    except ImportError:  # Cython is a build dependency, optional at run time
        from . import _bits as cython
    if not cython.compiled:  # interpreted: the shim's no-op names cost less than Cython's run-time module
        from . import _bits as cython

if TYPE_CHECKING or not cython.compiled:
    from ._bitops import highest_bit, lowest_bit
    from ._twister import TWISTER_SIZE, twister_at, twister_below, twister_index, twister_shuffle, twister_word
else:
    from cython.cimports.domino_tui.engine._bitops import highest_bit, lowest_bit
    from cython.cimports.domino_tui.engine._twister import (
        TWISTER_SIZE,
        twister_at,
        twister_below,
        twister_index,
        twister_shuffle,
        twister_word,
    )

COMPILED: bool = cython.compiled

# The kernel's codes. Compiled, each is a C integer (the compiled code compares with it at C speed, where a Python
# global would be looked up at each use); they are module attributes for Python callers as well.

CLOSED = cython.declare(cython.int, -1)  # an end with nothing to play on
NOBODY = cython.declare(cython.int, -1)  # no seat or team: nobody won, nobody went out, nobody has played
DRAW_MOVE = cython.declare(cython.int, -1)
PASS_MOVE = cython.declare(cython.int, -2)

# The ends of the layout (End in the records).
LEFT = cython.declare(cython.int, 0)
RIGHT = cython.declare(cython.int, 1)
UP = cython.declare(cython.int, 2)
DOWN = cython.declare(cython.int, 3)

# How a player gets more tiles (DrawRule).
NO_DRAWING = cython.declare(cython.int, 0)  # no stock: a player who cannot play passes
DRAW_ENDS_TURN = cython.declare(cython.int, 1)  # classic: take one tile, which ends the turn, playable or not
DRAW_UNTIL_PLAYABLE = cython.declare(cython.int, 2)  # All Fives: draw until you can play

# How a game ended (Reason).
OUT = cython.declare(cython.int, 0)
BLOCKED = cython.declare(cython.int, 1)
STALEMATE = cython.declare(cython.int, 2)

# What the winning team scores (Scores).
OPPONENTS_PIPS = cython.declare(cython.int, 0)
ALL_PIPS = cython.declare(cython.int, 1)
ONE_GAME = cython.declare(cython.int, 2)
FIVES_ROUNDED = cython.declare(cython.int, 3)

# Who wins a game nobody went out of (Blocked).
NOBODY_WINS = cython.declare(cython.int, 0)
LIGHTER_TEAM = cython.declare(cython.int, 1)
LIGHTEST_HAND = cython.declare(cython.int, 2)

_CODES = {
    "CLOSED": CLOSED,
    "NOBODY": NOBODY,
    "DRAW_MOVE": DRAW_MOVE,
    "PASS_MOVE": PASS_MOVE,
    "NO_DRAWING": NO_DRAWING,
    "DRAW_ENDS_TURN": DRAW_ENDS_TURN,
    "DRAW_UNTIL_PLAYABLE": DRAW_UNTIL_PLAYABLE,
    "OUT": OUT,
    "BLOCKED": BLOCKED,
    "STALEMATE": STALEMATE,
    "OPPONENTS_PIPS": OPPONENTS_PIPS,
    "ALL_PIPS": ALL_PIPS,
    "ONE_GAME": ONE_GAME,
    "FIVES_ROUNDED": FIVES_ROUNDED,
    "NOBODY_WINS": NOBODY_WINS,
    "LIGHTER_TEAM": LIGHTER_TEAM,
    "LIGHTEST_HAND": LIGHTEST_HAND,
}
globals().update(_CODES)  # compiled, the names above are C integers only: this makes them attributes too

# Room in the kernel's C arrays: the double-nine set (55 tiles, numbers 0 to 9) fits, and so do 8 seats, and the
# divisors a count may score by (All Fives has one, Fives and Threes two).
MAX_TILES = 64
MAX_NUMBERS = 16
MAX_SEATS = 8
MAX_DIVISORS = 4


# ----- moves as integers -----


@cython.ccall
@cython.exceptval(check=False)
def play_code(tile: cython.int, end: cython.int) -> cython.int:
    """The int move that plays tile index ``tile`` on ``end``."""
    return tile << 2 | end


def seats_of(n: int) -> int:
    """``n`` seats, where the kernel's C arrays have room for them."""
    if not 0 < n <= MAX_SEATS:
        raise ValueError(f"the kernel plays 1 to {MAX_SEATS} seats, not {n}")
    return n


# ----- the tiles -----


def tile_order(max_pip: int) -> list[tuple[int, int]]:
    """The tiles of the double-``max_pip`` set as (low, high), in index order: [0|0], [0|1], ... [n|n]."""
    return [(a, b) for a in range(max_pip + 1) for b in range(a, max_pip + 1)]


@cython.cclass
class TileTables:
    """A set's tiles as the kernel reads them: each index's two numbers and pips, the tiles showing each number,
    the doubles. Built once per set (`tables`); C arrays when compiled, lists when interpreted."""

    if TYPE_CHECKING:
        max_pip: int
        size: int
        low: list[int]
        high: list[int]
        pips: list[int]
        match: list[int]  # match[n]: the tiles showing n on either half
        doubles: int

    def __init__(self, max_pip: int) -> None:
        order = tile_order(max_pip)
        if len(order) > MAX_TILES or max_pip >= MAX_NUMBERS:
            raise ValueError(f"the kernel plays sets of at most {MAX_TILES} tiles, not double-{max_pip}")
        spare = [0] * (MAX_TILES - len(order))
        self.max_pip = max_pip
        self.size = len(order)
        self.low = [lo for lo, _ in order] + spare
        self.high = [hi for _, hi in order] + spare
        self.pips = [lo + hi for lo, hi in order] + spare
        self.match = [mask_of(i for i, (lo, hi) in enumerate(order) if n in (lo, hi)) for n in range(MAX_NUMBERS)]
        self.doubles = mask_of(i for i, (lo, hi) in enumerate(order) if lo == hi)


def mask_of(tiles: Iterable[int]) -> int:
    """The mask of the tile indices ``tiles`` (each below 64)."""
    mask: cython.ulonglong = 0
    one: cython.ulonglong = 1
    tile: cython.int
    for tile in tiles:
        mask |= one << tile
    return mask


@cache
def tables(max_pip: int) -> TileTables:
    return TileTables(max_pip)


@cython.ccall
@cython.exceptval(check=False)
def other_half(low: cython.int, high: cython.int, pip: cython.int) -> cython.int:
    """The number on the other half of the tile (``low``, ``high``) from ``pip``, one of its two."""
    return high if pip == low else low


@cython.ccall
@cython.exceptval(check=False)
def pip_sum(t: TileTables, mask: cython.ulonglong) -> cython.int:
    """The pips of the tiles in ``mask``."""
    total: cython.int = 0
    while mask:
        total += t.pips[lowest_bit(mask)]
        mask &= mask - 1
    return total


# ----- the deal -----


def twister_readable() -> bool:
    """Whether this interpreter keeps a ``random.Random``'s Mersenne Twister where the compiled kernel reads it
    (``_twister.pxd``): the object is the size of that layout, a generator's words and index read through it are
    the ones ``getstate()`` gives, and the words drawn through it are the ones ``getrandbits(32)`` gives, the state
    after the same. Checked once at import; where it fails, the deal asks the generator itself."""
    if _random.Random.__basicsize__ != TWISTER_SIZE:
        return False
    probe = random.Random(20261129)
    probe.random()  # the index off its first word
    words = probe.getstate()[1]
    if twister_index(probe) != words[-1] or any(twister_at(probe, i) != words[i] for i in range(len(words) - 1)):
        return False
    twin = random.Random()
    twin.setstate(probe.getstate())
    drawn = [twister_word(probe) for _ in range(1000)]  # past 624: the words regenerated once
    return drawn == [twin.getrandbits(32) for _ in range(1000)] and probe.getstate() == twin.getstate()


TWISTER_READABLE = cython.compiled and twister_readable()
# What the generator's shuffle calls: a subclass that redefines one of them draws other numbers.
TWISTER_METHODS = ("shuffle", "_randbelow", "getrandbits", "random")


def draws_as_random(kind: type) -> bool:
    """Whether generators of the class ``kind`` shuffle as ``random.Random`` does, from its twister."""
    return issubclass(kind, random.Random) and all(
        getattr(kind, m) is getattr(random.Random, m) for m in TWISTER_METHODS
    )


@cython.cfunc
def shuffles_in_place(rng: Any) -> cython.bint:
    """Whether the compiled kernel may shuffle for ``rng``, drawing from its twister in place."""
    if not TWISTER_READABLE:
        return False
    return type(rng) is random.Random or draws_as_random(type(rng))


@cython.boundscheck(False)  # every index is below the length
@cython.wraparound(False)
def shuffle(items: list[int], rng: Any) -> None:
    """Shuffle ``items`` in place exactly as ``random.Random.shuffle`` does: the same order for the same seed, and
    ``rng`` left where it would leave it.

    Compiled, for a ``random.Random`` (or a subclass that draws the same way), the numbers are drawn in C from the
    generator's own Mersenne Twister state (``_twister.pxd``) as its ``_randbelow`` draws them: no Python call.
    Any other generator, or the interpreted module, shuffles with the generator's own ``shuffle``."""
    size: cython.longlong = len(items)
    if not cython.compiled or size > 0x7FFFFFFF or not shuffles_in_place(rng):
        rng.shuffle(items)
        return
    i: cython.int
    j: cython.int
    one: object
    other: object
    for i in range(size - 1, 0, -1):
        j = twister_below(rng, i + 1)
        one, other = items[i], items[j]
        items[i], items[j] = other, one


@cython.cclass
class Deck:
    """A set's tiles in the order dealt, as a C array when compiled: where the compiled deal shuffles."""

    if TYPE_CHECKING:
        tiles: list[int]

    def __init__(self) -> None:
        if not cython.compiled:  # compiled, the array is the object's own, filled by the deal
            self.tiles = [0] * MAX_TILES


@cython.cfunc
@cython.exceptval(check=False)
def deal_tiles(
    t: TileTables, dealt: cython.int, need_double: cython.bint, order: cython.p_int, rng: Any
) -> cython.void:
    """`deal`'s loop on the C array ``order`` (room for the set), for a generator that `shuffles_in_place`."""
    i: cython.int
    held: cython.ulonglong
    one: cython.ulonglong = 1
    while True:
        for i in range(t.size):
            order[i] = i
        twister_shuffle(rng, order, t.size)
        if not need_double:
            return
        held = 0
        for i in range(dealt):
            held |= one << order[i]
        if held & t.doubles:
            return


def deal(t: TileTables, players: int, hand_size: int, need_double: bool, rng: Any) -> list[int]:
    """The tiles of the set in the order dealt: seat s holds ``order[s * hand_size : (s + 1) * hand_size]``, and
    the rest is the stock (drawn from its end) or asleep. Shuffled again while ``need_double`` (the highest double
    opens) and nobody holds a double. Every deal of the package is this one, so a seed deals the same game in
    `GameState.new`, the bots' simulations and the tournaments."""
    dealt = seats_of(players) * hand_size
    if dealt > t.size:
        raise ValueError(f"{players} hands of {hand_size} need more than the {t.size} tiles of the set")
    if cython.compiled and shuffles_in_place(rng):
        deck = Deck()
        deal_tiles(t, dealt, need_double, deck.tiles, rng)
        return [deck.tiles[i] for i in range(t.size)]
    while True:
        order = list(range(t.size))
        shuffle(order, rng)
        if not need_double or mask_of(order[:dealt]) & t.doubles:
            return order


@cython.cfunc
def deal_hands(
    t: TileTables,
    players: cython.int,
    hand_size: cython.int,
    need_double: cython.bint,
    rng: Any,
    hands: cython.p_ulonglong,
) -> cython.void:
    """`deal`'s hands as masks into ``hands`` (``players`` of them), the stock left out: compiled, from a
    ``random.Random``, the order stays a C array (no list, no int objects). ``players`` hands of ``hand_size`` fit
    in the set."""
    s: cython.int
    i: cython.int
    one: cython.ulonglong = 1
    if cython.compiled and shuffles_in_place(rng):
        deck = Deck()
        deal_tiles(t, players * hand_size, need_double, deck.tiles, rng)
        for s in range(players):
            hands[s] = 0
            for i in range(s * hand_size, (s + 1) * hand_size):
                hands[s] |= one << deck.tiles[i]
        return
    order = deal(t, players, hand_size, need_double, rng)
    for s in range(players):
        hands[s] = mask_of(order[s * hand_size : (s + 1) * hand_size])


def hands_of(order: Sequence[int], players: int, hand_size: int) -> list[int]:
    """The hands of a deal (`deal`) as masks."""
    return [mask_of(order[s * hand_size : (s + 1) * hand_size]) for s in range(players)]


def holder_of_highest_double(t: TileTables, masks: Sequence[int]) -> tuple[int, int]:
    """Who holds the highest double dealt, and its tile index; (NOBODY, NOBODY) when nobody holds a double."""
    held: cython.ulonglong = 0
    for mask in masks:
        held |= mask
    held &= t.doubles
    if not held:
        return NOBODY, NOBODY
    double: cython.int = highest_bit(held)  # doubles come in set order: the highest is the top bit
    for seat, mask in enumerate(masks):
        if mask >> double & 1:
            return seat, double
    return NOBODY, NOBODY


# ----- the rules of a variant, as numbers -----


@cython.cclass
class RuleCodes:
    """A variant's rules as the kernel reads them: numbers and flags (`Rules.kernel` makes them from `Rules`)."""

    if TYPE_CHECKING:
        max_pip: int
        players: int
        hand_size: int
        teams: int
        draw: int  # NO_DRAWING, DRAW_ENDS_TURN or DRAW_UNTIL_PLAYABLE
        scores: int  # OPPONENTS_PIPS, ALL_PIPS, ONE_GAME or FIVES_ROUNDED
        blocked: int  # NOBODY_WINS, LIGHTER_TEAM or LIGHTEST_HAND
        spinner: bool  # the first double is a spinner (arms up and down)
        fives: bool  # the count of the open ends scores after each play (All Fives, Fives and Threes)
        divisors: int  # how many divisors the count scores by
        _divisor: list[int]  # a count that is a multiple of _divisor[k] scores _per_multiple[k] a multiple
        _per_multiple: list[int]
        stalemate_eight: bool  # classic: both ends show n and n shows eight times
        must_play: bool  # a player holding a tile that fits may not draw or pass

    def __init__(
        self,
        max_pip: int,
        players: int,
        hand_size: int,
        teams: int,
        draw: int,
        scores: int,
        blocked: int,
        spinner: bool = False,
        count_scores: Sequence[tuple[int, int]] = (),
        stalemate_eight: bool = False,
        must_play: bool = True,
    ) -> None:
        self.max_pip = max_pip
        self.players = seats_of(players)
        self.hand_size = hand_size
        self.teams = teams
        self.draw = draw
        self.scores = scores
        self.blocked = blocked
        self.spinner = spinner
        if len(count_scores) > MAX_DIVISORS or any(d <= 0 or v <= 0 for d, v in count_scores):
            raise ValueError(f"a count scores by 0 to {MAX_DIVISORS} positive divisors, not {list(count_scores)}")
        self.fives = len(count_scores) > 0
        self.divisors = len(count_scores)
        self._divisor = [d for d, _ in count_scores] + [1] * (MAX_DIVISORS - len(count_scores))
        self._per_multiple = [v for _, v in count_scores] + [0] * (MAX_DIVISORS - len(count_scores))
        self.stalemate_eight = stalemate_eight
        self.must_play = must_play

    @property
    def has_stock(self) -> bool:
        return self.draw != NO_DRAWING

    @property
    def is_line(self) -> bool:
        """Two ends, no stock, nothing scored in play: a line game."""
        return self.draw == NO_DRAWING and not self.spinner and not self.fives and not self.stalemate_eight

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    @property
    def count_scores(self) -> tuple[tuple[int, int], ...]:
        """(divisor, points a multiple) for each divisor the count scores by."""
        return tuple([(self._divisor[k], self._per_multiple[k]) for k in range(self.divisors)])

    @cython.ccall
    @cython.exceptval(check=False)
    @cython.cdivision(True)  # counts and divisors are positive
    def count_points(self, count: cython.int) -> cython.int:
        """What a count of the open ends scores after a play: for each divisor it is a multiple of, the number of
        multiples times the points each is worth (All Fives: 5 a five, so the count itself; Fives and Threes: 1 a
        five and 1 a three, so 15 scores 8). Nothing for 0, or where nothing scores in play."""
        points: cython.int = 0
        k: cython.int
        if count <= 0:
            return 0
        for k in range(self.divisors):
            if count % self._divisor[k] == 0:
                points += count // self._divisor[k] * self._per_multiple[k]
        return points


# ----- the layout -----


@cython.cclass
class Layout:
    """What the rules see of the tiles on the table: the number showing at each end (CLOSED where nothing can be
    played), which outer tiles are doubles (All Fives counts them twice), the spinner and its arms.

    The first double is the spinner where the variant has one (``spinner_allowed``). Up opens once both its sides
    hold a tile, and down once up holds one (the two empty arms are the same choice, and offering both would only
    double the work); an arm counts in All Fives once it holds a tile."""

    if TYPE_CHECKING:
        spinner_allowed: bool
        tiles: int  # tiles laid
        spinner: int  # the spinner's number, or CLOSED
        _ends: list[int]
        _double_at: list[bool]  # the tile at each end is a double
        _arm_started: list[bool]  # up, down: the arm holds a tile
        _side_taken: list[bool]  # the spinner's left and right side hold a tile

    def __init__(self, spinner_allowed: bool = False) -> None:
        self.spinner_allowed = spinner_allowed
        self.tiles = 0
        self.spinner = CLOSED
        self._ends = [CLOSED, CLOSED, CLOSED, CLOSED]
        self._double_at = [False, False, False, False]
        self._arm_started = [False, False]
        self._side_taken = [False, False]

    @classmethod
    def rebuilt(
        cls,
        spinner_allowed: bool,
        ends: Sequence[int],
        double_at: Sequence[bool],
        arm_started: Sequence[bool],
        spinner: int,
        side_taken: Sequence[bool],
        tiles: int,
    ) -> Layout:
        """A layout from what is known of it (a board read from the wire)."""
        layout: Layout = cls(spinner_allowed)
        for e in range(4):
            layout._ends[e] = ends[e]
            layout._double_at[e] = double_at[e]
        for k in range(2):
            layout._arm_started[k] = arm_started[k]
            layout._side_taken[k] = side_taken[k]
        layout.spinner = spinner
        layout.tiles = tiles
        return layout

    @cython.ccall
    def copy(self) -> Layout:
        c = Layout(self.spinner_allowed)
        c.tiles = self.tiles
        c.spinner = self.spinner
        c._ends[:] = self._ends
        c._double_at[:] = self._double_at
        c._arm_started[:] = self._arm_started
        c._side_taken[:] = self._side_taken
        return c

    @property
    def ends(self) -> tuple[int, int, int, int]:
        """The number showing at each end (left, right, up, down), CLOSED where nothing can be played."""
        return self._ends[0], self._ends[1], self._ends[2], self._ends[3]

    @property
    def double_at(self) -> tuple[bool, bool, bool, bool]:
        return self._double_at[0], self._double_at[1], self._double_at[2], self._double_at[3]

    @property
    def arm_started(self) -> tuple[bool, bool]:
        return self._arm_started[0], self._arm_started[1]

    @property
    def side_taken(self) -> tuple[bool, bool]:
        return self._side_taken[0], self._side_taken[1]

    @cython.ccall
    @cython.exceptval(check=False)
    def end(self, e: cython.int) -> cython.int:
        """The number showing at end ``e``, or CLOSED."""
        return self._ends[e]

    @cython.ccall
    @cython.exceptval(check=False)
    def fits(self, t: TileTables, hand: cython.ulonglong) -> cython.ulonglong:
        """The tiles of ``hand`` that fit an open end (all of them on an empty table)."""
        if self._ends[LEFT] == CLOSED:
            return hand
        fits: cython.ulonglong = t.match[self._ends[LEFT]] | t.match[self._ends[RIGHT]]
        if self._ends[UP] != CLOSED:
            fits |= t.match[self._ends[UP]]
        if self._ends[DOWN] != CLOSED:
            fits |= t.match[self._ends[DOWN]]
        return hand & fits

    @cython.ccall
    @cython.exceptval(check=False)
    def fits_at(self, t: TileTables, hand: cython.ulonglong, e: cython.int) -> cython.ulonglong:
        """The tiles of ``hand`` that fit end ``e`` (none where it is closed; all of them on an empty table at the
        left end, where a lead is played)."""
        if self._ends[LEFT] == CLOSED:
            return hand if e == LEFT else 0
        if self._ends[e] == CLOSED:
            return 0
        return hand & t.match[self._ends[e]]

    @cython.ccall
    def lay(self, low: cython.int, high: cython.int, end: cython.int) -> cython.void:
        """Lay the tile (``low``, ``high``) at ``end``, which shows one of its numbers (any end of an empty
        table): the numbers showing after it, the doubles at the ends, the spinner and its arms."""
        self.tiles += 1
        if self._ends[LEFT] == CLOSED:
            self._ends[LEFT] = low
            self._ends[RIGHT] = high
            if low == high:
                self._double_at[LEFT] = True
                self._double_at[RIGHT] = True
                if self.spinner_allowed:
                    self.spinner = low
            return
        self._ends[end] = other_half(low, high, self._ends[end])
        self._double_at[end] = low == high
        if end >= UP:
            self._arm_started[end - UP] = True
            if end == UP and self._ends[DOWN] == CLOSED:
                self._ends[DOWN] = self.spinner
            return
        if not self.spinner_allowed:
            return
        if self.spinner == CLOSED:
            if low == high:
                self.spinner = low
                # The new spinner lies at the end it was played on: its inner side touches the line.
                self._side_taken[LEFT] = end == RIGHT
                self._side_taken[RIGHT] = end == LEFT
            return
        self._side_taken[end] = True
        if self._side_taken[LEFT] and self._side_taken[RIGHT] and self._ends[UP] == CLOSED:
            self._ends[UP] = self.spinner

    @cython.ccall
    def extend_line(self, left: cython.int, right: cython.int, laid: cython.int) -> cython.void:
        """The ends of a line game that was played on elsewhere (the bots' line loop): ``laid`` more tiles, which
        left ``left`` and ``right`` showing. A line game counts nothing, so which tiles lie at its ends is not
        kept."""
        self._ends[LEFT] = left
        self._ends[RIGHT] = right
        self.tiles += laid

    @cython.ccall
    @cython.exceptval(check=False)
    def count(self) -> cython.int:
        """The All Fives count: the open ends added up, a double at an end counting both halves, an arm only once
        it holds a tile (a lone first tile counts its two halves)."""
        if self.tiles <= 1:
            return self._ends[LEFT] + self._ends[RIGHT] if self.tiles else 0
        return self._total()

    @cython.ccall
    @cython.exceptval(check=False)
    def count_after(self, low: cython.int, high: cython.int, end: cython.int) -> cython.int:
        """The All Fives count once the tile (``low``, ``high``) is laid at ``end``, which shows one of its numbers;
        the layout is not changed."""
        if self.tiles == 0:
            return low + high
        return self._total_after(self._total(), low, high, end)

    def counts_after(self, t: TileTables, tiles: int) -> list[tuple[int, int, int]]:
        """(tile, end, `count_after` it) for every play of the tiles of ``tiles`` on this layout (not a lead), in
        the order of the tiles, each tile's ends in order: what a player that counts weighs."""
        out: list[tuple[int, int, int]] = []
        total: cython.int = self._total()
        mask: cython.ulonglong = tiles
        tile: cython.int
        e: cython.int
        while mask:
            tile = lowest_bit(mask)
            mask &= mask - 1
            for e in range(4):
                if self._ends[e] != CLOSED and (self._ends[e] == t.low[tile] or self._ends[e] == t.high[tile]):
                    out.append((tile, e, self._total_after(total, t.low[tile], t.high[tile], e)))
        return out

    @cython.cfunc
    @cython.exceptval(check=False)
    def _total(self) -> cython.int:
        return self._counted_at(LEFT) + self._counted_at(RIGHT) + self._counted_at(UP) + self._counted_at(DOWN)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _total_after(self, total: cython.int, low: cython.int, high: cython.int, end: cython.int) -> cython.int:
        """The count ``total`` of a layout of two tiles or more once (``low``, ``high``) is laid at ``end``: that
        end shows the tile's other half, and no other end's part changes (an end a play opens, an arm, counts
        only once it holds a tile)."""
        outer: cython.int = other_half(low, high, self._ends[end])
        return total - self._counted_at(end) + (outer * 2 if low == high else outer)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _counted_at(self, e: cython.int) -> cython.int:
        """What end ``e`` adds to the count: its number (twice for a double), nothing for an arm without a tile."""
        if e >= UP and not self._arm_started[e - UP]:
            return 0
        return self._ends[e] * 2 if self._double_at[e] else self._ends[e]


# ----- the settlement -----


@cython.cfunc
@cython.exceptval(check=False)
@cython.cdivision(True)  # the operands are never negative
def settle_teams(
    scores: cython.int,
    blocked: cython.int,
    teams: cython.int,
    seats: cython.int,
    out_team: cython.int,
    pips: cython.p_int,
    points: cython.p_int,
    rounded: cython.bint,
) -> cython.int:
    """The settlement of a finished game between ``teams`` sides (seat s in team s % teams: two teams of
    partners, or every seat for itself), from the pips left in each seat's hand: writes each team's points (0 each
    when nobody wins) and returns the winning team, or NOBODY. ``out_team`` is the team that went out, or NOBODY;
    ``rounded`` False leaves All Fives' points unrounded. A blocked game goes to the one team lightest by the
    ``blocked`` rule; two or more equally light, nobody wins."""
    total: cython.int = 0  # every pip left
    best: cython.int = 1 << 30  # the lightest team's key (its pips, or its lightest hand)
    best_team: cython.int = NOBODY
    tied: cython.bint = False
    key: cython.int
    team_pips: cython.int
    lightest: cython.int
    t: cython.int
    s: cython.int
    winner: cython.int
    gain: cython.int
    winner_pips: cython.int = 0
    for t in range(teams):
        points[t] = 0
        team_pips = 0
        lightest = 1 << 30
        s = t
        while s < seats:  # a while loop: Cython makes a C loop of it, not of a range with a variable step
            team_pips += pips[s]
            lightest = min(lightest, pips[s])
            s += teams
        total += team_pips
        if t == out_team:
            winner_pips = team_pips
        key = lightest if blocked == LIGHTEST_HAND else team_pips
        if key < best:
            best, best_team, tied = key, t, False
        elif key == best:
            tied = True
    if out_team != NOBODY:
        winner = out_team
    elif blocked == NOBODY_WINS or tied:
        return NOBODY
    else:  # LIGHTER_TEAM or LIGHTEST_HAND: the one lightest team
        winner = best_team
        winner_pips = 0
        s = winner
        while s < seats:
            winner_pips += pips[s]
            s += teams
    losers: cython.int = total - winner_pips  # the other teams' pips
    if scores == ALL_PIPS:
        gain = total
    elif scores == ONE_GAME:
        gain = 1
    elif scores == OPPONENTS_PIPS:
        gain = losers
    else:  # FIVES_ROUNDED: the opponents' pips, or blocked what they hold more than the winner, to the nearest 5
        gain = losers if out_team != NOBODY else losers - (teams - 1) * winner_pips
        if rounded:
            gain = round_to_five(gain)
    points[winner] = gain
    return winner


@cython.ccall
@cython.exceptval(check=False)
@cython.cdivision(True)  # the operand is never negative
def round_to_five(points: cython.int) -> cython.int:
    """``points`` to the nearest multiple of 5 (12 -> 10, 13 -> 15), as All Fives scores hands."""
    return (points + 2) // 5 * 5


def settle_points(
    rules: RuleCodes, out_seat: int, pips: Sequence[int], rounded: bool = True
) -> tuple[int, tuple[int, ...]]:
    """The winning team (NOBODY: nobody) and each team's points, from the pips left in each seat's hand and the
    seat that went out (NOBODY if the game was blocked); with ``rounded`` False, before All Fives rounds them."""
    tally: _Tally = _Tally(pips)
    out_team = NOBODY if out_seat == NOBODY else rules.team_of(out_seat)
    winner = settle_teams(
        rules.scores, rules.blocked, rules.teams, len(pips), out_team, tally.pips, tally.points, rounded
    )
    return winner, tuple(tally.points[t] for t in range(rules.teams))


@cython.cclass
class _Tally:
    """The C arrays `settle_teams` reads and writes, for a call from Python."""

    if TYPE_CHECKING:
        pips: list[int]
        points: list[int]

    def __init__(self, pips: Sequence[int]) -> None:
        self.pips = [pips[s] if s < len(pips) else 0 for s in range(MAX_SEATS)]
        self.points = [0, 0, 0, 0, 0, 0, 0, 0]  # MAX_SEATS: a C array takes a literal list


@cython.cclass
class Outcome:
    """How a finished game came out, in the kernel's numbers (`GameResult.of` makes the record of it)."""

    if TYPE_CHECKING:
        reason: int  # OUT, BLOCKED or STALEMATE
        winner: int  # the winning team, or NOBODY
        out_seat: int  # the seat that went out, or NOBODY
        last_seat: int  # the seat that made the last play, or NOBODY
        points: tuple[int, ...]  # each team's points from the settlement
        pips: tuple[int, ...]  # the pips left in each seat's hand

    def __init__(
        self, reason: int, winner: int, points: tuple[int, ...], pips: tuple[int, ...], out_seat: int, last_seat: int
    ) -> None:
        self.reason = reason
        self.winner = winner
        self.points = points
        self.pips = pips
        self.out_seat = out_seat
        self.last_seat = last_seat


# ----- a position -----


class Sim:
    """A game on integers: who holds which tiles, the stock, the layout and a few counters. It copies in a
    microsecond, so the bots' search and simulations play on it directly; `GameState` records around one.

    ``masks[s]`` is seat s's hand; ``stock`` the tile indices to draw, from its end; ``outcome`` None until the
    game is over; ``fives`` each team's points scored in play (the count); ``last_play`` the seat that played last
    (NOBODY before the first play)."""

    __slots__ = ("fives", "last_play", "layout", "masks", "outcome", "passes", "rules", "stock", "tiles", "turn")

    def __init__(
        self,
        rules: RuleCodes,
        masks: list[int] | None = None,
        stock: list[int] | None = None,
        layout: Layout | None = None,
        turn: int = 0,
    ) -> None:
        self.rules = rules
        self.tiles: TileTables = tables(rules.max_pip)
        self.masks = masks if masks is not None else [0] * rules.players
        self.stock = stock if stock is not None else []
        self.layout = layout if layout is not None else Layout(rules.spinner)
        self.turn = turn
        self.passes = 0
        self.fives = [0] * rules.teams
        self.outcome: Outcome | None = None
        self.last_play = NOBODY

    @classmethod
    def deal(cls, rules: RuleCodes, rng: Any, lead: int = NOBODY) -> Sim:
        """A fresh game dealt with ``rng`` (`deal`), opened by ``lead`` (NOBODY: the highest double, played)."""
        order = deal(tables(rules.max_pip), rules.players, rules.hand_size, lead == NOBODY, rng)
        dealt = rules.players * rules.hand_size
        masks = hands_of(order, rules.players, rules.hand_size)
        sim = cls(rules, masks, order[dealt:] if rules.draw != NO_DRAWING else [])
        first = sim.open(lead)
        if first is not None:
            sim.play(first)
        return sim

    def open(self, lead: int) -> int | None:
        """Give the turn to ``lead``, or to the holder of the highest double when ``lead`` is NOBODY; returns the
        play the opener must make (that double), if any."""
        if lead != NOBODY:
            if not 0 <= lead < self.rules.players:
                raise ValueError(f"no seat {lead} at a {self.rules.players}-player table")
            self.turn = lead
            return None
        seat, double = holder_of_highest_double(self.tiles, self.masks)
        if seat == NOBODY:
            raise ValueError("nobody holds a double, so the highest double cannot open: redeal")
        self.turn = seat
        return play_code(double, LEFT)

    def copy(self) -> Sim:
        c = Sim.__new__(Sim)
        c.rules = self.rules
        c.tiles = self.tiles
        c.masks = self.masks.copy()
        c.stock = self.stock.copy()
        c.layout = self.layout.copy()
        c.turn = self.turn
        c.passes = self.passes
        c.fives = self.fives.copy()
        c.outcome = self.outcome
        c.last_play = self.last_play
        return c

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def ends(self) -> tuple[int, int, int, int]:
        return self.layout.ends

    # ----- moves -----

    def legal(self) -> list[int]:
        """Every legal move of the player to act: plays end by end (left, right, up, down), each end's tiles in
        set order, then the draw or pass the variant allows. Everything lists moves in this order. Empty once the
        game is over."""
        if self.outcome is not None:
            return []
        t: TileTables = self.tiles
        layout: Layout = self.layout
        hand: cython.ulonglong = self.masks[self.turn]
        fits: cython.ulonglong
        e: cython.int
        out: list[int] = []
        for e in range(4):
            fits = layout.fits_at(t, hand, e)
            while fits:
                out.append(play_code(lowest_bit(fits), e))
                fits &= fits - 1
        draw = self.rules.draw
        if draw == DRAW_ENDS_TURN:
            out.append(DRAW_MOVE if self.stock else PASS_MOVE)
        elif not out:
            out.append(DRAW_MOVE if self.stock and draw == DRAW_UNTIL_PLAYABLE else PASS_MOVE)
        return out

    def playable(self, seat: int) -> int:
        """The tiles of ``seat`` that fit an open end now."""
        return self.layout.fits(self.tiles, self.masks[seat])

    def apply(self, move: int) -> None:
        """Make an int move known to be legal (no checking: this is the hot path)."""
        if move >= 0:
            self.play(move)
        elif move == DRAW_MOVE:
            self.draw()
        else:
            self.pass_turn()

    def play(self, move: int) -> int:
        """Lay a tile; returns what the count scored (`RuleCodes.count_points`; 0 where nothing scores in play)."""
        t: TileTables = self.tiles
        layout: Layout = self.layout
        rules = self.rules
        tile: cython.int = move >> 2
        seat: cython.int = self.turn
        self.masks[seat] ^= cython.cast(cython.ulonglong, 1) << tile
        layout.lay(t.low[tile], t.high[tile], move & 3)
        scored: cython.int = 0
        if rules.fives:
            scored = rules.count_points(layout.count())
            if scored:
                self.fives[rules.team_of(seat)] += scored
        self.passes = 0
        self.last_play = seat
        if not self.masks[seat]:
            self.finish(OUT, seat)
        elif rules.stalemate_eight and layout.end(LEFT) == layout.end(RIGHT) and self._on_table(layout.end(LEFT)) >= 8:
            self.finish(STALEMATE, NOBODY)
        else:
            self._next_turn()
        return scored

    def _on_table(self, pip: int) -> int:
        """Halves showing ``pip`` on the table: every such half not in a hand or the stock."""
        t: TileTables = self.tiles
        held: cython.ulonglong = 0
        for mask in self.masks:
            held |= mask
        for tile in self.stock:
            held |= cython.cast(cython.ulonglong, 1) << tile
        down: cython.ulonglong = t.match[pip] & ~held
        halves: cython.int = 0
        i: cython.int
        while down:
            i = lowest_bit(down)
            halves += (t.low[i] == pip) + (t.high[i] == pip)
            down &= down - 1
        return halves

    def count(self) -> int:
        return self.layout.count()

    def draw(self) -> int:
        """Take the top tile of the stock; returns its index."""
        tile = self.stock.pop()
        self.masks[self.turn] |= 1 << tile
        if self.rules.draw == DRAW_ENDS_TURN:
            self._next_turn()
        # Drawing until playable: the same player acts again.
        return tile

    def pass_turn(self) -> None:
        self.passes += 1
        if self.rules.must_play and self.passes >= self.rules.players:
            self.finish(BLOCKED, NOBODY)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        players = self.rules.players
        # Classic: with the stock gone and no tile fitting anywhere, nobody can ever move again.
        if not self.rules.must_play and not self.stock and not any(self.playable(s) for s in range(players)):
            self.finish(BLOCKED, NOBODY)
            return
        self.turn = (self.turn + 1) % players

    def finish(self, reason: int, out_seat: int) -> None:
        """End the game for ``reason`` (OUT: ``out_seat`` went out) and settle it."""
        t: TileTables = self.tiles
        pips = tuple([pip_sum(t, mask) for mask in self.masks])
        winner, points = settle_points(self.rules, out_seat, pips)
        self.outcome = Outcome(reason, winner, points, pips, out_seat, self.last_play)

    def team_points(self) -> tuple[int, ...]:
        """Points each team has earned in the game so far: fives in play, plus the settlement once it is over."""
        if self.outcome is None:
            return tuple(self.fives)
        return tuple([f + p for f, p in zip(self.fives, self.outcome.points, strict=True)])
