"""Positions that once pushed the line out of view: after every move, every open end and the newest tile lie
inside the board's visible region (whole games of every variant check it too: test_play_through.py)."""

from __future__ import annotations

import random

from .board_view import assert_all_visible
from .conftest import caught_up, keys_for, make_app, play_heaviest, settle, the_game
from .fast_input import type_keys
from .tablekeys_helpers import seated


async def test_all_fives_seed_1_against_greedy_keeps_its_arms_in_view_at_80x24():
    # The game whose arms used to push the line out of view at 80x24.
    app = make_app("allfives", seed=1, bot="greedy")
    rng = random.Random("allfives(80, 24)")
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        table = app.table
        while not the_game(app).over:
            assert caught_up(table)  # the board drawn is the room's
            assert_all_visible(table)
            await type_keys(pilot, *keys_for(table, rng.choice(the_game(app).legal_moves())))
            await settle(pilot)
        assert_all_visible(table)


async def test_all_fives_seed_4_up_arm_keeps_the_line_in_view():
    app = make_app("allfives", seed=4, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        arms = False
        for _ in range(12):
            await play_heaviest(pilot, 1)
            game = the_game(app)
            if not game.over:
                assert caught_up(app.table)
                arms = arms or bool(game.board.up or game.board.down)
                assert_all_visible(app.table)
        assert arms, "the seed should lay a tile on the spinner's up or down arm"
