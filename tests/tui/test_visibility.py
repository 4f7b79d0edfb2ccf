"""Whole games at 80x24, 100x30 and 140x40 in every variant: after every move, every open end and the newest
tile lie inside the board's visible region (checked against the widget regions, not by eye)."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import VARIANTS
from domino_tui.tui.screens.game_over import GameOverScreen

from .board_view import assert_all_visible
from .conftest import keys_for, make_app, settle

SIZES = [(80, 24), (100, 30), (140, 40)]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("variant", list(VARIANTS))
async def test_every_end_and_the_newest_tile_stay_in_view(variant, size):
    # All Fives seed 1 against greedy is the game whose arms used to push the line out of view at 80x24.
    app = make_app(variant, seed=1, bot="greedy")
    rng = random.Random(f"{variant}{size}")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.table
        checks = 0
        while not table.session.game.over:
            assert_all_visible(table)
            checks += 1
            await pilot.press(*keys_for(table, rng.choice(table.session.game.legal_moves())))
            await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert_all_visible(table)
        assert checks > 3


async def test_all_fives_seed_4_up_arm_keeps_the_line_in_view():
    app = make_app("allfives", seed=4, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        from .conftest import play_heaviest

        for _ in range(12):
            await play_heaviest(pilot, 1)
            if not app.table.session.game.over:
                assert_all_visible(app.table)
