"""Positions that once pushed the line out of view: after every move, every open end and the newest tile lie
inside the board's visible region (whole games of every variant check it too: test_play_through.py)."""

from __future__ import annotations

import random

from .board_view import assert_all_visible
from .conftest import keys_for, make_app, settle
from .fast_input import type_keys


async def test_all_fives_seed_1_against_greedy_keeps_its_arms_in_view_at_80x24():
    # The game whose arms used to push the line out of view at 80x24.
    app = make_app("allfives", seed=1, bot="greedy")
    rng = random.Random("allfives(80, 24)")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        while not table.session.game.over:
            assert_all_visible(table)
            await type_keys(pilot, *keys_for(table, rng.choice(table.session.game.legal_moves())))
            await settle(pilot)
        assert_all_visible(table)


async def test_all_fives_seed_4_up_arm_keeps_the_line_in_view():
    app = make_app("allfives", seed=4, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        from .conftest import play_heaviest

        for _ in range(12):
            await play_heaviest(pilot, 1)
            if not app.table.session.game.over:
                assert_all_visible(app.table)
