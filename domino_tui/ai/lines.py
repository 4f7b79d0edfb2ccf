"""Line games on C integers: the loop that finishes a game with a policy per seat, the expert's exact search, and
random games for the tests and benchmarks.

A line game (`Rules.is_line`: block, partnership, partnership9) has two ends, no stock and nothing scored in play,
so `LineGame` keeps only each hand as a mask, the two ends and a few counters, and plays on. Its one loop serves
random play (RANDOM), the tournaments' fast path (FIRST: the dummy, HEAVIEST: the greedy bot, CALL: another bot's
choice asked of a Python object) and the expert's playouts (PLAYOUT, `PlayoutPolicy`); `LineSearch` is the
expert's alpha-beta over the rest of such a game with every hand open. The rules themselves (the other half of a
tile, the settlement, the deal) are the kernel's, called in C when compiled (engine/core.pxd).

Plain Python in Cython's pure-Python mode, the C layout of its classes in lines.pxd: compiled where the build
could (setup.py), interpreted otherwise or with DOMINO_TUI_PURE=1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ..engine.core import (
    BLOCKED,
    CLOSED,
    MAX_TILES,
    NOBODY,
    OUT,
    PASS_MOVE,
    Outcome,
    RuleCodes,
    Sim,
    seats_of,
    tables,
    tile_order,
)

if TYPE_CHECKING:
    from ..engine import _bits as cython
    from ..engine.rules import Rules
else:
    try:
        import cython
    except ImportError:  # Cython is a build dependency, optional at run time
        from ..engine import _bits as cython
    if not cython.compiled:  # interpreted: the shim's no-op names cost less than Cython's run-time module
        from ..engine import _bits as cython

if TYPE_CHECKING or not cython.compiled:
    from ..engine._bitops import highest_bit, lowest_bit, popcount
    from ..engine.core import TileTables, deal_hands, other_half, pip_sum, play_code, settle_teams
else:
    from cython.cimports.domino_tui.engine._bitops import highest_bit, lowest_bit, popcount
    from cython.cimports.domino_tui.engine.core import (
        TileTables,
        deal_hands,
        other_half,
        pip_sum,
        play_code,
        settle_teams,
    )

COMPILED: bool = cython.compiled

# How a seat of the loop chooses its play. As in the kernel, C integers when compiled, module attributes as well.
RANDOM = cython.declare(cython.int, 0)  # uniform among the legal plays (the random bot), from the game's splitmix64
FIRST = cython.declare(cython.int, 1)  # the first legal play: the lowest tile at the left end, else at the right
HEAVIEST = cython.declare(cython.int, 2)  # the heaviest play by pips, the first of equals in the legal order
PLAYOUT = cython.declare(cython.int, 3)  # the expert's playout policy (`PlayoutPolicy`)
CALL = cython.declare(cython.int, 4)  # ask calls[seat]: .lead(hand) -> a play on an empty table; .line(left fits,
# right fits, left, right) -> a play
globals().update(RANDOM=RANDOM, FIRST=FIRST, HEAVIEST=HEAVIEST, PLAYOUT=PLAYOUT, CALL=CALL)

POINTS = 1024  # room for any game's points in LineSearch's tables (a double-nine set has 495 pips)
CHANCE = cython.declare(cython.int, 1 << 16)  # the resolution of a PlayoutPolicy's explore chance
M64 = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
# Below this a random word has too few bits left for a fair small choice: draw a fresh one.
REFILL = cython.declare(cython.ulonglong, 1 << 32)
# The kernel's codes this module compares with, as C integers here too.
_CLOSED = cython.declare(cython.int, CLOSED)
_NOBODY = cython.declare(cython.int, NOBODY)


# ----- the one greedy choice -----


@cython.cclass
class TileWeights:
    """How heavy each tile is, for the heaviest play: the greedy rule of every bot that sheds weight (the greedy
    and doubles bots, the tournaments' fast path, the playouts), written here once."""

    if TYPE_CHECKING:
        weight: list[int]

    def __init__(self, weight: Sequence[int]) -> None:
        if len(weight) > MAX_TILES or min(weight) < 0:
            raise ValueError(f"a weight of at least 0 for each of at most {MAX_TILES} tiles")
        self.weight = list(weight) + [0] * (MAX_TILES - len(weight))

    @cython.ccall
    @cython.exceptval(check=False)
    def heaviest(
        self, left: cython.ulonglong, right: cython.ulonglong = 0, up: cython.ulonglong = 0, down: cython.ulonglong = 0
    ) -> cython.int:
        """The heaviest play of the tiles that fit each end (a lead is played on the left end), as its int move:
        of equals, the first in the legal order (end by end, each end's tiles in set order); -1 if none fits."""
        code: cython.int = self._heavier(left, 0, -1)
        if right:
            code = self._heavier(right, 1, code)
        if up:
            code = self._heavier(up, 2, code)
        if down:
            code = self._heavier(down, 3, code)
        return code

    @cython.cfunc
    @cython.exceptval(check=False)
    def _heavier(self, fits: cython.ulonglong, end: cython.int, code: cython.int) -> cython.int:
        """``code``, or the first play of ``fits`` at ``end`` that is heavier than it."""
        best: cython.int = self.weight[code >> 2] if code >= 0 else -1
        i: cython.int
        while fits:
            i = lowest_bit(fits)
            if self.weight[i] > best:
                best = self.weight[i]
                code = play_code(i, end)
            fits &= fits - 1
        return code


@cache
def pip_weights(max_pip: int) -> TileWeights:
    """The tiles weighed by their pips (the greedy bot's)."""
    return TileWeights([low + high for low, high in tile_order(max_pip)])


@cache
def doubles_first_weights(max_pip: int) -> TileWeights:
    """Any double heavier than any other tile, then by pips (the doubles bot's)."""
    return TileWeights([low + high + (100 if low == high else 0) for low, high in tile_order(max_pip)])


# ----- the expert's playouts and the random numbers of a game -----


@cython.cclass
class PlayoutPolicy:
    """The expert's playout policy in a line game: with chance ``explore`` a random tile, else the heaviest by
    ``weights``; with ``control``, a play also gains ``control`` for each tile the hand keeps that follows the end
    it leaves. Its random choices are the game's, so a playout makes no Python call at all once compiled."""

    if TYPE_CHECKING:
        weights: TileWeights
        explore: int  # out of CHANCE
        control: int

    def __init__(self, weights: TileWeights, explore: float, control: int = 0) -> None:
        self.weights = weights
        self.explore = round(explore * CHANCE)
        self.control = control


@cython.cclass
class Splitmix:
    """A line game's random numbers: splitmix64 from a 64-bit seed, each word serving several small draws while
    enough of it is left."""

    if TYPE_CHECKING:
        state: int
        word: int  # the unused part of the last word

    def __init__(self, seed: int) -> None:
        self.state = seed & M64
        self.word = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    @cython.cdivision(True)  # the operands are never negative, and never zero divisors
    def below(self, j: cython.int) -> cython.int:
        """A number below ``j``."""
        z: cython.ulonglong
        # Typed, so that the arithmetic stays in 64-bit C integers when compiled (it wraps, as intended).
        m64: cython.ulonglong = M64
        golden: cython.ulonglong = 0x9E3779B97F4A7C15
        mix1: cython.ulonglong = 0xBF58476D1CE4E5B9
        mix2: cython.ulonglong = 0x94D049BB133111EB
        if self.word < REFILL:
            self.state = (self.state + golden) & m64
            z = self.state
            z = ((z ^ (z >> 30)) * mix1) & m64
            z = ((z ^ (z >> 27)) * mix2) & m64
            self.word = z ^ (z >> 31)
        k: cython.int = self.word % j
        self.word //= j
        return k


@cython.cfunc
@cython.exceptval(check=False)
def nth_tile(fits: cython.ulonglong, n: cython.int) -> cython.int:
    """The ``n``-th tile of ``fits`` (from 0), in set order."""
    while n:
        fits &= fits - 1
        n -= 1
    return lowest_bit(fits)


# ----- the line loop -----


@cython.cclass
class LineGame:
    """A line game on C integers: each seat's hand, the two ends (``left`` CLOSED: nothing laid yet), whose turn,
    the passes in a row, who played last; after a `play_out`, the plays it made and the seat that went out (``out``;
    NOBODY when the game was blocked). ``kinds[seat]`` is how each seat chooses (RANDOM ... CALL)."""

    if TYPE_CHECKING:
        tiles: TileTables
        greedy: TileWeights
        seats: int
        hands: list[int]
        kinds: list[int]
        turn: int
        left: int
        right: int
        passes: int
        last: int
        plays: int
        out: int
        random: Splitmix

    def __init__(self, tiles: TileTables, kinds: Sequence[int], seed: int = 0) -> None:
        self.tiles = tiles
        self.greedy = pip_weights(tiles.max_pip)
        self.seats = seats_of(len(kinds))
        self.random = Splitmix(seed)
        self.hands = [0] * 8
        self.kinds = [0] * 8
        for s in range(self.seats):
            self.kinds[s] = kinds[s]

    def reset(self, masks: Sequence[int], turn: int, left: int, right: int, passes: int, last: int) -> None:
        """Set the game to the hands ``masks`` and the rest of a position."""
        s: cython.int
        for s in range(self.seats):
            self.hands[s] = masks[s]
        self.set_play(turn, left, right, passes, last)

    @cython.cfunc
    @cython.exceptval(check=False)
    def set_play(
        self, turn: cython.int, left: cython.int, right: cython.int, passes: cython.int, last: cython.int
    ) -> cython.void:
        """Set the position but the hands (already in place): whose turn, the ends, the passes in a row, the last
        seat to play; none played since."""
        self.turn = turn
        self.left = left
        self.right = right
        self.passes = passes
        self.last = last
        self.plays = 0
        self.out = NOBODY

    def reset_to(self, sim: Sim) -> None:
        """Set the game to ``sim``'s position, a line game under way."""
        layout = sim.layout
        self.reset(sim.masks, sim.turn, layout.end(0), layout.end(1), sim.passes, sim.last_play)

    @cython.cfunc
    @cython.exceptval(check=False)
    def take_position(self, start: LineGame) -> cython.void:
        """Set the game to ``start``'s position: its hands, ends, turn and passes (none played since)."""
        s: cython.int
        for s in range(self.seats):
            self.hands[s] = start.hands[s]
        self.turn = start.turn
        self.left = start.left
        self.right = start.right
        self.passes = start.passes
        self.last = start.last
        self.plays = 0
        self.out = NOBODY

    @cython.ccall
    def reseed(self, seed: cython.ulonglong) -> cython.void:
        """Start the game's random numbers again from ``seed``."""
        self.random.state = seed
        self.random.word = 0

    def hand(self, seat: int) -> int:
        return self.hands[seat]

    @cython.cfunc
    @cython.exceptval(-2, check=True)
    def play_out(self, forced: cython.int, policy: PlayoutPolicy, calls: Sequence[Any], trace: Any) -> cython.int:
        """Play on to the end, each seat by its kind; returns the seat that went out, or NOBODY. ``forced``, if not
        NOBODY, is the tile the player to act must lead (the highest double). A seat passes when nothing fits, and
        a round of passes blocks the game. ``trace``, a list or None, collects the moves made (the forced lead
        aside)."""
        t: TileTables = self.tiles
        greedy: TileWeights = self.greedy
        hand: cython.ulonglong
        left_fits: cython.ulonglong
        right_fits: cython.ulonglong
        code: cython.int
        kind: cython.int
        count: cython.int
        while True:
            hand = self.hands[self.turn]
            if forced != _NOBODY:
                code = play_code(forced, 0)
                forced = _NOBODY
            else:
                if self.left == _CLOSED:
                    left_fits = hand
                    right_fits = 0
                else:
                    left_fits = t.match[self.left] & hand
                    right_fits = t.match[self.right] & hand
                if not (left_fits | right_fits):
                    if trace is not None:
                        trace.append(PASS_MOVE)
                    self.passes += 1
                    if self.passes >= self.seats:
                        break
                    self._next_seat()
                    continue
                self.passes = 0
                kind = self.kinds[self.turn]
                if kind == RANDOM:
                    count = popcount(left_fits)
                    code = self.random.below(count + popcount(right_fits))
                    if code < count:
                        code = play_code(nth_tile(left_fits, code), 0)
                    else:
                        code = play_code(nth_tile(right_fits, code - count), 1)
                elif kind == FIRST:
                    code = play_code(lowest_bit(left_fits), 0) if left_fits else play_code(lowest_bit(right_fits), 1)
                elif kind == HEAVIEST:
                    code = greedy.heaviest(left_fits, right_fits)
                elif kind == PLAYOUT:
                    code = self._playout_choice(policy, hand, left_fits, right_fits)
                elif self.left == _CLOSED:
                    code = calls[self.turn].lead(hand) & ~3
                else:
                    code = calls[self.turn].line(left_fits, right_fits, self.left, self.right)
                if trace is not None:
                    trace.append(code)
            if self._lay(code):
                self.out = self.turn
                break
            self._next_seat()
        return self.out

    @cython.ccall
    @cython.exceptval(-2, check=True)
    def play_then_out(self, move: cython.int, policy: PlayoutPolicy) -> cython.int:
        """Make ``move`` (a play, or PASS_MOVE) for the seat to act, then play out (`play_out`)."""
        if move < 0:
            self.passes += 1
            if self.passes >= self.seats:
                return self.out
            self._next_seat()
        else:
            if self._lay(move):
                self.out = self.turn
                return self.out
            self.passes = 0
            self._next_seat()
        return self.play_out(NOBODY, policy, (), None)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _lay(self, code: cython.int) -> cython.bint:
        """Lay the seat to act's play ``code``: the end it names takes the tile's other half. True when it was the
        seat's last tile."""
        t: TileTables = self.tiles
        tile: cython.int = code >> 2
        low: cython.int = t.low[tile]
        high: cython.int = t.high[tile]
        if self.left == _CLOSED:
            self.left = low
            self.right = high
        elif code & 3:
            self.right = other_half(low, high, self.right)
        else:
            self.left = other_half(low, high, self.left)
        self.hands[self.turn] ^= cython.cast(cython.ulonglong, 1) << tile
        self.last = self.turn
        self.plays += 1
        return self.hands[self.turn] == 0

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _next_seat(self) -> cython.void:
        self.turn += 1
        if self.turn == self.seats:
            self.turn = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _playout_choice(
        self,
        policy: PlayoutPolicy,
        hand: cython.ulonglong,
        left_fits: cython.ulonglong,
        right_fits: cython.ulonglong,
    ) -> cython.int:
        """The expert's playout play (`PlayoutPolicy`). A tile picked at random (or the only one) goes on the end
        it fits; one that fits both goes on either, as likely."""
        fits: cython.ulonglong = left_fits | right_fits
        tile: cython.int
        if fits & (fits - 1) == 0:
            tile = lowest_bit(fits)
        elif policy.explore and self.random.below(CHANCE) < policy.explore:
            tile = nth_tile(fits, self.random.below(popcount(fits)))
        elif policy.control and self.left != _CLOSED:
            return self._controlling(policy, hand, left_fits, right_fits)
        else:
            return policy.weights.heaviest(left_fits, right_fits)
        if not left_fits >> tile & 1:
            return play_code(tile, 1)
        if right_fits >> tile & 1 and self.left != self.right and self.random.below(2):
            return play_code(tile, 1)
        return play_code(tile, 0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _controlling(
        self,
        policy: PlayoutPolicy,
        hand: cython.ulonglong,
        left_fits: cython.ulonglong,
        right_fits: cython.ulonglong,
    ) -> cython.int:
        """The play best by weight plus ``control`` for each tile kept that follows the end it leaves (heavy tiles,
        and ends the hand can follow); of equals, the first in the legal order."""
        t: TileTables = self.tiles
        weight: TileWeights = policy.weights
        control: cython.int = policy.control
        best: cython.int = -1
        code: cython.int = -1
        value: cython.int
        tile: cython.int
        end: cython.int
        fits: cython.ulonglong
        showing: cython.int
        for end in range(2):
            fits = right_fits if end else left_fits
            showing = self.right if end else self.left
            while fits:
                tile = lowest_bit(fits)
                fits &= fits - 1
                kept: cython.ulonglong = hand ^ cython.cast(cython.ulonglong, 1) << tile
                value = weight.weight[tile] + control * popcount(
                    kept & t.match[other_half(t.low[tile], t.high[tile], showing)]
                )
                if value > best:
                    best = value
                    code = play_code(tile, end)
        return code


def play_line(
    sim: Sim,
    kinds: Sequence[int],
    seed: int = 0,
    calls: Sequence[Any] = (),
    policy: PlayoutPolicy | None = None,
    trace: list[int] | None = None,
) -> Outcome:
    """Finish ``sim``, a line game, in the loop, each seat by its kind (``kinds``); returns the outcome.
    ``seed`` seeds the game's random numbers; ``calls`` are CALL seats' choosers, ``policy`` PLAYOUT seats';
    ``trace`` collects the moves made, so that a test can replay them through the referee."""
    if policy is None:
        if PLAYOUT in kinds:
            raise ValueError("a PLAYOUT seat needs a PlayoutPolicy")
        policy = PlayoutPolicy(pip_weights(sim.rules.max_pip), 0.0)  # unused: no seat plays it
    game: LineGame = LineGame(sim.tiles, kinds, seed)
    game.reset_to(sim)
    out = game.play_out(NOBODY, policy, calls, trace)
    for s in range(game.seats):
        sim.masks[s] = game.hand(s)
    sim.layout.extend_line(game.left, game.right, game.plays)
    sim.turn = game.turn
    sim.passes = game.passes
    sim.last_play = game.last
    sim.finish(BLOCKED if out == NOBODY else OUT, out)
    assert sim.outcome is not None
    return sim.outcome


# ----- the exact search of a line game with every hand open -----


@cython.cclass
class LineSearch:
    """Alpha-beta over the rest of a line game with every hand open, between two teams (seat s in team s % 2), on
    C integers when compiled: the expert's endgame search; and its playouts (`playouts`), valued the same way.

    A finished game is worth what the caller's tables say, by who won and the points the winner took:
    ``win[points]`` for ``team``, ``lose[points]`` for the other team, ``draw`` for nobody. Tiles are tried
    heaviest first."""

    if TYPE_CHECKING:
        tiles: TileTables
        seats: int
        team: int
        scores: int
        blocked: int
        nodes: int
        limit: int
        stopped: bool
        deadline: float
        draw: float
        clock: Callable[[], float]
        order: list[int]
        hands: list[int]
        seat_pips: list[int]
        points: list[int]
        win: list[float]
        lose: list[float]

    def __init__(
        self,
        rules: RuleCodes,
        team: int,
        win: Sequence[float],
        lose: Sequence[float],
        draw: float,
        clock: Callable[[], float],
    ) -> None:
        if not rules.is_line or rules.teams != 2:
            raise ValueError("not a line game between two teams")
        t: TileTables = tables(rules.max_pip)
        pips = [t.pips[i] for i in range(t.size)]
        top = sum(pips) + 1
        if len(win) < top or len(lose) < top or top > POINTS:
            raise ValueError(f"the tables need a value for every total from 0 to {top - 1}")
        self.tiles = t
        self.seats = seats_of(rules.players)
        self.team = team
        self.scores = rules.scores
        self.blocked = rules.blocked
        self.order = sorted(range(MAX_TILES), key=lambda i: -pips[i] if i < len(pips) else 1)
        self.hands = [0] * 8
        self.seat_pips = [0] * 8
        self.points = [0, 0]
        self.win = [float(v) for v in win[:top]] + [0.0] * (POINTS - top)
        self.lose = [float(v) for v in lose[:top]] + [0.0] * (POINTS - top)
        self.draw = draw
        self.clock = clock
        self.nodes = 0
        self.limit = 0

    def solve(self, root: Sim, moves: Sequence[int], limit: int, deadline: float) -> list[float] | None:
        """The value for the team of each of ``moves`` (plays, or PASS_MOVE) at ``root``, a line game under way;
        None once the search has visited ``limit`` positions or ``clock()`` has passed ``deadline``."""
        t: TileTables = self.tiles
        n: cython.int = self.seats
        masks = root.masks
        left: cython.int = root.layout.end(0)
        right: cython.int = root.layout.end(1)
        turn: cython.int = root.turn
        passes: cython.int = root.passes
        s: cython.int
        tile: cython.int
        low: cython.int
        high: cython.int
        bit: cython.ulonglong
        value: cython.double
        self.nodes = limit
        self.limit = limit
        self.stopped = False
        self.deadline = deadline
        for s in range(n):
            self.hands[s] = masks[s]
            self.seat_pips[s] = pip_sum(t, masks[s])
        out: list[float] = []
        for move in moves:
            if move < 0:
                value = self._node(left, right, (turn + 1) % n, passes + 1, -1e300, 1e300)
            else:
                tile = move >> 2
                low = t.low[tile]
                high = t.high[tile]
                bit = cython.cast(cython.ulonglong, 1) << tile
                self.hands[turn] ^= bit
                self.seat_pips[turn] -= t.pips[tile]
                if not self.hands[turn]:
                    value = self._end(turn % 2)
                elif move & 3 == 0:
                    value = self._node(other_half(low, high, left), right, (turn + 1) % n, 0, -1e300, 1e300)
                else:
                    value = self._node(left, other_half(low, high, right), (turn + 1) % n, 0, -1e300, 1e300)
                self.hands[turn] ^= bit
                self.seat_pips[turn] += t.pips[tile]
            if self.stopped:
                return None
            out.append(value)
        return out

    def playouts(
        self, root: Sim, moves: Sequence[int], policy: PlayoutPolicy, seeds: Sequence[int], totals: list[float]
    ) -> None:
        """Play each of ``moves`` at ``root`` (as in `solve`, or a lead on an empty table) and finish the game with
        every seat playing ``policy``, from the seed ``seeds[k]``; add what the end is worth to ``totals[k]``. The
        same game as `Sim.apply` then `play_line`, without a Python object per play."""
        t: TileTables = self.tiles
        n: cython.int = self.seats
        s: cython.int
        k: cython.int
        out: cython.int
        start: LineGame = LineGame(t, [PLAYOUT] * n)
        start.reset_to(root)
        game: LineGame = LineGame(t, [PLAYOUT] * n)
        for k in range(len(moves)):
            game.take_position(start)
            game.reseed(seeds[k])
            out = game.play_then_out(moves[k], policy)
            for s in range(n):
                self.seat_pips[s] = pip_sum(t, game.hands[s])
            totals[k] += self._end(NOBODY if out == NOBODY else out % 2)

    def visited(self) -> int:
        """Positions the last `solve` visited (up to its limit)."""
        return min(self.limit, self.limit - self.nodes)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _end(self, out_team: cython.int) -> cython.double:
        """What the game is worth, settled from the pips in ``seat_pips``; ``out_team`` went out (or NOBODY)."""
        winner: cython.int = settle_teams(
            self.scores, self.blocked, 2, self.seats, out_team, self.seat_pips, self.points, True
        )
        if winner == _NOBODY:
            return self.draw
        if winner == self.team:
            return self.win[self.points[winner]]
        return self.lose[self.points[winner]]

    @cython.cfunc
    @cython.exceptval(-1e301, check=True)
    def _node(
        self,
        left: cython.int,
        right: cython.int,
        turn: cython.int,
        passes: cython.int,
        alpha: cython.double,
        beta: cython.double,
    ) -> cython.double:
        t: TileTables = self.tiles
        hand: cython.ulonglong = self.hands[turn]
        playable: cython.ulonglong
        bit: cython.ulonglong
        k: cython.int
        tile: cython.int
        low: cython.int
        high: cython.int
        new_left: cython.int
        new_right: cython.int
        side: cython.int
        following: cython.int
        maximize: cython.bint
        value: cython.double
        best: cython.double
        self.nodes -= 1
        if self.nodes < 0 or (not self.nodes & 1023 and self.clock() > self.deadline):
            self.stopped = True
            return 0.0
        playable = hand & (t.match[left] | t.match[right])
        following = turn + 1
        if following == self.seats:
            following = 0
        if not playable:
            if passes + 1 >= self.seats:
                return self._end(_NOBODY)
            return self._node(left, right, following, passes + 1, alpha, beta)
        maximize = turn % 2 == self.team
        best = -1e300 if maximize else 1e300
        for k in range(t.size):
            tile = self.order[k]
            bit = cython.cast(cython.ulonglong, 1) << tile
            if not playable & bit:
                continue
            low = t.low[tile]
            high = t.high[tile]
            self.hands[turn] = hand ^ bit
            self.seat_pips[turn] -= t.pips[tile]
            for side in range(2):
                if side == 0:
                    if left != low and left != high:
                        continue
                    new_left = other_half(low, high, left)
                    new_right = right
                else:
                    if (right != low and right != high) or left == right:
                        continue
                    new_left = left
                    new_right = other_half(low, high, right)
                if self.hands[turn] == 0:
                    value = self._end(turn % 2)
                else:
                    value = self._node(new_left, new_right, following, 0, alpha, beta)
                if self.stopped:
                    break
                if maximize:
                    if value > best:
                        best = value
                        if value > alpha:
                            alpha = value
                elif value < best:
                    best = value
                    if value < beta:
                        beta = value
                if alpha >= beta:
                    break
            self.hands[turn] = hand
            self.seat_pips[turn] += t.pips[tile]
            if self.stopped or alpha >= beta:
                return best
        return best


# ----- random line games, dealt, played and settled -----


@cython.cclass
class RandomLines:
    """Random games of a line variant, one per `play`: dealt by the kernel's deal from the injected random.Random,
    played by the line loop with every seat RANDOM (its random numbers seeded once from the same random.Random, so
    a seed replays, compiled or not), and settled by the rules. The random bot's games, for tests and the speed
    benchmark: compiled, the deal goes straight into the loop's hands (`deal_hands`), and Python objects are made
    only for the opening and the result."""

    if TYPE_CHECKING:
        rules: Rules
        codes: RuleCodes
        rng: Any
        tiles: TileTables
        seats: int
        hand_size: int
        scores: int
        blocked: int
        game: LineGame
        unused_policy: PlayoutPolicy
        pips: list[int]
        points: list[int]

    def __init__(self, rules: Rules, rng: Any) -> None:
        codes = rules.kernel
        if not codes.is_line:
            raise ValueError(f"{rules.name} is not a line game")
        if codes.teams != 2:
            raise ValueError("the kernel settles games between two teams")
        self.rules = rules
        self.codes = codes
        self.rng = rng
        self.tiles = tables(codes.max_pip)
        self.seats = seats_of(codes.players)
        self.hand_size = codes.hand_size
        self.scores = codes.scores
        self.blocked = codes.blocked
        self.game = LineGame(self.tiles, [RANDOM] * self.seats, rng.getrandbits(64))  # one game, dealt again each time
        self.unused_policy = PlayoutPolicy(pip_weights(codes.max_pip), 0.0)  # no seat plays it
        self.pips = [0] * 8
        self.points = [0, 0]

    def play(
        self, trace: list[int] | None = None, deals: list[tuple[list[int], Any]] | None = None
    ) -> tuple[int | None, tuple[int, ...]]:
        """Deal and play one random game; returns the winning team (None: a tie) and each team's points.
        ``trace`` collects the moves after the opening, ``deals`` the hands dealt and the opening, so that a test
        can replay the game through GameState."""
        rules = self.rules
        t: TileTables = self.tiles
        n: cython.int = self.seats
        s: cython.int
        opening = rules.first_opening(rules, self.rng)
        lead: cython.int = NOBODY if opening.seat is None else opening.seat
        game: LineGame = self.game
        deal_hands(t, n, self.hand_size, lead == NOBODY, self.rng, game.hands)  # dealt in place
        forced: cython.int = NOBODY
        held: cython.ulonglong = 0
        if lead == NOBODY:  # the holder of the highest double leads it (the deal holds one)
            for s in range(n):
                held |= game.hands[s]
            forced = highest_bit(held & t.doubles)
            for s in range(n):
                if game.hands[s] >> forced & 1:
                    lead = s
        if deals is not None:
            deals.append(([game.hands[s] for s in range(n)], opening))
        game.set_play(lead, CLOSED, CLOSED, 0, NOBODY)
        out: cython.int = game.play_out(forced, self.unused_policy, (), trace)
        for s in range(n):
            self.pips[s] = pip_sum(t, game.hands[s])
        winner: cython.int = settle_teams(
            self.scores, self.blocked, 2, n, NOBODY if out == NOBODY else out % 2, self.pips, self.points, True
        )
        return (None if winner == NOBODY else winner), (self.points[0], self.points[1])
