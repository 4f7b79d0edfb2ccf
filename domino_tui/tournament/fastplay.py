"""Built-in bots on bare integers, for games where every seat is a simple built-in bot.

A policy here is the same decision as its bot in ai/simple.py, read off the seat's own tiles and the ends or the
legal moves (never another hand): "first legal", "heaviest, first of equals" and "rng.choice(legal)" pick
exactly what the bot would, because the engine lists legal moves in one order everywhere. In line games the
bots' one line loop (ai/lines.py) makes dummy's and greedy's choices itself.
tests/tournament/test_fastplay.py plays seeded games both ways and requires identical results, so a change to a
bot that is not mirrored here fails a test.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..ai.lines import CALL, FIRST, HEAVIEST, TileWeights, doubles_first_weights, pip_weights, play_line
from ..ai.simple import DoublesBot, DummyBot, GreedyBot, RandomBot
from ..engine import GameResult, Opening, Rules
from ..engine.core import Sim, deal, hands_of, tables
from ..engine.state import deal_position

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


def _best_by(weights: TileWeights) -> LegalPolicy:
    def choose(legal: list[int]) -> int:
        fits = [0, 0, 0, 0]  # the tiles of the legal plays at each end
        for m in legal:
            if m >= 0:
                fits[m & 3] |= 1 << (m >> 2)
        best = weights.heaviest(*fits)
        return best if best >= 0 else legal[0]

    return choose


def _lead_first(hand: int) -> int:
    return ((hand & -hand).bit_length() - 1) << 2


def _lead_best_by(weights: TileWeights) -> LeadPolicy:
    return weights.heaviest


def _line_best_by(weights: TileWeights) -> LinePolicy:
    def choose(left_fits: int, right_fits: int, left: int, right: int) -> int:
        return weights.heaviest(left_fits, right_fits)

    return choose


def fast_policy(bot_name: str, rules: Rules, rng: random.Random | None) -> FastPolicy | None:
    """The policy playing exactly as built-in bot ``bot_name`` under ``rules``, or None when it has no fast form."""
    max_pip = rules.max_pip
    if bot_name == DummyBot.name:
        return FastPolicy(_first, _lead_first, kind=FIRST)
    if bot_name == GreedyBot.name and not rules.fives:
        # Where plays score the count greedy takes the most points, which needs the count: no fast form.
        greedy = pip_weights(max_pip)
        return FastPolicy(_best_by(greedy), _lead_best_by(greedy), kind=HEAVIEST)
    if bot_name == DoublesBot.name:
        doubles = doubles_first_weights(max_pip)
        return FastPolicy(_best_by(doubles), _lead_best_by(doubles), _line_best_by(doubles))
    if bot_name == RandomBot.name and rng is not None:
        return FastPolicy(rng.choice)
    return None


def deal_fast(rules: Rules, rng: random.Random, opening: Opening) -> list[int]:
    """The hands of a fresh deal, as play_fast deals them (the same random draws)."""
    order = deal(tables(rules.max_pip), rules.players, rules.hand_size, opening.highest_double, rng)
    return hands_of(order, rules.players, rules.hand_size)


def play_fast(
    rules: Rules, rng: random.Random, opening: Opening, policies: list[FastPolicy]
) -> tuple[GameResult, tuple[int, ...]]:
    """One game with a policy per seat on a fresh deal (as deal_fast deals it): its result and the points each
    team earned in it."""
    return finish_fast(deal_position(rules, rng, opening), policies)


def finish_fast(sim: Sim, policies: list[FastPolicy]) -> tuple[GameResult, tuple[int, ...]]:
    """Play ``sim`` to the end with a policy per seat."""
    if sim.outcome is None and sim.rules.is_line and all(p.plays_lines for p in policies):
        return _line(sim, policies)
    choosers = [p.legal for p in policies]
    legal = sim.legal
    apply = sim.apply
    while sim.outcome is None:
        apply(choosers[sim.turn](legal()))
    return GameResult.of(sim.outcome), sim.team_points()


def _line(sim: Sim, policies: list[FastPolicy]) -> tuple[GameResult, tuple[int, ...]]:
    """The rest of a line game in the kernel's line loop; nothing is scored in play, so the points are the
    settlement's."""
    result = GameResult.of(play_line(sim, [p.kind for p in policies], calls=policies))
    return result, result.points
