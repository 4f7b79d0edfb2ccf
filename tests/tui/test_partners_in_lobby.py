"""In the lobby of a partnership room the places round the board do not say who plays with whom: the status line
names the two sides, yours first, and follows the seats as people sit down and move."""

from __future__ import annotations

from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.widgets.status import StatusBar
from tests.net.conftest import Running

from .conftest import COACH
from .test_one_table_every_face import the_table, until


def status_text(app: DominoApp) -> str:
    return str(app.screen.query_one(StatusBar).render())


async def test_the_lobby_of_a_partnership_room_names_the_sides(server: Running, private_config) -> None:
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", "partnership", "Easy"), coach=COACH)
    async with ana.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: the_table(ana) is not None and the_table(ana).info is not None)
        table = the_table(ana)
        await until(pilot, lambda: "Teams: You & Seat 3 vs Seat 2 & Seat 4" in status_text(ana))
        ben = server.client()
        await ben.join(table.welcome.room, "Ben", seat=2)
        await until(pilot, lambda: "Teams: You & Ben vs Seat 2 & Seat 4" in status_text(ana))
        # Every word on the screen's one status line at 80 columns.
        assert len(status_text(ana).splitlines()) == 1
        await pilot.press("s")
        await until(pilot, lambda: table.status == "playing" and table.observation is not None)
        # Once dealt, the score names the sides instead.
        await until(pilot, lambda: "Teams:" not in status_text(ana) and "You & Ben" in status_text(ana))


async def test_a_room_without_partners_names_no_sides(server: Running, private_config) -> None:
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", "classic", "Easy"), coach=COACH)
    async with ana.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: the_table(ana) is not None and the_table(ana).info is not None)
        await until(pilot, lambda: "Waiting" in status_text(ana))
        assert "Teams" not in status_text(ana)
