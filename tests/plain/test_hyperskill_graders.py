"""The plain mode passes graders written with Hyperskill's own framework (hs-test-python), stage by stage, with
the compiled rules kernel and with the interpreted one (`DOMINO_TUI_PURE=1`).

Each grader runs in a fresh interpreter, as Hyperskill runs one, and plays all its cases in that interpreter
(see `hyperskill_graders`): every case after the first imports the program afresh, with the compiled kernel still
loaded from the first. The feedback hstest would show the learner is the failure message.
"""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

import domino_tui.engine

ROOT = Path(__file__).resolve().parents[2]
ENGINE = Path(domino_tui.engine.__file__).parent


def compiled_kernel_built() -> bool:
    # A glob is a generator, true whether or not it finds anything: each one is asked for its first file.
    return any(next(ENGINE.glob(f"core{suffix}"), None) for suffix in importlib.machinery.EXTENSION_SUFFIXES)


@pytest.mark.parametrize("kernel", ["compiled", "interpreted"])
@pytest.mark.parametrize("stage", [1, 2, 3, 4, 5])
def test_hyperskill_graders_pass(stage, kernel, tmp_path):
    if kernel == "compiled" and not compiled_kernel_built():
        pytest.skip("the install built no compiled kernel (no C compiler)")
    env = {k: v for k, v in os.environ.items() if k != "DOMINO_TUI_PURE"}
    if kernel == "interpreted":
        env["DOMINO_TUI_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "tests.plain.hyperskill_graders", str(stage), str(tmp_path / "project")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = done.stdout.rpartition("\nkernel: ")[2]
    if done.returncode != 0:
        pytest.fail(f"the stage {stage} grader failed:\n{report[-6000:]}\n{done.stderr[-3000:]}", pytrace=False)
    assert report.startswith(f"{kernel}\nresult: test OK"), report[-3000:]
    assert done.stdout.count("Start test") >= 8  # every case was played
