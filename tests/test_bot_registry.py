"""The bot registry names every bot and level without loading one, and asking for a bot loads its own module only:
a room checking its seats, or the command line its --opponent, pays for no search it will not run."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from domino_tui.bot_registry import BOTS, LEVELS, bot_class, is_bot, make, plays

BOT_MODULES = {"domino_tui.ai.simple", "domino_tui.ai.train_planner", "domino_tui.ai.expert", "domino_tui.ai.ismcts"}


def loaded_after(code: str) -> set[str]:
    """The modules of the package's bots loaded in a fresh interpreter once ``code`` has run."""
    script = f"import json, sys\n{code}\nprint(json.dumps([m for m in sys.modules if m.startswith('domino_tui')]))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def test_naming_and_checking_bots_loads_none() -> None:
    loaded = loaded_after(
        "from domino_tui.bot_registry import BOTS, LEVELS, is_bot, plays\n"
        "assert is_bot('Hard') and plays('expert', True) and not plays('trainplanner', False)"
    )
    assert not any(name == "domino_tui.ai" or name.startswith("domino_tui.ai.") for name in loaded), loaded


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("trainplanner", "domino_tui.ai.train_planner"),
        ("random", "domino_tui.ai.simple"),
        ("Easy", "domino_tui.ai.simple"),
    ],
)
def test_asking_for_one_bot_imports_its_module_only(name: str, module: str) -> None:
    loaded = loaded_after(f"import random\nfrom domino_tui.bot_registry import make\nmake({name!r}, random.Random(1))")
    assert loaded & BOT_MODULES == {module}


def test_each_name_leads_to_the_bot_of_that_name() -> None:
    for name in BOTS:
        assert bot_class(name).name == name
    for level in LEVELS.values():
        assert make(level.name, random.Random(1)).name == level.bot


def test_an_unknown_name_is_no_bot_and_is_refused_with_the_known_ones() -> None:
    assert not is_bot("nobody") and not plays("nobody", trains=False)
    with pytest.raises(ValueError, match="unknown bot 'nobody'; choose one of: random, dummy, greedy"):
        make("nobody", random.Random(1))
