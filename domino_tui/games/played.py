"""What every kind of match says of itself, whichever family of game it is: `MatchKind` and `PlayedMatch`."""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable

from ..engine import Move, Observation, Rules, Tile, TrainObservation, TrainRules

Json = dict[str, object]


class GameChoiceError(ValueError):
    """A table's rules or length that cannot be played, in words for the person who chose them."""


class PlayedMatch(ABC):
    """A match being played, as whatever hosts it drives it."""

    @property
    @abstractmethod
    def turn(self) -> int: ...

    @property
    @abstractmethod
    def game_over(self) -> bool: ...

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    @abstractmethod
    def game_number(self) -> int:
        """The game (a round, in the train games) being played, from 1."""

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """The match's scores so far (per team in the line games, per seat's total in the train games)."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """The moves of the seat to act (none once the game is over)."""

    @abstractmethod
    def read_move(self, raw: object) -> Move:
        """A move from its JSON; SaveFormatError says what is wrong with it."""

    @abstractmethod
    def write_move(self, move: Move) -> list[object]:
        """A move's JSON, as `read_move` reads it."""

    @abstractmethod
    def check(self, move: Move) -> None:
        """Nothing, for a legal move of the seat to act; EngineError with the engine's words otherwise."""

    @abstractmethod
    def apply(self, move: Move) -> None: ...

    @abstractmethod
    def next_game(self) -> None: ...

    @abstractmethod
    def undo_point(self, seat: int) -> int | None:
        """How many moves of the game in play stay when ``seat`` takes back to its previous decision (a turn of
        its with more than one legal move, before the present one); None when it has none, or the game is over."""

    @abstractmethod
    def rewind(self, plies: int) -> None:
        """The game in play as it was after its first ``plies`` moves, dealt again and replayed; SaveFormatError
        unless that takes back at least one move of a game still being played."""

    @abstractmethod
    def observe(self, seat: int) -> Observation | TrainObservation:
        """What ``seat`` may know of the game in play."""

    @abstractmethod
    def observation(self, seat: int) -> Json:
        """``seat``'s observation as the bot protocol's JSON."""

    def observation_text(self, seat: int) -> str:
        """``seat``'s observation as compact JSON text (a family may share the text of what every seat sees)."""
        return json.dumps(self.observation(seat), separators=(",", ":"))

    @abstractmethod
    def public(self) -> Json:
        """What a spectator may see: the table, no hand."""

    @abstractmethod
    def result(self) -> Json:
        """The result of the game just over and where the match stands: with every hand left (``hands``), which
        only the end of the deal may reveal."""

    @abstractmethod
    def to_json(self) -> Json:
        """The match's games as the engine saves them (deals and moves): equal JSON, equal matches."""


class MatchKind(ABC):
    """A table's rules: how many seats, how long a match, and the matches they deal."""

    rules: Rules | TrainRules
    trains: bool  # the family: Mexican Train (True) or the line games

    @property
    def players(self) -> int:
        return self.rules.players

    @abstractmethod
    def length(self, target: int | None, games: int | None) -> tuple[int | None, int | None]:
        """(target points, number of games) of a match; GameChoiceError for what the rules do not take."""

    @abstractmethod
    def new_match(self, rng: random.Random, target: int | None, games: int | None) -> PlayedMatch: ...

    @abstractmethod
    def zero_scores(self) -> list[int]: ...

    @abstractmethod
    def write_move(self, move: Move) -> list[object]:
        """A move's JSON, as this kind's matches read it."""

    @abstractmethod
    def read_observation(self, data: Json) -> Observation | TrainObservation:
        """An observation's JSON (as `PlayedMatch.observation` writes it) read back under these rules."""

    def house(self) -> dict[str, object] | None:
        """Every house rule these rules play (None where the rules take none), as a table keeps them: whole, so
        that a later change of the defaults never deals its match anew."""
        return None


def hands_json(hands: Iterable[tuple[Tile, ...]]) -> list[list[list[int]]]:
    """Every seat's tiles left, as an observation writes a hand (``[low, high]`` each)."""
    return [[[t.low, t.high] for t in hand] for hand in hands]
