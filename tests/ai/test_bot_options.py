"""The README lists the searching bots' options with their defaults: each list must be the signature's."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from domino_tui.ai.base import Bot
from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.ismcts import IsmctsBot

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.mark.parametrize("bot", [ExpertBot, IsmctsBot])
def test_the_readme_lists_every_option_with_its_default(bot: type[Bot]) -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    found = re.search(rf'Options: `make_bot\("{bot.name}", rng, ([^`]*)\)`', text)
    assert found, f"the README's Bots section lists the options of {bot.name}"
    listed = dict(item.split("=", 1) for item in found.group(1).split(", "))
    defaults = {
        name: repr(p.default).replace("'", '"')  # the README writes strings in double quotes
        for name, p in inspect.signature(bot.__init__).parameters.items()
        if name not in ("self", "rng")
    }
    assert listed == defaults
