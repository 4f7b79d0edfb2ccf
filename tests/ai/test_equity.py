"""The match equity table: the chance of winning a match from a score, checked against matches played out."""

import random

import pytest

from domino_tui.ai.equity import equity
from domino_tui.ai.objective import Objective
from domino_tui.ai.playout import Playout
from domino_tui.engine import GameState, get_rules, observe
from domino_tui.engine.state import deal_position

POINT_GAMES = [("block", 100), ("partnership", 200), ("allfives", 150), ("block", 30)]


@pytest.mark.parametrize(("variant", "target"), POINT_GAMES)
def test_the_table_is_fair_monotone_and_exact_at_the_target(variant: str, target: int) -> None:
    table = equity(get_rules(variant), target)
    scores = range(0, target, max(1, target // 13))
    for a in scores:
        assert table.chance(a, a) == pytest.approx(0.5)
        for b in scores:
            assert table.chance(a, b) + table.chance(b, a) == pytest.approx(1.0)
            assert table.chance(a + table.step, b) >= table.chance(a, b) >= table.chance(a, b + table.step)
    assert table.chance(target, target - 1) == 1.0
    assert table.chance(target - 30, target + 5) == 0.0


@pytest.mark.parametrize(("variant", "target", "a", "b"), [("block", 100, 60, 85), ("allfives", 150, 0, 40)])
def test_the_table_agrees_with_matches_played_out(variant: str, target: int, a: int, b: int) -> None:
    # Matches from the score, played by the same policy the table is made from, either team as likely to be the
    # one that leads (as the table takes it): its chance must be within the sampling error (about 0.025 for
    # 1,500 matches) plus what counting in steps costs.
    rules = get_rules(variant)
    rng = random.Random(5)
    playout = Playout(rules, rng, 0.25)
    won = 0
    matches = 1500
    for _ in range(matches):
        s = [a, b]
        while not (max(s) >= target and s[0] != s[1]):
            sim = deal_position(rules, rng)
            playout.run(sim)
            tp = sim.team_points()
            mine, theirs = (0, 1) if rng.random() < 0.5 else (1, 0)
            s[0] += tp[mine]
            s[1] += tp[theirs]
        won += s[0] > s[1]
    assert abs(equity(rules, target).chance(a, b) - won / matches) < 0.05


def test_a_game_on_its_own_is_played_to_win_and_the_margin_only_breaks_ties() -> None:
    obs = observe(GameState.new("block", random.Random(1)), 0)
    objective = Objective(obs)
    assert not objective.in_match
    assert objective.of(0, (1, 0)) > objective.of(1, (0, 60)) + 1.9
    assert objective.of(0, (40, 0)) > objective.of(0, (2, 0))
    assert objective.of(1, (0, 3)) > objective.of(1, (0, 30))


def test_in_a_match_a_game_is_worth_the_match_chance_it_leaves() -> None:
    game = GameState.new("block", random.Random(1))
    early = Objective(observe(game, 0, (0, 0), 100))
    late = Objective(observe(game, 0, (95, 20), 100))
    # Near the target any win ends the match: a narrow one is worth all of a big one.
    assert late.of(0, (5, 0)) == pytest.approx(late.of(0, (40, 0)), abs=0.05)
    assert late.of(0, (5, 0)) > 0.99
    # Early, the margin counts too.
    assert early.of(0, (40, 0)) > early.of(0, (5, 0)) + 0.2
    assert -1.0 < early.of(1, (0, 20)) < 0.0 < early.of(0, (20, 0)) < 1.0
