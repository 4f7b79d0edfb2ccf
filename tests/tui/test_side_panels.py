"""The panels beside the board (move log, tile tracker, hint) never take the board's room: beside it where they
fit, else the one opened last over the table, one at a time; the footer keeps its Quit."""

from __future__ import annotations

import itertools

import pytest

from domino_tui.engine import VARIANTS
from domino_tui.tui.side_panels import Panel, Placement, place
from domino_tui.tui.widgets.snake import SnakeView

from .board_view import assert_all_visible, assert_board_has_room, assert_quit_on_screen
from .coachseat_helpers import sat_down
from .conftest import make_app, settle, until
from .fast_input import catch_up, type_keys

LOG, TRACKER, HINT = Panel("log", 32, False), Panel("tracker", 34, False), Panel("hint", 40, True)


def test_panels_go_beside_the_board_while_they_fit():
    assert place(200, [HINT, TRACKER, LOG]) == Placement(("hint", "tracker", "log"))
    assert place(80, [HINT, TRACKER, LOG]) == Placement(("hint", "tracker"))  # the log waits for room


def test_the_latest_opened_panel_goes_over_the_table_and_only_it():
    assert place(16, [HINT, TRACKER, LOG]) == Placement((), "hint")
    assert place(16, [TRACKER, LOG]) == Placement()  # shown by the width alone: never over the table
    assert place(36, [HINT, LOG]) == Placement(("log",), "hint")


SIZES = [(80, 24), (130, 40)]  # the smallest table, and the width that shows the log by itself


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("variant", ["classic", "partnership"])
async def test_every_way_of_opening_the_panels_keeps_the_board_and_the_footer(variant, size):
    app = make_app(variant, seed=2, bot="greedy")
    async with app.run_test(size=size) as pilot:
        await sat_down(pilot)
        table = app.table
        for keys in itertools.permutations("lth"):
            for key in keys:
                await type_keys(pilot, key)
                assert_board_has_room(table)
                assert_all_visible(table)
                assert_quit_on_screen(table)
                over = [p for p in ("log", "tracker", "hint") if table.has_class(f"-{p}-over")]
                assert len(over) <= 1 and over == ([table.placement.over] if table.placement.over else [])
            while table.placement.over is not None:  # Esc closes what is over the table, one at a time
                await type_keys(pilot, "escape")
            assert_all_visible(table)
            for panel in ("hint", "tracker", "log"):  # and the next order starts from none
                table.close_panel(panel)
            await catch_up(pilot)
    assert app._exception is None


async def test_the_first_crash_found_partnership_at_80x24():
    # Partnership, seed 0, greedy opponents: l, 4, right, t ended the app in board_layout's _squeeze.
    app = make_app("partnership", seed=0, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await sat_down(pilot)
        for key in ("l", "4", "right", "t"):
            await pilot.press(key)
            await settle(pilot)
        table = app.table
        assert_board_has_room(table)
        assert_all_visible(table)
        assert table.placement.over == "tracker"
        await pilot.press("escape")
        await pilot.pause()
        assert_all_visible(table)  # nothing over the table now: the ends are really on screen
    assert app._exception is None


async def test_tracker_then_hint_at_80x24_keeps_the_line_and_the_quit():
    app = make_app("classic", seed=1, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await sat_down(pilot)
        await pilot.press("t", "h")
        await pilot.pause()
        table = app.table
        assert table.placement == Placement(("hint",))  # one at a time: the tracker waits
        assert table.query_one(SnakeView).size.width >= 30
        assert_all_visible(table)
        assert_quit_on_screen(table)


@pytest.mark.parametrize("variant", list(VARIANTS))
async def test_a_log_kept_on_from_an_earlier_start_never_covers_the_table(variant, private_config):
    private_config.mkdir(parents=True)
    (private_config / "settings.json").write_text('{"show_log": true}')
    app = make_app(variant, seed=3, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await sat_down(pilot)
        assert app.table.show_log is True  # kept on: the table read the setting
        assert app.table.placement.over is None
        assert_all_visible(app.table)


async def test_the_log_shows_by_itself_from_130_columns_and_the_tracker_from_160():
    app = make_app("classic", seed=1)
    async with app.run_test(size=(129, 40)) as pilot:
        await sat_down(pilot)
        table = app.table
        shown = []
        for width in (129, 130, 159, 160, 129):
            await pilot.resize_terminal(width, 40)
            await until(pilot, lambda width=width: app.size.width == width)
            await pilot.pause()
            shown.append((not table.has_class("-log-hidden"), not table.has_class("-tracker-hidden")))
        assert shown == [(False, False), (True, False), (True, False), (True, True), (False, False)]
