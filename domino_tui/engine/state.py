"""A game in progress: deal, legal moves, apply, result, and a JSON form that replays to an equal state.

Hands are kept twice: as bit masks (tile indices of the set) for the hot path, and as ordered lists so that
a player's tiles keep their places on screen (a drawn tile joins at the end, as in seed 000).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .board import CLOSED, Board
from .checks import check_deal, check_opening, check_rng, check_rules, check_seat, not_a_move, saved_tiles
from .errors import EngineError, GameOverError, IllegalMoveError, SaveFormatError, shown
from .fast import DRAW_MOVE, fitting, legal_codes
from .moves import DRAW, PASS, End, Event, Kind, Move
from .rules import DrawRule, GameResult, Opening, Reason, Rules
from .tiles import Tile, TileSet, tile_set
from .variants import get_rules

SAVE_VERSION = 1


class GameState:
    __slots__ = (
        "rules",
        "ts",
        "hands",
        "masks",
        "stock",
        "sleeping",
        "board",
        "turn",
        "leader",
        "passes",
        "history",
        "moves",
        "fives",
        "result",
        "deal",
        "opening",
        "_play_moves",
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
        self.masks: list[int] = [_mask(h) for h in self.hands]
        rest = [ts.index[t] for t in stock]
        self.stock: list[int] = rest if rules.has_stock else []
        self.sleeping: list[int] = [] if rules.has_stock else rest
        self._check_deal()
        self.board = Board(rules.spinner)
        self.passes = 0
        self.history: list[Event] = []
        self.moves: list[Move] = []
        self.fives = [0] * len(rules.teams)
        self.result: GameResult | None = None
        self.deal = (tuple(tuple(h) for h in self.hands), tuple(rest))
        self.opening = opening
        self._play_moves = _play_move_table(ts)
        if opening.highest_double:
            seat, double = self._highest_double()
            if seat is None:
                raise IllegalMoveError("nobody holds a double, so the highest double cannot open: redeal")
            self.turn = seat
            self.leader = seat
            self._apply(Move.play(ts.tiles[double], End.LEFT))
        else:
            self.turn = opening.seat  # type: ignore[assignment]
            self.leader = opening.seat  # type: ignore[assignment]

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

    def hand(self, seat: int) -> tuple[Tile, ...]:
        check_seat(seat, self.rules.players)
        tiles = self.ts.tiles
        return tuple(tiles[i] for i in self.hands[seat])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    def pips(self, seat: int) -> int:
        check_seat(seat, self.rules.players)
        return self.ts.pip_sum(self.masks[seat])

    def playable_mask(self, seat: int) -> int:
        """Tiles of ``seat`` that fit an open end now (every tile on an empty table)."""
        return fitting(self.ts.match, self.masks[seat], self.board.ends)

    def legal_moves(self) -> list[Move]:
        """Every move the player to act may make; empty once the game is over."""
        if self.result is not None:
            return []
        table = self._play_moves
        return [
            table[code >> 2][code & 3] if code >= 0 else (DRAW if code == DRAW_MOVE else PASS)
            for code in legal_codes(self.rules, self.ts.match, self.masks[self.turn], self.board.ends, bool(self.stock))
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
        self._pass(forced=True)

    def copy(self) -> GameState:
        c = GameState.__new__(GameState)
        c.rules = self.rules
        c.ts = self.ts
        c.hands = [h.copy() for h in self.hands]
        c.masks = self.masks.copy()
        c.stock = self.stock.copy()
        c.sleeping = self.sleeping.copy()
        c.board = self.board.copy()
        c.turn = self.turn
        c.leader = self.leader
        c.passes = self.passes
        c.history = self.history.copy()
        c.moves = self.moves.copy()
        c.fives = self.fives.copy()
        c.result = self.result
        c.deal = self.deal
        c.opening = self.opening
        c._play_moves = self._play_moves
        return c

    def _why_illegal(self, move: Move) -> str | None:
        if self.result is not None:
            return "the game is over"
        seat = self.turn
        rules = self.rules
        if move.kind is Kind.PLAY:
            tile = move.tile
            top = self.ts.max_pip
            if not isinstance(tile, Tile) or tile.high > top:
                return f"{tile} is not a tile of the double-{top} set"
            if not (self.masks[seat] >> self.ts.grid[tile.low][tile.high]) & 1:
                return f"{tile} is not in the hand of the player to act"
            ends = self.board.ends
            if ends[0] == CLOSED:
                return None
            end = move.end
            if end is None or not 0 <= end < 4 or ends[end] == CLOSED:
                open_names = ", ".join(e.label for e in self.board.open_ends())
                return f"{End(end).label if end is not None else 'no end'} is not open (open: {open_names})"
            pip = ends[end]
            if pip != tile.low and pip != tile.high:
                return f"{tile} does not fit the {End(end).label} end, which shows {pip}"
            return None
        can_play = bool(self.playable_mask(seat))
        if move.kind is Kind.DRAW:
            if rules.draw is DrawRule.NONE:
                return f"there is no drawing in {rules.name}"
            if not self.stock:
                return "the stock is empty"
            if can_play and rules.must_play:
                return "you hold a tile that fits, so you must play it"
            return None
        if move.kind is Kind.PASS:
            if rules.must_play and can_play:
                return "you hold a tile that fits, so you must play it"
            if self.stock and rules.draw is not DrawRule.NONE:
                return "the stock is not empty: draw instead"
            return None
        return f"not a move: {move!r}"

    def _apply(self, move: Move) -> None:
        kind = move.kind
        if kind is Kind.PLAY:
            self._play(move.tile, move.end)  # type: ignore[arg-type]
        elif kind is Kind.DRAW:
            self._draw()
        else:
            self._pass(forced=False)
        self.moves.append(move)

    def _play(self, tile: Tile, end: End) -> None:
        seat = self.turn
        rules = self.rules
        board = self.board
        ends_before = tuple(board.ends)
        idx = self.ts.grid[tile.low][tile.high]
        self.masks[seat] ^= 1 << idx
        self.hands[seat].remove(idx)
        board.place(tile, end if ends_before[0] != CLOSED else End.LEFT)
        scored = 0
        if rules.fives:
            count = board.count()
            if count and count % 5 == 0:
                scored = count
                self.fives[rules.team_of(seat)] += count
        self.history.append(Event(seat, Kind.PLAY, tile, end, ends_before, scored))
        self.passes = 0
        if not self.masks[seat]:
            self._finish(Reason.OUT, out_seat=seat, last_seat=seat)
            return
        if rules.stalemate_eight:
            left, right = board.ends[0], board.ends[1]
            if left == right and board.pip_count(left) >= 8:
                self._finish(Reason.STALEMATE, last_seat=seat)
                return
        self._next_turn(last_seat=seat)

    def _draw(self) -> None:
        seat = self.turn
        idx = self.stock.pop()
        self.masks[seat] |= 1 << idx
        self.hands[seat].append(idx)
        self.history.append(Event(seat, Kind.DRAW, ends_before=tuple(self.board.ends)))
        if self.rules.draw is DrawRule.ONE_ENDS_TURN:
            self._next_turn(last_seat=None)
        # Drawing until playable: the same player acts again.

    def _pass(self, forced: bool) -> None:
        seat = self.turn
        self.history.append(Event(seat, Kind.PASS, ends_before=tuple(self.board.ends), forced=forced))
        self.passes += 1
        if self.passes >= self.rules.players and self.rules.must_play:
            self._finish(Reason.BLOCKED, last_seat=self._last_player())
            return
        self._next_turn(last_seat=None)

    def _next_turn(self, last_seat: int | None) -> None:
        rules = self.rules
        # Classic: with the stock gone and no tile fitting anywhere, nobody can ever move again.
        if not rules.must_play and not self.stock and not any(self.playable_mask(s) for s in range(rules.players)):
            self._finish(Reason.BLOCKED, last_seat=self._last_player())
            return
        self.turn = (self.turn + 1) % rules.players

    def _last_player(self) -> int | None:
        for ev in reversed(self.history):
            if ev.kind is Kind.PLAY:
                return ev.seat
        return None

    def _finish(self, reason: Reason, out_seat: int | None = None, last_seat: int | None = None) -> None:
        pips = tuple(self.ts.pip_sum(m) for m in self.masks)
        winner, points = self.rules.settle(self.rules, reason, out_seat, pips)
        self.result = GameResult(reason, winner, points, pips, out_seat, last_seat)

    def _highest_double(self) -> tuple[int | None, int]:
        for double in reversed(self.ts.doubles):
            for seat, mask in enumerate(self.masks):
                if (mask >> double) & 1:
                    return seat, double
        return None, -1

    def _check_deal(self) -> None:
        rules = self.rules
        if len(self.hands) != rules.players:
            raise SaveFormatError(f"{rules.name} is played by {rules.players}, not {len(self.hands)}")
        seen: list[int] = [i for h in self.hands for i in h] + self.stock + self.sleeping
        if sorted(seen) != list(range(self.ts.size)):
            raise SaveFormatError("the deal does not hold every tile of the set exactly once")

    # ----- scores -----

    def team_points(self) -> tuple[int, ...]:
        """Points each team has earned in this game so far: fives in play, plus the settlement once over."""
        if self.result is None:
            return tuple(self.fives)
        return tuple(f + p for f, p in zip(self.fives, self.result.points, strict=True))

    # ----- saving -----

    def to_json(self) -> dict:
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

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<GameState {self.rules.name} turn={self.turn} board={self.board} over={self.over}>"

    # ----- tools for the other layers -----

    def replay(self, moves: Iterable[Move]) -> None:
        for move in moves:
            self.apply(move)


def _mask(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


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
