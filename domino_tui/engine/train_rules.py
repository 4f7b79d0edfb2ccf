"""What a train variant is (Mexican Train): data, like `Rules`, with the options rule books differ on.

`Rules` is bound to core.py's kernel (64-bit hands, two or four ends), which a 91-tile set and nine trains do not
fit, so the train game has its own rules type; it shares the names every variant has (name, title, summary,
max_pip, players, tiles) so that code listing variants can read either. docs/engine.md names the rule book each
option follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import IntEnum
from functools import cached_property
from typing import ClassVar

from . import train_core
from .errors import ArgumentError, shown
from .tiles import TileSet, is_whole_number, tile_set

MIN_PLAYERS = 2
MAX_PLAYERS = 8

# Hand sizes by the number of players, for 2 to 8 players.
HAND_SIZES_BY_BAND = (15, 15, 15, 12, 12, 10, 10)  # 15 for 2-4, 12 for 5-6, 10 for 7-8 (htfbw.com)
HAND_SIZES_STEPPED = (15, 15, 15, 13, 12, 11, 10)  # 15/15/15/13/12/11/10/9: one tile fewer a player past four


class EngineSearch(IntEnum):
    """How the engine double reaches the hub."""

    DRAWN = train_core.ENGINE_DRAWN  # its holder lays it; nobody holds it: all draw one in turn until someone does
    SET_ASIDE = train_core.ENGINE_SET_ASIDE  # taken out before the deal (htuse.com, the Texas Good Sam sheet)
    DRAWN_UNTIL_FOUND = train_core.ENGINE_DRAWN_UNTIL_FOUND  # as DRAWN, but the first seat to draw it stops the rest


@dataclass(frozen=True, slots=True)
class TrainOptions:
    """The house rules: each field is one question the rule books answer differently."""

    hand_sizes: tuple[int, ...] = HAND_SIZES_BY_BAND  # hand size for 2, 3, ... 8 players
    # The engine in the hub before the deal, as the design brief has it (docs/rules.md names the sheets of each way):
    # drawing for it leaves two players with 32 to 40 tiles when the double-twelve is among the 61 undealt.
    engine_search: EngineSearch = EngineSearch.SET_ASIDE
    first_turn_chain: bool = False  # a seat's first turn may lay several tiles on its own train
    double_blank: int = 0  # what [0|0] left in a hand scores: 0, or 50 in the score sheets that punish it
    out_on_double: bool = True  # a hand emptied by laying a double ends the round though the double is open

    def __post_init__(self) -> None:
        sizes = self.hand_sizes
        if not (
            isinstance(sizes, tuple)
            and len(sizes) == MAX_PLAYERS - MIN_PLAYERS + 1
            and all(is_whole_number(s) and s > 0 for s in sizes)
        ):
            raise ArgumentError(f"hand sizes are {MAX_PLAYERS - MIN_PLAYERS + 1} whole numbers, not {shown(sizes)}")
        if self.engine_search.__class__ is not EngineSearch:
            raise ArgumentError(f"not an engine search: {shown(self.engine_search)}")
        if not is_whole_number(self.double_blank) or self.double_blank < 0:
            raise ArgumentError(f"the double blank scores a whole number of points, not {shown(self.double_blank)}")


# The editions of the train rules that saved rounds and rooms name. Edition 1 ended a round blocked once every seat
# still in had passed in a row, and drew for the engine by default, stopping at the first seat to draw it (what it
# called "drawn"); edition 2 judges a blocked round from the position (nobody can play and the boneyard is empty),
# sets the engine aside by default, and draws for it a whole turn of the table at a time.
PASS_COUNT_EDITION = 1
RULES_EDITION = 2


def default_options(edition: int = RULES_EDITION) -> TrainOptions:
    """The options a house rule left unsaid meant in ``edition``: a room stored before the engine was set aside by
    default replays its deals with the engine drawn as it was then."""
    if edition == PASS_COUNT_EDITION:
        return TrainOptions(engine_search=EngineSearch.DRAWN_UNTIL_FOUND)
    if edition == RULES_EDITION:
        return TrainOptions()
    raise ArgumentError(f"no edition {shown(edition)} of the train rules: they are 1 to {RULES_EDITION}")


@dataclass(frozen=True)
class TrainRules:
    name: str
    title: str
    summary: str
    max_pip: int = 12
    players: int = 4
    options: TrainOptions = field(default_factory=TrainOptions)
    # The pips left in a hand are a seat's points: the fewest place first (`places_of`).
    lowest_wins: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if not (is_whole_number(self.players) and MIN_PLAYERS <= self.players <= MAX_PLAYERS):
            raise ArgumentError(
                f"Mexican Train seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(self.players)}"
            )
        tiles = (self.max_pip + 1) * (self.max_pip + 2) // 2
        if tiles > train_core.MAX_TILES:  # a hand is two 64-bit words in the compiled kernel
            most, pips = train_core.MAX_TILES, self.max_pip
            raise ArgumentError(f"the train game plays sets of at most {most} tiles, not double-{pips}'s {tiles}")
        if self.players * self.hand_size >= tiles:
            raise ArgumentError(f"{self.players} hands of {self.hand_size} leave no boneyard in {tiles} tiles")

    @property
    def player_counts(self) -> tuple[int, ...]:
        """How many players these rules may seat (`with_players`)."""
        return tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))

    def with_players(self, players: int) -> TrainRules:
        """These rules for ``players`` seats (each seat plays for itself)."""
        return replace(self, players=players)

    def with_options(self, **changes: object) -> TrainRules:
        """These rules with some options changed, e.g. ``with_options(double_blank=50)``."""
        # mypy cannot match keywords to fields; TrainOptions checks each value itself.
        return replace(self, options=replace(self.options, **changes))  # type: ignore[arg-type]  # see above

    @property
    def hand_size(self) -> int:
        return self.options.hand_sizes[self.players - MIN_PLAYERS]

    @property
    def rounds(self) -> int:
        """Rounds in a match: one per double, the highest first."""
        return self.max_pip + 1

    def engine_of(self, round_index: int) -> int:
        """The number of round ``round_index``'s engine double (from 0): the highest double first, then down."""
        return self.max_pip - round_index

    @property
    def trains(self) -> int:
        """Trains on the table: one per seat and the Mexican train (the last)."""
        return self.players + 1

    @property
    def mexican(self) -> int:
        """The Mexican train's index."""
        return self.players

    @property
    def tiles(self) -> TileSet:
        return tile_set(self.max_pip)

    @property
    def partnership(self) -> bool:
        return False

    def team_of(self, seat: int) -> int:
        return seat

    @cached_property
    def kernel(self) -> train_core.TrainCodes:
        o = self.options
        return train_core.TrainCodes(
            self.max_pip,
            self.players,
            self.hand_size,
            int(o.engine_search),
            o.first_turn_chain,
            o.double_blank,
            o.out_on_double,
        )
