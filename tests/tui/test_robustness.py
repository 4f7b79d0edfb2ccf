"""No key, at any moment, ends in a traceback: keys pressed while the app quits, palette keys before the
palette has been laid out."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from domino_tui.tui.screens.table import TableScreen

from .conftest import make_app, settle
from .fast_input import catch_up
from .random_walk import send_click


async def test_a_key_pressed_while_quitting_opens_nothing():
    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # q then s before the app has had a moment to close: the score sheet must not open on the way out.
        app.simulate_key("q")
        app.simulate_key("s")
        await pilot.pause()
    assert app.return_code in (0, None)
    assert app._exception is None


async def test_the_footer_asking_for_keys_while_the_table_is_taken_down():
    # The footer follows the keys after each refresh, also once the table's panels are removed on the way out: a
    # busy machine once met the hint panel gone as the new-game screen replaced the table, and the app exited.
    from domino_tui.tui.widgets.hint_panel import HintPanel

    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await table.query_one(HintPanel).remove()
        assert table.check_action("close_panel", ()) is False
        table.refresh_bindings()
        await pilot.pause()
    assert app._exception is None


@pytest.mark.parametrize("before", [[], ["n"]], ids=["table", "new-game"])
async def test_page_down_straight_after_opening_the_palette(before):
    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in before:
            await pilot.press(key)
        app.simulate_key("ctrl+p")
        app.simulate_key("pagedown")
        app.simulate_key("pageup")
        await pilot.pause(0.1)
        await pilot.press("escape")
    assert app._exception is None


async def test_two_clicks_outside_the_palette_close_it_and_leave_the_table():
    # Each click outside the palette dismisses it; a second one, handled before the palette is gone, used to pop
    # the table under it too (an empty app whose next key raised).
    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await catch_up(pilot)
        assert isinstance(app.screen, CommandPalette)
        send_click(app, 2, 28)
        send_click(app, 2, 28)
        await catch_up(pilot)
        assert [type(s) for s in app.screen_stack][1:] == [TableScreen]
        await pilot.press("s")  # the table still answers
    assert app._exception is None


async def test_the_palettes_search_after_it_has_closed_does_nothing():
    # The palette's search worker, started by a key typed just before Esc, looked for the palette's list after it
    # had gone: NoMatches('CommandList') ended the app. Here the late search is started by hand.
    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await catch_up(pilot)
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await pilot.press("escape")
        await catch_up(pilot)
        palette._gather_commands("pla")
        palette._list_visible = True
        await catch_up(pilot)
        await pilot.pause(0.3)
    assert app._exception is None


def test_running_the_app_leaves_the_process_as_it_found_it(monkeypatch):
    # run() shortens the interpreter's switch interval for the app's sake; whoever called it gets theirs back.
    import sys

    from domino_tui.tui.app import DominoApp, run

    during: list[float] = []
    monkeypatch.setattr(DominoApp, "run", lambda self, *args, **kwargs: during.append(sys.getswitchinterval()))
    before = sys.getswitchinterval()
    assert run(variant="classic", seed=1) == 0
    assert during == [0.0005] and sys.getswitchinterval() == before


async def test_a_click_on_an_option_the_palette_no_longer_lists_does_nothing():
    # The palette's list is drawn, then narrowed by the next letters typed; a click that lands where a row of the
    # old list was names an option that is gone (found by the random walk: IndexError, and the app exited).
    from rich.style import Style
    from textual import events
    from textual.command import CommandList

    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await catch_up(pilot)
        options = app.screen.query_one(CommandList)
        gone = options.option_count + 5
        x, y = options.region.x + 1, options.region.y  # on the list's first row
        click = events.Click(options, 1, 0, 0, 0, 1, False, False, False, x, y, style=Style(meta={"option": gone}))
        options.post_message(click)
        await catch_up(pilot)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
    assert app._exception is None
