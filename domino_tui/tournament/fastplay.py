"""Built-in bots on bare integers, for games where every seat is a simple built-in bot.

A policy here is the same decision as its bot in ai/simple.py, read off the seat's own tiles and the ends or the
legal moves (never another hand): "first legal", "heaviest, first of equals" and "rng.choice(legal)" pick
exactly what the bot would, because the engine lists legal moves in one order everywhere. In two-ended games
without a stock, the line loop makes dummy's and greedy's choices itself (a call per move is a tenth of a game).
tests/tournament/test_fastplay.py plays seeded games both ways and requires identical results, so a change to a
bot that is not mirrored here fails a test.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from ..ai.simple import DoublesBot, DummyBot, GreedyBot, RandomBot
from ..engine import CLOSED, GameResult, Opening, Reason, Rules, tile_set
from ..engine.fast import Sim, deal_hands

# Generic form: the legal int moves (plays first, in GameState order) -> one of them.
LegalPolicy = Callable[[list[int]], int]
# Line form, for two-ended games without a stock. The lead: (own hand mask) -> a play on the empty table.
# A turn: (own tiles fitting the left end, own tiles fitting the right end, left pip, right pip) -> a play;
# called only when one of the masks is not empty.
LeadPolicy = Callable[[int], int]
LinePolicy = Callable[[int, int, int, int], int]


FIRST = 1  # dummy: the lowest tile at the left end, else at the right
HEAVIEST = 2  # greedy: the heaviest tile, the left end's on equal weight


class FastPolicy:
    __slots__ = ("inline", "lead", "legal", "line")

    def __init__(
        self, legal: LegalPolicy, lead: LeadPolicy | None = None, line: LinePolicy | None = None, inline: int = 0
    ) -> None:
        self.legal = legal
        self.lead = lead
        self.line = line
        # FIRST or HEAVIEST: the line loop makes this policy's choice itself, without a call per move.
        self.inline = inline

    @property
    def plays_lines(self) -> bool:
        return self.line is not None or self.inline != 0


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


@cache
def _upper(max_pip: int) -> tuple[int, ...]:
    """upper[p]: the tiles [p|b] with b >= p. Of the tiles showing p, each of these outweighs every [a|p] with
    a < p, and within each group a higher index is a heavier tile: so the heaviest tile fitting an end is the top
    bit of the first group, else of the second, and no two tiles fitting one end weigh the same."""
    ts = tile_set(max_pip)
    return tuple(sum(1 << i for i, lo in enumerate(ts.low) if lo == p) for p in range(max_pip + 1))


def fast_policy(bot_name: str, max_pip: int, rng: random.Random | None) -> FastPolicy | None:
    """The policy playing exactly as built-in bot ``bot_name``, or None when it has no fast form."""
    ts = tile_set(max_pip)
    if bot_name == DummyBot.name:
        return FastPolicy(_first, _lead_first, inline=FIRST)
    if bot_name == GreedyBot.name:
        return FastPolicy(_best_by(ts.pips), _lead_best_by(ts.pips), inline=HEAVIEST)
    if bot_name == DoublesBot.name:
        # (is_double, pips) ordered as one int: a double outranks any single.
        key = tuple(p + (100 if lo == hi else 0) for p, lo, hi in zip(ts.pips, ts.low, ts.high, strict=True))
        return FastPolicy(_best_by(key), _lead_best_by(key), _line_best_by(key))
    if bot_name == RandomBot.name and rng is not None:
        return FastPolicy(rng.choice)
    return None


def is_line_game(rules: Rules) -> bool:
    """Two ends, no stock, no scoring in play: the game the line loop below plays."""
    return rules.draw.value == "none" and not rules.spinner and not rules.fives and not rules.stalemate_eight


def deal_fast(rules: Rules, rng: random.Random, opening: Opening) -> list[int]:
    """The hands of a fresh deal, as play_fast deals them (the same random draws)."""
    return deal_hands(rules, rng, opening)[0]


def play_fast(
    rules: Rules, rng: random.Random, opening: Opening, policies: list[FastPolicy]
) -> tuple[GameResult, tuple[int, ...]]:
    """One game with a policy per seat on a fresh deal: its result and the points each team earned in it."""
    if is_line_game(rules) and all(p.plays_lines for p in policies):
        masks = deal_fast(rules, rng, opening)
        if opening.seat is not None:
            return _line_game(rules, masks, opening.seat, CLOSED, CLOSED, 0, None, policies)
        seat, double = _highest_double(rules, masks)
        masks[seat] ^= 1 << double
        pip = tile_set(rules.max_pip).low[double]
        return _line_game(rules, masks, (seat + 1) % rules.players, pip, pip, 0, seat, policies)
    return finish_fast(Sim.deal(rules, rng, opening), policies)


def _highest_double(rules: Rules, masks: list[int]) -> tuple[int, int]:
    """Who holds the highest double, and which tile it is (the deal made sure somebody does)."""
    for double in reversed(tile_set(rules.max_pip).doubles):
        for seat, mask in enumerate(masks):
            if (mask >> double) & 1:
                return seat, double
    raise ValueError("nobody holds a double")


def finish_fast(sim: Sim, policies: list[FastPolicy]) -> tuple[GameResult, tuple[int, ...]]:
    """Play ``sim`` to the end with a policy per seat."""
    if sim.result is None and is_line_game(sim.rules) and all(p.plays_lines for p in policies):
        ends = sim.ends
        return _line_game(sim.rules, sim.masks, sim.turn, ends[0], ends[1], sim.passes, sim.last_play, policies)
    choosers = [p.legal for p in policies]
    legal = sim.legal
    apply = sim.apply
    while sim.result is None:
        apply(choosers[sim.turn](legal()))
    return sim.result, sim.team_points()


def _line_game(
    rules: Rules,
    masks: list[int],
    turn: int,
    left: int,
    right: int,
    passes: int,
    last: int | None,
    policies: list[FastPolicy],
) -> tuple[GameResult, tuple[int, ...]]:
    """The rest of a two-ended game without a stock, on local integers (``masks`` is played on).

    This is a tournament's hot loop, so it does not go through Sim.play: the rules left are few (lay a tile on
    an end, pass when nothing fits, blocked after a round of passes) and the settlement is the variant's own
    settle function. tests/tournament/test_fastplay.py holds it to GameState's results game by game.
    """
    ts = tile_set(rules.max_pip)
    match = ts.match
    low = ts.low
    high = ts.high
    n = rules.players
    if left < 0:
        i = policies[turn].lead(masks[turn]) >> 2  # type: ignore[misc]
        masks[turn] ^= 1 << i
        left, right = low[i], high[i]
        last = turn
        turn = (turn + 1) % n
    choosers = [p.line for p in policies]
    kinds = [p.inline for p in policies]
    upper = _upper(rules.max_pip)
    weight = ts.pips
    while True:
        hand = masks[turn]
        left_fits = hand & match[left]
        right_fits = hand & match[right]
        if left_fits or right_fits:
            kind = kinds[turn]
            if kind == FIRST:
                if left_fits:
                    bit = left_fits & -left_fits
                    i = bit.bit_length() - 1
                    left = high[i] if low[i] == left else low[i]
                else:
                    bit = right_fits & -right_fits
                    i = bit.bit_length() - 1
                    right = high[i] if low[i] == right else low[i]
                hand ^= bit
            elif kind == HEAVIEST:  # in constant time, see _upper
                end = 0
                if left_fits:
                    i = ((left_fits & upper[left]) or left_fits).bit_length() - 1
                    if right_fits:
                        j = ((right_fits & upper[right]) or right_fits).bit_length() - 1
                        if weight[j] > weight[i]:  # strictly: an equal tile on the right comes later in the legal list
                            i = j
                            end = 1
                else:
                    i = ((right_fits & upper[right]) or right_fits).bit_length() - 1
                    end = 1
                if end:
                    right = high[i] if low[i] == right else low[i]
                else:
                    left = high[i] if low[i] == left else low[i]
                hand ^= 1 << i
            else:
                move = choosers[turn](left_fits, right_fits, left, right)  # type: ignore[misc]
                i = move >> 2
                if move & 1:
                    right = high[i] if low[i] == right else low[i]
                else:
                    left = high[i] if low[i] == left else low[i]
                hand ^= 1 << i
            masks[turn] = hand
            passes = 0
            last = turn
            if not hand:
                reason, out = Reason.OUT, turn
                break
        else:
            passes += 1
            if passes >= n:
                reason, out = Reason.BLOCKED, None
                break
        turn += 1
        if turn == n:
            turn = 0
    pip_sum = ts.pip_sum
    pips = tuple(pip_sum(m) for m in masks)
    winner, points = rules.settle(rules, reason, out, pips)
    return GameResult(reason, winner, points, pips, out, last), points
