"""The table resized to 20x10 mid-game, with every key of the table pressed there, then back to 80x24: a table
too small to show the game moves nothing and opens nothing (the player cannot see what a key would do), and the
game goes on where it was once the terminal is big enough again."""

from __future__ import annotations

import pytest

from domino_tui.tui.screens.room_table import RoomTable

from .conftest import make_app, settle, the_room
from .snaps_helpers import seated, until

TABLE_KEYS = [*"123456789", "enter", "space", "left", "right", "d", "p", "u", "t", "h", "l", "s", "n", "c", "r", "x"]


@pytest.mark.parametrize("variant", ["classic", "mexicantrain"])
async def test_keys_at_a_table_too_small_to_show_the_game_change_nothing(variant: str) -> None:
    app = make_app(variant, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot)
        room = the_room(app)
        position = room.position
        await pilot.resize_terminal(20, 10)
        await until(pilot, lambda: table.has_class("-too-small"))
        await pilot.press(*TABLE_KEYS)
        await pilot.pause()
        assert room.position == position and app.screen is table
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: not table.has_class("-too-small"))
        await settle(pilot)
        assert isinstance(app.screen, RoomTable) and table.my_turn
    assert app._exception is None
