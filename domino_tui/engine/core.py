"""The rules kernel: the only code that knows how dominoes is played.

The opening, legal moves, laying a tile (line, spinner arms, the eight-of-a-number stalemate), drawing and
passing, whose turn is next, the All Fives count and the settlement are written here once, on bare integers:
hands are bit masks of tile indices, the layout is the number showing at each end. GameState is the recorder
around this kernel (ordered hands, the layout as placed, history, JSON, clear errors); the bots' search and
playouts and the tournaments' fast path call it directly. A move is an int: ``tile_index * 4 + end`` for a
play, DRAW_MOVE or PASS_MOVE otherwise.

The module is plain Python in Cython's pure-Python mode: where a C compiler was present at install time it is
also compiled (the typed locals then become C integers), otherwise, or with DOMINO_TUI_PURE=1, the interpreter
runs this same source. Tests replay thousands of seeded games through both and the referee.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from .errors import IllegalMoveError
from .moves import DRAW, PASS, End, Kind, Move
from .rules import DrawRule, GameResult, Opening, Reason, Rules
from .tiles import tile_set
from .variants import get_rules

if TYPE_CHECKING:
    from . import _bits as cython  # the shim's typed names; Cython ships no type information
else:
    try:
        import cython
    except ImportError:  # Cython is a build dependency, optional at run time
        from . import _bits as cython

CLOSED = -1
DRAW_MOVE = -1
PASS_MOVE = -2
COMPILED: bool = cython.compiled

_M64 = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
# Below this a random word no longer has enough bits left for a fair small choice: draw a fresh one.
_REFILL = cython.declare(cython.ulonglong, 1 << 32)


# ----- bit primitives (C arithmetic when compiled, the int methods when interpreted) -----


@cython.cfunc
@cython.inline
def _popcount(x: cython.ulonglong) -> cython.int:
    # Typed constants, so that Cython keeps the arithmetic in 64-bit C (it wraps, as intended).
    m1: cython.ulonglong = 0x5555555555555555
    m2: cython.ulonglong = 0x3333333333333333
    m4: cython.ulonglong = 0x0F0F0F0F0F0F0F0F
    h01: cython.ulonglong = 0x0101010101010101
    x = x - ((x >> 1) & m1)
    x = (x & m2) + ((x >> 2) & m2)
    x = (x + (x >> 4)) & m4
    return cython.cast(cython.int, (x * h01) >> 56)


@cython.cfunc
@cython.inline
def _bitlen(x: cython.ulonglong) -> cython.int:
    x |= x >> 1
    x |= x >> 2
    x |= x >> 4
    x |= x >> 8
    x |= x >> 16
    x |= x >> 32
    return _popcount(x)


if not cython.compiled:
    # Interpreted, the built-in methods are faster than any arithmetic: bind them under the same names.
    globals()["_popcount"] = int.bit_count
    globals()["_bitlen"] = int.bit_length


# ----- the rules on bare values -----


def fitting(match: Sequence[int], hand: int, ends: Sequence[int]) -> int:
    """The tiles of ``hand`` that fit an open end (all of them on an empty table)."""
    if ends[0] == CLOSED:
        return hand
    fits = match[ends[0]] | match[ends[1]]
    if ends[2] != CLOSED:
        fits |= match[ends[2]]
    if ends[3] != CLOSED:
        fits |= match[ends[3]]
    return hand & fits


def legal_codes(rules: Rules, match: Sequence[int], hand: int, ends: Sequence[int], stock: bool) -> list[int]:
    """Every legal move of the player holding ``hand``: plays end by end (left, right, up, down), each end's
    tiles in set order, then the draw or pass the variant allows. Everything lists moves in this order."""
    out: list[int] = []
    if ends[0] == CLOSED:
        while hand:
            bit = hand & -hand
            out.append((bit.bit_length() - 1) << 2)
            hand ^= bit
        return out
    for e in range(4):
        pip = ends[e]
        if pip == CLOSED:
            continue
        m = hand & match[pip]
        while m:
            bit = m & -m
            out.append(((bit.bit_length() - 1) << 2) | e)
            m ^= bit
    draw = rules.draw
    if draw is DrawRule.ONE_ENDS_TURN:
        out.append(DRAW_MOVE if stock else PASS_MOVE)
    elif not out:
        out.append(DRAW_MOVE if stock and draw is DrawRule.UNTIL_PLAYABLE else PASS_MOVE)
    return out


def highest_double(rules: Rules, masks: Sequence[int]) -> tuple[int, int]:
    """Who holds the highest double, and its tile index: the opening when the highest double leads.
    Doubles come in set order, so it is the highest double bit of any hand."""
    held = 0
    for m in masks:
        held |= m
    held &= tile_set(rules.max_pip).doubles_mask
    if not held:
        raise IllegalMoveError("nobody holds a double, so the highest double cannot open: redeal")
    d = held.bit_length() - 1
    seat = 0
    while not (masks[seat] >> d) & 1:
        seat += 1
    return seat, d


def lay(
    ends: list[int], dbl: list[bool], arm: list[bool], spin: list[int], lo: int, hi: int, end: int, spinner: bool
) -> None:
    """Lay the tile (lo, hi) at ``end``: the numbers showing at the ends after it, and the spinner's arms.

    ``dbl[e]``: the outer tile at end e is a double (it counts twice in All Fives); ``arm[k]``: the up/down arm
    holds a tile; ``spin``: [the spinner's number or -1, its left side taken, its right side taken]. The first
    double is the spinner; up opens once both its sides hold a tile, and down once up holds one (the two empty
    arms are the same choice, and offering both would only double the work)."""
    if ends[0] == CLOSED:
        ends[0] = lo
        ends[1] = hi
        if lo == hi:
            dbl[0] = dbl[1] = True
            if spinner:
                spin[0] = lo
        return
    pip = ends[end]
    ends[end] = hi if pip == lo else lo
    dbl[end] = lo == hi
    if end >= 2:
        arm[end - 2] = True
        if end == 2 and ends[3] == CLOSED:
            ends[3] = spin[0]
        return
    if not spinner:
        return
    if spin[0] < 0:
        if lo == hi:
            spin[0] = lo
            # The new spinner lies at the end it was played on; its inner side touches the line.
            spin[1] = end == 1
            spin[2] = end == 0
        return
    spin[1 + end] = True
    if spin[1] and spin[2] and ends[2] == CLOSED:
        ends[2] = spin[0]


def fives_count(ends: Sequence[int], dbl: Sequence[bool], arm: Sequence[bool], tiles_down: int) -> int:
    """The All Fives count: the open ends added up, a double at an end counting both halves, an arm only once
    it holds a tile."""
    if tiles_down <= 1:
        return ends[0] + ends[1] if tiles_down else 0
    total = ends[0] * 2 if dbl[0] else ends[0]
    total += ends[1] * 2 if dbl[1] else ends[1]
    if arm[0]:
        total += ends[2] * 2 if dbl[2] else ends[2]
    if arm[1]:
        total += ends[3] * 2 if dbl[3] else ends[3]
    return total


def settle(
    rules: Rules, reason: Reason, out_seat: int | None, last_seat: int | None, masks: Sequence[int]
) -> GameResult:
    """The result of a finished game: the pips left in each hand, settled as the variant says."""
    pips = tuple(map(tile_set(rules.max_pip).pip_sum, masks))
    winner, points = rules.settle(rules, reason, out_seat, pips)
    return GameResult(reason, winner, points, pips, out_seat, last_seat)


def team_points(fives: Sequence[int], result: GameResult | None) -> tuple[int, ...]:
    """Points each team has earned in a game so far: fives in play, plus the settlement once it is over."""
    if result is None:
        return tuple(fives)
    return tuple(f + p for f, p in zip(fives, result.points, strict=True))


# ----- a position -----


class Sim:
    """A game on bare integers: who holds which tiles, the stock, the ends and a few counters. It copies in a
    microsecond, so search and simulation use it directly; GameState keeps one as its rules."""

    __slots__ = (
        "rules",
        "players",
        "match",
        "low",
        "high",
        "pips",
        "pip_sum",
        "masks",
        "stock",
        "ends",
        "dbl",
        "arm",
        "spin",
        "tiles_down",
        "turn",
        "passes",
        "fives",
        "result",
        "last_play",
    )

    def __init__(self, rules: Rules) -> None:
        ts = tile_set(rules.max_pip)
        self.rules = rules
        self.players = rules.players
        self.match = ts.match
        self.low = ts.low
        self.high = ts.high
        self.pips = ts.pips
        self.pip_sum = ts.pip_sum
        self.masks = [0] * rules.players
        self.stock: list[int] = []
        self.ends = [CLOSED, CLOSED, CLOSED, CLOSED]
        self.dbl = [False, False, False, False]
        self.arm = [False, False]
        self.spin = [CLOSED, 0, 0]
        self.tiles_down = 0
        self.turn = 0
        self.passes = 0
        self.fives = [0] * len(rules.teams)
        self.result: GameResult | None = None
        self.last_play: int | None = None

    # ----- building -----

    @classmethod
    def deal(cls, rules: Rules | str, rng: random.Random, opening: Opening | None = None) -> Sim:
        """A fresh random game: `deal_hands`, then the opening."""
        if isinstance(rules, str):
            rules = get_rules(rules)
        masks, stock, opening = deal_hands(rules, rng, opening)
        return cls.start(rules, masks, stock, opening)

    @classmethod
    def start(cls, rules: Rules, masks: list[int], stock: list[int], opening: Opening) -> Sim:
        sim = cls(rules)
        sim.masks = masks
        sim.stock = stock
        first = sim.open(opening)
        if first is not None:
            sim.play(first)
        return sim

    def open(self, opening: Opening) -> int | None:
        """Give the turn to whoever opens; returns the play they must make (the highest double), if any."""
        if opening.seat is not None:
            if not 0 <= opening.seat < self.players:
                raise IllegalMoveError(f"no seat {opening.seat} at a {self.players}-player table")
            self.turn = opening.seat
            return None
        self.turn, double = highest_double(self.rules, self.masks)
        return double << 2

    @classmethod
    def from_board(cls, rules: Rules, board: Any, masks: Sequence[int], stock: Sequence[int], turn: int) -> Sim:
        """A position from a layout (a Board) and explicit hands: how a bot sets up one guess at hidden tiles."""
        sim = cls(rules)
        sim.masks = list(masks)
        sim.stock = list(stock)
        sim.turn = turn
        sim.ends = list(board.ends)
        sim.dbl = list(board.dbl)
        sim.arm = list(board.arm)
        sim.spin = list(board.spin)
        sim.tiles_down = len(board)
        return sim

    @classmethod
    def from_state(cls, state: Any) -> Sim:
        """The skinny copy of a GameState."""
        return state.core.copy()  # type: ignore[no-any-return]  # GameState is above the kernel, so it is Any here

    def copy(self) -> Sim:
        c = Sim.__new__(Sim)
        c.rules = self.rules
        c.players = self.players
        c.match = self.match
        c.low = self.low
        c.high = self.high
        c.pips = self.pips
        c.pip_sum = self.pip_sum
        c.masks = self.masks.copy()
        c.stock = self.stock.copy()
        c.ends = self.ends.copy()
        c.dbl = self.dbl.copy()
        c.arm = self.arm.copy()
        c.spin = self.spin.copy()
        c.tiles_down = self.tiles_down
        c.turn = self.turn
        c.passes = self.passes
        c.fives = self.fives.copy()
        c.result = self.result
        c.last_play = self.last_play
        return c

    # ----- moves -----

    def legal(self) -> list[int]:
        if self.result is not None:
            return []
        return legal_codes(self.rules, self.match, self.masks[self.turn], self.ends, bool(self.stock))

    def playable(self, seat: int) -> int:
        return fitting(self.match, self.masks[seat], self.ends)

    def apply(self, move: int) -> None:
        """Make an int move known to be legal (no checking: this is the hot path)."""
        if move >= 0:
            self.play(move)
        elif move == DRAW_MOVE:
            self.draw()
        else:
            self.pass_turn()

    def play(self, move: int) -> int:
        """Lay a tile; returns what it scored in All Fives (0 elsewhere)."""
        idx = move >> 2
        seat = self.turn
        rules = self.rules
        self.masks[seat] ^= 1 << idx
        self.tiles_down += 1
        ends = self.ends
        lay(ends, self.dbl, self.arm, self.spin, self.low[idx], self.high[idx], move & 3, rules.spinner)
        scored = 0
        if rules.fives:
            count = fives_count(ends, self.dbl, self.arm, self.tiles_down)
            if count and count % 5 == 0:
                scored = count
                self.fives[rules.team_of(seat)] += count
        self.passes = 0
        self.last_play = seat
        if not self.masks[seat]:
            self._finish(Reason.OUT, seat)
        elif rules.stalemate_eight and ends[0] == ends[1] and self._on_table(ends[0]) >= 8:
            self._finish(Reason.STALEMATE, None)
        else:
            self._next_turn()
        return scored

    def _on_table(self, pip: int) -> int:
        """Halves showing ``pip`` on the table: every such half not in a hand or the stock."""
        held = 0
        for m in self.masks:
            held |= m
        for i in self.stock:
            held |= 1 << i
        down = self.match[pip] & ~held
        n = 0
        while down:
            bit = down & -down
            i = bit.bit_length() - 1
            n += (self.low[i] == pip) + (self.high[i] == pip)
            down ^= bit
        return n

    def count(self) -> int:
        return fives_count(self.ends, self.dbl, self.arm, self.tiles_down)

    def draw(self) -> int:
        """Take the top tile of the stock; returns its index."""
        idx = self.stock.pop()
        self.masks[self.turn] |= 1 << idx
        if self.rules.draw is DrawRule.ONE_ENDS_TURN:
            self._next_turn()
        # Drawing until playable: the same player acts again.
        return idx

    def pass_turn(self) -> None:
        self.passes += 1
        if self.rules.must_play and self.passes >= self.players:
            self._finish(Reason.BLOCKED, None)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        # Classic: with the stock gone and no tile fitting anywhere, nobody can ever move again.
        if not self.rules.must_play and not self.stock and not any(self.playable(s) for s in range(self.players)):
            self._finish(Reason.BLOCKED, None)
            return
        self.turn = (self.turn + 1) % self.players

    def _finish(self, reason: Reason, out_seat: int | None) -> None:
        self.result = settle(self.rules, reason, out_seat, self.last_play, self.masks)

    def team_points(self) -> tuple[int, ...]:
        return team_points(self.fives, self.result)

    # ----- whole games -----

    def random_playout(self, rng: random.Random, trace: list[int] | None = None) -> GameResult:
        """Play to the end choosing uniformly among legal moves (the random bot, on bare ints).

        ``trace`` collects the moves made, so a test can replay them through GameState and compare."""
        if self.result is None and self.rules.is_line:
            return self.play_line([RANDOM] * self.players, seed=rng.getrandbits(64), trace=trace)
        legal = self.legal
        apply = self.apply
        choice = rng.choice
        while self.result is None:
            move = choice(legal())
            if trace is not None:
                trace.append(move)
            apply(move)
        return self.result

    def play_line(
        self,
        kinds: Sequence[int],
        seed: int = 0,
        calls: Sequence[Any] = (),
        playout: PlayoutPolicy | None = None,
        trace: list[int] | None = None,
    ) -> GameResult:
        """Finish a line game (`Rules.is_line`) with `line_game`, a policy per seat; returns its result."""
        ends = self.ends
        out, last, plays, ends[0], ends[1], self.turn, self.passes = line_game(
            self.match,
            self.low,
            self.high,
            self.pips,
            self.masks,
            self.turn,
            ends[0],
            ends[1],
            self.passes,
            -1 if self.last_play is None else self.last_play,
            kinds,
            seed,
            calls,
            playout,
            trace,
        )
        self.tiles_down += plays
        self.last_play = None if last < 0 else last
        self._finish(Reason.BLOCKED if out < 0 else Reason.OUT, None if out < 0 else out)
        assert self.result is not None
        return self.result


# ----- the line game: two ends, no stock, no scoring in play -----

RANDOM = 0  # uniform among the legal plays (the random bot), from the kernel's splitmix words
FIRST = 1  # the first legal play: the lowest tile at the left end, else at the right (dummy)
HEAVIEST = 2  # the heaviest tile, the left end's on equal weight (greedy)
PLAYOUT = 3  # the expert's playout policy: mostly the heaviest (or best kept) tile, sometimes a random one
CALL = 4  # ask calls[seat]: .lead(hand) -> a play on the empty table, .line(left fits, right fits, left, right)


class PlayoutPolicy:
    """The expert's playout policy in a line game: with probability ``explore`` a random tile, else the heaviest
    by ``weight``; with ``control``, also prefer leaving ends the hand can follow."""

    __slots__ = ("control", "explore", "randrange", "rnd", "weight")

    def __init__(
        self,
        weight: Sequence[int],
        explore: float,
        rnd: Callable[[], float],
        randrange: Callable[[int], int],
        control: int = 0,
    ) -> None:
        self.weight = weight
        self.explore = explore
        self.rnd = rnd
        self.randrange = randrange
        self.control = control


def _no_rnd() -> float:
    raise ValueError("a PLAYOUT seat needs a PlayoutPolicy")


def _no_randrange(n: int) -> int:
    raise ValueError("a PLAYOUT seat needs a PlayoutPolicy")


_NO_PLAYOUT = PlayoutPolicy((), 0.0, _no_rnd, _no_randrange)


@cache
def _upper(max_pip: int) -> tuple[int, ...]:
    """upper[p]: the tiles [p|b] with b >= p. Of the tiles showing p, each of these outweighs every [a|p] with
    a < p, and within each group a higher index is a heavier tile: so the heaviest tile fitting an end is the top
    bit of the first group, else of the second, and no two tiles fitting one end weigh the same."""
    ts = tile_set(max_pip)
    return tuple(sum(1 << i for i, lo in enumerate(ts.low) if lo == p) for p in range(max_pip + 1))


def line_game(
    match: Sequence[int],
    low: Sequence[int],
    high: Sequence[int],
    pips: Sequence[int],
    masks: list[int],
    turn: cython.int,
    left: cython.int,
    right: cython.int,
    passes: cython.int,
    last: cython.int,
    kinds: Sequence[int],
    seed: int,
    calls: Sequence[Any],
    playout: PlayoutPolicy | None,
    trace: list[int] | None,
) -> tuple[int, int, int, int, int, int, int]:
    """The one loop of a line game, to the end, on local integers: the tournament's fast path, the expert's
    playouts and random play all run here, each seat choosing by its policy ``kinds[seat]``. A seat passes
    when nothing fits; a round of passes blocks the game. ``masks`` is played on; ``left`` CLOSED means the
    player to act leads. Returns the seat that went out (-1: blocked), the last seat to play (-1: none), the
    plays made, and the final left and right ends, turn and passes.
    """
    n: cython.int = len(masks)
    hand: cython.ulonglong
    lf: cython.ulonglong
    rf: cython.ulonglong
    p: cython.ulonglong
    i: cython.int
    j: cython.int
    k: cython.int
    cl: cython.int
    kind: cython.int
    end: cython.int
    lo: cython.int
    hi: cython.int
    plays: cython.int = 0
    out: cython.int = -1
    state: cython.ulonglong = seed & _M64
    word: cython.ulonglong = 0
    z: cython.ulonglong
    golden: cython.ulonglong = 0x9E3779B97F4A7C15
    mix1: cython.ulonglong = 0xBF58476D1CE4E5B9
    mix2: cython.ulonglong = 0x94D049BB133111EB
    # The constants as locals: C values when compiled, fast names when interpreted.
    closed: cython.int = CLOSED
    m64: cython.ulonglong = _M64
    refill: cython.ulonglong = _REFILL
    random_kind: cython.int = RANDOM
    first_kind: cython.int = FIRST
    heaviest_kind: cython.int = HEAVIEST
    playout_kind: cython.int = PLAYOUT
    tracing: cython.bint = trace is not None
    moves: list[int] = trace if trace is not None else []
    one: cython.ulonglong = 1
    upper = _upper(len(match) - 1)
    weight: Sequence[int] = pips
    policy = _NO_PLAYOUT if playout is None else playout
    if playout is not None:
        weight = playout.weight
    explore = policy.explore
    control = policy.control
    rnd = policy.rnd
    randrange = policy.randrange
    while True:
        hand = masks[turn]
        if left == closed:
            lf = hand
            rf = 0
        else:
            # Through typed locals, so that the masks meet as C integers when compiled.
            lf = match[left]
            rf = match[right]
            lf &= hand
            rf &= hand
        if not (lf | rf):
            if tracing:
                moves.append(PASS_MOVE)
            passes += 1
            if passes >= n:
                break
            turn += 1
            if turn == n:
                turn = 0
            continue
        passes = 0
        kind = kinds[turn]
        end = 0
        if kind == random_kind:
            if word < refill:  # splitmix64, seeded from the injected random.Random so that a seed replays
                state = (state + golden) & m64
                z = state
                z = ((z ^ (z >> 30)) * mix1) & m64
                z = ((z ^ (z >> 27)) * mix2) & m64
                word = z ^ (z >> 31)
            cl = _popcount(lf)
            j = cl + _popcount(rf)
            k = word % j
            word //= j
            if k < cl:
                p = lf
            else:
                k -= cl
                p = rf
                end = 1
            while k:
                p &= p - 1
                k -= 1
            i = _bitlen(p & -p) - 1
        elif kind == first_kind:
            if lf:
                i = _bitlen(lf & -lf) - 1
            else:
                i = _bitlen(rf & -rf) - 1
                end = 1
        elif kind == heaviest_kind:  # in constant time, see _upper
            if left == closed:
                i = _heaviest(lf, weight)
            elif lf:
                i = _bitlen((lf & upper[left]) or lf) - 1
                if rf:
                    j = _bitlen((rf & upper[right]) or rf) - 1
                    if weight[j] > weight[i]:  # strictly: an equal tile on the right comes later in the legal list
                        i = j
                        end = 1
            else:
                i = _bitlen((rf & upper[right]) or rf) - 1
                end = 1
        elif kind == playout_kind:
            p = lf | rf
            end = -1
            if p & (p - 1) == 0:
                i = _bitlen(p) - 1
            elif rnd() < explore:
                k = randrange(_popcount(p))
                while k:
                    p &= p - 1
                    k -= 1
                i = _bitlen(p & -p) - 1
            elif control and left != closed:
                # Heavy tiles, and ends left showing numbers the hand still holds (so it can follow them).
                i, end = _controlling(p, hand, left, right, low, high, match, weight, control)
            else:
                i = _heaviest(p, weight)
            if end < 0:
                end = 0
                if left != closed:
                    lo = low[i]
                    hi = high[i]
                    if left not in (lo, hi) or (right in (lo, hi) and left != right and rnd() < 0.5):
                        end = 1
        else:
            if left == closed:
                i = calls[turn].lead(hand) >> 2
            else:
                k = calls[turn].line(lf, rf, left, right)
                i = k >> 2
                end = k & 1
        if tracing:
            moves.append(i << 2 | end)
        lo = low[i]
        hi = high[i]
        if left == closed:
            left = lo
            right = hi
        elif end:
            right = hi if right == lo else lo
        else:
            left = hi if left == lo else lo
        hand ^= one << i
        masks[turn] = hand
        last = turn
        plays += 1
        if not hand:
            out = turn
            break
        turn += 1
        if turn == n:
            turn = 0
    return out, last, plays, left, right, turn, passes


def _heaviest(p: int, weight: Sequence[int]) -> int:
    """The heaviest tile of ``p`` by ``weight``, the lowest index of equals."""
    i = -1
    best = -1
    while p:
        b = p & -p
        p ^= b
        j = b.bit_length() - 1
        if weight[j] > best:
            i, best = j, weight[j]
    return i


def _controlling(
    p: int,
    hand: int,
    left: int,
    right: int,
    low: Sequence[int],
    high: Sequence[int],
    match: Sequence[int],
    weight: Sequence[int],
    control: int,
) -> tuple[int, int]:
    """The play (tile, end) best by weight plus ``control`` per tile kept that follows the new end."""
    i = -1
    end = 0
    best = -1
    while p:
        b = p & -p
        p ^= b
        j = b.bit_length() - 1
        lo = low[j]
        hi = high[j]
        rest = hand ^ b
        for side, pip in ((0, left), (1, right)):
            if pip in (lo, hi):
                w = weight[j] + control * (rest & match[hi if pip == lo else lo]).bit_count()
                if w > best:
                    i, best, end = j, w, side
    return i, end


# ----- dealing and public moves -----


def deal_hands(
    rules: Rules, rng: random.Random, opening: Opening | None = None
) -> tuple[list[int], list[int], Opening]:
    """Masks of the hands, the stock (tile indices, drawn from the end) and the opening of a random deal.

    The tiles' bits are ordered by random keys rather than shuffled: one C-level sort instead of a Python-level
    call per tile, and just as uniform (53-bit keys never tie in practice). A hand is then the sum of a slice of
    bits, also computed in C. Redeals while the opening needs a double and nobody holds one.
    """
    if opening is None:
        opening = rules.first_opening(rules, rng)
    ts = tile_set(rules.max_pip)
    bits = ts.bits
    n, size = rules.players, rules.hand_size
    dealt = n * size
    starts = range(0, dealt, size)
    rand = rng.random
    while True:
        order = sorted(bits, key=dict(zip(bits, [rand() for _ in bits], strict=True)).__getitem__)
        masks = [sum(order[i : i + size]) for i in starts]
        if opening.seat is None and not (sum(masks) & ts.doubles_mask):
            continue
        stock = [b.bit_length() - 1 for b in order[dealt:]] if rules.has_stock else []
        return masks, stock, opening


def to_move(move: int, rules: Rules) -> Move:
    """The public Move for an int move."""
    if move == DRAW_MOVE:
        return DRAW
    if move == PASS_MOVE:
        return PASS
    return Move.play(tile_set(rules.max_pip).tiles[move >> 2], End(move & 3))


def from_move(move: Move, rules: Rules) -> int:
    """The int move for a public Move (a play's tile and end are set by Move.play)."""
    if move.kind is Kind.DRAW:
        return DRAW_MOVE
    if move.kind is Kind.PASS:
        return PASS_MOVE
    assert move.tile is not None and move.end is not None
    return (tile_set(rules.max_pip).index[move.tile] << 2) | int(move.end)
