"""The Mexican Train strength benchmark's pairing of two runs on the same deals (run as the docs quote it: a
process of its own, so that tests/test_docs.py's runs of the module find it not yet imported)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
