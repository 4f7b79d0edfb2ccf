"""The Lobby screen against a real server: opened from the new-game screen (Ctrl+L), it lists the public rooms
waiting (not a private one) and Enter joins the one selected; Quick match seats you at a table with another
seeker; Escape cancels a search; the online form's Public room makes a room the lobby lists, and refuses one with
a password."""

from __future__ import annotations

import asyncio

from textual.widgets import Checkbox, DataTable, Input, Select, Static

from domino_tui.net.client import lobby, quick_match
from domino_tui.tui.screens.lobby import LobbyScreen
from domino_tui.tui.screens.new_game import NewGameScreen
from tests.net.conftest import Running

from .coachseat_helpers import table, until
from .conftest import make_app
from .fast_input import type_keys
from .test_line_table import SIZE, at_the_local_table, online_form, online_in_front, palette_offers


async def lobby_screen(pilot, server: Running) -> LobbyScreen:
    """The new-game screen (from the palette), then its Lobby (Ctrl+L), pointed at ``server``."""
    await type_keys(pilot, "ctrl+p", *"new game")
    await until([pilot], lambda: palette_offers(pilot.app, "New game"))
    await pilot.press("enter")
    await until([pilot], lambda: isinstance(pilot.app.screen, NewGameScreen))
    await pilot.press("ctrl+l")
    await until([pilot], lambda: isinstance(pilot.app.screen, LobbyScreen))
    screen = pilot.app.screen
    assert isinstance(screen, LobbyScreen)
    await asyncio.wait_for(screen._mounted_event.wait(), 20)  # its fields are set once its on_mount has filled them
    screen.query_one("#lobby-server", Input).value = f"127.0.0.1:{server.port}"
    screen.query_one("#lobby-name", Input).value = "Zoe"
    return screen


def waiting(server: Running) -> int:
    return sum(len(queue) for queue in server.server.seekers.values())


async def test_the_lobby_lists_public_rooms_and_enter_joins_one(server: Running) -> None:
    public = await server.client().create("Ana", "classic", public=True)
    await server.client().create("Ben", "classic")  # private: never listed
    app = make_app("classic")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        screen = await lobby_screen(pilot, server)
        screen.action_refresh()
        rooms = screen.query_one("#lobby-rooms", DataTable)
        await until([pilot], lambda: screen.rooms == [public.room])
        assert rooms.row_count == 1
        rooms.focus()
        await pilot.press("enter")
        await until([pilot], lambda: online_in_front(app))
        welcome = table(app).welcome
        assert welcome is not None and welcome.room == public.room and welcome.name == "Zoe"


async def test_quick_match_seats_you_at_a_table_and_escape_cancels_a_search(server: Running) -> None:
    app = make_app("classic")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        screen = await lobby_screen(pilot, server)
        await pilot.press("ctrl+f")
        await until([pilot], lambda: waiting(server) == 1)
        assert "Seeking a classic table" in str(screen.query_one("#lobby-status", Static).render())
        await pilot.press("escape")  # the search ends; the lobby stays
        await until([pilot], lambda: waiting(server) == 0)
        assert app.screen is screen
        # Bots after a wait of your choice: never, 30 s, 1 or 2 minutes; the server is told the wait chosen.
        wait = screen.query_one("#lobby-bots-after", Select)
        assert [value for _, value in wait._options if value is not Select.BLANK] == [None, 30.0, 60.0, 120.0]
        wait.value = 60.0
        await pilot.press("ctrl+f")
        await until([pilot], lambda: waiting(server) == 1)
        assert [s.bots_after for queue in server.server.seekers.values() for s in queue] == [60.0]
        await pilot.press("escape")
        await until([pilot], lambda: waiting(server) == 0)
        await pilot.press("ctrl+f")
        await until([pilot], lambda: waiting(server) == 1)
        other = asyncio.ensure_future(quick_match(server.url, "classic", "Yan"))
        await until([pilot], lambda: online_in_front(app))
        matched = await asyncio.wait_for(other, 10)
        welcome = table(app).welcome
        assert welcome is not None and welcome.room == matched.room and welcome.name == "Zoe"
        assert {welcome.seat, matched.seat} == {0, 1}
        # The room was started for them: nobody is told to start it.
        await until([pilot], lambda: table(app).status == "playing" and not table(app).redraw_due)
        assert "starts" not in table(app).message


async def test_the_online_forms_public_room_is_listed_and_never_with_a_password(server: Running) -> None:
    app = make_app("classic")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        form = await online_form(pilot)
        form.query_one("#server", Input).value = f"127.0.0.1:{server.port}"
        form.query_one("#online-variant", Select).value = "block"
        form.query_one("#public", Checkbox).value = True
        form.query_one("#password", Input).value = "sesame"
        form.query_one("#create").press()
        await until([pilot], lambda: "cannot be public" in str(form.query_one("#online-error", Static).render()))
        form.query_one("#password", Input).value = ""
        form.query_one("#create").press()
        await until([pilot], lambda: online_in_front(app))
        welcome = table(app).welcome
        assert welcome is not None
        listed, _ = await lobby(server.url)
        assert [room.room for room in listed] == [welcome.room]


async def test_the_lobbys_answer_heard_as_the_lobby_goes_draws_nothing(monkeypatch) -> None:
    """Esc as the lobby's answer comes (found by the random walk): the answer came after the screen's widgets were
    taken down and before the screen was, and drawing it raised NoMatches; now the lobby's workers end as it goes."""
    from domino_tui.net import client

    app = make_app("classic")
    screen = LobbyScreen("classic", "127.0.0.1:1")
    asked = asyncio.Event()

    async def answered_as_the_lobby_goes(url: str, variant: str | None = None, wait: float = 10.0):
        asked.set()
        while screen.query("#lobby-rooms"):  # the answer comes once the widgets are gone
            await asyncio.sleep(0)
        return [], []

    monkeypatch.setattr(client, "lobby", answered_as_the_lobby_goes)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        app.push_screen(screen)
        await asyncio.wait_for(asked.wait(), 10)
        await screen.dismiss(None)
        for _ in range(5):
            await pilot.pause()
    assert app._exception is None


async def test_the_lobbys_answer_heard_between_its_widgets_going_draws_nothing(monkeypatch) -> None:
    """The lobby taken down by another way than its own dismiss (found by a random walk): its widgets go one by
    one, and an answer heard when the rooms' list is still there and the leaderboard no longer is raised NoMatches,
    which ended the app."""
    from domino_tui.net import client

    app = make_app("classic")
    screen = LobbyScreen("classic", "127.0.0.1:1")
    asked = asyncio.Event()
    board_gone = asyncio.Event()

    async def answered_between_the_widgets(url: str, variant: str | None = None, wait: float = 10.0):
        asked.set()
        await board_gone.wait()
        return [], []

    monkeypatch.setattr(client, "lobby", answered_between_the_widgets)
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        app.push_screen(screen)
        await asyncio.wait_for(asked.wait(), 10)
        await screen.query_one("#lobby-board").remove()
        board_gone.set()
        await until([pilot], lambda: all(w.is_finished for w in app.workers if w.node is screen))
        assert screen.query("#lobby-rooms")  # the rooms' list was still there when the answer came
    assert app._exception is None


async def test_a_hostile_servers_lobby_is_shown_as_symbols_and_never_as_markup() -> None:
    """A server's lobby whose room codes and names carry terminal escapes and markup: the table shows each control
    character as a symbol and the brackets as written (a room code taken for markup raised MarkupError as the
    table was drawn, and could style or hide what follows)."""
    import json

    from rich.text import Text
    from websockets.asyncio.server import ServerConnection, serve

    from domino_tui.net.visible import visible

    room, name = "[/]K7QM\x1b[2J", "[bold]Eve\x1b]0;PWNED\x07"
    answer = {
        "type": "lobby",
        "variant": "classic",
        "rooms": [
            {
                "room": room,
                "variant": "classic",
                "players": 2,
                "free": 1,
                "people": [{"name": name, "rating": 1.5, "games": 3}],
            }
        ],
        "rows": [{"name": f"[red]{name}", "rating": 2.0, "games": 4}],
    }

    async def hostile(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps(answer))
        await ws.close()

    app = make_app("classic")
    async with serve(hostile, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        async with app.run_test(size=SIZE) as pilot:
            await at_the_local_table(pilot)
            screen = LobbyScreen("classic", f"127.0.0.1:{port}", "Zoe")
            app.push_screen(screen)
            await until([pilot], lambda: bool(screen.rooms))
            await pilot.pause()
            rooms = screen.query_one("#lobby-rooms", DataTable)
            cells = rooms.get_row_at(0)
            shown = [cell.plain if isinstance(cell, Text) else str(cell) for cell in cells]
            assert shown[0] == visible(room) and shown[2] == f"{visible(name)} (1.5)"
            board = screen.query_one("#lobby-board", DataTable).get_row_at(0)
            assert str(board[1]) == visible(f"[red]{name}")
            rendered = [str(strip.text) for strip in (rooms.render_line(y) for y in range(rooms.size.height))]
            assert any(visible(room) in line for line in rendered), rendered
        assert app._exception is None
