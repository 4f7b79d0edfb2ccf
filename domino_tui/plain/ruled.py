"""Stages 4 and 5: the engine's classic game, with the Hyperskill stage text's computer: stage 4 tries random
numbers until one is legal, stage 5 is the `hyperskill` bot (the stage text's scoring computer)."""

from __future__ import annotations

import random

from ..ai.simple import HyperskillBot
from ..engine import DRAW, PASS, End, GameState, IllegalMoveError, Move, Opening, Tile, get_rules, observe
from .deal import COMPUTER, NOBODY, PLAYER, VARIANT, Deal, Pair
from .turns import Table


class RuledTable(Table):
    __slots__ = ("bot", "rng", "state")

    def __init__(self, state: GameState, rng: random.Random, scoring: bool) -> None:
        self.state = state
        self.rng = rng
        self.bot = HyperskillBot(rng) if scoring else None

    @classmethod
    def from_deal(cls, d: Deal, rng: random.Random, scoring: bool) -> RuledTable:
        hands = [[Tile(*p) for p in hand] for hand in d.hands]
        state = GameState(get_rules(VARIANT), hands, [Tile(*p) for p in d.stock], Opening(None))
        return cls(state, rng, scoring)

    @property
    def stock_size(self) -> int:
        return len(self.state.stock)

    @property
    def computer_size(self) -> int:
        return self.state.hand_size(COMPUTER)

    @property
    def line(self) -> list[Pair]:
        return [(p.first, p.second) for p in self.state.board.line]

    @property
    def hand(self) -> list[Pair]:
        return [(t.low, t.high) for t in self.state.hand(PLAYER)]

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def outcome(self) -> int | None:
        result = self.state.result
        if result is None:
            return None
        return NOBODY if result.winner is None else result.winner

    def player_move(self, number: int) -> bool:
        """Make your move ``number`` (already in range); False, changing nothing, if the tile does not fit."""
        try:
            self.state.apply(self._move(PLAYER, number))
        except IllegalMoveError:
            return False
        return True

    def computer_move(self) -> None:
        state = self.state
        if self.bot is not None:
            move = self.bot.choose(observe(state, COMPUTER))
        else:
            size = state.hand_size(COMPUTER)
            move = self._move(COMPUTER, self.rng.randint(-size, size))
            while not state.is_legal(move):
                move = self._move(COMPUTER, self.rng.randint(-size, size))
        state.apply(move)

    def _move(self, seat: int, number: int) -> Move:
        """Seed 000's move ``number`` for ``seat`` as an engine Move (see `Table`)."""
        if number == 0:
            return DRAW if self.state.stock else PASS
        piece = self.state.hand(seat)[abs(number) - 1]
        return Move.play(piece, End.LEFT if number < 0 else End.RIGHT)
