"""Every tile of a hand has a key, at both tables: 1-9 and 0, then letters past the tenth (a Mexican Train hand of
fifteen), Home and End for the first and the last tile, the arrows for the next, and Enter or Space plays the tile
under the cursor; the help names them. A key the variant does not offer says why rather than do nothing: d where
the rules have no stock (Block, pagat's "Block game": no drawing)."""

from __future__ import annotations

import pytest

from domino_tui.engine import Kind
from domino_tui.tui.screens.help import HelpScreen, help_text
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.tile_keys import tile_key
from domino_tui.tui.widgets.hand import HandView

from .conftest import HUMAN, make_app, settle, the_game, until
from .train_helpers import at_the_table, make_train_app, settle_train


@pytest.mark.parametrize("size", [(80, 24), (140, 40)])
async def test_tile_fourteen_of_a_train_hand_has_the_key_the_hand_shows_and_the_help_names(size) -> None:
    """Mexican Train for two deals fifteen tiles (the Puremco sheet): the fourteenth has a key, under it in the
    hand, which picks it; Home and End take the cursor to the ends of the hand."""
    app = make_train_app(2, seed=5)
    async with app.run_test(size=size) as pilot:
        table = await at_the_table(pilot)
        await settle_train(pilot)
        hand = table.query_one(HandView)
        assert len(hand.tiles) >= 14
        key = tile_key(13)
        assert key and key in hand.label(13).split()
        await pilot.press("end")
        await until(pilot, lambda: hand.cursor == len(hand.tiles) - 1)
        await pilot.press("home")
        await until(pilot, lambda: hand.cursor == 0)
        tile = hand.tiles[13]
        await pilot.press(key)
        # Picked: the cursor on it, and it is played, offered a train, or refused in words if nothing takes it.
        await until(pilot, lambda: tile not in hand.tiles or table.choosing is not None or bool(table.message))
        assert tile not in hand.tiles or hand.tiles[hand.cursor] == tile
        await pilot.press("escape", "question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        shown = help_text(app.screen.rules, app.screen.seed)
        assert "`Home`" in shown and f"`{tile_key(10)}`" in shown


def test_the_keys_past_the_tenth_tile_are_letters_no_table_key_takes() -> None:
    assert [tile_key(i) for i in range(9, 13)] == ["0", "a", "b", "e"]  # c chats, d draws


async def test_a_letter_past_the_hand_at_the_line_table_says_there_is_no_such_tile() -> None:
    """At the line table too the letters pick the tiles past the tenth (a hand grown by draws): with seven tiles,
    the eleventh's key answers that there is none, and End reaches the seventh."""
    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, LineTable)
        hand = table.query_one(HandView)
        await pilot.press(tile_key(10))
        await until(pilot, lambda: f"There is no tile {tile_key(10)}" in table.message)
        await pilot.press("end")
        await until(pilot, lambda: hand.cursor == len(hand.tiles) - 1)


async def test_d_in_a_game_without_a_stock_says_why_it_does_nothing() -> None:
    """Block has no stock (pagat, "Block game": a player who cannot play passes): d is off the footer and says so."""
    app = make_app("block", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, LineTable)
        await pilot.press("d")
        await until(pilot, lambda: "No drawing in" in table.message and "p passes" in table.message)


async def test_the_arrows_move_the_cursor_and_space_plays_the_tile_under_it() -> None:
    app = make_app("block", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, LineTable)
        hand = table.query_one(HandView)
        game = the_game(app)
        fits = [m.tile for m in game.legal_moves() if m.kind is Kind.PLAY]
        index = max(hand.tiles.index(tile) for tile in fits)  # the farthest from the first that fits
        tile = hand.tiles[index]
        await pilot.press("home", *["right"] * index)
        await until(pilot, lambda: hand.cursor == index)
        if index < len(hand.tiles) - 1:
            await pilot.press("right", "left")
            await until(pilot, lambda: hand.cursor == index)
        before = len(game.history)
        await pilot.press("space")
        # Played, or (where it fits ends that come to different things) asked where.
        await until(pilot, lambda: len(the_game(app).history) > before or table.choosing is not None)
        if table.choosing is not None:
            assert table.choosing[0] == tile
        else:
            assert (the_game(app).history[before].seat, the_game(app).history[before].tile) == (HUMAN, tile)
