"""What a rule variant is: data, plus the few functions that settle a game and chain games into a match."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import IntEnum, StrEnum
from functools import cache, cached_property
from typing import ClassVar

from . import core
from .errors import ArgumentError, shown
from .tiles import TileSet, tile_set


class DrawRule(StrEnum):
    NONE = "none"  # no stock: a player who cannot play passes
    ONE_ENDS_TURN = "one"  # classic: "0" takes one tile and ends the turn, whether or not you could play
    UNTIL_PLAYABLE = "until"  # All Fives: draw one at a time until you can play


class Reason(StrEnum):
    OUT = "out"  # a player emptied the hand
    BLOCKED = "blocked"  # nobody can play
    STALEMATE = "stalemate"  # classic: both ends show n and n appears eight times


@dataclass(frozen=True, slots=True)
class Opening:
    """How a game starts: the holder of the highest double lays it (``seat`` None), or ``seat`` leads any tile."""

    seat: int | None = None

    @property
    def highest_double(self) -> bool:
        return self.seat is None


_DRAW_CODES = {
    DrawRule.NONE: core.NO_DRAWING,
    DrawRule.ONE_ENDS_TURN: core.DRAW_ENDS_TURN,
    DrawRule.UNTIL_PLAYABLE: core.DRAW_UNTIL_PLAYABLE,
}
_REASONS = {core.OUT: Reason.OUT, core.BLOCKED: Reason.BLOCKED, core.STALEMATE: Reason.STALEMATE}


@dataclass(frozen=True, slots=True)
class GameResult:
    reason: Reason
    winner: int | None  # team index; None for a tie or a draw
    points: tuple[int, ...]  # points each team earns from the settlement (not counting what the count scored in play)
    pips: tuple[int, ...]  # pips left in each seat's hand
    out_seat: int | None = None
    last_seat: int | None = None  # who made the last play (the dominoes package's series leads follow it)

    @classmethod
    def of(cls, outcome: core.Outcome) -> GameResult:
        """The record of the kernel's outcome of a game."""
        return cls(
            _REASONS[outcome.reason],
            _seat_or_none(outcome.winner),
            outcome.points,
            outcome.pips,
            _seat_or_none(outcome.out_seat),
            _seat_or_none(outcome.last_seat),
        )

    def to_json(self) -> dict[str, object]:
        return {
            "reason": self.reason.value,
            "winner": self.winner,
            "points": list(self.points),
            "pips": list(self.pips),
            "out_seat": self.out_seat,
            "last_seat": self.last_seat,
        }


class Scores(IntEnum):
    """What the team that wins a game scores (the kernel settles on these numbers)."""

    OPPONENTS = core.OPPONENTS_PIPS  # the pips left in the other team's hands
    ALL = core.ALL_PIPS  # every pip left in every hand
    ONE = core.ONE_GAME  # a game won counts 1
    FIVES = core.FIVES_ROUNDED  # All Fives: the other team's pips rounded to 5; blocked, the difference rounded to 5


class Blocked(IntEnum):
    """Who wins a game that ends without anyone going out (blocked, or the classic stalemate)."""

    DRAW = core.NOBODY_WINS  # nobody: a locked line is a draw
    LIGHTER_TEAM = core.LIGHTER_TEAM  # the team with fewer pips in all its hands; equal, nobody
    LIGHTEST_HAND = core.LIGHTEST_HAND  # the team whose lightest hand is lighter; equal, nobody


NextOpening = Callable[["Rules", GameResult, Opening, int, int], Opening]


@dataclass(frozen=True)
class Rules:
    name: str
    title: str
    summary: str
    max_pip: int
    players: int
    hand_size: int
    teams: tuple[tuple[int, ...], ...]
    draw: DrawRule
    spinner: bool = False
    # The count of the open ends scores after each play: (divisor, points a multiple) for each divisor it may be a
    # multiple of (All Fives: ((5, 5),), the count itself; Fives and Threes: ((5, 1), (3, 1)), so 15 scores 8).
    count_scores: tuple[tuple[int, int], ...] = ()
    stalemate_eight: bool = False  # classic: ends equal and that number on the table eight times
    # Classic lets you draw (or skip) even with a playable tile; everywhere else you must play if able.
    must_play: bool = True
    target: int | None = None  # match won by the first team to reach this at the end of a game
    games: int | None = None  # or a match is a fixed number of games
    table_games: int | None = None  # games in a match at the table, when not ``games``
    # Every game of a match opens with the highest double dealt (so nobody holds a higher one).
    highest_double_opens: bool = False
    # The lead moves round the table game by game from a random first seat, whoever won (the MC102 judge).
    lead_rotates: bool = False
    # The other player counts these rules may seat, each for itself, with the hand each is dealt (Fives and Threes:
    # ((3, 5), (4, 5))); `with_players` makes the Rules value for one of them.
    more_players: tuple[tuple[int, int], ...] = ()
    base: Rules | None = field(default=None, repr=False, compare=False)  # the rules `with_players` seated anew
    scores: Scores = field(kw_only=True)
    blocked: Blocked = field(kw_only=True)
    next_opening: NextOpening = field(repr=False, kw_only=True)
    first_opening: Callable[[Rules, object], Opening] = field(repr=False, kw_only=True)
    # Whether the fewest points place sides first (`places_of`): never in a line game, where a side makes points.
    lowest_wins: ClassVar[bool] = False

    def team_of(self, seat: int) -> int:
        return self.kernel.team_of(seat)

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players these rules may seat (`with_players`)."""
        origin = self.base or self
        return tuple(sorted({origin.players, *(n for n, _ in origin.more_players)}))

    def with_players(self, players: int) -> Rules:
        """These rules for ``players`` seats, each playing for itself, dealt the hand the rules give that count
        (one value for each count, as the referee compares rules by identity)."""
        origin = self.base or self
        if players == origin.players:
            return origin
        if players not in dict(origin.more_players):
            counts = ", ".join(map(str, origin.player_counts))
            raise ArgumentError(f"{origin.title} seats {counts} players, not {shown(players)}")
        return _seated(origin, players)

    @property
    def has_stock(self) -> bool:
        return self.kernel.has_stock

    @property
    def fives(self) -> bool:
        """Plays score the count of the open ends (All Fives' machinery: `count_scores`)."""
        return bool(self.count_scores)

    def count_points(self, count: int) -> int:
        """What a count of the open ends scores after a play (the kernel's rule)."""
        return self.kernel.count_points(count)

    @property
    def partnership(self) -> bool:
        return len(self.teams) < self.players

    @property
    def rounds(self) -> bool:
        """The settlement is rounded to 5 (All Fives)."""
        return self.scores is Scores.FIVES

    def unrounded_points(self, result: GameResult) -> tuple[int, ...]:
        """What each team's settlement of ``result`` came to before rounding (equal to ``result.points`` in a
        variant that does not round), so that a summary can show the rounding without redoing the rules."""
        out_seat = result.out_seat if result.reason is Reason.OUT and result.out_seat is not None else core.NOBODY
        return core.settle_points(self.kernel, out_seat, result.pips, rounded=False)[1]

    @cached_property
    def kernel(self) -> core.RuleCodes:
        """These rules as the kernel reads them."""
        return core.RuleCodes(
            self.max_pip,
            self.players,
            self.hand_size,
            len(self.teams),
            _DRAW_CODES[self.draw],
            int(self.scores),
            int(self.blocked),
            spinner=self.spinner,
            count_scores=self.count_scores,
            stalemate_eight=self.stalemate_eight,
            must_play=self.must_play,
        )

    @property
    def tiles(self) -> TileSet:
        """The set these rules play with."""
        return tile_set(self.max_pip)

    @property
    def single_game(self) -> bool:
        return self.games == 1 and self.target is None

    @property
    def wins_by_points(self) -> bool:
        """A match is won by points to a target (rather than by games won)."""
        return self.target is not None

    @property
    def is_line(self) -> bool:
        """Two ends, no stock, nothing scored in play: the game the bots' line loop plays (the kernel's rule)."""
        return self.kernel.is_line


@cache
def _seated(rules: Rules, players: int) -> Rules:
    sides = tuple((seat,) for seat in range(players))
    hand_size = dict(rules.more_players)[players]
    return replace(rules, players=players, hand_size=hand_size, teams=sides, base=rules)


def _seat_or_none(code: int) -> int | None:
    return None if code == core.NOBODY else code


def round5(points: int) -> int:
    """Round to the nearest 5 (12 -> 10, 13 -> 15), as All Fives scores hands (the kernel's rule)."""
    return core.round_to_five(points)
