"""A knock at a started room that ends unanswered (its knocker gone, or the server's wait over) takes its question
away from the creator, saying so; a new knock is asked about again. At both tables, against a real server on
127.0.0.1, with real clients knocking."""

from __future__ import annotations

import asyncio

import pytest

from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.confirm import ConfirmScreen
from tests.net.conftest import Running, start_server

from .conftest import COACH
from .test_one_table_every_face import the_table, until
from .test_true_messages import FAMILIES


@pytest.mark.parametrize("family", FAMILIES)
async def test_a_knock_that_ends_unanswered_takes_its_question_away(server: Running, family: str) -> None:
    """Ben knocks for his seat and gives up (his connection closes): the creator's question goes, with a line
    saying why; he knocks again: asked again."""
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", FAMILIES[family], "random"), coach=COACH)
    async with ana.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: (t := the_table(ana)) is not None and t.welcome is not None)
        room = the_table(ana).welcome.room  # type: ignore[union-attr]
        ben = server.client()
        await ben.join(room, "Ben", seat=1)
        await pilot.press("s")
        await until(pilot, lambda: (t := the_table(ana)) is not None and t.status == "playing")
        await ben.close()
        for attempt in range(2):
            knocker = server.client()
            knock = asyncio.ensure_future(knocker.join(room, "Ben"))
            await until(pilot, lambda: isinstance(ana.screen, ConfirmScreen))
            assert "Ben" in ana.screen.question
            await knocker.close()
            knock.cancel()
            await until(pilot, lambda: not isinstance(ana.screen, ConfirmScreen))
            table = the_table(ana)
            assert table is not None and "Ben gave up knocking" in table.message, attempt


async def test_a_knock_ends_when_the_servers_wait_runs_out(tmp_path) -> None:
    running = await start_server(tmp_path / "rooms.sqlite3", knock_wait=2.0)  # time for Ana to be asked
    try:
        url = f"127.0.0.1:{running.port}"
        ana = DominoApp(online=Connect.create(url, "Ana", "classic", "random"), coach=COACH)
        async with ana.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: (t := the_table(ana)) is not None and t.welcome is not None)
            room = the_table(ana).welcome.room  # type: ignore[union-attr]
            ben = running.client()
            await ben.join(room, "Ben", seat=1)
            await pilot.press("s")
            await until(pilot, lambda: (t := the_table(ana)) is not None and t.status == "playing")
            await ben.close()
            # The question may come and go between two looks at the screen (the wait is short): every screen
            # that comes in front is noted.
            shown: list[object] = []
            ana.screen_change_signal.subscribe(ana, lambda screen: shown.append(screen))
            knocker = running.client()
            knock = asyncio.ensure_future(knocker.join(room, "Ben"))
            await until(pilot, lambda: knock.done())
            assert isinstance(knock.exception(), Exception)  # refused: nobody let him in in time
            await until(pilot, lambda: "Ben gave up knocking" in the_table(ana).message)  # type: ignore[union-attr]
            assert any(isinstance(screen, ConfirmScreen) for screen in shown)  # Ana was asked
            await until(pilot, lambda: not isinstance(ana.screen, ConfirmScreen))
            assert "Ben gave up knocking" in the_table(ana).message  # type: ignore[union-attr]
    finally:
        for client in running.clients:
            await client.close()
        await running.server.stop()
