"""The fast path plays exactly as the bots themselves: same deals, same choices, same results, game by game."""

import random

import pytest

from domino_tui.ai import make_bot
from domino_tui.engine import VARIANTS, GameState, get_rules, tile_set
from domino_tui.tournament.entries import parse_entry
from domino_tui.tournament.fastplay import deal_fast, fast_policy, finish_fast, play_fast
from domino_tui.tournament.fullplay import play_full, play_state
from domino_tui.tournament.runner import all_fast
from domino_tui.tournament.schedule import plan_game

LINEUPS = [
    ("greedy", "dummy"),
    ("dummy", "greedy"),
    ("doubles", "greedy"),
    ("random", "dummy"),
    ("random", "random"),
]


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("lineup", LINEUPS)
def test_fast_path_gives_the_same_games_as_the_bots(variant: str, lineup: tuple[str, str]) -> None:
    rules = get_rules(variant)
    games = 40 if variant == "partnership9" else 20
    for game in range(games):
        plan = plan_game(rules, 5, 0, game)
        names = [lineup[rules.team_of(s)] for s in range(rules.players)]
        seeds = [f"bot/{game}/{s}" for s in range(rules.players)]
        bots = [make_bot(n, random.Random(sd)) for n, sd in zip(names, seeds, strict=True)]
        policies = [fast_policy(n, rules, random.Random(sd)) for n, sd in zip(names, seeds, strict=True)]
        if None in policies:
            # greedy where plays score the count (All Fives, Fives and Threes) has no fast form: the runner
            # plays such a table through the bots themselves.
            assert rules.fives and "greedy" in lineup
            continue
        state = GameState.new(rules, random.Random(plan.deal_seed), plan.opening)
        fast, points = finish_fast(state.kernel.copy(), policies)
        full = play_state(state, bots)
        assert full.faults == ()
        assert (fast, points) == (full.result, full.points), (variant, lineup, game)


def test_a_whole_fast_game_is_a_game_of_the_variant() -> None:
    rules = get_rules("partnership9")
    plan = plan_game(rules, 1, 0, 3)
    greedy = fast_policy("greedy", rules, None)
    result, points = play_fast(rules, random.Random(plan.deal_seed), plan.opening, [greedy] * 4)
    assert result.winner in (0, 1, None)
    assert points == result.points
    assert sum(result.pips) <= 9 * 10 * 4
    assert play_full(rules, random.Random(1), plan.opening, [make_bot("greedy")] * 4).result is not None


def test_the_line_loop_is_used_where_it_applies() -> None:
    assert [v for v in VARIANTS if get_rules(v).is_line] == ["block", "partnership", "partnership9"]


def test_bots_without_a_fast_form_have_no_policy() -> None:
    classic = get_rules("classic")
    assert fast_policy("hyperskill", classic, random.Random(1)) is None
    assert fast_policy("random", classic, None) is None


def test_greedy_where_plays_score_the_count_has_no_fast_form() -> None:
    """greedy takes the most points where the count scores (ai/simple.py), which the fast policies cannot see;
    the tournament then plays its tables through the bots."""
    for variant in ("allfives", "fivesandthrees"):
        rules = get_rules(variant)
        assert fast_policy("greedy", rules, None) is None
        assert not all_fast((parse_entry("greedy", rules), parse_entry("dummy", rules)), rules)
    assert fast_policy("greedy", get_rules("block"), None) is not None


@pytest.mark.parametrize("variant", ["block", "partnership", "partnership9"])
def test_a_fresh_fast_game_opens_as_the_engine_does(variant: str) -> None:
    # play_fast deals and opens on its own (a lead seat, or the highest double laid for its holder); the
    # referee gets the same deal and must reach the same result.
    rules = get_rules(variant)
    ts = tile_set(rules.max_pip)
    for game in range(30):
        plan = plan_game(rules, 9, 1, game)
        names = [("greedy", "dummy")[rules.team_of(s)] for s in range(rules.players)]
        policies = [fast_policy(n, rules, None) for n in names]
        fast = play_fast(rules, random.Random(game), plan.opening, policies)
        masks = deal_fast(rules, random.Random(game), plan.opening)
        hands = [ts.tiles_of(m) for m in masks]
        held = [t for h in hands for t in h]
        state = GameState(rules, hands, [t for t in ts.tiles if t not in held], plan.opening)
        full = play_state(state, [make_bot(n) for n in names])
        assert fast == (full.result, full.points), (variant, game)
