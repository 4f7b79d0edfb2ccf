"""Stage 3's table: turns but no rules. A tile goes on either end just as it lies in the hand, and the computer
plays a random number from -size to size. The engine enforces the rules, so this little table stands apart."""

from __future__ import annotations

import random

from .deal import COMPUTER, NOBODY, PLAYER, Deal, Pair
from .turns import Table

# The Hyperskill stage text: both ends show n and n appears this often in the line, so no tile can ever follow.
STALEMATE_COUNT = 8


class FreeTable(Table):
    __slots__ = ("hands", "line", "outcome", "rng", "stock", "turn")
    # Plain attributes here, where the base table only reads them.
    line: list[Pair]
    turn: int
    outcome: int | None

    def __init__(self, hands: list[list[Pair]], line: list[Pair], stock: list[Pair], turn: int, rng: random.Random):
        self.hands = hands
        self.line = line
        self.stock = stock
        self.turn = turn
        self.rng = rng
        self.outcome = None  # PLAYER, COMPUTER or NOBODY once the game is over

    @classmethod
    def from_deal(cls, d: Deal, rng: random.Random) -> FreeTable:
        hands, line, first = d.after_opening()
        return cls(hands, line, list(d.stock), first, rng)

    @property
    def stock_size(self) -> int:
        return len(self.stock)

    @property
    def computer_size(self) -> int:
        return len(self.hands[COMPUTER])

    @property
    def hand(self) -> list[Pair]:
        return self.hands[PLAYER]

    def player_move(self, number: int) -> bool:
        """Your move ``number`` (already in range): every move is legal without rules."""
        self._move(number)
        return True

    def computer_move(self) -> None:
        size = len(self.hands[COMPUTER])
        self._move(self.rng.randint(-size, size))

    def _move(self, number: int) -> None:
        seat = self.turn
        hand = self.hands[seat]
        if number == 0:
            if self.stock:
                hand.append(self.stock.pop())
        else:
            piece = hand.pop(abs(number) - 1)
            if number < 0:
                self.line.insert(0, piece)
            else:
                self.line.append(piece)
            if not hand:
                self.outcome = seat
            elif self._stalemate():
                self.outcome = NOBODY
        self.turn = PLAYER if seat == COMPUTER else COMPUTER

    def _stalemate(self) -> bool:
        left, right = self.line[0][0], self.line[-1][1]
        return left == right and sum(p.count(left) for p in self.line) >= STALEMATE_COUNT
