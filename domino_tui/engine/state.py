"""A game in progress: the recorder around the rules kernel (core.Sim).

The kernel decides everything the rules decide (the deal, who opens, what is legal, where the ends go, whose turn
is next, the settlement). GameState keeps what people see and save: the hands in the order their tiles arrived (a
drawn tile joins at the end, as the Hyperskill stage text shows it), the layout as the tiles lie, the public
history, the JSON form that replays to an equal state, replays and undo from the deal, and clear errors for moves
the kernel does not list. The kernel's own integers (hands as masks, the stock as tile indices) are behind one
attribute, ``kernel``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from .board import Board
from .checks import check_deal, check_opening, check_rng, check_rules, check_seat, not_a_move
from .core import CLOSED, DRAW_MOVE, NOBODY, PASS_MOVE, Sim, deal, mask_of, tables
from .errors import GameOverError, IllegalMoveError, SaveFormatError, shown
from .moves import Draw, Drew, End, Event, Move, Pass, Passed, Play, Played, code_of, move_of
from .rules import GameResult, Opening, Rules
from .saves import reading, replay_saved, saved_header, saved_list, saved_tiles
from .tiles import Tile
from .variants import get_rules

SAVE_VERSION = 1
MOVE_CLASSES = (Play, Draw, Pass)


class GameState:
    __slots__ = ("board", "deal", "hands", "history", "kernel", "leader", "moves", "opening", "rules", "sleeping", "ts")

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile], opening: Opening):
        """Start a game from a given deal. ``stock`` is the rest of the set: a boneyard to draw from (drawn
        from its end) in variants that draw, tiles asleep elsewhere. Use `GameState.new` for a random deal."""
        rules = check_rules(rules)
        check_deal(hands, stock)
        check_opening(opening, rules.players)
        ts = rules.tiles
        self._start(rules, [[ts.index[t] for t in hand] for hand in hands], [ts.index[t] for t in stock], opening)

    def _start(self, rules: Rules, hands: list[list[int]], rest: list[int], opening: Opening) -> None:
        """Deal ``hands`` and ``rest`` (tile indices) and open the game."""
        self.rules = rules
        self.ts = rules.tiles
        self.hands = hands
        self.sleeping: list[int] = [] if rules.has_stock else rest
        self.kernel = Sim(rules.kernel, [mask_of(h) for h in hands], rest.copy() if rules.has_stock else [])
        self.board = Board(layout=self.kernel.layout)  # one layout, changed only by the kernel
        self._check_deal()
        self.history: list[Event] = []
        self.moves: list[Move] = []
        self.deal = (tuple(tuple(h) for h in hands), tuple(rest))
        self.opening = opening
        try:
            first = self.kernel.open(NOBODY if opening.seat is None else opening.seat)
        except ValueError as exc:  # nobody holds the double that must open
            raise IllegalMoveError(str(exc)) from None
        self.leader = self.kernel.turn
        if first is not None:
            self._apply(move_of(first, self.ts))

    @classmethod
    def new(cls, rules: Rules | str, rng: random.Random, opening: Opening | None = None) -> GameState:
        """Shuffle and deal with ``rng`` (the kernel's one deal); redeal while the opening needs a double nobody
        holds."""
        rules = check_rules(rules)
        check_rng(rng)
        if opening is None:
            opening = rules.first_opening(rules, rng)
        check_opening(opening, rules.players)
        n, size = rules.players, rules.hand_size
        order = deal(tables(rules.max_pip), n, size, opening.highest_double, rng)
        state = cls.__new__(cls)
        state._start(rules, [order[s * size : (s + 1) * size] for s in range(n)], order[n * size :], opening)
        return state

    # ----- reading -----

    @property
    def over(self) -> bool:
        return self.kernel.outcome is not None

    @property
    def result(self) -> GameResult | None:
        outcome = self.kernel.outcome
        return None if outcome is None else GameResult.of(outcome)

    @property
    def turn(self) -> int:
        return self.kernel.turn

    @property
    def passes(self) -> int:
        return self.kernel.passes

    @property
    def fives(self) -> list[int]:
        return self.kernel.fives

    @property
    def stock(self) -> tuple[Tile, ...]:
        """The stock's tiles, drawn from the end (hidden from every seat: only its size is public)."""
        return self.ts.tiles_at(self.kernel.stock)

    @property
    def stock_size(self) -> int:
        return len(self.kernel.stock)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        check_seat(seat, self.rules.players)
        return self.ts.tiles_at(self.hands[seat])

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)

    def playable(self, seat: int) -> tuple[Tile, ...]:
        """The tiles of ``seat`` that fit an open end now (every tile on an empty table), in hand order."""
        hand = self.hand(seat)
        return tuple(hand[place] for place in self.playable_places(seat))

    def playable_places(self, seat: int) -> list[int]:
        """Places (0 = first) in ``seat``'s ordered hand of the tiles that fit an open end now."""
        check_seat(seat, self.rules.players)
        fits = self.kernel.playable(seat)
        return [place for place, tile in enumerate(self.hands[seat]) if fits >> tile & 1]

    def pips(self, seat: int) -> int:
        check_seat(seat, self.rules.players)
        return self.ts.pip_sum(self.kernel.masks[seat])

    def legal_moves(self) -> list[Move]:
        """Every move the player to act may make (the kernel's list, in its order); empty once the game is over."""
        ts = self.ts
        return [move_of(code, ts) for code in self.kernel.legal()]

    def is_legal(self, move: Move) -> bool:
        """False for an illegal move, and for anything that is not a Move."""
        return move.__class__ in MOVE_CLASSES and self._why_illegal(move) is None

    # ----- changing -----

    def apply(self, move: Move) -> None:
        """Make ``move`` for the player to act. An illegal move (or anything that is not a Move) raises
        IllegalMoveError, or GameOverError once the game is over, and changes nothing."""
        if move.__class__ not in MOVE_CLASSES:
            raise not_a_move(move)
        why = self._why_illegal(move)
        if why is not None:
            if self.over:
                raise GameOverError(why)
            raise IllegalMoveError(why)
        self._apply(move)

    def forfeit(self) -> None:
        """The player to act loses the turn (a faulty bot in a tournament): recorded as a forced pass."""
        if self.over:
            raise GameOverError("the game is over")
        seat = self.turn
        ends_before = self.board.ends
        self.kernel.pass_turn()
        self.history.append(Passed(seat, ends_before, forced=True))

    def points_for(self, move: Move) -> int:
        """What ``move`` (a legal play) would score now during play: what the count scores, else nothing."""
        if not self.rules.fives or not isinstance(move, Play):
            return 0
        return self.rules.count_points(self.board.layout.count_after(move.tile.low, move.tile.high, move.end))

    def copy(self) -> GameState:
        c = GameState.__new__(GameState)
        c.rules = self.rules
        c.ts = self.ts
        c.hands = [h.copy() for h in self.hands]
        c.sleeping = self.sleeping.copy()
        c.kernel = self.kernel.copy()
        c.board = self.board.copy()
        c.board.layout = c.kernel.layout
        c.leader = self.leader
        c.history = self.history.copy()
        c.moves = self.moves.copy()
        c.deal = self.deal
        c.opening = self.opening
        return c

    # ----- replaying -----

    def rewound(self, plies: int) -> GameState:
        """The game as it was after its first ``plies`` moves (a move the engine makes itself, like the opening
        double, counts as one), replayed from its deal."""
        state = GameState.__new__(GameState)
        hands, rest = self.deal
        state._start(self.rules, [list(h) for h in hands], list(rest), self.opening)
        for move in self.moves[len(state.moves) : plies]:
            state._apply(move)
        return state

    def replay(self) -> Iterator[tuple[GameState, Move]]:
        """The game again from its deal: each move made after those the engine makes itself, with the position
        it was made in. The position is one GameState, moved on after each step: copy it to keep it."""
        state = self.rewound(0)
        for move in self.moves[len(state.moves) :]:
            yield state, move
            state._apply(move)

    def undo(self) -> Move:
        """Take back the last move, the game replayed from its deal without it; returns the move. IllegalMoveError
        when only moves the engine made itself (the opening double) are left."""
        if len(self.moves) <= self.opening_moves:
            raise IllegalMoveError("no move to take back")
        move = self.moves[-1]
        before = self.rewound(len(self.moves) - 1)
        for name in GameState.__slots__:
            setattr(self, name, getattr(before, name))
        return move

    @property
    def opening_moves(self) -> int:
        """Moves the engine makes itself at the start: the highest double, laid for its holder."""
        return 1 if self.opening.highest_double else 0

    # ----- the rules' answers in words -----

    def _why_illegal(self, move: Move) -> str | None:
        """None when the kernel lists ``move``; otherwise why not, in words."""
        if self.over:
            return "the game is over"
        rules = self.rules
        legal = self.kernel.legal()
        if isinstance(move, Play):
            tile = move.tile
            top = self.ts.max_pip
            if tile.high > top:
                return f"{tile} is not a tile of the double-{top} set"
            if not (self.kernel.masks[self.turn] >> self.ts.grid[tile.low][tile.high]) & 1:
                return f"{tile} is not in the hand of the player to act"
            ends = self.board.ends
            if ends[0] == CLOSED:
                return None
            end = move.end
            if ends[end] == CLOSED:
                open_names = ", ".join(e.label for e in self.board.open_ends())
                return f"{end.label} is not open (open: {open_names})"
            if code_of(move, self.ts) not in legal:
                return f"{tile} does not fit the {end.label} end, which shows {ends[end]}"
            return None
        if isinstance(move, Draw):
            if DRAW_MOVE in legal:
                return None
            if not rules.has_stock:
                return f"there is no drawing in {rules.name}"
            if not self.kernel.stock:
                return "the stock is empty"
            return "you hold a tile that fits, so you must play it"
        if isinstance(move, Pass):
            if PASS_MOVE in legal:
                return None
            if legal[-1] == DRAW_MOVE:
                return "the stock is not empty: draw instead"
            return "you hold a tile that fits, so you must play it"
        return f"not a move: {shown(move)}"

    def _apply(self, move: Move) -> None:
        seat = self.turn
        kernel = self.kernel
        layout = kernel.layout
        ends_before = layout.ends
        if isinstance(move, Play):
            tile = move.tile
            end = move.end if ends_before[0] != CLOSED else End.LEFT
            index = self.ts.grid[tile.low][tile.high]
            spinner_before = layout.spinner
            scored = kernel.play(index << 2 | end)
            self.hands[seat].remove(index)
            self.board.record(tile, end, ends_before[end], spinner_before == CLOSED != layout.spinner)
            self.history.append(Played(seat, tile, move.end, ends_before, scored))
        elif isinstance(move, Draw):
            self.hands[seat].append(kernel.draw())
            self.history.append(Drew(seat, ends_before))
        else:
            kernel.pass_turn()
            self.history.append(Passed(seat, ends_before))
        self.moves.append(move)

    def _check_deal(self) -> None:
        rules = self.rules
        if len(self.hands) != rules.players:
            raise SaveFormatError(f"{rules.name} is played by {rules.players}, not {len(self.hands)}")
        seen: list[int] = [i for h in self.hands for i in h] + self.kernel.stock + self.sleeping
        if sorted(seen) != list(range(self.ts.size)):
            raise SaveFormatError("the deal does not hold every tile of the set exactly once")

    # ----- scores -----

    def team_points(self) -> tuple[int, ...]:
        """Points each team has earned in this game so far: fives in play, plus the settlement once over."""
        return self.kernel.team_points()

    # ----- saving -----

    def to_json(self) -> dict[str, object]:
        """The deal and the moves: restoring replays them, so a save can never hold an impossible position."""
        tiles = self.ts.tiles
        hands, rest = self.deal
        return {
            "version": SAVE_VERSION,
            "variant": self.rules.name,
            "opening": self.opening.seat,
            "hands": [[tiles[i].to_json() for i in h] for h in hands],
            "rest": [tiles[i].to_json() for i in rest],
            "moves": [m.to_json() for m in self.moves[self.opening_moves :]],
        }

    @classmethod
    def from_json(cls, data: object) -> GameState:
        """Replay a save made by `to_json`. Anything else raises SaveFormatError saying what is wrong."""
        with reading("save"):
            data = saved_header(data, SAVE_VERSION, "save")
            rules = get_rules(data["variant"])
            hands = saved_list(data["hands"], "the hands")
            if len(hands) != rules.players:  # the variant for more players (Fives and Threes for 3 or 4)
                rules = rules.with_players(len(hands))
            opening = data["opening"]
            if opening is not None and opening.__class__ is not int:
                raise SaveFormatError(f"the opening is not a seat: {shown(opening)}")
            state = cls(rules, [saved_tiles(h) for h in hands], saved_tiles(data["rest"]), Opening(opening))
            replay_saved(state, saved_list(data["moves"], "the moves"), Move.from_json, "game")
            return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.rules is other.rules
            and self.hands == other.hands
            and self.kernel.stock == other.kernel.stock
            and self.sleeping == other.sleeping
            and self.board == other.board
            and self.turn == other.turn
            and self.history == other.history
            and self.fives == other.fives
            and self.result == other.result
        )

    __hash__ = None  # type: ignore[assignment]  # mutable and compared by value: unhashable, as mypy cannot say

    def __repr__(self) -> str:
        return f"<GameState {self.rules.name} turn={self.turn} board={self.board} over={self.over}>"


def deal_position(rules: Rules | str, rng: random.Random, opening: Opening | None = None) -> Sim:
    """A fresh game on the kernel's integers, dealt as `GameState.new` deals it from the same ``rng`` (and opened,
    the highest double laid where it opens): how the bots' simulations and the tournaments' fast games start."""
    rules = check_rules(rules)
    if opening is None:
        opening = rules.first_opening(rules, rng)
    check_opening(opening, rules.players)
    return Sim.deal(rules.kernel, rng, NOBODY if opening.seat is None else opening.seat)
