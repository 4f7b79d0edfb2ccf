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
from .rules import Blocked, DrawRule, GameResult, Opening, Reason, Rules, Scores
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
# The settlement's rules as C constants.
_DRAW = cython.declare(cython.int, Blocked.DRAW)
_LIGHTER_TEAM = cython.declare(cython.int, Blocked.LIGHTER_TEAM)
_ALL = cython.declare(cython.int, Scores.ALL)
_ONE = cython.declare(cython.int, Scores.ONE)
_OPPONENTS = cython.declare(cython.int, Scores.OPPONENTS)


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


@cython.locals(hands=cython.ulonglong[8])  # type: ignore[misc, valid-type]  # a C array, see _Tiles
def highest_double(rules: Rules, masks: Sequence[int]) -> tuple[int, int]:
    """Who holds the highest double, and its tile index (`_holder`): the opening when the highest double leads."""
    hands = [0, 0, 0, 0, 0, 0, 0, 0]
    s: cython.int
    for s in range(_seats(len(masks))):
        hands[s] = masks[s]
    held = _holder(hands, len(masks), tile_set(rules.max_pip).doubles_mask)
    if held < 0:
        raise IllegalMoveError("nobody holds a double, so the highest double cannot open: redeal")
    return held // 64, held % 64


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
    winner, points = settle_points(rules, reason, out_seat, pips)
    return GameResult(reason, winner, points, pips, out_seat, last_seat)


@cython.locals(seats=cython.int[8], points=cython.int[2])  # type: ignore[misc, valid-type]  # C arrays, see _Tiles
def settle_points(
    rules: Rules, reason: Reason, out_seat: int | None, pips: Sequence[int], rounded: bool = True
) -> tuple[int | None, tuple[int, ...]]:
    """The winning team (None: nobody) and each team's points, from the pips left in each seat's hand; with
    ``rounded`` False, before All Fives rounds them to 5 (for a summary that shows the rounding)."""
    seats = [0, 0, 0, 0, 0, 0, 0, 0]
    points = [0, 0]
    s: cython.int
    for s in range(len(pips)):
        seats[s] = pips[s]
    out_team = rules.team_of(out_seat) if reason is Reason.OUT and out_seat is not None else -1
    winner = _settle(rules.scores, rules.blocked, len(rules.teams), len(pips), out_team, seats, points, rounded)
    return (None if winner < 0 else winner), (points[0], points[1])


@cython.cfunc
@cython.cdivision(True)  # the operands are never negative
@cython.locals(team=cython.int[2], light=cython.int[2])  # type: ignore[misc, valid-type]  # C arrays, see _Tiles
def _settle(
    scores: cython.int,
    blocked: cython.int,
    teams: cython.int,
    n: cython.int,
    out_team: cython.int,
    pips: cython.p_int,
    points: cython.p_int,
    rounded: cython.bint,
) -> cython.int:
    """The settlement on C integers (`Scores`, `Blocked`; two teams, seat s in team s % teams): writes each
    team's points and returns the winning team, -1 for nobody. ``out_team`` is -1 unless someone went out;
    ``rounded`` False leaves All Fives' points unrounded."""
    total: cython.int = 0
    team = [0, 0]
    light = [1 << 30, 1 << 30]
    s: cython.int
    winner: cython.int
    gain: cython.int
    for s in range(n):
        total += pips[s]
        team[s % teams] += pips[s]
        if pips[s] < light[s % teams]:
            light[s % teams] = pips[s]
    if out_team >= 0:
        winner = out_team
    elif blocked == _DRAW:
        return -1
    elif blocked == _LIGHTER_TEAM:
        if team[0] == team[1]:
            return -1
        winner = 0 if team[0] < team[1] else 1
    else:
        if light[0] == light[1]:
            return -1
        winner = 0 if light[0] < light[1] else 1
    if scores == _ALL:
        gain = total
    elif scores == _ONE:
        gain = 1
    elif scores == _OPPONENTS:
        gain = team[1 - winner]
    else:  # Scores.FIVES: the opponents' pips, or blocked the difference, rounded as round5
        gain = team[1 - winner] if out_team >= 0 else team[1 - winner] - team[winner]
        if rounded:
            gain = (gain + 2) // 5 * 5
    points[winner] = gain
    points[1 - winner] = 0
    return winner


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
            self.rules.max_pip,
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


@cython.cclass
class PlayoutPolicy:
    """The expert's playout policy in a line game: with probability ``explore`` a random tile, else the heaviest
    by ``weight``; with ``control``, also prefer leaving ends the hand can follow. Its weights are a C array and
    its random choices come from the line loop's splitmix64 (seeded by the caller per game), so a playout makes
    no Python call at all once compiled."""

    w = cython.declare(cython.int[64])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax, see _Tiles
    explore: cython.int  # out of _CHANCE
    control: cython.int

    def __init__(self, weight: Sequence[int], explore: float, control: int = 0) -> None:
        if len(weight) > _TILES:
            raise ValueError(f"at most {_TILES} tile weights, not {len(weight)}")
        self.w = list(weight) + [0] * (_TILES - len(weight))
        self.explore = round(explore * _CHANCE)
        self.control = control


# The resolution of PlayoutPolicy's explore chance: a random tile when a draw below this falls under it.
_CHANCE = 1 << 16


@cache
def _upper(max_pip: int) -> tuple[int, ...]:
    """upper[p]: the tiles [p|b] with b >= p. Of the tiles showing p, each of these outweighs every [a|p] with
    a < p, and within each group a higher index is a heavier tile: so the heaviest tile fitting an end is the top
    bit of the first group, else of the second, and no two tiles fitting one end weigh the same."""
    ts = tile_set(max_pip)
    return tuple(sum(1 << i for i, lo in enumerate(ts.low) if lo == p) for p in range(max_pip + 1))


# Room for the double-nine set (55 tiles, numbers 0-9) in the kernel's C tables, and for 8 seats.
_TILES = 64
_NUMBERS = 16
_SEATS = 8


def _seats(n: int) -> int:
    """``n`` seats, where the kernel's C arrays have room for them."""
    if not 0 < n <= _SEATS:
        raise ValueError(f"the kernel plays 1 to {_SEATS} seats, not {n}")
    return n


@cython.cclass
class _Tiles:
    """A tile set's tables as C arrays (lists when interpreted), built once per set: the line loop reads them
    without touching a Python object. C arrays are declared in Cython's syntax (``cython.int[64]``), which mypy
    cannot read: hence the ignores on them; to mypy and the interpreter they are the lists assigned to them."""

    size: cython.int
    low = cython.declare(cython.int[64])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    high = cython.declare(cython.int[64])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    pips = cython.declare(cython.int[64])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    match = cython.declare(cython.ulonglong[16])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    upper = cython.declare(cython.ulonglong[16])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    doubles: cython.ulonglong
    ts: object

    def __init__(self, max_pip: int) -> None:
        ts = tile_set(max_pip)
        tiles = [0] * (_TILES - ts.size)
        numbers = [0] * (_NUMBERS - max_pip - 1)
        self.size = ts.size
        self.low = list(ts.low) + tiles
        self.high = list(ts.high) + tiles
        self.pips = list(ts.pips) + tiles
        self.match = list(ts.match) + numbers
        self.upper = list(_upper(max_pip)) + numbers
        self.doubles = ts.doubles_mask
        self.ts = ts


@cache
def _tiles(max_pip: int) -> _Tiles:
    return _Tiles(max_pip)


@cython.cfunc
def _holder(hands: cython.p_ulonglong, n: cython.int, doubles: cython.ulonglong) -> cython.int:
    """The highest double dealt, as seat * 64 + tile index, or -1 when nobody holds a double. Doubles come in
    set order, so it is the highest double bit of any hand."""
    held: cython.ulonglong = 0
    s: cython.int
    d: cython.int
    for s in range(n):
        held |= hands[s]
    held &= doubles
    if not held:
        return -1
    d = _bitlen(held) - 1
    s = 0
    while not (hands[s] >> d) & 1:
        s += 1
    return s * 64 + d


@cython.cfunc
@cython.inline
@cython.cdivision(True)  # the operands are never negative, and never zero divisors
def _draw(rs: cython.p_ulonglong, j: cython.int) -> cython.int:
    """A number below ``j`` from the kernel's splitmix64 (state and unused word in ``rs``), as the line loop
    draws its random plays."""
    z: cython.ulonglong
    k: cython.int
    m64: cython.ulonglong = _M64
    golden: cython.ulonglong = 0x9E3779B97F4A7C15
    mix1: cython.ulonglong = 0xBF58476D1CE4E5B9
    mix2: cython.ulonglong = 0x94D049BB133111EB
    if rs[1] < _REFILL:
        rs[0] = (rs[0] + golden) & m64
        z = rs[0]
        z = ((z ^ (z >> 30)) * mix1) & m64
        z = ((z ^ (z >> 27)) * mix2) & m64
        rs[1] = z ^ (z >> 31)
    k = rs[1] % j
    rs[1] //= j
    return k


@cython.cfunc
@cython.inline
def _heaviest(p: cython.ulonglong, w: cython.p_int) -> cython.int:
    """The heaviest tile of ``p`` by ``w``, the lowest index of equals."""
    i: cython.int = -1
    j: cython.int
    best: cython.int = -1
    while p:
        j = _bitlen(p & -p) - 1
        p &= p - 1
        if w[j] > best:
            i = j
            best = w[j]
    return i


@cython.cfunc
def _controlling(
    t: _Tiles,
    w: cython.p_int,
    p: cython.ulonglong,
    hand: cython.ulonglong,
    left: cython.int,
    right: cython.int,
    control: cython.int,
) -> cython.int:
    """The play best by weight plus ``control`` per tile kept that follows the new end, as tile * 2 + end."""
    b: cython.ulonglong
    rest: cython.ulonglong
    i: cython.int = -1
    j: cython.int
    lo: cython.int
    hi: cython.int
    v: cython.int
    end: cython.int = 0
    best: cython.int = -1
    while p:
        b = p & -p
        p ^= b
        j = _bitlen(b) - 1
        lo = t.low[j]
        hi = t.high[j]
        rest = hand ^ b
        if left in (lo, hi):
            v = w[j] + control * _popcount(rest & t.match[hi if left == lo else lo])
            if v > best:
                i = j
                best = v
                end = 0
        if right in (lo, hi):
            v = w[j] + control * _popcount(rest & t.match[hi if right == lo else lo])
            if v > best:
                i = j
                best = v
                end = 1
    return i * 2 + end


@cython.locals(hands=cython.ulonglong[8], seats=cython.int[8], st=cython.int[7], rs=cython.ulonglong[2])  # type: ignore[misc, valid-type]  # C arrays, see _Tiles
def line_game(
    max_pip: int,
    masks: list[int],
    turn: int,
    left: int,
    right: int,
    passes: int,
    last: int,
    kinds: Sequence[int],
    seed: int,
    calls: Sequence[Any],
    playout: PlayoutPolicy | None,
    trace: list[int] | None,
) -> tuple[int, int, int, int, int, int, int]:
    """The one loop of a line game (`_line_loop`) with the set up to ``max_pip``, from Python values: ``masks`` is
    played on; ``left`` CLOSED means the player to act leads. Returns the seat that went out (-1: blocked), the
    last seat to play (-1: none), the plays made, and the final left and right ends, turn and passes."""
    t: _Tiles = _tiles(max_pip)
    n: cython.int = _seats(len(masks))
    s: cython.int
    hands = [0, 0, 0, 0, 0, 0, 0, 0]
    seats = [0, 0, 0, 0, 0, 0, 0, 0]
    st = [turn, left, right, passes, last, 0, -1]
    rs = [seed & _M64, 0]
    pol: PlayoutPolicy
    w: cython.p_int = t.pips
    explore: cython.int = 0
    control: cython.int = 0
    if playout is not None:
        pol = playout
        w = pol.w
        explore = pol.explore
        control = pol.control
    elif PLAYOUT in kinds:
        raise ValueError("a PLAYOUT seat needs a PlayoutPolicy")
    for s in range(n):
        hands[s] = masks[s]
        seats[s] = kinds[s]
    _line_loop(t, hands, n, seats, st, rs, -1, w, explore, control, calls, trace)
    for s in range(n):
        masks[s] = hands[s]
    return st[6], st[4], st[5], st[1], st[2], st[0], st[3]


@cython.cfunc
@cython.cdivision(True)  # the operands are never negative, and never zero divisors
def _line_loop(
    t: _Tiles,
    hands: cython.p_ulonglong,
    n: cython.int,
    kinds: cython.p_int,
    st: cython.p_int,
    rs: cython.p_ulonglong,
    forced: cython.int,
    w: cython.p_int,
    explore: cython.int,
    control: cython.int,
    calls: Sequence[Any],
    trace: list[int] | None,
) -> cython.int:
    """The one loop of a line game, to the end, on C integers when compiled: the tournament's fast path, the
    expert's playouts and random play all run here, each seat choosing by its policy ``kinds[seat]``. A seat
    passes when nothing fits; a round of passes blocks the game. ``hands`` is played on. ``st`` holds turn, left,
    right, passes and last seat on entry, and on return also the plays made and the seat that went out (-1:
    blocked); ``rs`` is the splitmix64 state and the unused part of its last word (`_draw`). ``forced``, if not
    -1, is the tile the player to act must lead (the highest double). ``w`` weighs the tiles for HEAVIEST and
    PLAYOUT seats; ``explore`` and ``control`` are a PLAYOUT seat's (`PlayoutPolicy`)."""
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
    turn: cython.int = st[0]
    left: cython.int = st[1]
    right: cython.int = st[2]
    passes: cython.int = st[3]
    last: cython.int = st[4]
    plays: cython.int = 0
    out: cython.int = -1
    # The constants and tables as locals: C values when compiled, fast names when interpreted.
    closed: cython.int = CLOSED
    chance: cython.int = _CHANCE
    random_kind: cython.int = RANDOM
    first_kind: cython.int = FIRST
    heaviest_kind: cython.int = HEAVIEST
    playout_kind: cython.int = PLAYOUT
    tracing: cython.bint = trace is not None
    moves: list[int] = trace if trace is not None else []
    one: cython.ulonglong = 1
    match: cython.p_ulonglong = t.match
    upper: cython.p_ulonglong = t.upper
    low: cython.p_int = t.low
    high: cython.p_int = t.high
    while True:
        hand = hands[turn]
        end = 0
        if forced >= 0:
            i = forced
            forced = -1
        else:
            if left == closed:
                lf = hand
                rf = 0
            else:
                lf = match[left] & hand
                rf = match[right] & hand
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
            if kind == random_kind:
                cl = _popcount(lf)
                k = _draw(rs, cl + _popcount(rf))
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
                    i = _heaviest(lf, w)
                elif lf:
                    i = _bitlen((lf & upper[left]) or lf) - 1
                    if rf:
                        j = _bitlen((rf & upper[right]) or rf) - 1
                        if w[j] > w[i]:  # strictly: an equal tile on the right comes later in the list
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
                elif explore and _draw(rs, chance) < explore:
                    k = _draw(rs, _popcount(p))
                    while k:
                        p &= p - 1
                        k -= 1
                    i = _bitlen(p & -p) - 1
                elif control and left != closed:
                    # Heavy tiles, and ends left showing numbers the hand still holds (so it can follow them).
                    k = _controlling(t, w, p, hand, left, right, control)
                    i = k >> 1
                    end = k & 1
                else:
                    i = _heaviest(p, w)
                if end < 0:
                    end = 0
                    if left != closed:
                        lo = low[i]
                        hi = high[i]
                        if left not in (lo, hi) or (right in (lo, hi) and left != right and _draw(rs, 2)):
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
        hands[turn] = hand
        last = turn
        plays += 1
        if not hand:
            out = turn
            break
        turn += 1
        if turn == n:
            turn = 0
    st[0] = turn
    st[1] = left
    st[2] = right
    st[3] = passes
    st[4] = last
    st[5] = plays
    st[6] = out
    return out


# ----- random line games, dealt, played and settled in the kernel -----


@cython.cclass
class RandomLines:
    """Random games of a line variant (`Rules.is_line`), one per `play`: dealt with a Fisher-Yates shuffle on the
    kernel's splitmix64 (seeded once from the injected random.Random, so a seed replays, compiled or not), played
    by `_line_loop` with every seat RANDOM, and settled by the rules. Python objects are made only for the result.
    The deals differ from `deal_hands` (and so from GameState.new and the tournaments' seeds): this is random play
    and the benchmark's random games, not a way to deal a recorded game."""

    rules: Any
    t: _Tiles
    rng: object
    n: cython.int
    size: cython.int
    scores: cython.int
    blocked: cython.int
    rs = cython.declare(cython.ulonglong[2])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    order = cython.declare(cython.int[64])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        if not rules.is_line:
            raise ValueError(f"{rules.name} is not a line game")
        self.rules = rules
        self.t = _tiles(rules.max_pip)
        self.rng = rng
        self.n = _seats(rules.players)
        self.size = rules.hand_size
        if len(rules.teams) != 2:
            raise ValueError("the kernel settles games between two teams")
        self.scores = rules.scores
        self.blocked = rules.blocked
        self.rs = [rng.getrandbits(64), 0]
        self.order = list(range(_TILES))

    @cython.cdivision(True)  # the operands are never negative, and never zero divisors
    @cython.locals(hands=cython.ulonglong[8], kinds=cython.int[8], st=cython.int[7])  # type: ignore[misc, valid-type]  # C arrays
    @cython.locals(pips=cython.int[8], points=cython.int[2])  # type: ignore[misc, valid-type]  # C arrays
    def play(
        self, trace: list[int] | None = None, deals: list[tuple[list[int], Opening]] | None = None
    ) -> tuple[int | None, tuple[int, ...]]:
        """Deal and play one random game; returns the winning team (None: a tie) and each team's points.
        ``trace`` collects the moves after the opening, ``deals`` the hands dealt and the opening, so that a test
        can replay the game through GameState."""
        rules = self.rules
        t: _Tiles = self.t
        n: cython.int = self.n
        size: cython.int = t.size
        dealt: cython.int = n * self.size
        hand_size: cython.int = self.size
        hands = [0, 0, 0, 0, 0, 0, 0, 0]
        kinds = [0, 0, 0, 0, 0, 0, 0, 0]
        order: cython.p_int = self.order
        p: cython.ulonglong
        st = [0, CLOSED, CLOSED, 0, -1, 0, -1]
        pips = [0, 0, 0, 0, 0, 0, 0, 0]
        points = [0, 0]
        i: cython.int
        j: cython.int
        s: cython.int
        forced: cython.int = -1
        one: cython.ulonglong = 1
        opening: Opening = rules.first_opening(rules, self.rng)
        while True:
            for s in range(n):
                hands[s] = 0
            for i in range(dealt):  # the first ``dealt`` places of a Fisher-Yates shuffle of the set
                j = i + _draw(self.rs, size - i)
                s = order[j]
                order[j] = order[i]
                order[i] = s
                hands[i // hand_size] |= one << s
            if opening.seat is not None:
                st[0] = opening.seat
                break
            j = _holder(hands, n, t.doubles)
            if j >= 0:  # else nobody holds a double: redeal
                st[0] = j // 64
                forced = j % 64
                break
        if deals is not None:
            deals.append(([hands[s] for s in range(n)], opening))
        _line_loop(t, hands, n, kinds, st, self.rs, forced, t.pips, 0, 0, (), trace)
        for s in range(n):
            p = hands[s]
            while p:
                pips[s] += t.pips[_bitlen(p & -p) - 1]
                p &= p - 1
        j = _settle(self.scores, self.blocked, 2, n, -1 if st[6] < 0 else st[6] % 2, pips, points, True)
        return (None if j < 0 else j), (points[0], points[1])


# ----- exact search of a line game with every hand open -----

_POINTS = 1024  # room for any game's points (a double-nine set has 495 pips)


@cython.cclass
class LineSearch:
    """Alpha-beta over the rest of a line game (`Rules.is_line`) with every hand open, between two teams (seat s
    in team s % 2), on C integers when compiled: the expert's endgame search. A finished game is worth what the
    caller's tables say, by who won and the points the winner took: ``win[points]`` for ``team``,
    ``lose[points]`` for the other team, ``draw`` for nobody. Tiles are tried heaviest first."""

    t: _Tiles
    n: cython.int
    team: cython.int
    scores: cython.int
    blocked: cython.int
    nodes: cython.longlong
    limit: cython.longlong
    stopped: cython.bint
    deadline: cython.double
    draw: cython.double
    clock: Callable[[], float]
    order = cython.declare(cython.int[64])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    seat_pips = cython.declare(cython.int[8])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    win = cython.declare(cython.double[1024])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax
    lose = cython.declare(cython.double[1024])  # type: ignore[misc, valid-type]  # a C array in Cython's syntax

    def __init__(
        self,
        rules: Rules,
        team: int,
        win: Sequence[float],
        lose: Sequence[float],
        draw: float,
        clock: Callable[[], float],
    ) -> None:
        if not rules.is_line or len(rules.teams) != 2:
            raise ValueError(f"{rules.name} is not a line game between two teams")
        pips = tile_set(rules.max_pip).pips
        top = sum(pips) + 1
        if len(win) < top or len(lose) < top or top > _POINTS:
            raise ValueError(f"the tables need a value for every total from 0 to {top - 1}")
        self.t = _tiles(rules.max_pip)
        self.n = _seats(rules.players)
        self.team = team
        self.scores = rules.scores
        self.blocked = rules.blocked
        self.order = sorted(range(_TILES), key=lambda i: -pips[i] if i < len(pips) else 1)
        self.seat_pips = [0] * 8
        self.win = [float(v) for v in win[:top]] + [0.0] * (_POINTS - top)
        self.lose = [float(v) for v in lose[:top]] + [0.0] * (_POINTS - top)
        self.draw = draw
        self.clock = clock

    @cython.locals(hands=cython.ulonglong[8])  # type: ignore[misc, valid-type]  # a C array, see _Tiles
    def solve(
        self,
        masks: Sequence[int],
        left: int,
        right: int,
        turn: int,
        passes: int,
        moves: Sequence[int],
        limit: int,
        deadline: float,
    ) -> list[float] | None:
        """The value of each of ``moves`` (plays as tile * 4 + end, or PASS_MOVE) for the team, from the position
        given by the hands, the two ends, the seat to act and the passes in a row; None once the search has
        visited ``limit`` positions or ``clock()`` has passed ``deadline``."""
        t: _Tiles = self.t
        n: cython.int = self.n
        s: cython.int
        i: cython.int
        e0: cython.int
        e1: cython.int
        hands = [0, 0, 0, 0, 0, 0, 0, 0]
        self.nodes = limit
        self.limit = limit
        self.stopped = False
        self.deadline = deadline
        for s in range(n):
            hands[s] = masks[s]
            self.seat_pips[s] = _pip_total(t, masks[s])
        out: list[float] = []
        for m in moves:
            if m < 0:
                v = self._node(hands, left, right, (turn + 1) % n, passes + 1, -1e300, 1e300)
            else:
                i = m >> 2
                e0 = left
                e1 = right
                if m & 3 == 0:
                    e0 = t.high[i] if e0 == t.low[i] else t.low[i]
                else:
                    e1 = t.high[i] if e1 == t.low[i] else t.low[i]
                hands[turn] ^= cython.cast(cython.ulonglong, 1) << i
                self.seat_pips[turn] -= t.pips[i]
                if not hands[turn]:
                    v = self._end(turn % 2)
                else:
                    v = self._node(hands, e0, e1, (turn + 1) % n, 0, -1e300, 1e300)
                hands[turn] ^= cython.cast(cython.ulonglong, 1) << i
                self.seat_pips[turn] += t.pips[i]
            if self.stopped:
                return None
            out.append(v)
        return out

    @cython.locals(hands=cython.ulonglong[8], kinds=cython.int[8], st=cython.int[7], rs=cython.ulonglong[2])  # type: ignore[misc, valid-type]  # C arrays
    def playouts(
        self,
        masks: Sequence[int],
        left: int,
        right: int,
        turn: int,
        passes: int,
        moves: Sequence[int],
        policy: PlayoutPolicy,
        seeds: Sequence[int],
        totals: list[float],
    ) -> None:
        """Play each of ``moves`` (as in `solve`; on an empty table, ``left`` CLOSED, a lead) and finish the game
        with every seat playing ``policy``, from splitmix64 seed ``seeds[k]``; add what the end is worth to
        ``totals[k]``. The same game as `Sim.apply` then `Sim.play_line`, without a Python object per play."""
        t: _Tiles = self.t
        pol: PlayoutPolicy = policy
        n: cython.int = self.n
        s: cython.int
        i: cython.int
        k: cython.int
        m: cython.int
        out: cython.int
        lo: cython.int
        hi: cython.int
        e0: cython.int
        e1: cython.int
        closed: cython.int = CLOSED
        hands = [0, 0, 0, 0, 0, 0, 0, 0]
        kinds = [0, 0, 0, 0, 0, 0, 0, 0]
        st = [0, 0, 0, 0, 0, 0, 0]
        rs = [0, 0]
        for k in range(len(moves)):
            m = moves[k]
            for s in range(n):
                hands[s] = masks[s]
                kinds[s] = PLAYOUT
            out = -1
            e0 = left
            e1 = right
            if m < 0:
                st[3] = passes + 1
                st[5] = 0
                if st[3] < n:
                    st[0] = (turn + 1) % n
                    st[1] = e0
                    st[2] = e1
                    st[4] = -1
                    rs[0] = seeds[k] & _M64
                    rs[1] = 0
                    out = _line_loop(t, hands, n, kinds, st, rs, -1, pol.w, pol.explore, pol.control, (), None)
            else:
                i = m >> 2
                lo = t.low[i]
                hi = t.high[i]
                if e0 == closed:
                    e0 = lo
                    e1 = hi
                elif m & 3 == 0:
                    e0 = hi if e0 == lo else lo
                else:
                    e1 = hi if e1 == lo else lo
                hands[turn] ^= cython.cast(cython.ulonglong, 1) << i
                if not hands[turn]:
                    out = turn
                else:
                    st[0] = (turn + 1) % n
                    st[1] = e0
                    st[2] = e1
                    st[3] = 0
                    st[4] = turn
                    st[5] = 0
                    rs[0] = seeds[k] & _M64
                    rs[1] = 0
                    out = _line_loop(t, hands, n, kinds, st, rs, -1, pol.w, pol.explore, pol.control, (), None)
            for s in range(n):
                self.seat_pips[s] = _pip_total(t, hands[s])
            totals[k] += self._end(-1 if out < 0 else out % 2)

    def visited(self) -> int:
        """Positions the last `solve` visited (up to its limit)."""
        return min(self.limit, self.limit - self.nodes)

    @cython.cfunc
    @cython.locals(points=cython.int[2])  # type: ignore[misc, valid-type]  # a C array, see _Tiles
    def _end(self, out_team: cython.int) -> cython.double:
        points = [0, 0]
        w: cython.int = _settle(self.scores, self.blocked, 2, self.n, out_team, self.seat_pips, points, True)
        if w < 0:
            return self.draw
        if w == self.team:
            return cython.cast(cython.double, self.win[points[w]])
        return cython.cast(cython.double, self.lose[points[w]])

    @cython.cfunc
    def _node(
        self,
        hands: cython.p_ulonglong,
        e0: cython.int,
        e1: cython.int,
        turn: cython.int,
        passes: cython.int,
        alpha: cython.double,
        beta: cython.double,
    ) -> cython.double:
        t: _Tiles = self.t
        n: cython.int = self.n
        hand: cython.ulonglong = hands[turn]
        playable: cython.ulonglong
        bit: cython.ulonglong
        k: cython.int
        i: cython.int
        lo: cython.int
        hi: cython.int
        a: cython.int
        b: cython.int
        side: cython.int
        nxt: cython.int
        maximize: cython.bint
        v: cython.double
        best: cython.double
        self.nodes -= 1
        if self.nodes < 0 or (not self.nodes & 1023 and self.clock() > self.deadline):
            self.stopped = True
            return 0.0
        playable = hand & (t.match[e0] | t.match[e1])
        nxt = turn + 1
        if nxt == n:
            nxt = 0
        if not playable:
            if passes + 1 >= n:
                return self._end(-1)
            return self._node(hands, e0, e1, nxt, passes + 1, alpha, beta)
        maximize = turn % 2 == self.team
        best = -1e300 if maximize else 1e300
        for k in range(t.size):
            i = self.order[k]
            bit = cython.cast(cython.ulonglong, 1) << i
            if not playable & bit:
                continue
            lo = t.low[i]
            hi = t.high[i]
            hands[turn] = hand ^ bit
            self.seat_pips[turn] -= t.pips[i]
            for side in range(2):
                if side == 0:
                    if e0 != lo and e0 != hi:
                        continue
                    a = hi if e0 == lo else lo
                    b = e1
                else:
                    if (e1 != lo and e1 != hi) or e0 == e1:
                        continue
                    a = e0
                    b = hi if e1 == lo else lo
                v = self._end(turn % 2) if hands[turn] == 0 else self._node(hands, a, b, nxt, 0, alpha, beta)
                if self.stopped:
                    break
                if maximize:
                    if v > best:
                        best = v
                        if v > alpha:
                            alpha = v
                elif v < best:
                    best = v
                    if v < beta:
                        beta = v
                if alpha >= beta:
                    break
            hands[turn] = hand
            self.seat_pips[turn] += t.pips[i]
            if self.stopped or alpha >= beta:
                return best
        return best


@cython.cfunc
def _pip_total(t: _Tiles, mask: cython.ulonglong) -> cython.int:
    total: cython.int = 0
    while mask:
        total += t.pips[_bitlen(mask & -mask) - 1]
        mask &= mask - 1
    return total


# ----- stirring a guess (the bots' sampler) -----


@cython.cdivision(True)  # the operands are never negative, and never zero divisors
@cython.locals(pl=cython.int[64], al=cython.ulonglong[64], rs=cython.ulonglong[2])  # type: ignore[misc, valid-type]  # C arrays
def stir(places: list[int], allowed: Sequence[int], steps: int, seed: int) -> None:
    """Random steps on a guess that keep every tile where it may be and every place's count: ``places[k]`` is
    where tile k is (a number below 64), ``allowed[k]`` the mask of places it may be. A step exchanges two tiles
    or rotates three, and is as likely as its reverse, so repeated steps tend to the uniform spread over such
    deals (`ai/sampling.py`). Exchanges alone cannot reach every deal (three tiles each barred from a different
    place may only rotate). The steps' randomness is the kernel's splitmix64 from ``seed``."""
    n: cython.int = len(places)
    k: cython.int
    i: cython.int
    j: cython.int
    m: cython.int
    pi: cython.int
    pj: cython.int
    pk: cython.int
    step: cython.int
    one: cython.ulonglong = 1
    if n < 2:
        return
    if n > _TILES:
        raise ValueError(f"at most {_TILES} tiles to stir, not {n}")
    pl = [0] * 64
    al = [0] * 64
    rs = [seed & _M64, 0]
    for k in range(n):
        pl[k] = places[k]
        al[k] = allowed[k]
    for step in range(steps):
        i = _draw(rs, n)
        j = _draw(rs, n)
        pi = pl[i]
        pj = pl[j]
        if pi == pj or not (al[i] >> pj) & one:
            continue
        if step & 1:
            if (al[j] >> pi) & one:
                pl[i] = pj
                pl[j] = pi
            continue
        m = _draw(rs, n)
        pk = pl[m]
        if pk != pi and pk != pj and (al[j] >> pk) & one and (al[m] >> pi) & one:
            pl[i] = pj
            pl[j] = pk
            pl[m] = pi
    for k in range(n):
        places[k] = pl[k]


@cython.locals(out=cython.ulonglong[16])  # type: ignore[misc, valid-type]  # a C array, see _Tiles
def gather(tiles: Sequence[int], places: Sequence[int], n: int) -> list[int]:
    """The ``n`` masks of a guess: tile ``tiles[k]`` (a number below 64) in the mask of place ``places[k]``
    (below ``n``, at most 16)."""
    k: cython.int
    one: cython.ulonglong = 1
    if not 0 < n <= 16:
        raise ValueError(f"1 to 16 places, not {n}")
    out = [0] * 16
    for k in range(len(tiles)):
        out[places[k]] |= one << tiles[k]
    return [out[k] for k in range(n)]


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
