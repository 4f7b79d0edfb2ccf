"""One game through the full engine: each seat sees only its Observation, and a faulty answer loses the turn."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..engine import GameResult, GameState, Move, Observation, Opening, Rules, observe
from .faults import Fault, take_turn

# A game no faulty bot can keep alive for ever (two bots forfeiting every turn in a stock game never end it).
MAX_TURNS = 2000


class Player(Protocol):
    def choose(self, obs: Observation) -> Move: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    result: GameResult | None  # None when the game was abandoned after MAX_TURNS
    points: tuple[int, ...]  # per team
    faults: tuple[tuple[int, Fault], ...]  # (seat, cause) of every lost turn


def play_full(rules: Rules, rng: random.Random, opening: Opening, players: list[Player]) -> Outcome:
    return play_state(GameState.new(rules, rng, opening), players)


def play_state(game: GameState, players: list[Player]) -> Outcome:
    """Play ``game`` to the end, asking each seat's player for its moves."""
    rules = game.rules
    faults: list[tuple[int, Fault]] = []
    for _ in range(MAX_TURNS):
        if game.over:
            return Outcome(game.result, game.team_points(), tuple(faults))
        seat = game.turn
        fault = take_turn(players[seat].choose, observe(game, seat), game.apply)
        if fault is None:
            continue
        faults.append((seat, fault))
        game.forfeit()
    if game.over:
        return Outcome(game.result, game.team_points(), tuple(faults))
    return Outcome(None, (0,) * len(rules.teams), tuple(faults))
