"""Built-in bots on the engine's skinny simulator, for games where every seat is a simple built-in bot.

A policy here is the same decision as its bot in ai/simple.py, read off the seat's own hand and the legal moves
(never another hand): the engine's Sim lists legal moves in GameState's order, so "first legal", "heaviest, first
of equals" and "rng.choice(legal)" pick exactly what the bot would. tests/tournament/test_fastplay.py plays seeded
games both ways and requires identical results, so a change to a bot that is not mirrored here fails a test.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..ai.simple import DoublesBot, DummyBot, GreedyBot, RandomBot
from ..engine import GameResult, Opening, Rules, tile_set
from ..engine.fast import Sim

# Generic form: the legal int moves (plays first, in GameState order) -> one of them.
LegalPolicy = Callable[[list[int]], int]
# Line form, for two-ended games without a stock: (own hand mask, left, right) -> a play; -1 ends mean an empty
# table. Called only when some tile fits.
LinePolicy = Callable[[int, int, int], int]


class FastPolicy:
    __slots__ = ("legal", "line")

    def __init__(self, legal: LegalPolicy, line: LinePolicy | None) -> None:
        self.legal = legal
        self.line = line


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


def _line_first(match: tuple[int, ...]) -> LinePolicy:
    def choose(hand: int, left: int, right: int) -> int:
        if left < 0:
            m = hand
        else:
            m = hand & match[left]
            if not m:
                m = hand & match[right]
                return ((m & -m).bit_length() - 1) << 2 | 1
        return ((m & -m).bit_length() - 1) << 2

    return choose


def _line_best_by(match: tuple[int, ...], key: tuple[int, ...]) -> LinePolicy:
    def choose(hand: int, left: int, right: int) -> int:
        best = -1
        move = 0
        m = hand if left < 0 else hand & match[left]
        while m:
            bit = m & -m
            i = bit.bit_length() - 1
            if key[i] > best:
                best = key[i]
                move = i << 2
            m ^= bit
        if left >= 0:
            m = hand & match[right]
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
        return FastPolicy(_first, _line_first(ts.match))
    if bot_name == GreedyBot.name:
        return FastPolicy(_best_by(ts.pips), _line_best_by(ts.match, ts.pips))
    if bot_name == DoublesBot.name:
        # (is_double, pips) ordered as one int: a double outranks any single.
        key = tuple(p + (100 if lo == hi else 0) for p, lo, hi in zip(ts.pips, ts.low, ts.high, strict=True))
        return FastPolicy(_best_by(key), _line_best_by(ts.match, key))
    if bot_name == RandomBot.name and rng is not None:
        return FastPolicy(rng.choice, None)
    return None


def is_line_game(rules: Rules) -> bool:
    """Two ends, no stock, no scoring in play: the game the line loop below plays."""
    return rules.draw.value == "none" and not rules.spinner and not rules.fives and not rules.stalemate_eight


def play_fast(
    rules: Rules, rng: random.Random, opening: Opening, policies: list[FastPolicy]
) -> tuple[GameResult, tuple[int, ...]]:
    """One game with a policy per seat on a fresh deal: its result and the points each team earned in it."""
    return finish_fast(Sim.deal(rules, rng, opening), policies)


def finish_fast(sim: Sim, policies: list[FastPolicy]) -> tuple[GameResult, tuple[int, ...]]:
    """Play ``sim`` to the end with a policy per seat."""
    rules = sim.rules
    if is_line_game(rules) and all(p.line is not None for p in policies):
        _line_loop(sim, [p.line for p in policies])  # type: ignore[misc]
    else:
        choosers = [p.legal for p in policies]
        legal = sim.legal
        apply = sim.apply
        while sim.result is None:
            apply(choosers[sim.turn](legal()))
    return sim.result, sim.team_points()  # type: ignore[return-value]


def _line_loop(sim: Sim, choosers: list[LinePolicy]) -> None:
    # The hot loop of a tournament: a seat that cannot play passes without a call, as the bots' only legal
    # move would be the pass.
    masks = sim.masks
    ends = sim.ends
    match = sim.match
    play = sim.play
    pass_turn = sim.pass_turn
    while sim.result is None:
        seat = sim.turn
        left = ends[0]
        if left < 0 or masks[seat] & (match[left] | match[ends[1]]):
            play(choosers[seat](masks[seat], left, ends[1]))
        else:
            pass_turn()
