"""Random keys, clicks and resizes (80x24 to 160x50) on every screen and through the command palette, in every
variant: nothing raises, and after each step the table in front shows every open end and the newest tile and
keeps its Quit (see `random_walk`). Some 140 inputs a variant, from the variant's table (the walk may start
another game from there);
``python scripts/soak_table.py`` walks for as long as asked. A failure names its seed:
``DOMINO_TUI_WALK_SEED=S`` replays it here."""

from __future__ import annotations

import os

import pytest

from domino_tui.engine import TRAIN_VARIANTS, VARIANTS

from .random_walk import walk

STEPS = 16  # per variant: some 140 inputs each (scripts/soak_table.py walks for longer)
SEED = int(os.environ.get("DOMINO_TUI_WALK_SEED", "2026"))


@pytest.mark.slow
@pytest.mark.parametrize("variant", [*VARIANTS, *TRAIN_VARIANTS])
async def test_random_keys_clicks_and_resizes_never_break_the_table(variant):
    done = await walk(variant, SEED, STEPS)
    assert done.steps == STEPS and done.inputs > 5 * STEPS
    # The walk went places (it is not stuck on one screen that swallows every input).
    assert len(done.screens) >= 2, done.screens
