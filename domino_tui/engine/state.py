"""A game in progress: the recorder around the rules kernel (core.Sim).

The kernel decides everything the rules decide (who opens, what is legal, where the ends go, whose turn is next,
the settlement). GameState keeps what people see and save: the hands in the order their tiles arrived (a drawn
tile joins at the end, as in seed 000), the layout as the tiles lie, the public history, the JSON form that
replays to an equal state, and clear errors for moves the kernel does not list.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .board import Board
from .checks import check_deal, check_opening, check_rng, check_rules, check_seat, not_a_move, saved_tiles
from .core import CLOSED, DRAW_MOVE, PASS_MOVE, Sim, fitting, from_move
from .errors import EngineError, GameOverError, IllegalMoveError, SaveFormatError, shown
from .moves import DRAW, PASS, End, Event, Kind, Move
from .rules import GameResult, Opening, Rules
from .tiles import Tile, TileSet, tile_set
from .variants import get_rules

SAVE_VERSION = 1


class GameState:
    __slots__ = (
        "_play_moves",
        "board",
        "core",
        "deal",
        "hands",
        "history",
        "leader",
        "moves",
        "opening",
        "rules",
        "sleeping",
        "ts",
    )

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Tile]], stock: Sequence[Tile], opening: Opening):
        """Start a game from a given deal. ``stock`` is the rest of the set: a boneyard to draw from (drawn
        from its end) in variants that draw, tiles asleep elsewhere. Use `GameState.new` for a random deal."""
        rules = check_rules(rules)
        check_deal(hands, stock)
        check_opening(opening, rules.players)
        ts = tile_set(rules.max_pip)
        self.rules = rules
        self.ts = ts
        self.hands: list[list[int]] = [[ts.index[t] for t in hand] for hand in hands]
        rest = [ts.index[t] for t in stock]
        self.sleeping: list[int] = [] if rules.has_stock else rest
        self.board = Board(rules.spinner)
        self.core = Sim(rules)
        self.core.masks = [_mask(h) for h in self.hands]
        self.core.stock = rest if rules.has_stock else []
        _share_ends(self.core, self.board)
        self._check_deal()
        self.history: list[Event] = []
        self.moves: list[Move] = []
        self.deal = (tuple(tuple(h) for h in self.hands), tuple(rest))
        self.opening = opening
        self._play_moves = _play_move_table(ts)
        first = self.core.open(opening)
        self.leader = self.core.turn
        if first is not None:
            self._apply(self._play_moves[first >> 2][0])

    @classmethod
    def new(cls, rules: Rules | str, rng: random.Random, opening: Opening | None = None) -> GameState:
        """Shuffle and deal with ``rng``; redeal while the opening needs a double nobody holds."""
        rules = check_rules(rules)
        check_rng(rng)
        if opening is None:
            opening = rules.first_opening(rules, rng)
        check_opening(opening, rules.players)
        ts = tile_set(rules.max_pip)
        need_double = opening.highest_double
        n, size = rules.players, rules.hand_size
        while True:
            order = list(ts.tiles)
            rng.shuffle(order)
            hands = [order[i * size : (i + 1) * size] for i in range(n)]
            if need_double and not any(t.is_double for h in hands for t in h):
                continue
            return cls(rules, hands, order[n * size :], opening)

    # ----- reading -----

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def result(self) -> GameResult | None:
        return self.core.result

    @property
    def turn(self) -> int:
        return self.core.turn

    @property
    def passes(self) -> int:
        return self.core.passes

    @property
    def fives(self) -> list[int]:
        return self.core.fives

    @property
    def masks(self) -> list[int]:
        """Each hand as a bit mask of tile indices (the kernel's own list: read, never change)."""
        return self.core.masks

    @property
    def stock(self) -> list[int]:
        return self.core.stock

    def hand(self, seat: int) -> tuple[Tile, ...]:
        check_seat(seat, self.rules.players)
        tiles = self.ts.tiles
        return tuple(tiles[i] for i in self.hands[seat])

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)

    def playable_places(self, seat: int) -> list[int]:
        """Places (0 = first) in ``seat``'s ordered hand of the tiles that fit an open end now."""
        mask = self.playable_mask(seat)
        return [place for place, idx in enumerate(self.hands[seat]) if (mask >> idx) & 1]

    @property
    def stock_size(self) -> int:
        return len(self.core.stock)

    def pips(self, seat: int) -> int:
        check_seat(seat, self.rules.players)
        return self.ts.pip_sum(self.core.masks[seat])

    def playable_mask(self, seat: int) -> int:
        """Tiles of ``seat`` that fit an open end now (every tile on an empty table)."""
        return fitting(self.ts.match, self.core.masks[seat], self.core.ends)

    def legal_moves(self) -> list[Move]:
        """Every move the player to act may make (the kernel's list, in its order); empty once the game is over."""
        table = self._play_moves
        return [
            table[code >> 2][code & 3] if code >= 0 else (DRAW if code == DRAW_MOVE else PASS)
            for code in self.core.legal()
        ]

    def is_legal(self, move: Move) -> bool:
        """False for an illegal move, and for anything that is not a Move."""
        return move.__class__ is Move and self._why_illegal(move) is None

    # ----- changing -----

    def apply(self, move: Move) -> None:
        """Make ``move`` for the player to act. An illegal move (or anything that is not a Move) raises
        IllegalMoveError, or GameOverError once the game is over, and changes nothing."""
        if move.__class__ is not Move:
            raise not_a_move(move)
        why = self._why_illegal(move)
        if why is not None:
            if self.result is not None:
                raise GameOverError(why)
            raise IllegalMoveError(why)
        self._apply(move)

    def forfeit(self) -> None:
        """The player to act loses the turn (a faulty bot in a tournament): recorded as a forced pass."""
        if self.result is not None:
            raise GameOverError("the game is over")
        seat = self.turn
        self.core.pass_turn()
        self.history.append(Event(seat, Kind.PASS, ends_before=tuple(self.core.ends), forced=True))

    def points_for(self, move: Move) -> int:
        """What ``move`` (a legal play) would score now during play: the All Fives count, else nothing.
        Asked of the kernel by making the move on a copy, so the rule is never written twice."""
        if not self.rules.fives or move.kind is not Kind.PLAY:
            return 0
        trial = self.copy()
        trial.apply(move)
        return trial.history[-1].scored

    def copy(self) -> GameState:
        c = GameState.__new__(GameState)
        c.rules = self.rules
        c.ts = self.ts
        c.hands = [h.copy() for h in self.hands]
        c.sleeping = self.sleeping.copy()
        c.board = self.board.copy()
        c.core = self.core.copy()
        _share_ends(c.core, c.board)
        c.leader = self.leader
        c.history = self.history.copy()
        c.moves = self.moves.copy()
        c.deal = self.deal
        c.opening = self.opening
        c._play_moves = self._play_moves
        return c

    def _why_illegal(self, move: Move) -> str | None:
        """None when the kernel lists ``move``; otherwise why not, in words."""
        if self.result is not None:
            return "the game is over"
        if not isinstance(move, Move):
            return f"not a move: {move!r}"
        seat = self.turn
        rules = self.rules
        legal = self.core.legal()
        if move.kind is Kind.PLAY:
            tile = move.tile
            top = self.ts.max_pip
            if not isinstance(tile, Tile) or tile.high > top:
                return f"{tile} is not a tile of the double-{top} set"
            if not (self.core.masks[seat] >> self.ts.grid[tile.low][tile.high]) & 1:
                return f"{tile} is not in the hand of the player to act"
            ends = self.core.ends
            if ends[0] == CLOSED:
                return None
            end = move.end
            if end is None or not 0 <= end < 4 or ends[end] == CLOSED:
                open_names = ", ".join(e.label for e in self.board.open_ends())
                return f"{End(end).label if end is not None else 'no end'} is not open (open: {open_names})"
            if from_move(move, rules) not in legal:
                return f"{tile} does not fit the {End(end).label} end, which shows {ends[end]}"
            return None
        if move.kind is Kind.DRAW:
            if DRAW_MOVE in legal:
                return None
            if not rules.has_stock:
                return f"there is no drawing in {rules.name}"
            if not self.core.stock:
                return "the stock is empty"
            return "you hold a tile that fits, so you must play it"
        if move.kind is Kind.PASS:
            if PASS_MOVE in legal:
                return None
            if legal[-1] == DRAW_MOVE:
                return "the stock is not empty: draw instead"
            return "you hold a tile that fits, so you must play it"
        return f"not a move: {move!r}"

    def _apply(self, move: Move) -> None:
        seat = self.turn
        core = self.core
        ends_before = tuple(core.ends)
        kind = move.kind
        if kind is Kind.PLAY:
            tile = move.tile
            assert tile is not None and move.end is not None  # Move.play sets both
            end = move.end if ends_before[0] != CLOSED else End.LEFT
            idx = self.ts.grid[tile.low][tile.high]
            spinner_before = core.spin[0]
            scored = core.play(idx << 2 | end)
            self.hands[seat].remove(idx)
            self.board.record(tile, end, ends_before[end], spinner_before < 0 <= core.spin[0])
            self.history.append(Event(seat, Kind.PLAY, tile, move.end, ends_before, scored))
        elif kind is Kind.DRAW:
            self.hands[seat].append(core.draw())
            self.history.append(Event(seat, Kind.DRAW, ends_before=ends_before))
        else:
            core.pass_turn()
            self.history.append(Event(seat, Kind.PASS, ends_before=ends_before))
        self.moves.append(move)

    def _check_deal(self) -> None:
        rules = self.rules
        if len(self.hands) != rules.players:
            raise SaveFormatError(f"{rules.name} is played by {rules.players}, not {len(self.hands)}")
        seen: list[int] = [i for h in self.hands for i in h] + self.core.stock + self.sleeping
        if sorted(seen) != list(range(self.ts.size)):
            raise SaveFormatError("the deal does not hold every tile of the set exactly once")

    # ----- scores -----

    def team_points(self) -> tuple[int, ...]:
        """Points each team has earned in this game so far: fives in play, plus the settlement once over."""
        return self.core.team_points()

    # ----- saving -----

    def to_json(self) -> dict[str, object]:
        """The deal and the moves: restoring replays them, so a save can never hold an impossible position."""
        tiles = self.ts.tiles
        hands, rest = self.deal
        return {
            "version": SAVE_VERSION,
            "variant": self.rules.name,
            "opening": self.opening.seat,
            "hands": [[list(_pair(tiles[i])) for i in h] for h in hands],
            "rest": [list(_pair(tiles[i])) for i in rest],
            "moves": [m.to_json() for m in self.moves[self._opening_moves() :]],
        }

    @classmethod
    def from_json(cls, data: object) -> GameState:
        """Replay a save made by `to_json`. Anything else raises SaveFormatError saying what is wrong."""
        try:
            if not isinstance(data, dict) or data.get("version").__class__ is not int:
                raise SaveFormatError("not a domino-tui save (no version)")
            if data["version"] != SAVE_VERSION:
                raise SaveFormatError(f"a save of version {shown(data['version'])}, not {SAVE_VERSION}")
            rules = get_rules(data["variant"])
            hands = data["hands"]
            if not isinstance(hands, list):
                raise SaveFormatError(f"the hands are not a list: {shown(hands)}")
            opening = data["opening"]
            if opening is not None and opening.__class__ is not int:
                raise SaveFormatError(f"the opening is not a seat: {shown(opening)}")
            state = cls(rules, [saved_tiles(h) for h in hands], saved_tiles(data["rest"]), Opening(opening))
            moves = data["moves"]
            if not isinstance(moves, list):
                raise SaveFormatError(f"the moves are not a list: {shown(moves)}")
            for number, raw in enumerate(moves, 1):
                if state.result is not None:
                    raise SaveFormatError(f"move {number} of {len(moves)} comes after the end of the game")
                state.apply(Move.from_json(raw))
            return state
        except SaveFormatError:
            raise
        except KeyError as exc:
            raise SaveFormatError(f"the save is damaged: it has no {shown(exc.args[0])}") from None
        except EngineError as exc:
            raise SaveFormatError(f"the save is damaged: {exc}") from exc

    def _opening_moves(self) -> int:
        return 1 if self.opening.highest_double else 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return (
            self.rules is other.rules
            and self.hands == other.hands
            and self.stock == other.stock
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


def _mask(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def _share_ends(core: Sim, board: Board) -> None:
    """The board shows the kernel's ends: one set of lists, changed only by the kernel."""
    core.ends = board.ends
    core.dbl = board.dbl
    core.arm = board.arm
    core.spin = board.spin
    core.tiles_down = len(board)


def _pair(t: Tile) -> tuple[int, int]:
    return t.low, t.high


_MOVE_TABLES: dict[int, tuple[tuple[Move, ...], ...]] = {}


def _play_move_table(ts: TileSet) -> tuple[tuple[Move, ...], ...]:
    """One Move object per (tile, end), made once, so listing legal moves allocates nothing new."""
    table = _MOVE_TABLES.get(ts.max_pip)
    if table is None:
        table = tuple(tuple(Move.play(t, End(e)) for e in range(4)) for t in ts.tiles)
        _MOVE_TABLES[ts.max_pip] = table
    return table
