"""The guess-quality benchmark: what the expert's guesses know of the hidden hands, against counts alone."""

from __future__ import annotations

import random

from benchmarks.guess_quality import measure, shares
from domino_tui.ai.expert import ExpertBot
from domino_tui.engine import GameState, observe


def test_before_anyone_plays_the_guesses_know_what_the_hand_sizes_alone_give() -> None:
    # Nothing is known yet but the sizes, so the guesses' share must be the counts-alone share the table prints
    # beside it: in partnership9 a third of the 45 unseen tiles each way is 10/45 (not 30/45, the others' share).
    state = GameState.new("partnership9", random.Random(8))
    obs = observe(state, state.turn)
    known, counts = shares(state, obs, ExpertBot(random.Random(1)).sampler(obs), 3000, random.Random(2))
    assert counts == 10 / 45
    assert abs(known - counts) < 0.01


def test_guesses_about_greedy_know_more_than_the_hand_sizes() -> None:
    # Every play of `greedy` is a fact the expert's inference reads (no heavier fitting tile), so past the first
    # plays its guesses must place more of the real tiles than guesses that know only how many each seat holds.
    rows = measure("block", "greedy", games=6, guesses=50, seed=3)
    later = [row for (lo, _), row in rows.items() if lo >= 4]
    decisions = sum(row[0] for row in later)
    assert decisions > 0
    known = sum(row[1] for row in later) / decisions
    counts = sum(row[2] for row in later) / decisions
    assert 0.0 < counts < known <= 1.0
