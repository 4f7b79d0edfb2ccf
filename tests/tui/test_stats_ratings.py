"""A person's ratings online on the statistics screen, beside the bots': each account whose session the app keeps is
asked of its server (a real one on 127.0.0.1), and a server that cannot be reached says so on its own line."""

from __future__ import annotations

from domino_tui.net.client import sign_in
from domino_tui.tui.kept_accounts import KeptAccount
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.stats import StatsScreen
from tests.net.conftest import Running, free_port
from tests.net.test_ratings import PASSWORD, account, play_match

from .conftest import make_app
from .test_coach_screens import wait_for


async def test_the_statistics_show_each_kept_accounts_ratings_from_its_server(server: Running, private_config) -> None:
    ana, ben = await account(server, "Ana"), await account(server, "Ben")
    await play_match(server, ana, ben)
    _, session = await sign_in(server.url, "login", "Ana", PASSWORD)
    nowhere = f"ws://127.0.0.1:{free_port()}"  # nothing listens there
    app = make_app("classic")
    async with app.run_test(size=(120, 40)) as pilot:
        app.kept_accounts.keep(KeptAccount(server.url, "Ana", session))
        app.kept_accounts.keep(KeptAccount(nowhere, "Cleo", "a-session-of-a-server-gone"))
        await wait_for(pilot, lambda: isinstance(app.screen, LineTable))
        app.coach.open_stats()

        def online() -> str:
            found = app.screen.query("#stats-online") if isinstance(app.screen, StatsScreen) else []
            return str(found[0].render()) if found else ""

        await wait_for(pilot, lambda: "block" in online() and "Cleo" in online())
        lines = online().splitlines()
        ana_line = next(line for line in lines if line.startswith("Ana"))
        assert "block" in ana_line and "(1)" in ana_line  # one rated match of Block
        cleo_line = next(line for line in lines if line.startswith("Cleo"))
        assert "cannot be reached" in cleo_line
