"""Seed 000's deal: seven tiles each to you and the computer, fourteen in the stock, the highest double opens.

Tiles here are ``(low, high)`` pairs, in the engine's set order, and the shuffle is the one `GameState.new`
makes for classic: the same seed deals the same hands in every stage and in the engine (a test holds them equal).
The engine is not imported so that stage 1 starts fast.
"""

from __future__ import annotations

import random

# Seats, as in the engine: seat 0 is you, seat 1 the computer. NOBODY wins a drawn game.
PLAYER, COMPUTER, NOBODY = 0, 1, -1
# The Hyperskill stage text's game is the engine's classic variant; the plain mode plays no other.
VARIANT = "classic"
SEAT_NAMES = ("player", "computer")

Pair = tuple[int, int]
FULL_SET: tuple[Pair, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))
HAND_SIZE = 7


class Deal:
    """The tiles as dealt, before the opening double leaves its owner's hand."""

    __slots__ = ("hands", "stock")

    def __init__(self, player: list[Pair], computer: list[Pair], stock: list[Pair]) -> None:
        self.hands = (list(player), list(computer))
        self.stock = list(stock)  # drawn from its end, as the engine draws

    def opening(self) -> tuple[int, Pair]:
        """Who holds the highest double, and that double."""
        for n in range(6, -1, -1):
            for seat, hand in enumerate(self.hands):
                if (n, n) in hand:
                    return seat, (n, n)
        raise ValueError("nobody holds a double: this deal must be reshuffled")

    def after_opening(self) -> tuple[list[list[Pair]], list[Pair], int]:
        """The hands once the double is laid, the double, and who moves first (the other player)."""
        seat, double = self.opening()
        hands = [list(h) for h in self.hands]
        hands[seat].remove(double)
        return hands, [double], 1 - seat


def deal(rng: random.Random) -> Deal:
    """Shuffle and deal; reshuffle and deal again while neither hand holds a double."""
    while True:
        order = list(FULL_SET)
        rng.shuffle(order)
        player, computer = order[:HAND_SIZE], order[HAND_SIZE : 2 * HAND_SIZE]
        if any(a == b for a, b in player + computer):
            return Deal(player, computer, order[2 * HAND_SIZE :])
