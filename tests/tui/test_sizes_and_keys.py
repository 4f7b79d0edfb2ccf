"""The table at its edges, a game at this keyboard in its room: focus from a wide start, the footer at 80 columns in
every mode (and the keys it has at this keyboard, the local table's), the too-small notice (and the game waiting
under it), keys offered only where the rules have them."""

from __future__ import annotations

import itertools

import pytest
from textual.widgets import Footer

from domino_tui.engine import End
from domino_tui.tui.screens.help import HelpScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.room_table import MIN_HEIGHT, MIN_WIDTH
from domino_tui.tui.screens.train_table import TrainTable

from .conftest import HUMAN, caught_up, keys_for, make_app, reach_a_choice, settle, the_game, the_room
from .fast_input import type_keys
from .snaps_helpers import seated, until
from .test_train_snapshots import make_train_app


async def test_a_wide_start_leaves_focus_off_the_move_log_and_arrows_choose_ends():
    app = make_app("classic", seed=1)
    async with app.run_test(size=(140, 40)) as pilot:
        table = await seated(pilot)
        assert table.query_one("#log").display
        assert app.focused is None or app.focused.id != "log"
        tile = await reach_a_choice(pilot)
        assert app.focused is None or app.focused.id != "log"
        before = len(the_game(app).history)
        await pilot.press(str(the_game(app).hand(HUMAN).index(tile) + 1))
        assert table.choosing is not None and table.choosing[0] == tile
        keys = {k.key for k in app.screen.query("FooterKey")}
        assert {"left", "right"} <= keys
        await pilot.press("right")
        await until(pilot, lambda: len(the_game(app).history) > before)
        played = the_game(app).history[before]
        assert (played.seat, played.tile, played.end) == (HUMAN, tile, End.RIGHT)


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
        table = await seated(pilot)
        footer_fits(app)  # your turn
        tile = await reach_a_choice(pilot)
        await pilot.press(str(the_game(app).hand(HUMAN).index(tile) + 1))
        assert table.choosing is not None
        await pilot.pause()
        footer_fits(app)  # choosing an end
        await pilot.press("escape")
        # A bot thinking: the room's bots held, so that the table shows it thinking until they are let go.
        assert app.game is not None
        app.game.room.hold(True)
        await type_keys(pilot, *keys_for(table, the_game(app).legal_moves()[0]))
        await until(pilot, lambda: caught_up(table) and table.thinking is not None)
        await pilot.pause()
        footer_fits(app)  # a bot thinking
        app.game.room.hold(False)
        await settle(pilot)


# What the footer of the table at this keyboard says, as the local tables always had it (the old table's footer at
# 80 columns is the reference): the line table's at your turn, and the train table's (whose arrows are not shown).
LINE_FOOTER = ["Select", "Play", "Draw", "Pass", "New", "Scores", "Log", "Help", "Quit", "palette"]
TRAIN_FOOTER = LINE_FOOTER  # the arrows select a tile at either table


@pytest.mark.parametrize("family", ["line", "train"])
async def test_the_footer_at_this_keyboard_is_the_local_tables_and_its_keys_act(family):
    """n, s, l, ? and q as at the local table; no chat or restart (nobody else is in the room; r does nothing)."""
    app = make_app("allfives", seed=1) if family == "line" else make_train_app(4, 7)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await seated(pilot)
        assert isinstance(table, LineTable if family == "line" else TrainTable) and table.local
        await pilot.pause()
        assert [k.description for k in table.query("FooterKey")] == (LINE_FOOTER if family == "line" else TRAIN_FOOTER)
        footer_fits(app)
        position = the_room(app).position
        await pilot.press("c", "r")
        await pilot.pause()
        assert not table.has_class("-chatting") and the_room(app).position == position and app.screen is table
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table)
        shown = table.placement.shows("log")
        await pilot.press("l")
        await until(pilot, lambda: table.placement.shows("log") != shown)
        await pilot.press("q")
        await until(pilot, lambda: app.closing and not app.is_running)


async def test_below_80x24_the_notice_shows_and_the_bots_wait():
    assert (MIN_WIDTH, MIN_HEIGHT) == (80, 24)  # the README's promise
    # The bots' pace (as a player has it) keeps them from reaching your turn before the table holds them.
    app = make_app("partnership", seed=3, pause=0.5)
    async with app.run_test(size=(79, 24)) as pilot:
        table = await seated(pilot, settled=False)
        await until(pilot, lambda: table.has_class("-too-small"))
        assert app.game is not None
        host = app.game.room.host
        assert host is not None and host.held
        room = the_room(app)
        position = room.position
        assert room.to_act() != HUMAN  # a bot's turn: it has a move to hold
        # The bot has thought out its move and waits at the gate (asyncio.Event's waiters): held, not slow.
        await until(pilot, lambda: len(host._released._waiters) > 0)
        await pilot.pause()
        assert room.position == position, "the bots played on while the table was hidden"
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not table.has_class("-too-small") and not host.held
        assert room.position > position
        assert table.my_turn or table.over is not None


@pytest.mark.parametrize("variant", ["block", "partnership", "partnership9"])
async def test_draw_is_not_offered_without_a_stock(variant):
    app = make_app(variant, seed=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await seated(pilot)
        keys = {k.action for k in app.screen.query("FooterKey")}
        assert "draw" not in keys and "pass_turn" in keys
        commands = [c.title for c in app.get_system_commands(app.screen)]
        assert "Draw a tile" not in commands and "Pass" in commands


async def test_draw_is_offered_with_a_stock():
    app = make_app("allfives", seed=2)
    async with app.run_test(size=(120, 30)) as pilot:
        await seated(pilot)
        assert isinstance(app.screen, LineTable)
        assert "draw" in {k.action for k in app.screen.query("FooterKey")}
        assert "Draw a tile" in [c.title for c in app.get_system_commands(app.screen)]
