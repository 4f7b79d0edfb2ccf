"""Golden transcripts: for each stage and several seeds, the whole printout for a scripted input equals the
checked-in one. The files come from games a pipe-driven grader played and checked (``driver.py``)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from domino_tui.plain import run

from .driver import GOLDEN, GOLDEN_GAMES, golden_paths
from .positions import stage_text_example


def replay(monkeypatch, stage: int, seed: int, typed: str) -> tuple[int, str]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    monkeypatch.setattr(sys, "stdout", out)
    return run(stage, seed), out.getvalue()


def test_every_golden_game_is_listed():
    assert sorted(GOLDEN.glob("*.out")) == sorted(golden_paths(*g)[1] for g in GOLDEN_GAMES)


@pytest.mark.parametrize(("stage", "seed"), GOLDEN_GAMES)
def test_golden_transcript(monkeypatch, stage, seed):
    inp, out = golden_paths(stage, seed)
    code, printed = replay(monkeypatch, stage, seed, inp.read_text(encoding="utf-8"))
    assert code == 0
    assert printed == out.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("stage", "seed", "example"),
    [
        (1, 3, "stage1_example1"),
        (1, 10, "stage1_example2"),
        (2, 3, "stage2_example1"),
        (2, 10, "stage2_example2"),
        (4, 3, "stage4_example2"),
    ],
)
def test_seeds_3_and_10_deal_the_seeds_own_examples(stage, seed, example):
    # The Hyperskill stage text's examples were dealt as we deal: a shuffle of the set in the same order by Python's
    # random.
    printed, typed = stage_text_example(example)
    cmd = [sys.executable, "-m", "domino_tui", "--plain", "--stage", str(stage), "--seed", str(seed)]
    done = subprocess.run(cmd, input="".join(t + "\n" for t in typed), capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == printed


def _sample(page: str) -> list[str]:
    """The first ``text`` block of a page: a game as it looks, ``> `` marking what was typed."""
    text = (Path(__file__).parents[2] / page).read_text(encoding="utf-8")
    return text.split("```text\n", 1)[1].split("```", 1)[0].splitlines()


def test_the_documented_sample_game_is_what_the_program_prints():
    sample = _sample("docs/plain-mode.md")
    printed = "".join(row + "\n" for row in sample if not row.startswith(">"))
    typed = "".join(row[2:] + "\n" for row in sample if row.startswith(">"))
    cmd = [sys.executable, "-m", "domino_tui", "--plain", "--stage", "4", "--seed", "3"]
    done = subprocess.run(cmd, input=typed, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout) == (0, printed)


def test_the_readmes_excerpt_is_cut_from_the_documented_sample():
    """The README shows the start of the same game with rows left out (``...``): what it shows is in order in the
    whole sample, which the test above checks against the program."""
    whole = iter(_sample("docs/plain-mode.md"))
    for row in _sample("README.md"):
        if row != "...":
            assert any(row == other for other in whole), row
