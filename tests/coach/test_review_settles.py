"""The review's early stop, processes and reuse of hints: what it says of each decision is what the full search
says; spreading the decisions over processes changes nothing; a hint's ranking is taken as it is."""

from __future__ import annotations

import os
import random
from concurrent.futures.process import BrokenProcessPool

import pytest

from domino_tui.ai import make_level
from domino_tui.ai.expert import ExpertBot
from domino_tui.coach import review as review_module
from domino_tui.coach.hint import Rated, Units, units_of
from domino_tui.coach.review import FIRST_CHECK, Settled, choices, rate_choices, verdicts_agree
from domino_tui.engine import VARIANTS, GameState, observe

GUESSES = 400  # the full search of these tests: a fixed number of guesses, so that the figures repeat


def hand_choices(variant: str, seed: int, players: int | None = None):
    rules = VARIANTS[variant] if players is None else VARIANTS[variant].with_players(players)
    game = GameState.new(rules, random.Random(seed))
    bots = [make_level("Easy", random.Random(f"{seed}:{s}")) for s in range(rules.players)]
    while not game.over:
        game.apply(bots[game.turn].choose(observe(game, game.turn)))
    return choices(game, 0)


def test_the_settled_review_says_what_the_full_search_says_of_each_decision_with_fewer_guesses():
    agreed = compared = 0
    settled_guesses = full_guesses = 0
    for variant, players in (("block", None), ("partnership", None), ("fivesandthrees", 3)):
        for seed in range(4):
            todo = hand_choices(variant, seed, players)
            if not todo:
                continue
            units = units_of(todo[0][1])
            full_bot = ExpertBot(random.Random(seed), budget=None, samples=GUESSES)
            fast_bot = ExpertBot(random.Random(seed), budget=None, samples=GUESSES)
            full = rate_choices(0, units, todo, full_bot)
            fast = rate_choices(0, units, todo, fast_bot, settle=True)
            full_guesses += sum(d.guesses for d in full.decisions)
            settled_guesses += sum(d.guesses for d in fast.decisions)
            for a, b in zip(full.decisions, fast.decisions, strict=True):
                compared += 1
                agreed += verdicts_agree(a, b)
    assert compared >= 20
    assert agreed / compared >= 0.95, (agreed, compared)
    assert settled_guesses < full_guesses * 3 / 4  # it did stop early


def test_a_verdict_settles_when_clear_and_waits_on_a_knifes_edge():
    rng = random.Random(3)
    units = Units(match=False)
    threshold = units.worth_saying

    def guesses_until_settled(gap: float, spread: float) -> int:
        settled = Settled(0, units)  # the move made is the first
        for n in range(1, 5001):
            noise = rng.gauss(0, spread)
            if settled([noise, noise + gap + rng.gauss(0, spread)]):
                return n
        return 5000

    # Far worse than the best, or as good as it: settled at the first look.
    assert guesses_until_settled(5 * threshold, 0.1) == FIRST_CHECK
    assert guesses_until_settled(0.0, 0.01) == FIRST_CHECK
    # Worse by about what is worth saying, the guesses spread widely: no verdict until the difference is known
    # to within half of that (some 900 guesses here).
    assert guesses_until_settled(threshold, 0.5) > 10 * FIRST_CHECK


def test_processes_change_nothing_and_a_hints_ranking_is_taken_as_it_is():
    todo = hand_choices("block", 2)
    units = units_of(todo[0][1])
    here = rate_choices(0, units, todo, ExpertBot(random.Random(5), budget=None, samples=30))
    apart = rate_choices(0, units, todo, ExpertBot(random.Random(5), budget=None, samples=30), jobs=2)
    assert [d.ranking for d in here.decisions] == [d.ranking for d in apart.decisions]
    hinted_obs = todo[0][1]
    hint = tuple(Rated(m, float(i), ("from the hint",)) for i, m in enumerate(hinted_obs.legal))
    seen = []
    reused = rate_choices(
        0,
        units,
        todo,
        ExpertBot(random.Random(5), budget=None, samples=30),
        known=lambda obs: hint if obs is hinted_obs else None,
        rated=lambda index, decision: seen.append(index),
    )
    assert reused.decisions[0].ranking == hint
    assert [d.ranking for d in reused.decisions[1:]] == [d.ranking for d in here.decisions[1:]]
    assert sorted(seen) == list(range(len(todo)))


def test_a_pool_that_can_take_no_more_work_is_replaced_by_the_next_review():
    # A review's process that dies (killed for memory, say) breaks its pool for good: every later review of the
    # app would fail, and its warm-up with it. One shut down takes nothing more either.
    pool = review_module.review_pool(2)
    with pytest.raises(BrokenProcessPool):
        pool.submit(os._exit, 1).result(timeout=60)
    again = review_module.review_pool(2)
    assert again is not pool and again.submit(int).result(timeout=60) == 0
    again.shutdown()
    assert review_module.review_pool(2) is not again


def teardown_module() -> None:
    # Stopped and forgotten: a pool only shut down stayed the module's, and a later test of the app in this
    # process was handed it (its warm-up then failed, and the app with it).
    review_module.stop_pool()
