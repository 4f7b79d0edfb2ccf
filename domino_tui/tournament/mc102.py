"""The MC102 judge's player interface on our engine: a pair module written for that judge plays unchanged.

The MC102 judge is a university course's referee for double-nine partnership dominoes, whose students write a
pair module: ``pair_name()``, ``create_pair()`` and players with ``tiles`` and ``play(board_extremes, play_hist)``.

The player gets exactly that judge's inputs: ``tiles``, a list of (a, b) tuples (its hand, in deal order, the
tiles it played removed); ``board_extremes``, () before the first tile, else (left, right); and ``play_hist``,
a list of (position, extremes before, side, tile) with side 0 for left and 1 for right and tile None for a lost
turn. It answers (side, tile). Judged as the MC102 judge does: a tile that fits only the other end goes there,
anything else that is not a fitting tile of its hand loses the turn.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from ..ai import Bot
from ..engine import CLOSED, End, Event, Kind, Move, Observation, Tile
from . import mc102_players
from .faults import Fault, Forfeit


def install_basic_players(folder: str) -> None:
    """Let ``from basic_players import Player`` work when the judge's own file is not beside the module."""
    if "basic_players" not in sys.modules and not os.path.exists(os.path.join(folder, "basic_players.py")):
        sys.modules["basic_players"] = mc102_players


def extremes_of(ends: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return () if ends[0] == CLOSED else (ends[0], ends[1])


def play_history(history: tuple[Event, ...]) -> list[tuple]:
    """The judge's play_hist from our public history (a pass records side 0: the judge leaves it to the player)."""
    out: list[tuple] = []
    for ev in history:
        ext = extremes_of(ev.ends_before) if ev.ends_before else ()
        if ev.kind is Kind.PLAY:
            out.append((ev.seat, ext, int(ev.end), (ev.tile.low, ev.tile.high)))  # type: ignore[union-attr, arg-type]  # a PLAY event has a tile and an end
        elif ev.kind is Kind.PASS:
            out.append((ev.seat, ext, 0, None))
    return out


def judge(answer: Any, obs: Observation) -> Move:
    """The MC102 judge on one answer: the move it makes, or Forfeit when the turn is lost."""
    try:
        side, tile = answer  # any answer: a bad one is caught below
    except (TypeError, ValueError):
        raise Forfeit(Fault.ILLEGAL, f"play() must return (side, tile), not {answer!r}") from None
    if tile is None:
        plays = [m for m in obs.legal if m.kind is Kind.PLAY]
        if plays:
            raise Forfeit(Fault.DECLINED, "passed while able to play")
        return obs.legal[0]
    try:
        a, b = tile
        t = Tile.of(int(a), int(b))
    except (TypeError, ValueError):
        raise Forfeit(Fault.ILLEGAL, f"not a tile: {tile!r}") from None
    if t not in obs.hand:
        raise Forfeit(Fault.ILLEGAL, f"{t} is not in the hand")
    ends = obs.board.ends
    if ends[0] == CLOSED:
        return Move.play(t, End.LEFT)
    first, second = (End.LEFT, End.RIGHT) if side == 0 else (End.RIGHT, End.LEFT)
    for end in (first, second):
        if ends[end] in t:
            return Move.play(t, end)
    raise Forfeit(Fault.ILLEGAL, f"{t} fits neither end")


class Mc102Player(Bot):
    """Our Bot interface around one player written for the MC102 judge."""

    name = "mc102"
    description = "A player written for the MC102 judge."

    def __init__(self, player: object) -> None:
        super().__init__(None)
        self.player = player

    def choose(self, obs: Observation) -> Move:
        self.player.tiles = [(t.low, t.high) for t in obs.hand]  # type: ignore[attr-defined]  # the judge's player class, untyped
        answer = self.player.play(extremes_of(obs.board.ends), play_history(obs.history))  # type: ignore[attr-defined]  # the judge's player class, untyped
        return judge(answer, obs)
