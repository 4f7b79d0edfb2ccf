"""The README lists the expert's options with their defaults: the list must be the signature's."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from domino_tui.ai.expert import ExpertBot

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_lists_every_expert_option_with_its_default() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    found = re.search(r'Options: `make_bot\("expert", rng, ([^`]*)\)`', text)
    assert found, "the README's Bots section lists the expert's options"
    listed = dict(item.split("=", 1) for item in found.group(1).split(", "))
    defaults = {
        name: repr(p.default)
        for name, p in inspect.signature(ExpertBot.__init__).parameters.items()
        if name not in ("self", "rng")
    }
    assert listed == defaults
