"""GameState.points_for: what a play would score equals what it scores when made (the UI shows it)."""

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
