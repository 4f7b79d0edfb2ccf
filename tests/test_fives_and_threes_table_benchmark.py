"""The 4-player Fives and Threes benchmark: both arms play the same deals, and a seed replays the run."""

from __future__ import annotations

import argparse

from benchmarks import fives_and_threes_table as bench


def test_both_arms_play_every_deal_and_a_seed_replays() -> None:
    args = argparse.Namespace(players=4, bot="expert", option=[], against="greedy", samples=4, seed=3)
    ours, reference = bench.run(args, range(4))
    assert ours.hands == reference.hands == 4
    assert ours.most + ours.shared <= 4 and len(ours.think) > 0
    again, _ = bench.run(args, range(4))
    assert again.points == ours.points
    assert bench.main(["--hands", "2", "--players", "3", "--samples", "4"]) == 0


def test_any_bot_may_be_measured_with_its_options() -> None:
    args = argparse.Namespace(
        players=3, bot="fivesdenier", option=["deny=False"], against="fivescorer", samples=4, seed=3
    )
    ours, reference = bench.run(args, range(6))
    assert ours.hands == reference.hands == 6
    assert bench.main(["--hands", "2", "--bot", "fivesdenier", "--against", "fivescorer"]) == 0
