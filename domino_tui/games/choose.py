"""Choosing a kind of match from a variant's name, its number of players and its house rules; and reading an
observation's JSON of either family."""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import (
    TRAIN_VARIANTS,
    VARIANTS,
    EngineError,
    Observation,
    SaveFormatError,
    TrainObservation,
    TrainRules,
    get_train_rules,
    observation_from_json,
    train_observation_from_json,
)
from ..engine.train_rules import RULES_EDITION, default_options
from ..engine.train_state import options_to_json, rules_from_json
from .line import LineKind
from .played import GameChoiceError, MatchKind
from .train import TrainKind


def match_kind(
    variant: str,
    players: int | None = None,
    house: Mapping[str, object] | None = None,
    edition: int = RULES_EDITION,
) -> MatchKind:
    """The kind of match of ``variant`` (for ``players`` seats, where its rules take a number of players; with
    the ``house`` rules that differ from the default set of the rules' ``edition``, for the train games);
    GameChoiceError naming the variants, or what is wrong with the house rules, otherwise."""
    rules = VARIANTS.get(variant)
    if rules is not None:
        if players is not None and players not in rules.player_counts:
            counts = " or ".join(map(str, rules.player_counts))
            raise GameChoiceError(f"{variant} has {counts} seats, not {players}")
        if house:
            raise GameChoiceError(f"{variant} takes no house rules: they are the train games'")
        # A line game that seats several numbers (Fives and Threes for 3 or 4) deals each its own rules.
        return LineKind(rules if players is None else rules.with_players(players))
    if variant in TRAIN_VARIANTS:
        try:
            return TrainKind(train_rules(variant, players, house, edition))
        except (EngineError, ValueError) as exc:
            raise GameChoiceError(str(exc)) from None
    names = ", ".join([*VARIANTS, *TRAIN_VARIANTS])
    raise GameChoiceError(f"unknown variant {variant[:24]!r}; choose one of: {names}")


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
