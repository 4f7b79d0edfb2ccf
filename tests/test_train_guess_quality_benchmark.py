"""The Mexican Train guess-quality benchmark and the strength benchmark's pairing of two runs on the same deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.train_guess_quality import measure
from benchmarks.train_strength import main as train_strength


def test_the_true_hands_pass_every_check_and_the_guesses_place_some_tiles_right() -> None:
    result = measure(players=4, deals=1, guesses=5, cap=20, seed=3)
    assert result.checks > 0 and result.true_inconsistent == 0
    for tally in (result.uniform, result.consistent, result.fewest):
        assert tally.decisions > 0
        assert 0.0 < tally.held / tally.decisions < 1.0


def test_a_run_paired_with_its_own_saved_points_differs_by_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "points.json"
    run = ["--rounds", "2", "--bot", "greedy", "--against", "greedy", "--no-reference"]
    assert train_strength([*run, "--save", str(saved)]) == 0
    assert len(json.loads(saved.read_text())["points"]) == 2
    capsys.readouterr()
    assert train_strength([*run, "--paired-with", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "points +0.00 ± 0.0 per round" in out
    assert "reference" not in out
