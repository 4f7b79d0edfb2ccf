"""The Mexican Train strength benchmark's pairing of two runs on the same deals (run as the docs quote it: a
process of its own, so that tests/test_docs.py's runs of the module find it not yet imported)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from benchmarks.train_oracle import TrainOracle
from domino_tui.ai.train_view import kernel_round, replay
from domino_tui.engine import TrainRoundState, get_train_rules, observe_train

ROOT = Path(__file__).resolve().parent.parent


def train_strength(*args: str) -> str:
    command = [sys.executable, "-m", "benchmarks.train_strength", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_a_run_paired_with_its_own_saved_points_differs_by_nothing(tmp_path: Path) -> None:
    saved = tmp_path / "points.json"
    run = ("--rounds", "2", "--bot", "greedy", "--against", "greedy", "--no-reference")
    train_strength(*run, "--save", str(saved))
    assert len(json.loads(saved.read_text())["points"]) == 2
    out = train_strength(*run, "--paired-with", str(saved))
    assert "points +0.00 ± 0.0 per round" in out
    assert "reference" not in out


def test_the_oracle_guesses_the_true_hands_and_boneyard_and_plays_as_its_search_rates_them() -> None:
    rules = get_train_rules("mexicantrain", 8)
    state = TrainRoundState.new(rules, 3, random.Random(5))
    oracle = TrainOracle(random.Random(1), budget=None, train_samples=1)
    for _ in range(60):
        obs = observe_train(state, state.turn)
        if len(obs.legal) > 1:
            oracle.state = state
            guess = oracle.train_guesses(obs, replay(obs)).sample(random.Random(0))
            position = kernel_round(replay(obs), guess.masks, guess.stock)
            assert position.hands == state.kernel.hands
            assert position.boneyard == state.kernel.boneyard
            assert position.trains == state.kernel.trains
            state.apply(oracle.choose_train(obs))
        else:
            state.apply(obs.legal[0])
        if state.over:
            break


def test_the_oracle_is_the_expert_told_the_deal_so_it_measures_only_the_expert() -> None:
    command = [sys.executable, "-m", "benchmarks.train_strength", "--rounds", "1", "--bot", "greedy", "--oracle"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode != 0
    out = train_strength("--rounds", "2", "--level", "Hard", "--oracle", "--option", "budget=none", "--no-reference")
    assert "oracle" in out
