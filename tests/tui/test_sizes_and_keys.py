"""The table at its edges: focus from a wide start, the footer at 80 columns in every mode, the too-small
notice (and the game waiting under it), keys offered only where the rules have them."""

from __future__ import annotations

import itertools

import pytest
from textual.widgets import Footer

from domino_tui.engine import End
from domino_tui.tui.screens.table import MIN_HEIGHT, MIN_WIDTH, TableScreen
from domino_tui.tui.session import HUMAN

from .conftest import make_app, reach_a_choice, settle
from .fast_input import type_keys
from .test_table import SlowBot


async def test_a_wide_start_leaves_focus_off_the_move_log_and_arrows_choose_ends():
    app = make_app("classic", seed=1)
    async with app.run_test(size=(140, 40)) as pilot:
        await settle(pilot)
        table = app.table
        assert table.query_one("#log").display
        assert app.focused is None or app.focused.id != "log"
        tile = await reach_a_choice(pilot)
        assert app.focused is None or app.focused.id != "log"
        await pilot.press(str(table.session.game.hand(HUMAN).index(tile) + 1))
        assert table.choosing is not None
        keys = {k.key for k in app.screen.query("FooterKey")}
        assert {"left", "right"} <= keys
        tile = table.choosing[0]
        before = len(table.session.game.moves)
        await pilot.press("right")
        played = table.session.game.moves[before]
        assert (played.tile, played.end) == (tile, End.RIGHT)


def footer_fits(app) -> None:
    """Every key of the footer whole on screen, none over another."""
    footer = app.screen.query_one(Footer)
    width = app.size.width
    boxes = [k.region for k in footer.query("FooterKey") if k.display]
    assert boxes
    for box in boxes:
        assert box.x >= 0 and box.right <= width, box
    boxes.sort(key=lambda r: r.x)
    for a, b in itertools.pairwise(boxes):
        assert a.right <= b.x, (a, b)


@pytest.mark.parametrize("variant", ["classic", "allfives", "partnership"])
async def test_the_footer_fits_80_columns_in_every_mode(variant):
    app = make_app(variant, seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        footer_fits(app)  # your turn
        tile = await reach_a_choice(pilot)
        game = table.session.game
        await pilot.press(str(game.hand(HUMAN).index(tile) + 1))
        assert table.choosing is not None
        await pilot.pause()
        footer_fits(app)  # choosing an end
        await pilot.press("escape")
        slow = SlowBot()
        for seat in table.session.bots:
            table.session.bots[seat] = slow
        move = game.legal_moves()[0]
        from .conftest import keys_for

        await type_keys(pilot, *keys_for(table, move))
        await pilot.pause(0.1)
        if table.thinking is not None:
            footer_fits(app)  # a bot thinking
        slow.release.set()


async def test_below_80x24_the_notice_shows_and_the_bots_wait():
    assert (MIN_WIDTH, MIN_HEIGHT) == (80, 24)  # the README's promise
    app = make_app("partnership", seed=3)
    async with app.run_test(size=(79, 24)) as pilot:
        await pilot.pause(0.3)
        table = app.table
        assert table.has_class("-too-small")
        moves = len(table.session.game.moves)
        await pilot.pause(0.3)
        assert len(table.session.game.moves) == moves, "the bots played on while the table was hidden"
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not table.has_class("-too-small")
        assert table.session.human_to_act or table.session.game.over


@pytest.mark.parametrize("variant", ["block", "partnership", "partnership9"])
async def test_draw_is_not_offered_without_a_stock(variant):
    app = make_app(variant, seed=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        keys = {k.action for k in app.screen.query("FooterKey")}
        assert "draw" not in keys and "pass_turn" in keys
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Draw a tile" not in commands


async def test_draw_is_offered_with_a_stock():
    app = make_app("allfives", seed=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "draw" in {k.action for k in app.screen.query("FooterKey")}
        assert "Draw a tile" in [c.title for c in app.get_system_commands(app.screen)]
