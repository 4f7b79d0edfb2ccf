"""Playing under an account from the app: the Play online form's Account and its password log in and sit down
under the account's name, keeping the session (not the password) in accounts.json, readable by its owner only;
the next time the kept session is enough. ``join --account`` asks for the password (never an argument) unless a
session is kept."""

from __future__ import annotations

import os
import stat

from textual.widgets import Input

from domino_tui.cli import main as cli_main
from domino_tui.net.client import sign_in
from domino_tui.tui import kept_accounts
from domino_tui.tui.online import Connect
from tests.net.conftest import Running

from .coachseat_helpers import table, until
from .conftest import make_app
from .test_line_table import SIZE, at_the_local_table, online_form, online_in_front

PASSWORD = "a long enough secret 2718"


async def join_from_the_form(server: Running, room: str, account: str, password: str) -> str | None:
    """A new app joins ``room`` through its Play online form under ``account``: the name it sits down with."""
    app = make_app("classic")
    async with app.run_test(size=SIZE) as pilot:
        await at_the_local_table(pilot)
        form = await online_form(pilot)
        form.query_one("#server", Input).value = f"127.0.0.1:{server.port}"
        form.query_one("#name", Input).value = "Not Used"
        form.query_one("#account", Input).value = account
        form.query_one("#account-password", Input).value = password
        form.query_one("#room", Input).value = room
        form.query_one("#join").press()
        await until([pilot], lambda: online_in_front(app))
        welcome = table(app).welcome
        return welcome.name if welcome is not None else None


async def test_the_form_logs_in_once_and_the_kept_session_does_the_rest(server: Running) -> None:
    await sign_in(server.url, "register", "Ana", PASSWORD)
    first = (await server.client().create("Ben", "classic")).room
    assert await join_from_the_form(server, first, "ana", PASSWORD) == "Ana"
    kept = kept_accounts.path()
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600
    text = kept.read_text()
    assert "Ana" in text and "secret" not in text
    # No password this time: the session kept on this computer signs in.
    second = (await server.client().create("Cleo", "classic")).room
    assert await join_from_the_form(server, second, "Ana", "") == "Ana"


async def test_join_with_an_account_asks_for_its_password_unless_a_session_is_kept(monkeypatch) -> None:
    opened: list[Connect] = []
    asked: list[str] = []
    monkeypatch.setattr("domino_tui.tui.app.run", lambda online: opened.append(online) or 0)
    monkeypatch.setattr("getpass.getpass", lambda prompt: asked.append(prompt) or PASSWORD)
    assert cli_main(["join", "127.0.0.1:9/K7QM-3XPA", "--account", "Ana"]) == 0
    assert (opened[-1].account, opened[-1].name, opened[-1].account_password) == ("Ana", "Ana", PASSWORD)
    assert PASSWORD not in repr(opened[-1])
    kept = kept_accounts.KeptAccounts()
    kept.keep(kept_accounts.KeptAccount("ws://127.0.0.1:9", "Ana", "a-session-token", 1.0))
    assert cli_main(["join", "127.0.0.1:9/K7QM-3XPA", "--account", "ana"]) == 0
    assert opened[-1].account_password is None and len(asked) == 1
