"""The compiled modules (the rules kernel, the bots' line loop and sampler steps) are the ones in use wherever the
build produced them (a silent fallback would fail here), and DOMINO_TUI_PURE=1 runs their interpreted source
instead. On a machine without a C compiler there is no extension file, the interpreted modules are the only ones,
and the first test has nothing to check."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

COMPILED_MODULES = [
    "domino_tui.engine.core",
    "domino_tui.engine.train_core",
    "domino_tui.ai.lines",
    "domino_tui.ai.stirring",
    "domino_tui.ai.train_loops",
]


def built(name: str) -> list[Path]:
    module = importlib.import_module(name)
    folder = Path(module.__file__).parent
    stem = name.rsplit(".", 1)[1]
    return [p for p in folder.iterdir() if p.name.startswith(f"{stem}.") and p.suffix in (".so", ".pyd")]


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_the_compiled_module_is_used_when_it_was_built(name: str) -> None:
    module = importlib.import_module(name)
    if os.environ.get("DOMINO_TUI_PURE"):
        assert module.__file__.endswith(".py")
    else:
        assert bool(built(name)) == (not module.__file__.endswith(".py")), (module.__file__, built(name))


def test_domino_tui_pure_forces_every_interpreted_module() -> None:
    code = "import importlib\n" + "".join(
        f"print(importlib.import_module({name!r}).__file__.endswith('.py'))\n" for name in COMPILED_MODULES
    )
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True"] * len(COMPILED_MODULES)


def test_the_modules_run_without_cython_installed() -> None:
    # Cython is needed only to build; at run time a shim stands in for its names.
    code = (
        "import sys, random; sys.modules['cython'] = None\n"
        "import domino_tui.engine.core as c\n"
        "from domino_tui.ai.playout import random_playout\n"
        "from domino_tui.engine.state import deal_position\n"
        "r = random.Random(3)\n"
        "print(c.COMPILED, c.cython.__name__, random_playout(deal_position('partnership', r), r).reason)"
    )
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split()[:2] == ["False", "domino_tui.engine._bits"]


def train_digest(rounds: int) -> str:
    """Every move, forfeit, hand and score of ``rounds`` random Mexican Train rounds of the train kernel, from one
    seed, in every option set, as one hash."""
    import hashlib
    import random

    from domino_tui.engine import MEXICAN_TRAIN, EngineSearch
    from domino_tui.engine.train_core import new_round

    rng = random.Random(17)
    seen = hashlib.sha256()
    options = [{}, {"first_turn_chain": True, "double_blank": 50}, {"engine_search": EngineSearch.SET_ASIDE}]
    for i in range(rounds):
        codes = MEXICAN_TRAIN.with_players(2 + i % 7).with_options(**options[i % 3]).kernel
        game = new_round(codes, i % 13, rng)
        while not game.over:
            if rng.random() < 0.01:  # now and then a seat forfeits the round (a faulty bot in a tournament)
                game.forfeit()
                seen.update(f"forfeit {game.turn} {game.out} {game.penalty};".encode())
                continue
            legal = game.legal()
            move = legal[rng.randrange(len(legal))]
            seen.update(f"{move} {game.copy().apply(move)};".encode())
            game.apply(move)
        seen.update(f"{game.hands} {game.trains} {game.marked} {game.points()} {game.reason} {game.out_seat}".encode())
    return seen.hexdigest()


def test_the_compiled_train_kernel_plays_the_interpreted_ones_rounds() -> None:
    script = "from tests.engine.test_compiled import train_digest; print(train_digest(300))"
    env = {**os.environ, "DOMINO_TUI_PURE": "1"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == train_digest(300)
