"""Why a seat lost its turn: a user bot that raised, answered with an illegal move, was too slow or died."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any


class Fault(StrEnum):
    RAISED = "raised"  # the bot raised an exception
    ILLEGAL = "illegal"  # it answered with something that is not a legal move now
    SLOW = "slow"  # it took longer than the per-move limit
    CRASHED = "crashed"  # its process died
    DECLINED = "declined"  # an MC102 player passed while able to play: legal for that judge, a lost turn here


# The ones that are the bot's failures; an MC102 player's pass by choice is counted but is not a failure.
FAILURES = (Fault.RAISED, Fault.ILLEGAL, Fault.SLOW, Fault.CRASHED)


class Forfeit(Exception):
    """Raised by a seat's player to give up the turn with a cause."""

    def __init__(self, fault: Fault, detail: str = "") -> None:
        super().__init__(f"{fault.value}: {detail}" if detail else fault.value)
        self.fault = fault
        self.detail = detail


def take_turn(choose: Callable[[Any], Any], obs: object, apply: Callable[[Any], object]) -> Fault | None:
    """One turn of a seat's player: its move applied, else the fault that loses it the turn (a Forfeit's, a raise,
    or an answer that is not a legal move now). The caller makes the lost turn, as its kind of game does."""
    try:
        move = choose(obs)
    except Forfeit as forfeit:
        return forfeit.fault
    except Exception:  # whatever the player raises
        return Fault.RAISED
    try:
        apply(move)
    except Exception:  # an illegal move, or something that is not a move at all
        return Fault.ILLEGAL
    return None
