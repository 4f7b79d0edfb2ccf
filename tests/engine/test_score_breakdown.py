"""The score as the table explains it: what a play would score (points_for), and a settlement before its rounding."""

from __future__ import annotations

import random

from domino_tui.engine import GameState, Kind


def test_points_for_equals_the_points_scored_when_played():
    rng = random.Random(12)
    checked = scoring = 0
    for _ in range(200):
        game = GameState.new("allfives", rng)
        while not game.over:
            move = rng.choice(game.legal_moves())
            expected = game.points_for(move)
            game.apply(move)
            if move.kind is Kind.PLAY:
                assert game.history[-1].scored == expected
                checked += 1
                scoring += expected > 0
    assert checked > 1000 and scoring > 100


def test_points_for_is_zero_where_nothing_scores_in_play():
    rng = random.Random(3)
    game = GameState.new("block", rng)
    assert all(game.points_for(m) == 0 for m in game.legal_moves())


def test_unrounded_points_round_to_the_settlement():
    from domino_tui.engine import VARIANTS, round5

    rng = random.Random(4)
    rounded_away = 0
    for rules in VARIANTS.values():
        for _ in range(60):
            game = GameState.new(rules, rng)
            while not game.over:
                game.apply(rng.choice(game.legal_moves()))
            raw = rules.unrounded_points(game.result)
            if not rules.rounds:
                assert raw == game.result.points
            else:
                assert tuple(round5(p) for p in raw) == game.result.points
                rounded_away += raw != game.result.points
    assert rounded_away > 10
