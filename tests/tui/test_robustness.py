"""No key, at any moment, ends in a traceback: keys pressed while the app quits, palette keys before the
palette has been laid out."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.new_game import NewGameScreen

from .conftest import make_app
from .disk_helpers import started
from .fast_input import catch_up
from .random_walk import send_click


@pytest.mark.parametrize("key", ["s", "x"], ids=["score-sheet", "close-room"])
async def test_a_key_pressed_while_quitting_opens_nothing(key):
    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        # q then another key before the app has had a moment to close: no screen (the score sheet, the question
        # whether to close the room) may open on the way out, over a table being taken down.
        app.simulate_key("q")
        app.simulate_key(key)
        for _ in range(3):
            await pilot.pause()
            assert [type(s) for s in app.screen_stack][1:] == [LineTable]
    assert app.return_code in (0, None)
    assert app._exception is None


async def test_the_footer_asking_for_keys_while_the_table_is_taken_down():
    # The footer follows the keys after each refresh, also once the table's panels are removed on the way out: a
    # busy machine once met the hint panel gone as the new-game screen replaced the table, and the app exited.
    from domino_tui.tui.widgets.hint_panel import HintPanel

    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        table = app.screen
        assert isinstance(table, LineTable)
        await table.query_one(HintPanel).remove()
        assert table.check_action("close_panel", ()) is False
        table.refresh_bindings()
        await pilot.pause()
    assert app._exception is None


@pytest.mark.parametrize("new_game", [False, True], ids=["table", "new-game"])
async def test_page_down_straight_after_opening_the_palette(new_game):
    app = make_app("classic", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        if new_game:  # the palette over the new-game screen (the palette's New game, or the end dialog's n)
            app.action_new_game()
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
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
        await started(pilot)
        await pilot.press("ctrl+p")
        await catch_up(pilot)
        assert isinstance(app.screen, CommandPalette)
        send_click(app, 2, 28)
        send_click(app, 2, 28)
        await catch_up(pilot)
        assert [type(s) for s in app.screen_stack][1:] == [LineTable]
        hidden = app.table.has_class("-log-hidden")
        await pilot.press("l")  # the table still answers
        assert app.table.has_class("-log-hidden") is not hidden
    assert app._exception is None


async def test_the_palettes_search_after_it_has_closed_does_nothing():
    # The palette's search worker, started by a key typed just before Esc, looked for the palette's list after it
    # had gone: NoMatches('CommandList') ended the app. Here the late search is started by hand.
    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
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
        await started(pilot)
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
        assert isinstance(app.screen, LineTable)
    assert app._exception is None
