"""What a room plays: the line games' `Match` or Mexican Train's `TrainMatch`, behind one small interface.

A room (room.py) and the server know nothing of either kind of game: they deal a match, ask whose turn it is,
read a move from JSON and have the engine check it, apply it, and send each seat its observation's JSON (the bot
protocol's), spectators the public view, and everyone the result of a game that is over. Each kind of match says
how in a `RoomMatch`; a `MatchKind` is the rules of a room and makes its matches. The variant's name only picks
the kind from the engine's lists of variants.

For the train games a room's "game" is a round: the server's ``next`` deals the next round, and a room may be
made for fewer rounds than the rules' thirteen (``games``), the lowest total after the last one winning.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping

from ..ai import BOTS, LEVELS, Bot
from ..engine import (
    TRAIN_VARIANTS,
    VARIANTS,
    EngineError,
    Match,
    Move,
    Observation,
    Rules,
    SaveFormatError,
    Tile,
    TrainMatch,
    TrainObservation,
    TrainRules,
    get_train_rules,
    move_from_json,
    move_to_json,
    observation_from_json,
    observation_to_json,
    observe,
    observe_match,
    places_of,
    public_json,
    train_observation_from_json,
    train_observation_to_json,
)
from ..engine.train_moves import train_move_from_json
from ..engine.train_rules import RULES_EDITION, default_options
from ..engine.train_state import options_to_json, rules_from_json
from .protocol import Code, ProtocolError

Json = dict[str, object]


class RoomMatch(ABC):
    """A match being played in a room, as the room drives it."""

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
    def observation(self, seat: int) -> Json:
        """``seat``'s observation as the bot protocol's JSON."""

    @abstractmethod
    def public(self) -> Json:
        """What a spectator may see: the table, no hand."""

    @abstractmethod
    def result(self) -> Json:
        """The fields of the ``result`` message of the game just over: with every hand left (``hands``), which
        only the end of the deal may reveal."""

    @abstractmethod
    def to_json(self) -> Json:
        """The match's games as the engine saves them (deals and moves): equal JSON, equal matches."""


class MatchKind(ABC):
    """A room's rules: how many seats, how long a match, which bots play them, and the matches they deal."""

    rules: Rules | TrainRules

    @property
    def players(self) -> int:
        return self.rules.players

    @abstractmethod
    def length(self, target: int | None, games: int | None) -> tuple[int | None, int | None]:
        """(target points, number of games) of a room's match; ProtocolError for what the rules do not take."""

    @abstractmethod
    def new_match(self, rng: random.Random, target: int | None, games: int | None) -> RoomMatch: ...

    @abstractmethod
    def zero_scores(self) -> list[int]: ...

    def plays(self, level: str) -> bool:
        """Whether the level or bot ``level`` can take a seat at these rules."""
        return level in LEVELS or level in BOTS

    @abstractmethod
    def decide(self, bot: Bot, obs: Json) -> list[object]:
        """``bot``'s move, as JSON, seeing the observation ``obs`` (the JSON of `RoomMatch.observation`)."""

    def house(self) -> dict[str, object] | None:
        """Every house rule these rules play (None where the rules take none), as a room keeps them: whole, so
        that a later change of the defaults never deals its match anew."""
        return None


# ----- the line games -----


class LineKind(MatchKind):
    def __init__(self, rules: Rules) -> None:
        self.rules: Rules = rules

    def length(self, target: int | None, games: int | None) -> tuple[int | None, int | None]:
        rules = self.rules
        if rules.target is not None:
            if games is not None:
                raise ProtocolError(Code.BAD_MESSAGE, f"{rules.name} is played to a target, not a number of games")
            return (target or rules.target), None
        if target is not None:
            raise ProtocolError(Code.BAD_MESSAGE, f"{rules.name} is played for a number of games, not to a target")
        return None, games or (1 if rules.single_game else rules.table_games or rules.games)

    def new_match(self, rng: random.Random, target: int | None, games: int | None) -> RoomMatch:
        target, games = self.length(target, games)
        return LineMatch(Match(self.rules, rng, target=target, games=games))

    def zero_scores(self) -> list[int]:
        return [0] * len(self.rules.teams)

    def decide(self, bot: Bot, obs: Json) -> list[object]:
        return move_to_json(bot.choose(observation_from_json(obs)))


class LineMatch(RoomMatch):
    def __init__(self, match: Match) -> None:
        self.match = match

    @property
    def turn(self) -> int:
        return self.match.game.turn

    @property
    def game_over(self) -> bool:
        return self.match.game.over

    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def game_number(self) -> int:
        return len(self.match.games)

    @property
    def scores(self) -> list[int]:
        return list(self.match.scores)

    def read_move(self, raw: object) -> Move:
        return move_from_json(raw, self.match.rules)

    def write_move(self, move: Move) -> list[object]:
        return move_to_json(move)

    def check(self, move: Move) -> None:
        game = self.match.game
        if not game.is_legal(move):
            game.copy().apply(move)  # raises the engine's words for why not

    def apply(self, move: Move) -> None:
        self.match.game.apply(move)

    def next_game(self) -> None:
        self.match.next_game()

    def _observe(self, seat: int) -> Observation:
        match = self.match
        return observe(match.game, seat, match.scores_before(len(match.games) - 1), match.target)

    def observation(self, seat: int) -> Json:
        return observation_to_json(self._observe(seat))

    def public(self) -> Json:
        return public_json(self._observe(0))

    def result(self) -> Json:
        match = self.match
        result = match.game.result
        assert result is not None
        return {
            "result": result.to_json(),
            "scores": list(match.scores),
            "match_over": match.over,
            "winner": match.winner,
            "hands": hands_json(match.game.hand(s) for s in range(match.rules.players)),
        }

    def to_json(self) -> Json:
        return {"games": [g.to_json() for g in self.match.games]}


# ----- the train games -----


class TrainKind(MatchKind):
    def __init__(self, rules: TrainRules) -> None:
        self.rules: TrainRules = rules

    def length(self, target: int | None, games: int | None) -> tuple[int | None, int | None]:
        rounds = self.rules.rounds
        if target is not None:
            raise ProtocolError(Code.BAD_MESSAGE, f"{self.rules.title} is played for rounds, not to a target")
        if games is not None and not 1 <= games <= rounds:
            raise ProtocolError(Code.BAD_MESSAGE, f"{self.rules.title} is played for 1 to {rounds} rounds")
        return None, games or rounds

    def new_match(self, rng: random.Random, target: int | None, games: int | None) -> RoomMatch:
        _, rounds = self.length(target, games)
        assert rounds is not None
        return TrainRoomMatch(TrainMatch(self.rules, rng), rounds)

    def zero_scores(self) -> list[int]:
        return [0] * self.rules.players

    def plays(self, level: str) -> bool:
        lv = LEVELS.get(level)
        bot = BOTS.get(lv.bot if lv is not None else level)
        return bot is not None and bot.plays_trains

    def decide(self, bot: Bot, obs: Json) -> list[object]:
        return bot.choose_train(train_observation_from_json(obs, self.rules)).to_json()

    def house(self) -> dict[str, object] | None:
        return options_to_json(self.rules.options)


class TrainRoomMatch(RoomMatch):
    def __init__(self, match: TrainMatch, rounds: int) -> None:
        self.match = match
        self.rounds = rounds  # the room's match ends after these many rounds (the rules' thirteen by default)

    @property
    def turn(self) -> int:
        return self.match.round.turn

    @property
    def game_over(self) -> bool:
        return self.match.round.over

    @property
    def over(self) -> bool:
        return self.match.over or (self.game_over and len(self.match.rounds) >= self.rounds)

    @property
    def game_number(self) -> int:
        return len(self.match.rounds)

    @property
    def scores(self) -> list[int]:
        return list(self.match.totals)

    def read_move(self, raw: object) -> Move:
        return train_move_from_json(raw)

    def write_move(self, move: Move) -> list[object]:
        return move.to_json()

    def check(self, move: Move) -> None:
        state = self.match.round
        if not state.is_legal(move):
            state.copy().apply(move)  # raises the engine's words for why not

    def apply(self, move: Move) -> None:
        self.match.round.apply(move)

    def next_game(self) -> None:
        self.match.next_round()

    def observation(self, seat: int) -> Json:
        return train_observation_to_json(observe_match(self.match, seat))

    def public(self) -> Json:
        data = self.observation(0)
        data.update(seat=None, hand=[], legal=[], on_first_run=False)
        return data

    def result(self) -> Json:
        match = self.match
        state = match.round
        totals = list(match.totals)
        # A room may stop short of the match's rounds: its own end, not the match's, decides the winners.
        first = [s for s, place in enumerate(places_of(totals, match.rules.lowest_wins)) if place == 0]
        winners = first if self.over else []
        return {
            "result": {"points": list(state.points()), "out_seat": state.out_seat},
            "scores": totals,
            "match_over": self.over,
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
            "hands": hands_json(state.hand(s) for s in range(state.players)),
        }

    def to_json(self) -> Json:
        return self.match.to_json()


def hands_json(hands: Iterable[tuple[Tile, ...]]) -> list[list[list[int]]]:
    """Every seat's tiles left, as an observation writes a hand (``[low, high]`` each)."""
    return [[[t.low, t.high] for t in hand] for hand in hands]


# ----- choosing the kind -----


def match_kind(
    variant: str,
    players: int | None = None,
    house: Mapping[str, object] | None = None,
    edition: int = RULES_EDITION,
) -> MatchKind:
    """The kind of match of ``variant`` (for ``players`` seats, where its rules take a number of players; with
    the ``house`` rules that differ from the default set of the rules' ``edition``, for the train games);
    ProtocolError naming the variants, or what is wrong with the house rules, otherwise."""
    rules = VARIANTS.get(variant)
    if rules is not None:
        if players is not None and players not in rules.player_counts:
            counts = " or ".join(map(str, rules.player_counts))
            raise ProtocolError(Code.BAD_MESSAGE, f"{variant} has {counts} seats, not {players}")
        if house:
            raise ProtocolError(Code.BAD_MESSAGE, f"{variant} takes no house rules: they are the train games'")
        # A line game that seats several numbers (Fives and Threes for 3 or 4) deals each its own rules.
        return LineKind(rules if players is None else rules.with_players(players))
    if variant in TRAIN_VARIANTS:
        try:
            return TrainKind(train_rules(variant, players, house, edition))
        except (EngineError, ValueError) as exc:
            raise ProtocolError(Code.BAD_MESSAGE, str(exc)) from None
    names = ", ".join([*VARIANTS, *TRAIN_VARIANTS])
    raise ProtocolError(Code.BAD_MESSAGE, f"unknown variant {variant[:24]!r}; choose one of: {names}")


def train_rules(
    variant: str, players: int | None, house: Mapping[str, object] | None, edition: int = RULES_EDITION
) -> TrainRules:
    """A train variant's rules for ``players`` with the ``house`` rules (the engine's option names and values,
    as in a save) in place of the default ones of the rules' ``edition`` (a room stored before the engine was
    set aside by default names no engine search); ValueError or the engine's SaveFormatError says what is
    wrong."""
    rules = get_train_rules(variant, players)
    defaults = options_to_json(default_options(edition))
    if not house and edition == RULES_EDITION:
        return rules
    unknown = set(house or ()) - set(defaults)
    if unknown:
        known = ", ".join(defaults)
        raise ValueError(f"no house rule {sorted(unknown)[0][:24]!r}; the house rules are: {known}")
    options = {**defaults, **(house or {})}
    return rules_from_json({"variant": variant, "players": rules.players, "options": options}, edition)


def is_train_observation(obs: object) -> bool:
    """Whether an observation's JSON (or a public view's) is of a train game."""
    return isinstance(obs, Mapping) and obs.get("variant") in TRAIN_VARIANTS


def read_observation(obs: object) -> Observation | TrainObservation:
    """An observation's JSON read back, whichever kind of game it is of; SaveFormatError for anything else."""
    if not isinstance(obs, dict):
        raise SaveFormatError("an observation is a JSON object")
    if is_train_observation(obs):
        return train_observation_from_json(obs)
    return observation_from_json(obs)
