"""Text pasted into the app's fields (the chat line, the names and addresses of Play online and the lobby): the
first line is taken, its tabs as spaces and its invisible characters dropped, as much as fits, never refused whole
by the field nor by the room server."""

from __future__ import annotations

from textual import events
from textual.widgets import Input

from domino_tui.net.protocol import MAX_CHAT, MAX_NAME
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.online import OnlineScreen
from domino_tui.tui.widgets.fitting_input import plain_line
from tests.net.conftest import Running

from .coachseat_helpers import table, until
from .conftest import make_app
from .test_line_table import SIZE, at_the_local_table, online_app


def test_a_pasted_line_keeps_its_words_and_loses_what_is_not_printed() -> None:
    assert plain_line("hi\tthere\u202e!\x1b[2J\nsecond line") == "hi there![2J"
    assert plain_line("") == "" and plain_line("\n\n") == ""
    # A line copied with the line break before it (a whole line selected in a terminal) is that line, not nothing.
    assert plain_line("\n \t\nK7QM-3XPA\nmore") == "K7QM-3XPA"


async def test_chat_pasted_with_a_tab_and_a_right_to_left_mark_is_said(server: Running) -> None:
    ana = online_app(Connect.create(f"127.0.0.1:{server.port}", "Ana", "classic", "dummy"))
    async with ana.run_test(size=SIZE) as pa:
        a = table(ana)
        await until([pa], lambda: a.welcome is not None)
        await pa.press("c")
        box = a.query_one("#chat-input", Input)
        await until([pa], lambda: ana.focused is box)
        box.post_message(events.Paste("hi\tthere \u202egood luck"))
        await until([pa], lambda: box.value != "")
        await pa.press("enter")
        await until([pa], lambda: bool(a.chats))
        assert "hi there good luck" in str(a.query_one("#chat").render())


async def test_a_long_paste_fills_a_field_as_far_as_it_takes() -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        chat = app.screen.query_one("#chat-input", Input)
        chat.disabled = False
        chat.post_message(events.Paste("x" * 1000))
        await until([pilot], lambda: chat.value != "")
        assert chat.value == "x" * MAX_CHAT
        app.push_screen(OnlineScreen("classic"))
        await until([pilot], lambda: isinstance(app.screen, OnlineScreen) and app.screen.is_mounted)
        name = app.screen.query_one("#name", Input)
        name.value = "Ann "
        name.cursor_position = len(name.value)
        name.post_message(events.Paste("Smith-" * 10))
        await until([pilot], lambda: name.value != "Ann ")
        assert name.value == ("Ann " + "Smith-" * 10)[:MAX_NAME]
