"""Room servers' addresses no server can be at (a port past 65535, a host that is no name, brackets around what is no
IPv6 address, one pasted thousands of characters long), wherever they come from: the Play online form, the lobby,
the command line, seats.json. Each is refused in words, the app runs on, and none is written into a file that
would then be set aside at the next start."""

from __future__ import annotations

import asyncio
import json

import pytest
from textual.widgets import Input, Static

from domino_tui.cli import main
from domino_tui.net.address import address_problem
from domino_tui.tui import settings
from domino_tui.tui.app import DominoApp
from domino_tui.tui.kept_seats import KeptSeats
from domino_tui.tui.kept_seats import path as seats_path
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.lobby import LobbyScreen
from domino_tui.tui.screens.online import OnlineScreen

from .conftest import COACH, make_app, until
from .test_line_table import at_the_local_table

NO_SERVER = {
    "a port past 65535": "h:99999",
    "brackets around no IPv6 address": "[zz]:1",
    "two ports": "h:1:2",
    "a right-to-left mark in the host": "\u202eh:1",
    "a pasted host thousands of characters long": "a" * 5000,
    "an escape in the host": "\x1b[31mh",
}


def test_addresses_of_servers_are_told_from_what_no_server_is_at() -> None:
    for good in ("ws://127.0.0.1:8765", "ws://[::1]:8765", "ws://localhost:1", "ws://bücher.example:8765"):
        assert address_problem(good) is None, good
    for bad in (
        "ws://h:0",
        "ws://h:1#x",
        "ws://u@h:1",
        "ws://a..b:1",
        "ws://h:\u0663\u0663",
        *(f"ws://{s}" for s in NO_SERVER),
    ):
        assert address_problem(bad) is not None, bad


@pytest.mark.parametrize("case", list(NO_SERVER))
async def test_the_online_form_refuses_an_address_no_server_is_at(case: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_local_table(pilot)
        app.push_screen(OnlineScreen("classic"))
        await until(pilot, lambda: isinstance(app.screen, OnlineScreen) and app.screen.is_mounted)
        box = app.screen.query_one("#server", Input)
        box.value = NO_SERVER[case]  # as it reaches the field (a paste loses its invisible characters there)
        box.focus()
        await pilot.press("enter")
        said = app.screen.query_one("#online-error", Static)
        await until(pilot, lambda: "not a room server's address" in str(said.render()))
        assert isinstance(app.screen, OnlineScreen)
    assert app._exception is None


async def test_the_lobby_and_its_quick_match_at_an_address_no_server_is_at_are_refused_in_words() -> None:
    app = DominoApp(lobby="h:99999", coach=COACH)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.is_mounted)
        said = app.screen.query_one("#lobby-status", Static)
        await until(pilot, lambda: "not a room server's address" in str(said.render()))  # asked for its rooms
        said.update("")
        await pilot.press("ctrl+f")
        await until(pilot, lambda: "not a room server's address" in str(said.render()))
        assert app.screen.seeking_since is None  # type: ignore[attr-defined]  # the lobby's
    assert app._exception is None


async def test_a_table_sent_to_an_address_no_server_is_at_is_refused_there_in_words() -> None:
    app = DominoApp(online=Connect("ws://h:99999", "Ann", "K7QM3XPA"), coach=COACH)  # as code may make one
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LineTable) and app.screen.refused is not None)
        assert app.screen.refused == "address"  # type: ignore[attr-defined]  # a LineTable's
    assert app._exception is None


@pytest.mark.parametrize(
    "server", [*NO_SERVER.values(), "h:1#", "h:1?", "h:", "h:1/x", "", "ws://", "u@h:1", "h:\u0663\u0663"]
)
def test_a_room_is_never_made_for_an_address_no_server_is_at(server: str) -> None:
    with pytest.raises(ValueError) as refused:
        Connect.create(server, "Ann", "classic", "Easy")
    assert "not a room server's address" in str(refused.value)
    with pytest.raises(ValueError) as refused:
        Connect.join(f"{server}/K7QM3XPA", "Ann")
    assert "not a room" in str(refused.value)


@pytest.mark.parametrize("server", ["h", "h:1", " ws://h:1/ ", "[::1]", "[::1]:9"])
def test_a_room_is_made_for_a_server_s_address_with_the_default_port_when_none_is_given(server: str) -> None:
    url = Connect.create(server, "Ann", "classic", "Easy").url
    assert url in ("ws://h:8765", "ws://h:1", "ws://[::1]:8765", "ws://[::1]:9")


async def test_a_kept_seat_on_an_address_no_server_is_at_is_set_aside_and_the_app_starts() -> None:
    seats_path().parent.mkdir(parents=True, exist_ok=True)
    seat = {"server": "ws://h:99999", "room": "K7QM3XPA", "token": "t", "name": "Ann", "seat": 1, "variant": "classic"}
    seats_path().write_text(json.dumps({"version": 1, "seats": [{**seat, "kept": 5.0}]}))
    app = DominoApp(coach=COACH)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.game is not None)
        await asyncio.sleep(0)
        assert any("could not be read" in str(n.message) for n in app._notifications)
    assert app._exception is None and KeptSeats().find("ws://h:99999", "K7QM3XPA") is None


def test_a_server_s_address_longer_than_the_settings_keep_is_not_written_into_them(private_config) -> None:
    kept = settings.PlayerSettings()
    said = kept.change(online_server="a" * 5000 + ":8765", online_name="Ann")
    assert said is not None and "online_server" in said
    again = settings.PlayerSettings()
    assert again.load() is None  # the file is read, not set aside
    assert again.current.online_name == "Ann" and again.current.online_server is None


COMMANDS = {
    "join": ["join", "{}/K7QM3XPA", "--name", "Ann"],
    "lobby --list": ["lobby", "{}", "--list"],
    "lobby": ["lobby", "{}"],
    "leaderboard": ["leaderboard", "{}", "--variant", "classic"],
}


@pytest.mark.parametrize("case", list(NO_SERVER))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_the_commands_refuse_an_address_no_server_is_at_with_the_usage_and_why(command: str, case: str, capsys) -> None:
    assert main([word.format(NO_SERVER[case]) for word in COMMANDS[command]]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: domino-tui ") and "not a room server's address" in err and "Traceback" not in err
