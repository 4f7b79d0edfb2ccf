"""Snapshots of the Mexican Train table with 2, 4 and 8 players at 80x24 and 140x40, a few moves in
(pytest-textual-snapshot; --snapshot-update redraws)."""

from __future__ import annotations

import pytest

from .fast_input import type_keys
from .train_helpers import heaviest, keys_for_train, make_train_app, settle_train

SIZES = [(80, 24), (140, 40)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("players,seed,moves", [(2, 3, 6), (4, 7, 5), (8, 2, 3)])
def test_train_table(snap_compare, size, players, seed, moves):
    async def run_before(pilot):
        table = pilot.app.screen
        await settle_train(pilot)
        for _ in range(moves):
            if table.session.round_over:
                break
            await type_keys(pilot, *keys_for_train(table, heaviest(table)))
            await settle_train(pilot)
        await pilot.pause(0.2)

    assert snap_compare(make_train_app(players, seed=seed), terminal_size=size, run_before=run_before)
