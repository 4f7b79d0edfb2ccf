"""One game through the full engine: each seat sees only its Observation, and a faulty answer loses the turn."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..engine import GameResult, GameState, Move, Observation, Opening, Rules, observe
from .faults import Fault, take_turn

# A game no faulty bot can keep alive for ever (two bots forfeiting every turn in a stock game never end it).
MAX_TURNS = 2000
# Turns in a row in which no tile is laid or drawn: the position stays the same, the seats that pass have to (they
# cannot play), so only a faulting bot that starts answering can end the game; this gives it a hundred more chances
# before the game is abandoned, instead of a thousand round trips to its host.
IDLE_TURNS = 200


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
    idle, last = 0, (-1, -1)
    for _ in range(MAX_TURNS):
        if game.over:
            return Outcome(game.result, game.team_points(), tuple(faults))
        position = (len(game.board), game.stock_size)  # a tile laid or drawn changes it
        idle = idle + 1 if position == last else 0
        if idle == IDLE_TURNS:
            break
        last = position
        seat = game.turn
        fault = take_turn(players[seat].choose, observe(game, seat), game.apply)
        if fault is None:
            continue
        faults.append((seat, fault))
        game.forfeit()
    if game.over:
        return Outcome(game.result, game.team_points(), tuple(faults))
    return Outcome(None, (0,) * len(rules.teams), tuple(faults))
