"""The train game's kernel (Mexican Train): the only code that knows how a round of trains is played, on integers.

A round starts from the hub's engine double; each seat owns a train and one more train (the Mexican train, index
``players``) is open to all. What is legal, laying a tile on a train (doubles to satisfy, markers), drawing and
passing, whose turn is next, the end of the round and its score are written here once. A tile is its index in the
set as in core.py ([0|0], [0|1], ... [n|n]: `core.tile_order`), a hand a bit mask of indices (a Python int: 91
tiles do not fit core.py's 64-bit C masks, which is why this kernel is a module of its own). A move is an int:
``tile << 4 | train`` for a play (`train_play_code`), core.DRAW_MOVE or core.PASS_MOVE.

Integers in, integers out, plain Python in Cython's pure-Python mode like core.py, its classes' C layout declared
in ``train_core.pxd``: compiled where the build could, else (or with DOMINO_TUI_PURE=1) this source runs
interpreted. The records around it (train_state.py, train_observation.py) turn its integers into readable objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from .core import DRAW_MOVE, NOBODY, PASS_MOVE, other_half, shuffle, tile_order

# How the engine double reaches the hub (EngineSearch in the records).
ENGINE_DRAWN = 0  # its holder lays it; if nobody holds it every seat draws one in turn, a turn of the table at a time
ENGINE_SET_ASIDE = 1  # it is taken out of the set before the deal, so nobody ever holds it
ENGINE_DRAWN_UNTIL_FOUND = 2  # as drawn, but the drawing stops at the first seat that draws it

# How a round ended.
ROUND_OUT = 0  # a seat emptied its hand (with no double left open, unless the rules allow it)
ROUND_BLOCKED = 1  # the boneyard is empty and no seat still in holds a tile for an end it could ever play on

TRAIN_SHIFT = 4  # a play's code keeps the train in its low 4 bits: at most 16 trains (8 seats and the Mexican)


def train_play_code(tile: int, train: int) -> int:
    return tile << TRAIN_SHIFT | train


def code_tile(code: int) -> int:
    return code >> TRAIN_SHIFT


def code_train(code: int) -> int:
    return code & ((1 << TRAIN_SHIFT) - 1)


class TrainTables:
    """A set's tiles as this kernel reads them: each index's numbers and pips, the tiles showing each number."""

    def __init__(self, max_pip: int) -> None:
        order = tile_order(max_pip)
        self.max_pip = max_pip
        self.size = len(order)
        self.low = [a for a, _ in order]
        self.high = [b for _, b in order]
        self.pips = [a + b for a, b in order]
        self.match = [mask_of(i for i, (a, b) in enumerate(order) if n in (a, b)) for n in range(max_pip + 1)]
        self.double = [order.index((n, n)) for n in range(max_pip + 1)]
        self.is_double = [a == b for a, b in order]


@cache
def train_tables(max_pip: int) -> TrainTables:
    return TrainTables(max_pip)


class TrainCodes:
    """The train rules as the kernel reads them (`TrainRules.kernel`)."""

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


def mask_of_hands(hands: Sequence[int]) -> int:
    mask = 0
    for h in hands:
        mask |= h
    return mask


def tiles_of_mask(mask: int) -> list[int]:
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out


class TrainRound:
    """One round on integers. ``trains[x]`` lists train x's tiles from the hub out, ``ends[x]`` the number it shows
    (the engine's at first), ``marked[x]`` whether its owner's marker is out (always True for the Mexican train)."""

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
        self.rules = rules
        self.t = t
        self.players = rules.players
        self.engine = engine
        self.hands = list(hands)
        self.boneyard = list(boneyard)
        n = rules.players
        self.trains: list[list[int]] = [[] for _ in range(n + 1)]
        self.ends = [engine] * (n + 1)
        self.marked = [False] * n + [True]
        self.open_double = NOBODY  # the train whose double waits to be satisfied
        self.turn = first_seat
        self.drew = False  # the seat to act drew this turn
        self.chaining = False  # the seat is laying its first turn's tiles on its own train
        self.first_done = [False] * n
        self.over = False
        self.reason = NOBODY
        self.out_seat = NOBODY
        self.search_draws: list[int] = []  # the seats that drew, in turn, while the engine was looked for
        self.out = [False] * n  # the seats that forfeited the round (`forfeit`): they take no more turns
        self.penalty = [0] * n  # what a forfeit adds to its seat's score: the boneyard's points when it forfeited
        if search:
            self._lay_engine(first_seat)
            self._blocked()

    def _lay_engine(self, first_seat: int) -> None:
        """Take the engine out of whichever hand holds it. While nobody does, the seats draw one tile each in turn
        from ``first_seat``: a whole turn of the table at a time, so that the hands stay even, or (the rules'
        other way) until the first of them draws it."""
        bit = 1 << self.t.double[self.engine]
        search = self.rules.engine_search
        if search == ENGINE_SET_ASIDE:
            if bit & (mask_of(self.boneyard) | mask_of_hands(self.hands)):
                raise ValueError("the engine is set aside before the deal, but it was dealt")
            return
        seat = first_seat
        while not any(h & bit for h in self.hands) or (search == ENGINE_DRAWN and seat != first_seat):
            if not self.boneyard:
                if any(h & bit for h in self.hands):
                    break  # the turn of the table cannot be finished: the boneyard is spent
                raise ValueError("nobody holds the engine double and the boneyard is empty")
            self.hands[seat] |= 1 << self.boneyard.pop()
            self.search_draws.append(seat)
            seat = (seat + 1) % self.players
        holder = next(s for s, h in enumerate(self.hands) if h & bit)
        self.hands[holder] ^= bit
        self.turn = holder

    def copy(self) -> TrainRound:
        other: TrainRound = TrainRound.__new__(TrainRound)
        other.rules = self.rules
        other.t = self.t
        other.players = self.players
        other.engine = self.engine
        other.open_double = self.open_double
        other.turn = self.turn
        other.drew = self.drew
        other.chaining = self.chaining
        other.over = self.over
        other.reason = self.reason
        other.out_seat = self.out_seat
        other.hands = self.hands.copy()
        other.boneyard = self.boneyard.copy()
        other.trains = [list(x) for x in self.trains]
        other.ends = self.ends.copy()
        other.marked = self.marked.copy()
        other.first_done = self.first_done.copy()
        other.search_draws = self.search_draws.copy()
        other.out = self.out.copy()
        other.penalty = self.penalty.copy()
        return other

    # ----- what may be played -----

    def playable_trains(self, seat: int) -> list[int]:
        """The trains ``seat`` may lay on now, leaving doubles aside: its own, the Mexican and the marked ones."""
        if self.chaining:
            return [seat]
        return [x for x in range(self.players + 1) if x == seat or self.marked[x]]

    def legal(self) -> list[int]:
        """The seat to act's moves: plays when any fits (a play is a must), else a draw, else a pass. While a
        double is open only plays on it; on a first turn's run of tiles, more tiles on its train or a pass to stop."""
        if self.over:
            return []
        seat = self.turn
        hand = self.hands[seat]
        match = self.t.match
        moves = []
        if self.open_double != NOBODY:  # only the double may be played on, even in a first turn's run
            x = self.open_double
            moves = [train_play_code(i, x) for i in tiles_of_mask(hand & match[self.ends[x]])]
        else:
            for x in self.playable_trains(seat):
                fits = hand & match[self.ends[x]]
                if fits:
                    moves.extend(train_play_code(i, x) for i in tiles_of_mask(fits))
            if self.chaining:
                moves.append(PASS_MOVE)  # stopping the run is always allowed
                return moves
        if moves:
            return moves
        if self.boneyard and not self.drew:
            return [DRAW_MOVE]
        return [PASS_MOVE]

    def is_legal(self, move: int) -> bool:
        return move in self.legal()

    # ----- moves -----

    def apply(self, move: int) -> int:
        """Make the legal ``move``; for a draw, the tile drawn."""
        if move == DRAW_MOVE:
            return self.draw()
        if move == PASS_MOVE:
            self.pass_turn()
        else:
            self.play(code_tile(move), code_train(move))
        return NOBODY

    def play(self, tile: int, train: int) -> None:
        seat = self.turn
        t = self.t
        self.hands[seat] ^= 1 << tile
        self.ends[train] = other_half(t.low[tile], t.high[tile], self.ends[train])
        self.trains[train].append(tile)
        if train == seat:
            self.marked[seat] = False
        if self.open_double == train:
            self.open_double = NOBODY
        self.drew = False
        double = t.is_double[tile]
        if double:
            self.open_double = train
        if self._round_ends() or self._blocked():
            return
        if double:
            return  # the seat that laid a double plays again, to satisfy it
        if train == seat and self.rules.first_turn_chain and not self.first_done[seat]:
            self.chaining = True
            return
        self._next_turn()

    def _round_ends(self) -> bool:
        """Settle the round if a hand is empty (and no double is open, unless the rules end it on one)."""
        if self.open_double != NOBODY and not self.rules.out_on_double:
            return False
        for s in range(self.players):
            seat = (self.turn + s) % self.players
            if not self.hands[seat]:
                self.over = True
                self.reason = ROUND_OUT
                self.out_seat = seat
                return True
        return False

    def _blocked(self) -> bool:
        """Settle the round as blocked if nobody can ever play again: the boneyard is empty and no seat still in
        holds a tile for an end it could play on, the open double's while one waits, else any train's. Any
        train's, because a seat that cannot play passes and puts its marker out, opening its train to the
        others: a count of passes in a row would end the round before a seat that passed gets that chance."""
        if self.boneyard:
            return False
        match = self.t.match
        if self.open_double != NOBODY:
            fits = match[self.ends[self.open_double]]
        else:
            fits = 0
            for end in self.ends:
                fits |= match[end]
        for s in range(self.players):
            if not self.out[s] and self.hands[s] & fits:
                return False
        self.over = True
        self.reason = ROUND_BLOCKED
        return True

    def draw(self) -> int:
        tile = self.boneyard.pop()
        self.hands[self.turn] |= 1 << tile
        self.drew = True
        self._blocked()  # the last tile drawn may leave nobody a play
        return tile

    def pass_turn(self) -> None:
        """End the turn. A seat that could not play marks its train open to all; stopping a first turn's run of
        tiles marks nothing."""
        if not self.stops_run():
            self.marked[self.turn] = True
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
        self.out[seat] = True
        self.marked[seat] = True
        self.penalty[seat] = self.mask_points(mask_of(self.boneyard))
        self.chaining = False
        if self.out.count(True) == self.players or self._blocked():
            self.over = True
            self.reason = ROUND_BLOCKED
            return
        self._next_turn()

    def stops_run(self) -> bool:
        """A pass now ends a first turn's run of tiles (and puts no marker out)."""
        return self.chaining and self.open_double == NOBODY

    def _next_turn(self) -> None:
        self.first_done[self.turn] = True
        self.chaining = False
        self.drew = False
        turn = (self.turn + 1) % self.players
        while self.out[turn]:  # a seat that forfeited is skipped (some seat is still in: see forfeit)
            turn = (turn + 1) % self.players
        self.turn = turn

    # ----- the score -----

    def hand_points(self, seat: int) -> int:
        """What ``seat``'s hand scores: its pips, with [0|0] at the rules' value (and a forfeit's penalty)."""
        return self.mask_points(self.hands[seat]) + self.penalty[seat]

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
