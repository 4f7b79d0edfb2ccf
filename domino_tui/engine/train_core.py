"""The train game's kernel (Mexican Train): the only code that knows how a round of trains is played, on integers.

A round starts from the hub's engine double; each seat owns a train and one more train (the Mexican train, index
``players``) is open to all. What is legal, laying a tile on a train (doubles to satisfy, markers), drawing and
passing, whose turn is next, the end of the round and its score are written here once. A tile is its index in the
set as in core.py ([0|0], [0|1], ... [n|n]: `core.tile_order`), a hand a bit mask of indices. A move is an int:
``tile << 4 | train`` for a play (`train_play_code`), core.DRAW_MOVE or core.PASS_MOVE.

Integers in, integers out, plain Python in Cython's pure-Python mode like core.py, its classes' C layout declared
in ``train_core.pxd``: compiled where the build could, else (or with DOMINO_TUI_PURE=1) this source runs
interpreted. The records around it (train_state.py, train_observation.py) turn its integers into readable objects.

A set of up to 128 tiles (the double-twelve's 91) does not fit one C integer, so a hand is kept as two words: the
low word holds the tiles below `WORD_BITS`, the high word the others, less `WORD_BITS`. Compiled, the words are C
``unsigned long long`` (WORD_BITS 64) and every mask operation is a pair of C operations; interpreted, WORD_BITS is
128, so the low word is a Python int holding the whole hand and the high word stays 0. Both builds run the same
code in the same order, so a seed plays the same round in each. Python callers see whole masks (`hands`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from . import core
from .core import shuffle, tile_order

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
    from ._bitops import lowest_bit
    from .core import other_half
else:
    from cython.cimports.domino_tui.engine._bitops import lowest_bit
    from cython.cimports.domino_tui.engine.core import other_half

# The kernel's codes. Compiled, each is a C integer (compared at C speed, where a Python global would be looked up
# at each use); they are module attributes for Python callers as well.
NOBODY = cython.declare(cython.int, core.NOBODY)
DRAW_MOVE = cython.declare(cython.int, core.DRAW_MOVE)
PASS_MOVE = cython.declare(cython.int, core.PASS_MOVE)

# How the engine double reaches the hub (EngineSearch in the records).
ENGINE_DRAWN = cython.declare(cython.int, 0)  # its holder lays it; if nobody holds it every seat draws one in turn
ENGINE_SET_ASIDE = cython.declare(cython.int, 1)  # it is taken out of the set before the deal: nobody ever holds it
ENGINE_DRAWN_UNTIL_FOUND = cython.declare(cython.int, 2)  # as drawn, but the drawing stops at the first that draws it

# How a round ended.
ROUND_OUT = cython.declare(cython.int, 0)  # a seat emptied its hand (with no double left open, unless allowed)
ROUND_BLOCKED = cython.declare(cython.int, 1)  # the boneyard is empty and no seat still in could ever play again

TRAIN_SHIFT = cython.declare(cython.int, 4)  # a play's code keeps the train in its low 4 bits: at most 16 trains

globals().update(
    {
        "NOBODY": NOBODY,
        "DRAW_MOVE": DRAW_MOVE,
        "PASS_MOVE": PASS_MOVE,
        "ENGINE_DRAWN": ENGINE_DRAWN,
        "ENGINE_SET_ASIDE": ENGINE_SET_ASIDE,
        "ENGINE_DRAWN_UNTIL_FOUND": ENGINE_DRAWN_UNTIL_FOUND,
        "ROUND_OUT": ROUND_OUT,
        "ROUND_BLOCKED": ROUND_BLOCKED,
        "TRAIN_SHIFT": TRAIN_SHIFT,
    }
)  # compiled, the names above are C integers only: this makes them attributes too

# Room in the kernel's C arrays (the sizes are written out again in train_core.pxd): two words of tiles, the
# numbers of such a set, 8 seats and their trains and the Mexican, and the plays that can be legal at once (a
# train's end is shown by one tile of each number, and a seat may play on every train).
MAX_TILES = 128
MAX_NUMBERS = 16
MAX_SEATS = 8
MAX_TRAINS = MAX_SEATS + 1
MAX_MOVES = MAX_NUMBERS * MAX_TRAINS + 1

# The low word's tiles. The Python ints (WORD, LOW_WORD_MASK) split and join whole masks as Python arithmetic;
# WORD_BITS is the same number for the kernel's C arithmetic.
WORD = 64 if cython.compiled else MAX_TILES
LOW_WORD_MASK = (1 << WORD) - 1
WORD_BITS = cython.declare(cython.int, WORD)
ONE = cython.declare(cython.ulonglong, 1)


class _Scratch(threading.local):
    """Interpreted, where `TrainRound.legal` writes its moves before it copies them: one list a thread, since bots
    think in threads (net/thinking.py) and two positions asked at once must not mix their moves. Allocating the
    list at each call instead made the interpreted kernel's random rounds some 13% slower."""

    def __init__(self) -> None:
        self.moves = [0] * MAX_MOVES


_scratch = _Scratch()


def train_play_code(tile: int, train: int) -> int:
    return tile << TRAIN_SHIFT | train


def code_tile(code: int) -> int:
    return code >> TRAIN_SHIFT


def code_train(code: int) -> int:
    return code & ((1 << TRAIN_SHIFT) - 1)


def low_word(mask: int) -> int:
    """The tiles of ``mask`` that the low word holds (`WORD_BITS`)."""
    return mask & LOW_WORD_MASK


def high_word(mask: int) -> int:
    """The tiles of ``mask`` that the high word holds, their indices less `WORD_BITS`."""
    return mask >> WORD


def joined(low: int, high: int) -> int:
    """The whole mask of a hand kept as two words."""
    return low | high << WORD


@cython.cclass
class TrainTables:
    """A set's tiles as this kernel reads them: each index's numbers and pips, the tiles showing each number (as
    whole masks in ``match`` for Python callers, as two words each for the kernel), the doubles. C arrays beside
    the lists when compiled."""

    if TYPE_CHECKING:
        max_pip: int
        size: int
        low: list[int]
        high: list[int]
        pips: list[int]
        match: list[int]
        double: list[int]
        is_double: list[bool]
        tile_low: list[int]
        tile_high: list[int]
        tile_pips: list[int]
        match_low: list[int]
        match_high: list[int]

    def __init__(self, max_pip: int) -> None:
        order = tile_order(max_pip)
        if len(order) > MAX_TILES or max_pip >= MAX_NUMBERS:
            raise ValueError(f"the train kernel plays sets of at most {MAX_TILES} tiles, not double-{max_pip}")
        self.max_pip = max_pip
        self.size = len(order)
        self.low = [a for a, _ in order]
        self.high = [b for _, b in order]
        self.pips = [a + b for a, b in order]
        self.match = [mask_of(i for i, (a, b) in enumerate(order) if n in (a, b)) for n in range(max_pip + 1)]
        self.double = [order.index((n, n)) for n in range(max_pip + 1)]
        self.is_double = [a == b for a, b in order]
        spare = [0] * (MAX_TILES - len(order))
        self.tile_low = self.low + spare
        self.tile_high = self.high + spare
        self.tile_pips = self.pips + spare
        numbers = self.match + [0] * (MAX_NUMBERS - len(self.match))
        self.match_low = [low_word(m) for m in numbers]
        self.match_high = [high_word(m) for m in numbers]


@cache
def train_tables(max_pip: int) -> TrainTables:
    return TrainTables(max_pip)


@cython.cclass
class TrainCodes:
    """The train rules as the kernel reads them (`TrainRules.kernel`)."""

    if TYPE_CHECKING:
        max_pip: int
        players: int
        hand_size: int
        engine_search: int
        first_turn_chain: bool
        double_blank: int
        out_on_double: bool

    def __init__(
        self,
        max_pip: int,
        players: int,
        hand_size: int,
        engine_search: int,
        first_turn_chain: bool,
        double_blank: int,
        out_on_double: bool,
    ) -> None:
        self.max_pip = max_pip
        self.players = players
        self.hand_size = hand_size
        self.engine_search = engine_search
        self.first_turn_chain = first_turn_chain  # a seat's first turn may lay several tiles on its own train
        self.double_blank = double_blank  # what [0|0] left in a hand scores
        self.out_on_double = out_on_double  # a hand emptied by a double ends the round though the double is open


def mask_of(tiles: Iterable[int]) -> int:
    """The mask of tile indices ``tiles`` (a Python int of any width: core.mask_of stops at 64 tiles)."""
    mask = 0
    for i in tiles:
        mask |= 1 << i
    return mask


def filled(value: Any, size: int) -> list[Any]:
    """A list of ``size`` times ``value``: what a C array of the kernel is set from."""
    return [value] * size


def tiles_of_mask(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out


@cython.cclass
class TrainRound:
    """One round on integers. Seat s's hand is the words ``hand_low[s]`` and ``hand_high[s]`` (`hands`: whole
    masks); the boneyard is ``stock_tiles[:stock]``, drawn from the end; the tiles laid are ``laid[:laid_count]``
    in the order they were laid, ``laid_on`` the train each went on (`trains`: each train's from the hub out);
    ``train_ends[x]`` is the number train x shows (the engine's at first), ``train_marked[x]`` whether its owner's
    marker is out (always for the Mexican train). C arrays when compiled, lists as long when interpreted."""

    if TYPE_CHECKING:
        rules: TrainCodes
        t: TrainTables
        players: int
        engine: int
        hand_low: list[int]
        hand_high: list[int]
        stock_tiles: list[int]
        stock: int
        laid: list[int]
        laid_on: list[int]
        laid_count: int
        train_ends: list[int]
        train_marked: list[bool]
        open_double: int
        turn: int
        drew: bool
        chaining: bool
        seat_first_done: list[bool]
        over: bool
        reason: int
        out_seat: int
        search_draws: tuple[int, ...]
        seat_out: list[bool]
        seats_out: int
        seat_penalty: list[int]

    def __init__(
        self,
        rules: TrainCodes,
        engine: int,
        hands: Sequence[int],
        boneyard: Sequence[int],
        first_seat: int,
        search: bool = True,
    ) -> None:
        """Deal ``hands`` (masks) and ``boneyard`` (tile indices, drawn from the end) for the round whose hub is the
        double ``engine`` (a number); ``first_seat`` plays first, or draws first while the engine is looked for."""
        t = train_tables(rules.max_pip)
        n = rules.players
        if not 1 <= n <= MAX_SEATS:
            raise ValueError(f"the train kernel seats 1 to {MAX_SEATS} players, not {n}")
        self.rules = rules
        self.t = t
        self.players = n
        self.engine = engine
        self.laid = filled(0, MAX_TILES)
        self.laid_on = filled(0, MAX_TILES)
        self.laid_count = 0
        self.train_ends = filled(engine, MAX_TRAINS)
        self.train_marked = filled(False, n) + filled(True, MAX_TRAINS - n)
        self.open_double = NOBODY  # the train whose double waits to be satisfied
        self.turn = first_seat
        self.drew = False  # the seat to act drew this turn
        self.chaining = False  # the seat is laying its first turn's tiles on its own train
        self.seat_first_done = filled(False, MAX_SEATS)
        self.over = False
        self.reason = NOBODY
        self.out_seat = NOBODY
        self.seat_out = filled(False, MAX_SEATS)  # the seats that forfeited the round (`forfeit`): no more turns
        self.seats_out = 0
        self.seat_penalty = filled(0, MAX_SEATS)  # what a forfeit adds to its seat's score: the boneyard's points then
        self.search_draws = ()  # the seats that drew, in turn, while the engine was looked for
        self.redeal(hands, boneyard)
        if search:
            self._lay_engine(first_seat)
            self._blocked()

    def redeal(self, hands: Sequence[int], boneyard: Sequence[int]) -> None:
        """Make ``hands`` (masks, one a seat) and ``boneyard`` (tile indices, drawn from the end) the position's: a
        deal, or a guess at the hidden tiles of a position replayed from what a seat saw."""
        n = self.players
        size = self.t.size
        if len(hands) != n:
            raise ValueError(f"{len(hands)} hands for {n} seats")
        if len(boneyard) > MAX_TILES:
            raise ValueError(f"a boneyard of {len(boneyard)} tiles, more than a set of {MAX_TILES}")
        for mask in hands:
            if mask < 0 or mask >> size:
                raise ValueError(f"a hand of tiles outside the set of {size}: {mask:#x}")
        for tile in boneyard:
            if not 0 <= tile < size:
                raise ValueError(f"the boneyard holds {tile}, not a tile of the set of {size}")
        spare = [0] * (MAX_SEATS - n)
        self.hand_low = [low_word(h) for h in hands] + spare
        self.hand_high = [high_word(h) for h in hands] + spare
        self.stock_tiles = list(boneyard) + filled(0, MAX_TILES - len(boneyard))
        self.stock = len(boneyard)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _holds(self, seat: cython.int, tile: cython.int) -> cython.bint:
        if tile < WORD_BITS:
            return self.hand_low[seat] >> tile & 1 != 0
        return self.hand_high[seat] >> (tile - WORD_BITS) & 1 != 0

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _toggle(self, seat: cython.int, tile: cython.int) -> cython.void:
        """Put ``tile`` into seat's hand, or take it out."""
        if tile < WORD_BITS:
            self.hand_low[seat] ^= ONE << tile
        else:
            self.hand_high[seat] ^= ONE << (tile - WORD_BITS)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _holder(self, tile: cython.int) -> cython.int:
        """The seat holding ``tile``, or NOBODY."""
        s: cython.int
        for s in range(self.players):
            if self._holds(s, tile):
                return s
        return NOBODY

    def _lay_engine(self, first_seat: int) -> None:
        """Take the engine out of whichever hand holds it. While nobody does, the seats draw one tile each in turn
        from ``first_seat``: a whole turn of the table at a time, so that the hands stay even, or (the rules'
        other way) until the first of them draws it."""
        engine_tile: cython.int = self.t.double[self.engine]
        search: cython.int = self.rules.engine_search
        if search == ENGINE_SET_ASIDE:
            in_boneyard = any(self.stock_tiles[i] == engine_tile for i in range(self.stock))
            if in_boneyard or self._holder(engine_tile) != NOBODY:
                raise ValueError("the engine is set aside before the deal, but it was dealt")
            return
        seat: cython.int = first_seat
        draws = []
        while self._holder(engine_tile) == NOBODY or (search == ENGINE_DRAWN and seat != first_seat):
            if not self.stock:
                if self._holder(engine_tile) != NOBODY:
                    break  # the turn of the table cannot be finished: the boneyard is spent
                raise ValueError("nobody holds the engine double and the boneyard is empty")
            self.stock -= 1
            self._toggle(seat, self.stock_tiles[self.stock])
            draws.append(seat)
            seat = (seat + 1) % self.players
        self.search_draws = tuple(draws)
        holder: cython.int = self._holder(engine_tile)
        self._toggle(holder, engine_tile)
        self.turn = holder

    def copy(self) -> TrainRound:
        other: TrainRound = TrainRound.__new__(TrainRound)
        other.rules = self.rules
        other.t = self.t
        other.players = self.players
        other.engine = self.engine
        other.stock = self.stock
        other.laid_count = self.laid_count
        other.open_double = self.open_double
        other.turn = self.turn
        other.drew = self.drew
        other.chaining = self.chaining
        other.over = self.over
        other.reason = self.reason
        other.out_seat = self.out_seat
        other.search_draws = self.search_draws
        other.seats_out = self.seats_out
        if cython.compiled:  # C arrays are copied by assignment
            other.hand_low = self.hand_low
            other.hand_high = self.hand_high
            other.stock_tiles = self.stock_tiles
            other.laid = self.laid
            other.laid_on = self.laid_on
            other.train_ends = self.train_ends
            other.train_marked = self.train_marked
            other.seat_first_done = self.seat_first_done
            other.seat_out = self.seat_out
            other.seat_penalty = self.seat_penalty
        else:  # lists would be shared
            other.hand_low = self.hand_low.copy()
            other.hand_high = self.hand_high.copy()
            other.stock_tiles = self.stock_tiles.copy()
            other.laid = self.laid.copy()
            other.laid_on = self.laid_on.copy()
            other.train_ends = self.train_ends.copy()
            other.train_marked = self.train_marked.copy()
            other.seat_first_done = self.seat_first_done.copy()
            other.seat_out = self.seat_out.copy()
            other.seat_penalty = self.seat_penalty.copy()
        return other

    # ----- the position as Python values -----

    @property
    def hands(self) -> list[int]:
        """Each seat's hand as one mask."""
        return [joined(self.hand_low[s], self.hand_high[s]) for s in range(self.players)]

    @property
    def boneyard(self) -> list[int]:
        """The boneyard's tiles, drawn from the end."""
        return [self.stock_tiles[i] for i in range(self.stock)]

    @property
    def trains(self) -> list[list[int]]:
        """Each train's tiles from the hub out (the Mexican train last)."""
        trains: list[list[int]] = [[] for _ in range(self.players + 1)]
        for i in range(self.laid_count):
            trains[self.laid_on[i]].append(self.laid[i])
        return trains

    @property
    def ends(self) -> list[int]:
        return [self.train_ends[x] for x in range(self.players + 1)]

    @property
    def marked(self) -> list[bool]:
        return [bool(self.train_marked[x]) for x in range(self.players + 1)]

    @property
    def first_done(self) -> list[bool]:
        return [bool(self.seat_first_done[s]) for s in range(self.players)]

    @property
    def out(self) -> list[bool]:
        return [bool(self.seat_out[s]) for s in range(self.players)]

    @property
    def penalty(self) -> list[int]:
        return [self.seat_penalty[s] for s in range(self.players)]

    # ----- what may be played -----

    def playable_trains(self, seat: int) -> list[int]:
        """The trains ``seat`` may lay on now, leaving doubles aside: its own, the Mexican and the marked ones."""
        if self.chaining:
            return [seat]
        return [x for x in range(self.players + 1) if x == seat or self.train_marked[x]]

    def legal(self) -> list[int]:
        """The seat to act's moves: plays when any fits (a play is a must), else a draw, else a pass. While a
        double is open only plays on it; on a first turn's run of tiles, more tiles on its train or a pass to stop."""
        if not cython.compiled:  # compiled, ``moves`` is a C array on the stack (train_core.pxd)
            moves = _scratch.moves  # copied out at once below: no caller keeps it
        n = self.fill_legal(moves)
        return [moves[i] for i in range(n)]

    @cython.cfunc
    @cython.exceptval(check=False)
    def fill_legal(self, moves: cython.p_int) -> cython.int:
        """Write `legal`'s moves, in its order, at the start of ``moves`` (room for MAX_MOVES); how many."""
        if self.over:
            return 0
        seat: cython.int = self.turn
        n: cython.int = 0
        x: cython.int
        if self.open_double != NOBODY:  # only the double may be played on, even in a first turn's run
            n = self._plays_on(self.open_double, moves, 0)
        elif self.chaining:
            n = self._plays_on(seat, moves, 0)
            moves[n] = PASS_MOVE  # stopping the run is always allowed
            return n + 1
        else:
            for x in range(self.players + 1):
                if x == seat or self.train_marked[x]:
                    n = self._plays_on(x, moves, n)
        if n:
            return n
        moves[0] = DRAW_MOVE if self.stock and not self.drew else PASS_MOVE
        return 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _plays_on(self, train: cython.int, moves: cython.p_int, n: cython.int) -> cython.int:
        """Write the seat to act's plays on ``train`` at ``moves[n]`` on, the lowest tile first; the new count."""
        t: TrainTables = self.t
        end: cython.int = self.train_ends[train]
        fits: cython.ulonglong = self.hand_low[self.turn] & t.match_low[end]
        while fits:
            moves[n] = lowest_bit(fits) << TRAIN_SHIFT | train
            n += 1
            fits &= fits - 1
        fits = self.hand_high[self.turn] & t.match_high[end]
        while fits:
            moves[n] = (lowest_bit(fits) + WORD_BITS) << TRAIN_SHIFT | train
            n += 1
            fits &= fits - 1
        return n

    def is_legal(self, move: int) -> bool:
        return move in self.legal()

    # ----- moves -----

    @cython.ccall
    @cython.exceptval(-3, check=True)
    def apply(self, move: cython.int) -> cython.int:
        """Make the legal ``move``; for a draw, the tile drawn."""
        if move == DRAW_MOVE:
            return self.draw()
        if move == PASS_MOVE:
            self.pass_turn()
        else:
            self.play(move >> TRAIN_SHIFT, move & ((1 << TRAIN_SHIFT) - 1))
        return NOBODY

    @cython.ccall
    def play(self, tile: cython.int, train: cython.int) -> cython.void:
        """Lay ``tile`` on ``train`` for the seat to act."""
        if not (0 <= tile < self.t.size and 0 <= train <= self.players):
            raise ValueError(f"no tile {tile} or no train {train} in this round")
        self._lay(tile, train)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _lay(self, tile: cython.int, train: cython.int) -> cython.void:
        seat: cython.int = self.turn
        t: TrainTables = self.t
        self._toggle(seat, tile)
        self.train_ends[train] = other_half(t.tile_low[tile], t.tile_high[tile], self.train_ends[train])
        self.laid[self.laid_count] = tile
        self.laid_on[self.laid_count] = train
        self.laid_count += 1
        if train == seat:
            self.train_marked[seat] = False
        if self.open_double == train:
            self.open_double = NOBODY
        self.drew = False
        double: cython.bint = t.tile_low[tile] == t.tile_high[tile]
        if double:
            self.open_double = train
        if self._round_ends() or self._blocked():
            return
        if double:
            return  # the seat that laid a double plays again, to satisfy it
        if train == seat and self.rules.first_turn_chain and not self.seat_first_done[seat]:
            self.chaining = True
            return
        self._next_turn()

    @cython.cfunc
    @cython.exceptval(check=False)
    def _round_ends(self) -> cython.bint:
        """Settle the round if a hand is empty (and no double is open, unless the rules end it on one)."""
        if self.open_double != NOBODY and not self.rules.out_on_double:
            return False
        s: cython.int
        seat: cython.int
        for s in range(self.players):
            seat = (self.turn + s) % self.players
            if not (self.hand_low[seat] or self.hand_high[seat]):
                self.over = True
                self.reason = ROUND_OUT
                self.out_seat = seat
                return True
        return False

    @cython.cfunc
    @cython.exceptval(check=False)
    def _blocked(self) -> cython.bint:
        """Settle the round as blocked if nobody can ever play again: the boneyard is empty and no seat still in
        holds a tile for an end it could play on, the open double's while one waits, else any train's. Any
        train's, because a seat that cannot play passes and puts its marker out, opening its train to the
        others: a count of passes in a row would end the round before a seat that passed gets that chance."""
        if self.stock:
            return False
        t: TrainTables = self.t
        fits_low: cython.ulonglong = 0
        fits_high: cython.ulonglong = 0
        x: cython.int
        s: cython.int
        if self.open_double != NOBODY:
            fits_low = t.match_low[self.train_ends[self.open_double]]
            fits_high = t.match_high[self.train_ends[self.open_double]]
        else:
            for x in range(self.players + 1):
                fits_low |= t.match_low[self.train_ends[x]]
                fits_high |= t.match_high[self.train_ends[x]]
        for s in range(self.players):
            if not self.seat_out[s] and (self.hand_low[s] & fits_low or self.hand_high[s] & fits_high):
                return False
        self.over = True
        self.reason = ROUND_BLOCKED
        return True

    @cython.ccall
    @cython.exceptval(-3, check=True)
    def draw(self) -> cython.int:
        if not self.stock:
            raise IndexError("the boneyard is empty")
        self.stock -= 1
        tile: cython.int = self.stock_tiles[self.stock]
        self._toggle(self.turn, tile)
        self.drew = True
        self._blocked()  # the last tile drawn may leave nobody a play
        return tile

    @cython.ccall
    @cython.exceptval(check=False)
    def pass_turn(self) -> cython.void:
        """End the turn. A seat that could not play marks its train open to all; stopping a first turn's run of
        tiles marks nothing."""
        if not self.stops_run():
            self.train_marked[self.turn] = True
        # A pass changes no hand and no end: it settles only a position handed to the kernel already blocked (a
        # bot's guess at the hidden hands), which every later move would otherwise pass on for ever.
        if self._blocked():
            return
        self._next_turn()

    def forfeit(self) -> None:
        """The seat to act forfeits the round (a faulty bot in a tournament): it is out, takes no more turns, its
        train opens to all, and it scores its hand and every tile in the boneyard now. Whatever it could have
        done by playing on, its last hand would have been some of those tiles: a forfeit never scores it less.
        A double it left open waits for the next seat; the round ends when every seat is out."""
        seat = self.turn
        self.seat_out[seat] = True
        self.seats_out += 1
        self.train_marked[seat] = True
        self.seat_penalty[seat] = self.mask_points(mask_of(self.boneyard))
        self.chaining = False
        if self.seats_out == self.players or self._blocked():
            self.over = True
            self.reason = ROUND_BLOCKED
            return
        self._next_turn()

    @cython.ccall
    @cython.exceptval(check=False)
    def stops_run(self) -> cython.bint:
        """A pass now ends a first turn's run of tiles (and puts no marker out)."""
        return self.chaining and self.open_double == NOBODY

    @cython.cfunc
    @cython.exceptval(check=False)
    def _next_turn(self) -> cython.void:
        self.seat_first_done[self.turn] = True
        self.chaining = False
        self.drew = False
        turn: cython.int = (self.turn + 1) % self.players
        while self.seat_out[turn]:  # a seat that forfeited is skipped (some seat is still in: see forfeit)
            turn = (turn + 1) % self.players
        self.turn = turn

    # ----- the score -----

    @cython.ccall
    @cython.exceptval(check=False)
    def hand_points(self, seat: cython.int) -> cython.int:
        """What ``seat``'s hand scores: its pips, with [0|0] at the rules' value (and a forfeit's penalty)."""
        t: TrainTables = self.t
        points: cython.int = self.seat_penalty[seat]
        word: cython.ulonglong = self.hand_low[seat]
        while word:
            points += t.tile_pips[lowest_bit(word)]
            word &= word - 1
        word = self.hand_high[seat]
        while word:
            points += t.tile_pips[lowest_bit(word) + WORD_BITS]
            word &= word - 1
        if self.hand_low[seat] & 1:  # [0|0] is tile 0
            points += self.rules.double_blank
        return points

    def mask_points(self, mask: int) -> int:
        """What the tiles of ``mask`` score left in a hand: their pips, with [0|0] at the rules' value."""
        points = sum(self.t.pips[i] for i in tiles_of_mask(mask))
        if mask & 1:  # [0|0] is tile 0
            points += self.rules.double_blank
        return points

    def points(self) -> list[int]:
        return [self.hand_points(s) for s in range(self.players)]


def deal_round(rules: TrainCodes, round_index: int, rng: Any) -> tuple[int, list[list[int]], list[int], int]:
    """Shuffle with ``rng`` and deal round ``round_index`` (0 for the first, whose engine is the highest double):
    the engine's number, the hands (lists of tile indices), the boneyard (drawn from its end) and the seat that
    starts the engine search (or the play, when the engine was set aside): the seats take turns round by round."""
    t = train_tables(rules.max_pip)
    engine = rules.max_pip - round_index % (rules.max_pip + 1)
    order = list(range(t.size))
    if rules.engine_search == ENGINE_SET_ASIDE:
        order.remove(t.double[engine])
    shuffle(order, rng)
    n, size = rules.players, rules.hand_size
    if n * size > len(order):
        raise ValueError(f"{n} hands of {size} need more than the {len(order)} tiles to deal")
    hands = [order[s * size : (s + 1) * size] for s in range(n)]
    return engine, hands, order[n * size :], round_index % n


def new_round(rules: TrainCodes, round_index: int, rng: Any) -> TrainRound:
    """A round dealt from ``rng`` on integers, the engine laid: how simulations and fast rounds start."""
    engine, hands, boneyard, first = deal_round(rules, round_index, rng)
    return TrainRound(rules, engine, [mask_of(h) for h in hands], boneyard, first)
