"""Searching bots never pass back and forth for ever where a player may pass at will (classic, stock empty)."""

from __future__ import annotations

import random

from domino_tui.ai import make_bot
from domino_tui.ai.base import candidates
from domino_tui.engine import GameState, Kind, observe


def test_a_pass_that_answers_a_pass_on_an_empty_stock_is_not_considered() -> None:
    answered = kept = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = GameState.new("classic", rng)
        while not state.over:
            obs = observe(state, state.turn)
            legal = obs.legal
            passes = [m for m in legal if m.kind is Kind.PASS]
            plays = [m for m in legal if m.kind is Kind.PLAY]
            if passes and plays and not obs.stock_size:
                if obs.history[-1].kind is Kind.PASS:
                    assert candidates(obs) == tuple(plays)
                    answered += 1
                else:
                    assert candidates(obs) == legal  # passing first stays a choice
                    kept += 1
            else:
                assert candidates(obs) == legal
            state.apply(rng.choice(legal))
    assert answered > 20 and kept > 20


def test_two_experts_finish_every_classic_game() -> None:
    # Before the rule, deals 0, 4 and 5 (of the first six) went on for ever: each expert found passing best.
    for seed in (0, 4, 5):
        bots = [make_bot("expert", random.Random(seed * 2 + s), budget=None, samples=8) for s in range(2)]
        state = GameState.new("classic", random.Random(seed))
        for _ in range(200):
            if state.over:
                break
            state.apply(bots[state.turn].choose(observe(state, state.turn)))
        assert state.over, seed


def test_the_hint_still_rates_the_pass_the_expert_will_not_make() -> None:
    # The README's promise: the expert never answers a pass with a pass here, but the coach rates that pass too.
    from domino_tui.coach.hint import rate

    checked = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = GameState.new("classic", rng)
        while not state.over and checked < 3:
            obs = observe(state, state.turn)
            kinds = {m.kind for m in obs.legal}
            if (
                not obs.stock_size
                and obs.history
                and obs.history[-1].kind is Kind.PASS
                and kinds >= {Kind.PASS, Kind.PLAY}
            ):
                options = {"budget": None, "samples": 4}
                expert = make_bot("expert", random.Random(seed), **options)
                rated = rate(obs, make_bot("expert", random.Random(seed), **options))  # type: ignore[arg-type]
                assert {r.move for r in rated} == set(obs.legal)
                assert expert.choose(obs).kind is Kind.PLAY
                checked += 1
            state.apply(rng.choice(obs.legal))
        if checked >= 3:
            break
    assert checked == 3


def test_the_hard_level_looks_at_no_more_than_60_guesses() -> None:
    from domino_tui.bot_registry import make_level

    for variant in ("partnership", "classic"):
        bot = make_level("Hard", random.Random(1))
        state = GameState.new(variant, random.Random(2))
        while not state.over:
            state.apply(bot.choose(observe(state, state.turn)))
        guesses = bot.guesses  # type: ignore[attr-defined]
        assert guesses and max(guesses) <= 60
