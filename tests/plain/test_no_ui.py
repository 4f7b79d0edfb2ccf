"""The plain mode never loads textual or rich, not even through the engine or the bots."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .driver import golden_paths

CHECK = (
    "import sys; from domino_tui.cli import main; code = main(['--plain', '--stage', '{stage}', '--seed', '{seed}']); "
    "print(code, sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')), file=sys.stderr)"
)


@pytest.mark.parametrize(("stage", "seed"), [(1, 0), (2, 0), (3, 0), (4, 2), (5, 2)])
def test_no_textual_or_rich_after_a_whole_game(stage, seed):
    inp, out = golden_paths(stage, seed)
    code = CHECK.format(stage=stage, seed=seed)
    done = subprocess.run([sys.executable, "-c", code], input=inp.read_text(), capture_output=True, text=True)
    assert done.stdout == out.read_text()  # the whole game was played, to its last screen
    assert done.stderr == "0 []\n"
