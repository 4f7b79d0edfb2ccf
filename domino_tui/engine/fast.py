"""The skinny game: the same rules as GameState on bare integers, for playouts and search.

GameState is the referee: it validates, keeps the ordered hands, the layout and the public history. Search and
bulk simulation need none of that, only who holds which tiles (bit masks), the numbers showing at the ends, the
stock and a few counters, so a position copies in a microsecond. A move is an int: ``tile_index * 4 + end`` for a
play, DRAW_MOVE or PASS_MOVE otherwise. The rules come from the same Rules object and its settle function, and a
test replays thousands of seeded games through both and requires identical results, so they cannot drift apart.
"""

from __future__ import annotations

import random
from functools import cache

from .board import CLOSED, Board
from .moves import DRAW, PASS, End, Kind, Move
from .rules import DrawRule, GameResult, Opening, Reason, Rules
from .tiles import tile_set
from .variants import get_rules

DRAW_MOVE = -1
PASS_MOVE = -2

# Below this a random word no longer has enough bits left for an unbiased small choice: draw a fresh one.
_REFILL = 1 << 64


class Sim:
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
        "sp_left",
        "sp_right",
        "sp_pip",
        "tiles_down",
        "turn",
        "passes",
        "fives",
        "result",
        "last_play",
        "draw_rule",
        "must_play",
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
        # Whether the outer tile at each end is a double (it then counts twice in All Fives), and whether the
        # up/down arms hold a tile (an empty arm counts nothing).
        self.dbl = [False, False, False, False]
        self.arm = [False, False]
        # The spinner: sp_pip is its number (-1 before one is played); sp_left/sp_right say whether its left and
        # right sides in the line already hold a tile.
        self.sp_left = False
        self.sp_right = False
        self.sp_pip = -1
        self.tiles_down = 0
        self.turn = 0
        self.passes = 0
        self.fives = [0] * len(rules.teams)
        self.result: GameResult | None = None
        self.last_play: int | None = None
        self.draw_rule = rules.draw
        self.must_play = rules.must_play

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
        sim._open(opening)
        return sim

    def _open(self, opening: Opening) -> None:
        if opening.seat is not None:
            self.turn = opening.seat
            return
        # Doubles come in set order, so the highest double held is the highest double bit of any hand.
        held = sum(self.masks) & tile_set(self.rules.max_pip).doubles_mask
        if not held:
            raise ValueError("nobody holds a double")
        d = held.bit_length() - 1
        for seat, mask in enumerate(self.masks):
            if (mask >> d) & 1:
                self.turn = seat
                self.play(d * 4)
                return

    @classmethod
    def from_board(cls, rules: Rules, board: Board, masks: list[int], stock: list[int], turn: int) -> Sim:
        """A position from a layout and explicit hands: how a bot sets up one guess at the hidden tiles."""
        sim = cls(rules)
        sim.masks = list(masks)
        sim.stock = list(stock)
        sim.turn = turn
        sim.ends = list(board.ends)
        sim.tiles_down = len(board)
        if board.line:
            first, last = board.line[0], board.line[-1]
            sim.dbl[0] = first.tile.is_double
            sim.dbl[1] = last.tile.is_double
        for k, arm in enumerate((board.up, board.down)):
            if arm:
                sim.arm[k] = True
                sim.dbl[2 + k] = arm[-1].tile.is_double
        if board.spinner is not None:
            sim.sp_pip = board.line[board.spinner].first
            sim.sp_left = board.spinner > 0
            sim.sp_right = board.spinner < len(board.line) - 1
        return sim

    @classmethod
    def from_state(cls, state) -> Sim:
        """The skinny copy of a GameState (hands, stock, layout, counters)."""
        sim = cls.from_board(state.rules, state.board, state.masks, state.stock, state.turn)
        sim.passes = state.passes
        sim.fives = list(state.fives)
        sim.result = state.result
        for ev in reversed(state.history):
            if ev.kind is Kind.PLAY:
                sim.last_play = ev.seat
                break
        return sim

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
        c.sp_left = self.sp_left
        c.sp_right = self.sp_right
        c.sp_pip = self.sp_pip
        c.tiles_down = self.tiles_down
        c.turn = self.turn
        c.passes = self.passes
        c.fives = self.fives.copy()
        c.result = self.result
        c.last_play = self.last_play
        c.draw_rule = self.draw_rule
        c.must_play = self.must_play
        return c

    # ----- moves -----

    def legal(self) -> list[int]:
        """Legal moves in the same order as GameState.legal_moves (which lists them with this same function)."""
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

    def play(self, move: int) -> None:
        idx = move >> 2
        seat = self.turn
        self.masks[seat] ^= 1 << idx
        self.tiles_down += 1
        lo = self.low[idx]
        hi = self.high[idx]
        ends = self.ends
        rules = self.rules
        if ends[0] == CLOSED:
            ends[0] = lo
            ends[1] = hi
            if lo == hi:
                self.dbl[0] = self.dbl[1] = True
                if rules.spinner:
                    self.sp_pip = lo
        else:
            end = move & 3
            pip = ends[end]
            ends[end] = hi if pip == lo else lo
            self.dbl[end] = lo == hi
            if end >= 2:
                self.arm[end - 2] = True
                if end == 2 and ends[3] == CLOSED:
                    ends[3] = self.sp_pip
            elif rules.spinner:
                self._spinner_after_line_play(end, lo, hi)
        if rules.fives:
            count = self.count()
            if count and count % 5 == 0:
                self.fives[rules.team_of(seat)] += count
        self.passes = 0
        self.last_play = seat
        if not self.masks[seat]:
            self._finish(Reason.OUT, seat)
            return
        if rules.stalemate_eight and ends[0] == ends[1] and self._on_table(ends[0]) >= 8:
            self._finish(Reason.STALEMATE, None)
            return
        self._next_turn()

    def _spinner_after_line_play(self, end: int, lo: int, hi: int) -> None:
        if self.sp_pip < 0:
            if lo == hi:
                self.sp_pip = lo
                # The new spinner lies at the end it was played on; its inner side touches the line.
                self.sp_left = end == 1
                self.sp_right = end == 0
            return
        if end == 0:
            self.sp_left = True
        else:
            self.sp_right = True
        if self.sp_left and self.sp_right and self.ends[2] == CLOSED:
            self.ends[2] = self.sp_pip

    def _on_table(self, pip: int) -> int:
        """Halves showing ``pip`` on the table: every such half not in a hand or the stock (classic only)."""
        n = 0
        match = self.match[pip]
        held = 0
        for m in self.masks:
            held |= m
        for i in self.stock:
            held |= 1 << i
        down = match & ~held
        while down:
            bit = down & -down
            i = bit.bit_length() - 1
            n += (self.low[i] == pip) + (self.high[i] == pip)
            down ^= bit
        return n

    def count(self) -> int:
        """The All Fives count, as Board.count computes it."""
        ends = self.ends
        if self.tiles_down <= 1:
            return ends[0] + ends[1] if self.tiles_down else 0
        dbl = self.dbl
        total = ends[0] * 2 if dbl[0] else ends[0]
        total += ends[1] * 2 if dbl[1] else ends[1]
        if self.arm[0]:
            total += ends[2] * 2 if dbl[2] else ends[2]
        if self.arm[1]:
            total += ends[3] * 2 if dbl[3] else ends[3]
        return total

    def draw(self) -> None:
        self.masks[self.turn] |= 1 << self.stock.pop()
        if self.draw_rule is DrawRule.ONE_ENDS_TURN:
            self._next_turn()

    def pass_turn(self) -> None:
        self.passes += 1
        if self.must_play and self.passes >= self.players:
            self._finish(Reason.BLOCKED, None)
            return
        self._next_turn()

    def _next_turn(self) -> None:
        # Classic: with the stock gone and no tile fitting anywhere, nobody can ever move again.
        if not self.must_play and not self.stock and not any(self.playable(s) for s in range(self.players)):
            self._finish(Reason.BLOCKED, None)
            return
        self.turn = (self.turn + 1) % self.players

    def _finish(self, reason: Reason, out_seat: int | None) -> None:
        totals = list(map(self.pip_sum, self.masks))
        winner, points = self.rules.settle(self.rules, reason, out_seat, totals)
        self.result = GameResult(reason, winner, points, tuple(totals), out_seat, self.last_play)

    def team_points(self) -> tuple[int, ...]:
        if self.result is None:
            return tuple(self.fives)
        return tuple(f + p for f, p in zip(self.fives, self.result.points, strict=True))

    # ----- whole games -----

    def random_playout(self, rng: random.Random, trace: list[int] | None = None) -> GameResult:
        """Play to the end choosing uniformly among legal moves (the random bot, on bare ints).

        ``trace`` collects the moves made, so a test can replay them through GameState and compare."""
        rules = self.rules
        if self.result is None and rules.draw is DrawRule.NONE and not rules.spinner and not rules.fives:
            return self._line_playout(rng, trace)
        legal = self.legal
        apply = self.apply
        choice = rng.choice
        while self.result is None:
            move = choice(legal())
            if trace is not None:
                trace.append(move)
            apply(move)
        return self.result

    def _line_playout(self, rng: random.Random, trace: list[int] | None) -> GameResult:
        """The random playout of a no-stock, two-ended game with everything in local variables.

        This is the engine's innermost loop (search playouts, bulk simulation), so it trades the generic
        apply() for straight-line integer code: one random word feeds many choices, and a move is picked as the
        k-th set bit of the fitting tiles at the left end, then at the right (the order legal() lists them).
        """
        masks = self.masks
        match = self.match
        other = _other_half(self.rules.max_pip)
        following = _FOLLOWING[self.players]
        n = self.players
        turn = self.turn
        passes = self.passes
        left, right = self.ends[0], self.ends[1]
        last = self.last_play
        refill = _REFILL
        getbits = rng.getrandbits
        word = getbits(128)
        out = None
        plays = 0
        if left == CLOSED:
            hand = masks[turn]
            word, k = divmod(word, hand.bit_count())
            while k:
                hand &= hand - 1
                k -= 1
            bit = hand & -hand
            i = bit.bit_length() - 1
            if trace is not None:
                trace.append(i << 2)
            masks[turn] ^= bit
            left, right = self.low[i], self.high[i]
            plays = 1
            last = turn
            if not masks[turn]:
                out = turn
            turn = following[turn]
        while out is None:
            hand = masks[turn]
            fit_left = hand & match[left]
            fit_right = hand & match[right]
            if not (fit_left | fit_right):
                if trace is not None:
                    trace.append(PASS_MOVE)
                passes += 1
                if passes >= n:
                    break
                turn = following[turn]
                continue
            passes = 0
            count_left = fit_left.bit_count()
            if word < refill:
                word = getbits(128)
            word, k = divmod(word, count_left + fit_right.bit_count())
            if k < count_left:
                while k:
                    fit_left &= fit_left - 1
                    k -= 1
                bit = fit_left & -fit_left
                i = bit.bit_length() - 1
                left = other[i << 4 | left]
                if trace is not None:
                    trace.append(i << 2)
            else:
                k -= count_left
                while k:
                    fit_right &= fit_right - 1
                    k -= 1
                bit = fit_right & -fit_right
                i = bit.bit_length() - 1
                right = other[i << 4 | right]
                if trace is not None:
                    trace.append(i << 2 | 1)
            hand ^= bit
            masks[turn] = hand
            last = turn
            plays += 1
            if not hand:
                out = turn
                break
            turn = following[turn]
        self.tiles_down += plays
        self.ends[0], self.ends[1] = left, right
        self.turn = turn
        self.passes = passes
        self.last_play = last
        self._finish(Reason.BLOCKED if out is None else Reason.OUT, out)
        return self.result  # type: ignore[return-value]


@cache
def _other_half(max_pip: int) -> tuple[int, ...]:
    """other[i << 4 | pip]: the half of tile i that is not ``pip`` (pips fit in 4 bits up to double-fifteen)."""
    ts = tile_set(max_pip)
    table = [CLOSED] * (ts.size << 4)
    for i, t in enumerate(ts.tiles):
        table[i << 4 | t.low] = t.high
        table[i << 4 | t.high] = t.low
    return tuple(table)


_FOLLOWING = {n: tuple((s + 1) % n for s in range(n)) for n in range(2, 9)}


def fitting(match: tuple[int, ...], hand: int, ends: list[int]) -> int:
    """The tiles of ``hand`` that fit an open end (all of them on an empty table)."""
    if ends[0] == CLOSED:
        return hand
    fits = match[ends[0]] | match[ends[1]]
    if ends[2] != CLOSED:
        fits |= match[ends[2]]
    if ends[3] != CLOSED:
        fits |= match[ends[3]]
    return hand & fits


def legal_codes(rules: Rules, match: tuple[int, ...], hand: int, ends: list[int], stock: bool) -> list[int]:
    """Every legal move of the player holding ``hand``, as ints: plays end by end (left, right, up, down), each
    end's tiles in set order, then the draw or pass the variant allows. The referee and the simulator both list
    moves with this one function."""
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


def to_move(move: int, sim_or_rules: Sim | Rules) -> Move:
    """The public Move for an int move."""
    if move == DRAW_MOVE:
        return DRAW
    if move == PASS_MOVE:
        return PASS
    rules = sim_or_rules.rules if isinstance(sim_or_rules, Sim) else sim_or_rules
    return Move.play(tile_set(rules.max_pip).tiles[move >> 2], End(move & 3))


def from_move(move: Move, rules: Rules) -> int:
    """The int move for a public Move."""
    if move.kind is Kind.DRAW:
        return DRAW_MOVE
    if move.kind is Kind.PASS:
        return PASS_MOVE
    return (tile_set(rules.max_pip).index[move.tile] << 2) | int(move.end)  # type: ignore[index, arg-type]
