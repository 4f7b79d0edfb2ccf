"""An Observation as JSON and back: what a bot program reads in the bot protocol and what a network client gets
for its seat. Also moves in that JSON, and the public view: an observation with the seat's own tiles taken out,
which is what a spectator may know.

The writers make plain data (lists, ints, strings). The readers are handed what came over a pipe or a socket, so
they check it: every field present with the right type, every number in its range, every tile of the variant's
set. Anything else raises SaveFormatError saying what is wrong. They check the shape, not the history: replaying
a game to prove an observation possible is the server's business, which holds the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from .board import Board, Placed
from .core import CLOSED
from .errors import ArgumentError, SaveFormatError, shown
from .moves import KINDS, End, Event, Kind, Move, move_json
from .observation import Observation
from .rules import Rules
from .tiles import Tile, is_whole_number
from .variants import get_rules

__all__ = [
    "PublicView",
    "move_from_json",
    "move_to_json",
    "observation_from_json",
    "observation_to_json",
    "public_json",
    "public_view_from_json",
]

_OBSERVATION_KEYS = frozenset(
    [
        "variant",
        "seat",
        "turn",
        "hand",
        "ends",
        "line",
        "up",
        "down",
        "spinner",
        "hand_sizes",
        "stock",
        "sleeping",
        "history",
        "legal",
        "points",
        "match_scores",
        "target",
    ]
)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PublicView:
    """What everybody at the table may know: an Observation without a seat, a hand or legal moves."""

    rules: Rules
    turn: int
    board: Board
    hand_sizes: tuple[int, ...]
    stock_size: int
    sleeping: int
    history: tuple[Event, ...]
    points: tuple[int, ...]
    match_scores: tuple[int, ...] = ()
    target: int | None = None

    @property
    def ends(self) -> tuple[int, ...]:
        return tuple(self.board.ends)


# ----- writing -----


def move_to_json(move: Move) -> list[object]:
    """``["play", [low, high], end]``, ``["draw"]`` or ``["pass"]``."""
    if move.kind is Kind.PLAY:
        assert move.tile is not None and move.end is not None  # a Move checks a play has both
        return ["play", move.tile.to_json(), int(move.end)]
    return [move.kind.value]


def event_to_json(ev: Event) -> list[object]:
    """One event of a line game's history: ``[seat, kind, tile or null, end or null, ends before, scored,
    forced]``."""
    return [
        ev.seat,
        ev.kind.value,
        None if ev.tile is None else ev.tile.to_json(),
        None if ev.end is None else int(ev.end),
        list(ev.ends_before),
        ev.scored,
        ev.forced,
    ]


def observation_to_json(obs: Observation) -> dict[str, object]:
    board = obs.board
    return {
        "variant": obs.rules.name,
        "seat": obs.seat,
        "turn": obs.turn,
        "hand": [t.to_json() for t in obs.hand],
        "ends": list(board.ends),
        "line": [[p.first, p.second] for p in board.line],
        "up": [[p.first, p.second] for p in board.up],
        "down": [[p.first, p.second] for p in board.down],
        "spinner": board.spinner,
        "hand_sizes": list(obs.hand_sizes),
        "stock": obs.stock_size,
        "sleeping": obs.sleeping,
        "history": [event_to_json(ev) for ev in obs.history],
        "legal": [move_to_json(m) for m in obs.legal],
        "points": list(obs.points),
        "match_scores": list(obs.match_scores),
        "target": obs.target,
    }


def public_json(obs: Observation) -> dict[str, object]:
    """Any seat's observation with what is that seat's own taken out: ``seat`` null, ``hand`` and ``legal``
    empty. Every seat's observation gives the same public view."""
    data = observation_to_json(obs)
    data.update(seat=None, hand=[], legal=[])
    return data


# ----- reading -----


def move_from_json(data: object, rules: Rules | None = None) -> Move:
    """A move written by `move_to_json`; with ``rules``, a tile must also belong to their set."""
    shape = '(a move is ["play", [low, high], end], ["draw"] or ["pass"])'
    kind, data = move_json(data, 3, shape)
    if kind is not Kind.PLAY:
        return Move(kind)
    tile = _read_tile(data[1], rules)
    end = data[2]
    if not (is_whole_number(end) and 0 <= end < len(End)):
        raise SaveFormatError(f"no end {shown(end)}: the ends are 0 to 3 (left, right, up, down)")
    return Move(kind, tile, End(end))


def observation_from_json(data: object) -> Observation:
    """An equal Observation from `observation_to_json`'s JSON; SaveFormatError for anything else."""
    fields = _Reader(data, "an observation")
    rules = fields.rules
    seat = fields.seat("seat")
    hand = tuple(fields.tiles("hand"))
    if fields.hand_sizes[seat] != len(hand):
        raise SaveFormatError(f"seat {seat} holds {len(hand)} tiles, but hand_sizes says {fields.hand_sizes[seat]}")
    if len(set(hand)) != len(hand):
        raise SaveFormatError("a tile appears twice in the hand")
    legal = fields.items("legal", lambda raw: move_from_json(raw, rules))
    return Observation(
        rules=rules,
        seat=seat,
        turn=fields.turn,
        hand=hand,
        board=fields.board,
        hand_sizes=fields.hand_sizes,
        stock_size=fields.stock,
        sleeping=fields.sleeping,
        history=fields.history,
        legal=tuple(legal),
        points=fields.points,
        match_scores=fields.match_scores,
        target=fields.target,
    )


def public_view_from_json(data: object) -> PublicView:
    """A PublicView from `public_json`'s JSON; SaveFormatError for anything else, a hand or a seat included."""
    fields = _Reader(data, "a public view")
    if fields.data["seat"] is not None or fields.data["hand"] != [] or fields.data["legal"] != []:
        raise SaveFormatError("a public view names no seat, hand or legal moves")
    return PublicView(
        rules=fields.rules,
        turn=fields.turn,
        board=fields.board,
        hand_sizes=fields.hand_sizes,
        stock_size=fields.stock,
        sleeping=fields.sleeping,
        history=fields.history,
        points=fields.points,
        match_scores=fields.match_scores,
        target=fields.target,
    )


def _read_tile(raw: object, rules: Rules | None) -> Tile:
    tile = Tile.from_json(raw)
    if rules is not None and tile.high > rules.max_pip:
        raise SaveFormatError(f"{tile} is not a tile of the double-{rules.max_pip} set")
    return tile


class _Reader:
    """The fields an observation and a public view share, each read and checked once."""

    def __init__(self, data: object, what: str) -> None:
        if not isinstance(data, dict):
            raise SaveFormatError(f"not {what}: {shown(data)}")
        missing = _OBSERVATION_KEYS - data.keys()
        if missing:
            raise SaveFormatError(f"{what} has no {', '.join(sorted(missing))}")
        extra = data.keys() - _OBSERVATION_KEYS
        if extra:
            raise SaveFormatError(f"{what} has unknown fields: {shown(sorted(map(str, extra)))}")
        self.data = data
        try:
            self.rules = get_rules(data["variant"])
            sizes = data["hand_sizes"]
            if isinstance(sizes, list) and len(sizes) in self.rules.player_counts:
                self.rules = self.rules.with_players(len(sizes))  # Fives and Threes for 3 or 4, each for himself
        except ArgumentError as exc:
            raise SaveFormatError(str(exc)) from None
        rules = self.rules
        self.turn = self.seat("turn")
        self.hand_sizes = tuple(self.items("hand_sizes", self._count, rules.players))
        self.stock = self._count(data["stock"], "stock")
        self.sleeping = self._count(data["sleeping"], "sleeping")
        teams = len(rules.teams)
        self.points = tuple(self.items("points", self._number, teams))
        self.match_scores = tuple(self.items("match_scores", self._number))
        if len(self.match_scores) not in (0, teams):
            raise SaveFormatError(f"match_scores has {len(self.match_scores)} entries, not 0 or {teams}")
        target = data["target"]
        if target is not None and not is_whole_number(target):
            raise SaveFormatError(f"target is not a whole number or null: {shown(target)}")
        self.target: int | None = target
        self.board = self._board()
        self.history = tuple(self.items("history", self._event))

    def seat(self, key: str) -> int:
        value = self.data[key]
        players = self.rules.players
        if not (is_whole_number(value) and 0 <= value < players):
            raise SaveFormatError(f"{key} is not a seat of a {players}-player table: {shown(value)}")
        return value

    def items(self, key: str, read: Callable[[object], T], length: int | None = None) -> list[T]:
        raw = self.data[key]
        if not isinstance(raw, list):
            raise SaveFormatError(f"{key} is not a list: {shown(raw)}")
        if length is not None and len(raw) != length:
            raise SaveFormatError(f"{key} has {len(raw)} entries, not {length}")
        return [read(item) for item in raw]

    def tiles(self, key: str) -> list[Tile]:
        return self.items(key, lambda raw: _read_tile(raw, self.rules))

    @staticmethod
    def _number(value: object, what: str = "a score") -> int:
        if not is_whole_number(value):
            raise SaveFormatError(f"{what} is not a whole number: {shown(value)}")
        return value

    @classmethod
    def _count(cls, value: object, what: str = "a count") -> int:
        if cls._number(value, what) < 0:
            raise SaveFormatError(f"{what} is negative: {shown(value)}")
        return value  # type: ignore[return-value]  # _number has checked it is an int

    def _end(self, value: object) -> int:
        top = self.rules.max_pip
        if not (is_whole_number(value) and (value == CLOSED or 0 <= value <= top)):
            raise SaveFormatError(f"an end shows a pip from 0 to {top} or {CLOSED} when closed, not {shown(value)}")
        return value

    def _ends(self, raw: object) -> list[int]:
        if not (isinstance(raw, list) and len(raw) == len(End)):
            raise SaveFormatError(f"the ends are {len(End)} numbers, not {shown(raw)}")
        return [self._end(v) for v in raw]

    def _placed(self, raw: object) -> Placed:
        tile = _read_tile(raw, self.rules)
        assert isinstance(raw, list)  # _read_tile has checked it is a pair
        return Placed(tile, raw[0], raw[1])

    def _board(self) -> Board:
        line = self.items("line", self._placed)
        up = self.items("up", self._placed)
        down = self.items("down", self._placed)
        spinner = self.data["spinner"]
        if spinner is not None and not (is_whole_number(spinner) and 0 <= spinner < len(line)):
            raise SaveFormatError(f"the spinner is not a place in the line: {shown(spinner)}")
        if (up or down or spinner is not None) and not self.rules.spinner:
            raise SaveFormatError(f"{self.rules.name} has no spinner and no arms")
        if (up or down) and spinner is None:
            raise SaveFormatError("tiles lie up or down with no spinner")
        return Board.laid_out(self.rules.spinner, line, up, down, spinner, self._ends(self.data["ends"]))

    def _event(self, raw: object) -> Event:
        if not (isinstance(raw, list) and len(raw) == 7):
            raise SaveFormatError(
                f"not an event: {shown(raw)} (an event is [seat, kind, tile, end, ends before, scored, forced])"
            )
        seat, kind, tile, end, ends_before, scored, forced = raw
        players = self.rules.players
        if not (is_whole_number(seat) and 0 <= seat < players):
            raise SaveFormatError(f"an event's seat is not a seat of a {players}-player table: {shown(seat)}")
        if not (isinstance(kind, str) and kind in KINDS):
            raise SaveFormatError(f"an event's kind is play, draw or pass, not {shown(kind)}")
        plays = KINDS[kind] is Kind.PLAY
        if plays != (tile is not None) or plays != (end is not None):
            raise SaveFormatError(f"a play names a tile and an end, and nothing else does: {shown(raw)}")
        if end is not None and not (is_whole_number(end) and 0 <= end < len(End)):
            raise SaveFormatError(f"no end {shown(end)}: the ends are 0 to 3 (left, right, up, down)")
        if forced.__class__ is not bool:
            raise SaveFormatError(f"an event's forced flag is true or false, not {shown(forced)}")
        return Event(
            seat,
            KINDS[kind],
            None if tile is None else _read_tile(tile, self.rules),
            None if end is None else End(end),
            tuple(self._ends(ends_before)),
            self._count(scored, "an event's score"),
            forced,
        )
