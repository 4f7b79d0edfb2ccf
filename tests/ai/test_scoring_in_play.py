"""The expert's search counts what plays score where the count scores (All Fives' machinery): in Fives and
Threes it takes the 15 (8 points) over a heavier tile that scores nothing (the greedy bot's choice)."""

from __future__ import annotations

import random

from domino_tui.ai import make_bot
from domino_tui.engine import End, Move, Tile, observe
from tests.engine.positions import position


def test_the_expert_takes_fifteen_for_eight() -> None:
    g = position("fivesandthrees", ["56 36 12", "66 02 04"], lead=1)
    g.apply(Move.play(Tile(6, 6), End.LEFT))  # 12: four threes for seat 1
    assert g.turn == 0 and g.team_points() == (0, 4)
    bot = make_bot("expert", random.Random(1), budget=None, samples=30)
    move = bot.choose(observe(g, 0, (0, 0), 61))
    assert move.kind.value == "play" and move.tile == Tile(3, 6)
    assert g.points_for(move) == 8
