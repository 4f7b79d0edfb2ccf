"""Built-in bots on bare integers, for games where every seat is a simple built-in bot.

A policy here is the same decision as its bot in ai/simple.py, read off the seat's own tiles and the ends or the
legal moves (never another hand): "first legal", "heaviest, first of equals" and "rng.choice(legal)" pick
exactly what the bot would, because the engine lists legal moves in one order everywhere. In line games the
kernel's one line loop (engine/core.py line_game) makes dummy's and greedy's choices itself.
tests/tournament/test_fastplay.py plays seeded games both ways and requires identical results, so a change to a
bot that is not mirrored here fails a test.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..ai.simple import DoublesBot, DummyBot, GreedyBot, RandomBot
from ..engine import GameResult, Opening, Rules, tile_set
from ..engine.core import CALL, FIRST, HEAVIEST, Sim, deal_hands

# Generic form: the legal int moves (plays first, in GameState order) -> one of them.
LegalPolicy = Callable[[list[int]], int]
# Line form, for line games (Rules.is_line). The lead: (own hand mask) -> a play on the empty table.
# A turn: (own tiles fitting the left end, own tiles fitting the right end, left pip, right pip) -> a play;
# called only when one of the masks is not empty.
LeadPolicy = Callable[[int], int]
LinePolicy = Callable[[int, int, int, int], int]


class FastPolicy:
    __slots__ = ("kind", "lead", "legal", "line")

    def __init__(
        self, legal: LegalPolicy, lead: LeadPolicy | None = None, line: LinePolicy | None = None, kind: int = 0
    ) -> None:
        self.legal = legal
        self.lead = lead
        self.line = line
        # The kernel line loop's policy: FIRST or HEAVIEST it makes itself, CALL asks lead and line; 0: none.
        self.kind = kind if kind else (CALL if line is not None else 0)

    @property
    def plays_lines(self) -> bool:
        return self.kind != 0


def _first(legal: list[int]) -> int:
    # Plays come first and a draw or pass is listed only after them, so "first play, else the draw or pass"
    # is simply the first move.
    return legal[0]


def _best_by(key: tuple[int, ...]) -> LegalPolicy:
    def choose(legal: list[int]) -> int:
        best = -1
        move = legal[0]
        for m in legal:
            if m >= 0:
                k = key[m >> 2]
                if k > best:
                    best = k
                    move = m
        return move

    return choose


def _lead_first(hand: int) -> int:
    return ((hand & -hand).bit_length() - 1) << 2


def _lead_best_by(key: tuple[int, ...]) -> LeadPolicy:
    def choose(hand: int) -> int:
        best = -1
        move = 0
        while hand:
            bit = hand & -hand
            i = bit.bit_length() - 1
            if key[i] > best:
                best = key[i]
                move = i << 2
            hand ^= bit
        return move

    return choose


def _line_best_by(key: tuple[int, ...]) -> LinePolicy:
    def choose(left_fits: int, right_fits: int, left: int, right: int) -> int:
        best = -1
        move = 0
        m = left_fits
        while m:
            bit = m & -m
            i = bit.bit_length() - 1
            if key[i] > best:
                best = key[i]
                move = i << 2
            m ^= bit
        m = right_fits
        while m:
            bit = m & -m
            i = bit.bit_length() - 1
            # Strictly better only: an equal tile on the right comes later in the legal list.
            if key[i] > best:
                best = key[i]
                move = i << 2 | 1
            m ^= bit
        return move

    return choose


def fast_policy(bot_name: str, max_pip: int, rng: random.Random | None) -> FastPolicy | None:
    """The policy playing exactly as built-in bot ``bot_name``, or None when it has no fast form."""
    ts = tile_set(max_pip)
    if bot_name == DummyBot.name:
        return FastPolicy(_first, _lead_first, kind=FIRST)
    if bot_name == GreedyBot.name:
        return FastPolicy(_best_by(ts.pips), _lead_best_by(ts.pips), kind=HEAVIEST)
    if bot_name == DoublesBot.name:
        # (is_double, pips) ordered as one int: a double outranks any single.
        key = tuple(p + (100 if lo == hi else 0) for p, lo, hi in zip(ts.pips, ts.low, ts.high, strict=True))
        return FastPolicy(_best_by(key), _lead_best_by(key), _line_best_by(key))
    if bot_name == RandomBot.name and rng is not None:
        return FastPolicy(rng.choice)
    return None


def deal_fast(rules: Rules, rng: random.Random, opening: Opening) -> list[int]:
    """The hands of a fresh deal, as play_fast deals them (the same random draws)."""
    return deal_hands(rules, rng, opening)[0]


def play_fast(
    rules: Rules, rng: random.Random, opening: Opening, policies: list[FastPolicy]
) -> tuple[GameResult, tuple[int, ...]]:
    """One game with a policy per seat on a fresh deal (as deal_fast deals it): its result and the points each
    team earned in it."""
    return finish_fast(Sim.deal(rules, rng, opening), policies)


def finish_fast(sim: Sim, policies: list[FastPolicy]) -> tuple[GameResult, tuple[int, ...]]:
    """Play ``sim`` to the end with a policy per seat."""
    if sim.result is None and sim.rules.is_line and all(p.plays_lines for p in policies):
        return _line(sim, policies)
    choosers = [p.legal for p in policies]
    legal = sim.legal
    apply = sim.apply
    while sim.result is None:
        apply(choosers[sim.turn](legal()))
    return sim.result, sim.team_points()


def _line(sim: Sim, policies: list[FastPolicy]) -> tuple[GameResult, tuple[int, ...]]:
    """The rest of a line game in the kernel's line loop; nothing is scored in play, so the points are the
    settlement's."""
    result = sim.play_line([p.kind for p in policies], calls=policies)
    return result, result.points
