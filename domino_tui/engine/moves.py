"""Moves and the public record of what happened at the table.

A move is a `Play` (a tile and the end it goes on, both always there), a `Draw` or a `Pass`; DRAW and PASS are the
draw and the pass. An event of the history is likewise `Played`, `Drew` or `Passed`. Narrow with ``isinstance`` and
the type checker knows a play's tile and end; ``move.kind`` still says which of the three it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from .core import DRAW_MOVE, PASS_MOVE
from .errors import ArgumentError, SaveFormatError, shown
from .tiles import Tile, TileSet, is_whole_number, tile_set


class End(IntEnum):
    """An open end of the layout. UP and DOWN exist only off an All Fives spinner."""

    LEFT = 0
    RIGHT = 1
    UP = 2
    DOWN = 3

    @property
    def label(self) -> str:
        return self.name.lower()


class Kind(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


KINDS = {k.value: k for k in Kind}  # by name, as JSON writes them


def move_json(data: object, play_length: int, shape: str) -> tuple[Kind, list[Any]]:
    """A move written in JSON as a list that starts with its kind's name, a play ``play_length`` items long and a
    draw or a pass one: its kind and the list; SaveFormatError showing ``shape`` for anything else. The save's form,
    the bot protocol's and the train game's are read so."""
    if not (isinstance(data, list) and data and isinstance(data[0], str) and data[0] in KINDS):
        raise SaveFormatError(f"not a move: {shown(data)} {shape}")
    kind = KINDS[data[0]]
    if len(data) != (play_length if kind is Kind.PLAY else 1):
        raise SaveFormatError(f"not a move: {shown(data)} {shape}")
    return kind, data


class _OneClassPerKind(type):
    """``Move(kind, tile, end)`` and ``Event(seat, kind, ...)``, the way callers wrote them before each kind had its
    own class, make the object of that kind's class (`Move.of_kind`, `Event.of_kind`)."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        of_kind = cls.__dict__.get("of_kind")
        if of_kind is not None:  # only the base classes have their own of_kind
            return of_kind.__func__(*args, **kwargs)
        return super().__call__(*args, **kwargs)


class _TileAndEnd:
    """What a move or an event that is not a play names of a tile and an end: nothing. A play's class has both,
    always; on the base classes they read None, as callers that test ``move.kind`` first expect."""

    __slots__ = ()

    @property
    def tile(self) -> Tile | None:
        """The tile played: None for a draw or a pass."""
        return None

    @property
    def end(self) -> End | None:
        """The end played on: None for a draw or a pass."""
        return None


class Move(_TileAndEnd, metaclass=_OneClassPerKind):
    """Play a tile on an end, draw, or pass: a `Play`, DRAW or PASS. On an empty table a lead is played on
    ``End.LEFT``. A move is checked once, when it is made, so that everything that takes one (apply, bots, the
    wire) can trust it."""

    __slots__ = ()
    kind: ClassVar[Kind]

    if TYPE_CHECKING:

        def __init__(self, kind: Kind, tile: Tile | None = None, end: End | int | None = None) -> None: ...

    @staticmethod
    def of_kind(kind: object, tile: object = None, end: object = None) -> Move:
        """The move of ``kind`` (a `Kind`): a play of ``tile`` on ``end``; a draw or a pass name neither."""
        if kind.__class__ is not Kind:
            raise ArgumentError(f"not a kind of move: {shown(kind)} (play, draw or pass)")
        if kind is Kind.PLAY:
            return Play(tile, end)  # type: ignore[arg-type]  # Play checks them, with the messages a caller can act on
        if tile is not None or end is not None:
            raise ArgumentError(f"a {kind.value} names no tile and no end")
        return DRAW if kind is Kind.DRAW else PASS

    @staticmethod
    def play(tile: Tile, end: End | int = End.LEFT) -> Play:
        return Play(tile, end)  # type: ignore[arg-type]  # an int end is checked and made an End

    def __str__(self) -> str:
        return self.kind.value

    def to_json(self) -> list[object]:
        return [self.kind.value]

    @classmethod
    def from_json(cls, data: object) -> Move:
        """Read ``["play", a, b, end]``, ``["draw"]`` or ``["pass"]``; SaveFormatError for anything else."""
        return saved_move(data, '(a move is saved as ["play", a, b, end], ["draw"] or ["pass"])', Play)


def saved_move(data: object, shape: str, play: Callable[[Tile, Any], Move]) -> Move:
    """A move as saves write it, ``["play", a, b, where]``, ``["draw"]`` or ``["pass"]``: ``play`` lays the tile
    on ``where`` (an end of the line, a train). SaveFormatError showing ``shape`` for anything else."""
    kind, data = move_json(data, 4, shape)
    if kind is not Kind.PLAY:
        return DRAW if kind is Kind.DRAW else PASS
    try:
        return play(Tile.of(data[1], data[2]), data[3])
    except ArgumentError as exc:
        raise SaveFormatError(f"not a move: {shown(data)}: {exc}") from None


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Lay ``tile`` on ``end`` (an int 0 to 3 is taken for its `End`)."""

    tile: Tile
    end: End = End.LEFT
    kind: ClassVar[Kind] = Kind.PLAY

    def __post_init__(self) -> None:
        if self.tile.__class__ is not Tile:
            raise ArgumentError(f"a play needs a Tile, not {shown(self.tile)}")
        if self.end.__class__ is not End:
            if not (is_whole_number(self.end) and 0 <= self.end < len(End)):
                raise ArgumentError(f"no end {shown(self.end)}: the ends are 0 to 3 (left, right, up, down)")
            object.__setattr__(self, "end", End(self.end))

    def __str__(self) -> str:
        return f"{self.tile} {self.end.label}"

    def to_json(self) -> list[object]:
        return [self.kind.value, self.tile.low, self.tile.high, int(self.end)]


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Take the top tile of the stock (DRAW is the one draw)."""

    kind: ClassVar[Kind] = Kind.DRAW

    def __init__(self) -> None:  # a draw names nothing (and Move's compatible call takes a kind)
        pass


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Let the turn go by (PASS is the one pass)."""

    kind: ClassVar[Kind] = Kind.PASS

    def __init__(self) -> None:  # a pass names nothing (and Move's compatible call takes a kind)
        pass


DRAW = Draw()
PASS = Pass()


def move_of(code: int, tiles: TileSet) -> Move:
    """The Move of the kernel's int move ``code`` in the set ``tiles``."""
    if code < 0:
        return DRAW if code == DRAW_MOVE else PASS
    return _plays(tiles.max_pip)[code]


def code_of(move: Move, tiles: TileSet) -> int:
    """The kernel's int move for ``move``, a legal move in the set ``tiles``."""
    if isinstance(move, Play):
        return tiles.index[move.tile] << 2 | move.end
    return DRAW_MOVE if isinstance(move, Draw) else PASS_MOVE


@cache
def _plays(max_pip: int) -> tuple[Play, ...]:
    """Every play of the set, at its int move: made once, so that listing legal moves makes no new object."""
    return tuple(Play(tile, End(end)) for tile in tile_set(max_pip).tiles for end in range(4))


class Event(_TileAndEnd, metaclass=_OneClassPerKind):
    """One public fact: who played what where (with the ends showing before it), drew, or passed: a `Played`,
    `Drew` or `Passed`.

    A draw never names the tile drawn: that is hidden from everybody but the drawer, who sees it in the hand.
    """

    __slots__ = ()
    kind: ClassVar[Kind]
    seat: int
    ends_before: tuple[int, ...]

    if TYPE_CHECKING:

        def __init__(
            self,
            seat: int,
            kind: Kind,
            tile: Tile | None = None,
            end: End | None = None,
            ends_before: tuple[int, ...] = (),
            scored: int = 0,
            forced: bool = False,
        ) -> None: ...

    @staticmethod
    def of_kind(
        seat: int,
        kind: Kind,
        tile: Tile | None = None,
        end: End | None = None,
        ends_before: tuple[int, ...] = (),
        scored: int = 0,
        forced: bool = False,
    ) -> Event:
        """The event of ``kind``, from the fields every kind of event used to share."""
        if kind is Kind.PLAY:
            if tile is None or end is None:
                raise ArgumentError("a play event names its tile and its end")
            return Played(seat, tile, end, ends_before, scored)
        if kind is Kind.DRAW:
            return Drew(seat, ends_before)
        return Passed(seat, ends_before, forced)

    @property
    def scored(self) -> int:
        """What the play scored in play: the count, in All Fives or Fives and Threes (0 for anything else)."""
        return 0

    @property
    def forced(self) -> bool:
        """A turn lost to a faulty bot, counted as a pass (as the MC102 judge counts it)."""
        return False


@dataclass(frozen=True, slots=True)
class Played(Event):
    seat: int
    tile: Tile
    end: End
    ends_before: tuple[int, ...] = ()
    scored: int = 0
    kind: ClassVar[Kind] = Kind.PLAY


@dataclass(frozen=True, slots=True)
class Drew(Event):
    seat: int
    ends_before: tuple[int, ...] = ()
    kind: ClassVar[Kind] = Kind.DRAW


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    ends_before: tuple[int, ...] = ()
    forced: bool = False
    kind: ClassVar[Kind] = Kind.PASS
