"""The 4-player Fives and Threes benchmark: both arms play the same deals, and a seed replays the run."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from benchmarks import fives_and_threes_table as bench
from domino_tui.engine import Observation


def test_both_arms_play_every_deal_and_a_seed_replays() -> None:
    args = argparse.Namespace(
        players=4, bot="expert", option=[], against="greedy", samples=4, seed=3, oracle=False, oracle_of=None
    )
    ours, reference = bench.run(args, range(4))
    assert ours.hands == reference.hands == 4
    assert ours.most + ours.shared <= 4 and len(ours.think) > 0
    assert len(ours.cpu) == len(ours.think)  # each timed decision on the CPU's clock too
    again, _ = bench.run(args, range(4))
    assert again.points == ours.points
    assert bench.main(["--hands", "2", "--players", "3", "--samples", "4"]) == 0


def test_any_bot_may_be_measured_with_its_options() -> None:
    args = argparse.Namespace(
        players=3,
        bot="fivesdenier",
        option=["deny=False"],
        against="fivescorer",
        samples=4,
        seed=3,
        oracle=False,
        oracle_of=None,
    )
    ours, reference = bench.run(args, range(6))
    assert ours.hands == reference.hands == 6
    assert bench.main(["--hands", "2", "--bot", "fivesdenier", "--against", "fivescorer"]) == 0


def test_the_oracle_is_told_the_game_and_only_the_expert_can_be(monkeypatch: pytest.MonkeyPatch) -> None:
    args = argparse.Namespace(
        players=4, bot="expert", option=[], against="fivesdenier", samples=4, seed=3, oracle=True, oracle_of=None
    )
    told: list[object] = []
    real_sampler = bench.Oracle.sampler

    def sampler(self: bench.Oracle, obs: Observation) -> object:
        told.append(self.state)  # unset, this raises: the oracle would guess like the expert
        return real_sampler(self, obs)

    monkeypatch.setattr(bench.Oracle, "sampler", sampler)
    ours, _ = bench.run(args, range(3))
    assert ours.hands == 3 and told
    with pytest.raises(SystemExit):
        bench.main(["--hands", "2", "--bot", "greedy", "--oracle"])


def test_the_oracle_of_the_opponents_is_told_their_hands_only(monkeypatch: pytest.MonkeyPatch) -> None:
    args = argparse.Namespace(
        players=3,
        bot="expert",
        option=[],
        against="fivesdenier",
        samples=4,
        seed=3,
        oracle=False,
        oracle_of="opponents",
    )
    told: list[str] = []
    real_sampler = bench.Oracle.sampler

    def sampler(self: bench.Oracle, obs: Observation) -> object:
        told.append(self.told)
        return real_sampler(self, obs)

    monkeypatch.setattr(bench.Oracle, "sampler", sampler)
    ours, _ = bench.run(args, range(3))
    assert ours.hands == 3 and set(told) == {"opponents"}


def test_a_saved_run_is_compared_deal_by_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = tmp_path / "base.json"
    common = ["--hands", "4", "--players", "3", "--samples", "4", "--against", "fivesdenier", "--jobs", "2"]
    assert bench.main([*common, "--save", str(base)]) == 0
    saved = json.loads(base.read_text())
    assert sorted(saved["deals"]) == [0, 1, 2, 3] and len(saved["alone"]) == len(saved["points"]) == 4
    capsys.readouterr()
    # The same run again differs from the saved one by nothing, deal by deal.
    assert bench.main([*common, "--paired-with", str(base)]) == 0
    out = capsys.readouterr().out
    assert "+0.00 (95% CI +0.00 .. +0.00) points in 100" in out
    with pytest.raises(SystemExit):
        bench.main(["--hands", "3", "--players", "3", "--samples", "4", "--paired-with", str(base)])
