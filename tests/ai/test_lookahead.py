"""The search of the next few plays on a guess (`lookahead.Lookahead`), in Fives and Threes: its choices on
hand-built positions scored as the rule books score them (the count of the open ends, a double at an end counting
both halves, a point a five and a point a three, 1 for going out: docs/rules.md, from pagat.com's Fives and
Threes), its values where it sees the whole hand against the exact search, and the expert using it only ever
playing legal moves."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from domino_tui.ai import make_bot
from domino_tui.ai.endgame import solve
from domino_tui.ai.lookahead import Lookahead
from domino_tui.ai.objective import HAND_POINTS, Objective
from domino_tui.engine import GameState, Rules, get_rules, observe
from domino_tui.engine.core import Layout, Sim, play_code

from .helpers import line, mask, observation

RULES = get_rules("fivesandthrees")
# The kernel's numbers for the ends and for an end closed to play (engine/core.py; compiled, it exports none).
LEFT, RIGHT, CLOSED = 0, 1, -1


def ends(left: int, right: int) -> Layout:
    """A line with ``left`` and ``right`` open (no double at either end); what lies between does not count."""
    return Layout.rebuilt(False, (left, right, CLOSED, CLOSED), (False,) * 4, (False, False), CLOSED, (False,) * 2, 5)


def play(tile: str, end: int) -> int:
    return play_code(mask(tile).bit_length() - 1, end)


def hand_alone(rules: Rules = RULES) -> Objective:
    """Seat 0's objective in a hand on its own: its margin in points over the best of the others (in units of
    `HAND_POINTS`)."""
    return Objective(replace(observation("fivesandthrees", "00", line("01")), rules=rules))


def test_it_lays_the_tile_whose_only_answer_opens_twelve_for_its_double() -> None:
    # Ends 5 and 4, the stock empty; seat 0 holds [5|5] and [4|6], seat 1 [2|2] and [2|6].
    sim = Sim(RULES.kernel, [mask("55 46"), mask("22 26")], [], ends(5, 4), 0)
    double, six = play("55", LEFT), play("46", RIGHT)
    # Neither scores now: [5|5] on the 5 makes 10 + 4 = 14, [4|6] on the 4 makes 5 + 6 = 11. After [4|6] seat 1's
    # only play is [2|6] on the 6 (5 + 2 = 7), and then [5|5] on the 5 makes 10 + 2 = 12, four threes, and goes
    # out for 1: 5 points. After [5|5] seat 1 cannot play, and [4|6] makes 10 + 6 = 16 and goes out: 1 point.
    objective = hand_alone()
    one, three = (Lookahead(None, objective, d).values(sim, [double, six]) for d in (1, 3))
    assert one == [0.0, 0.0]  # the points now cannot tell them apart
    assert [v * HAND_POINTS for v in three] == pytest.approx([1.0, 5.0])


def test_it_counts_the_answer_a_play_opens() -> None:
    # Ends 3 and 4; seat 0 holds [3|3] and [1|4], seat 1 [6|6] and [0|2], which fit no end either play leaves.
    # [3|3] on the 3 makes 6 + 4 = 10, two fives; [1|4] on the 4 makes 3 + 1 = 4, nothing: the search takes the 2.
    sim = Sim(RULES.kernel, [mask("33 14"), mask("66 02")], [], ends(3, 4), 0)
    moves = [play("33", LEFT), play("14", RIGHT)]
    values = Lookahead(None, hand_alone(), 2).values(sim, moves)
    assert values[0] > values[1]
    # With [4|6] for seat 1 instead, [3|3] leaves the 4 open: [4|6] makes 6 + 6 = 12, four threes, for seat 1;
    # [1|4] leaves ends 3 and 1, where [4|6] does not fit.
    sim = Sim(RULES.kernel, [mask("33 14"), mask("46 02")], [], ends(3, 4), 0)
    values = Lookahead(None, hand_alone(), 2).values(sim, moves)
    assert values[0] * HAND_POINTS == pytest.approx(2 - 4)
    assert values[1] > values[0]


@pytest.mark.parametrize("players", [2, 3])
def test_seeing_the_whole_hand_it_agrees_with_the_exact_search(players: int) -> None:
    rules = RULES if players == 2 else RULES.with_players(players)
    rng = random.Random(players)
    objective = hand_alone(rules)
    compared = 0
    for _ in range(300):
        tiles = rng.sample(range(28), 3 * players)
        masks = [sum(1 << t for t in tiles[3 * s : 3 * s + 3]) for s in range(players)]
        sim = Sim(rules.kernel, masks, [], ends(rng.randrange(7), rng.randrange(7)), 0)
        moves = [m for m in sim.legal() if m >= 0]
        if len(moves) < 2:
            continue
        # Three tiles a seat: at most 3 * players plays are left, so that depth sees every end.
        assert Lookahead(None, objective, 3 * players).values(sim, moves) == pytest.approx(
            solve(sim, moves, objective, 10**6)
        )
        compared += 1
    assert compared > 50


@pytest.mark.parametrize(("players", "deals"), [(2, 400), (3, 200), (4, 200)])
def test_the_expert_searching_ahead_only_plays_legal_moves(players: int, deals: int) -> None:
    rules = RULES if players == 2 else RULES.with_players(players)
    for deal in range(deals):
        state = GameState.new(rules, random.Random(deal))
        bots = [
            make_bot("expert", random.Random(s), budget=None, samples=2, depth=3)
            if s == deal % players
            else make_bot("fivesdenier", random.Random(s))
            for s in range(players)
        ]
        while not state.over:
            obs = observe(state, state.turn, (), None)
            move = bots[state.turn].choose(obs)
            assert move in obs.legal
            state.apply(move)
