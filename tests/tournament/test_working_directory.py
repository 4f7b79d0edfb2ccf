"""A tournament or a league started with ``python -m domino_tui`` in a folder of entries imports nothing from that
folder: the folder is first on the import path then, and a file named as a module of the standard library that the
runner imports later would run in the runner, outside the sandbox."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# Modules the runner imports after it has started: hmac and secrets where it makes and signs its seeds, json where
# it writes its results.
SHADOWED = ("hmac", "secrets", "json")

LEAGUE_OPTIONS = ["--games", "2", "--entries", "greedy,dummy", "--seed-file", "seed.txt"]

# Each stand-in leaves a mark where a sandboxed entry cannot write (the folder beside the entries), then puts the
# real module in its place, so that the run goes on and the mark is all that tells.
STAND_IN = """\
import importlib, os, sys
try:
    open(os.path.join({marks!r}, __name__), "w").close()
except OSError:
    pass
_path = list(sys.path)
sys.path[:] = [p for p in sys.path if os.path.realpath(p or ".") != os.path.realpath(os.path.dirname(__file__))]
del sys.modules[__name__]
try:
    sys.modules[__name__] = importlib.import_module(__name__)
finally:
    sys.path[:] = _path
"""


@pytest.mark.parametrize(
    "command",
    [
        ["tournament", "--variant", "block", "--bots", "greedy,dummy", "--games", "2", "--seed-file", "seed.txt"],
        ["league", "--journal", "league.jsonl", "--variant", "block", "--rounds", "1", *LEAGUE_OPTIONS],
    ],
    ids=["tournament", "league"],
)
def test_a_module_named_as_the_standard_librarys_in_the_entries_folder_is_not_imported(
    tmp_path: Path, command: list[str]
) -> None:
    entries, marks = tmp_path / "entries", tmp_path / "marks"
    entries.mkdir()
    marks.mkdir()
    for name in SHADOWED:
        (entries / f"{name}.py").write_text(STAND_IN.format(marks=str(marks)))
    (entries / "seed.txt").write_text("1\n")
    env = {**os.environ, "DOMINO_TUI_CONFIG_DIR": str(tmp_path / "config")}
    done = subprocess.run(
        [sys.executable, "-m", "domino_tui", *command],
        cwd=entries,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(os.listdir(marks)) == []
