"""The compiled kernel is the one in use wherever the build produced it (a silent fallback would fail here), and
DOMINO_TUI_PURE=1 runs the interpreted source instead. On a machine without a C compiler there is no extension
file, the interpreted kernel is the only one, and the first test has nothing to check."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import domino_tui.engine.core as core

ENGINE = Path(core.__file__).parent


def built() -> list[Path]:
    return [p for p in ENGINE.iterdir() if p.name.startswith("core.") and p.suffix in (".so", ".pyd")]


def test_the_compiled_kernel_is_used_when_it_was_built() -> None:
    if os.environ.get("DOMINO_TUI_PURE"):
        assert not core.COMPILED and core.__file__.endswith("core.py")
    else:
        assert bool(built()) == core.COMPILED, (core.__file__, built())


def test_domino_tui_pure_forces_the_interpreted_kernel() -> None:
    code = "import domino_tui.engine.core as c; print(c.COMPILED, c.__file__.endswith('core.py'))"
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def test_the_kernel_runs_without_cython_installed() -> None:
    # Cython is needed only to build; at run time a shim stands in for its names.
    code = (
        "import sys, random; sys.modules['cython'] = None\n"
        "import domino_tui.engine.core as c\n"
        "r = random.Random(3)\n"
        "print(c.COMPILED, c.cython.__name__, c.Sim.deal('partnership', r).random_playout(r).reason)"
    )
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split()[:2] == ["False", "domino_tui.engine._bits"]
