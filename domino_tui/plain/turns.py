"""Stages 3 to 5: screen, move, screen, until the game is over, on a table with rules (4, 5) or without (3)."""

from __future__ import annotations

from collections.abc import Callable

from . import text
from .deal import PLAYER, Pair


class Table:
    """What the loop asks of a table. Seats are PLAYER and COMPUTER; tiles are ``(a, b)`` pairs, the line's as
    they lie left to right.

    A move number is the Hyperskill stage text's: ``-k`` the k-th tile on the left end, ``k`` on the right, 0 take from
    the stock (or skip once it is empty)."""

    __slots__ = ()

    # Read-only here: a table may keep them as attributes or work them out.
    @property
    def stock_size(self) -> int:
        raise NotImplementedError

    @property
    def computer_size(self) -> int:
        raise NotImplementedError

    @property
    def line(self) -> list[Pair]:
        raise NotImplementedError

    @property
    def hand(self) -> list[Pair]:
        """Yours, in the order you number them."""
        raise NotImplementedError

    @property
    def turn(self) -> int:
        raise NotImplementedError

    @property
    def outcome(self) -> int | None:
        """PLAYER, COMPUTER or NOBODY (a draw) once the game is over."""
        raise NotImplementedError

    def player_move(self, number: int) -> bool:
        """Make your move ``number`` (already in range); False, changing nothing, if the rules forbid it."""
        raise NotImplementedError

    def computer_move(self) -> None:
        raise NotImplementedError


def show(t: Table) -> str:
    return text.screen(t.stock_size, t.computer_size, t.line, t.hand, t.turn, t.outcome)


def play(t: Table, read: Callable[[], str], write: Callable[[str], None]) -> None:
    """Screens and moves until the game is over (the last screen shows the result); EOFError from ``read``
    ends it early."""
    while True:
        write(show(t))
        if t.outcome is not None:
            return
        if t.turn == PLAYER:
            while True:
                number = text.parse_move(read(), len(t.hand))
                if number is None:
                    write(text.INVALID + "\n")
                elif t.player_move(number):
                    break
                else:
                    write(text.ILLEGAL + "\n")
        else:
            read()  # any line is Enter
            t.computer_move()
