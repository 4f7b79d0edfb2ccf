"""The message line says only what is true, and for whoever is there: a spectator whose connection comes back is
told it watches again (it has no seat to get back); a message about the room's state goes when the state does. At
both tables, against a real server on 127.0.0.1."""

from __future__ import annotations

import pytest

from domino_tui.engine import MEXICAN_TRAIN
from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.train_table import TrainTable
from tests.net.conftest import Running

from .conftest import COACH
from .test_one_table_every_face import the_table, until

FAMILIES = {"line": "classic", "train": MEXICAN_TRAIN.name}


@pytest.mark.parametrize("family", FAMILIES)
async def test_a_spectator_is_told_it_watches_again_after_a_reconnect(server: Running, family: str) -> None:
    variant = FAMILIES[family]
    room = (await server.client().create("Ana", variant)).room
    url = f"127.0.0.1:{server.port}"
    cy = DominoApp(online=Connect.join(f"{url}/{room}", "Cy", watch=True), coach=COACH)
    async with cy.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: (t := the_table(cy)) is not None and t.info is not None and t.welcome is not None)
        table = the_table(cy)
        assert table is not None and table.watching
        assert isinstance(table, TrainTable) == (family == "train")
        news: list[str] = []
        connected = table.connected
        table.connected = lambda heard: news.append(table.message) if connected(heard) is None else None  # type: ignore[method-assign]
        table.client.drop()  # type: ignore[union-attr]
        await until(pilot, lambda: table.connection == "connected" and len(news) >= 2)
        dropped, back = news[-2:]
        assert "seat" not in dropped and "seat" not in back and "hand" not in back
        assert back == f"Connected again: watching room {room}."


@pytest.mark.parametrize("family", FAMILIES)
async def test_a_message_about_the_lobby_goes_when_the_match_starts(server: Running, family: str) -> None:
    """Keys that cannot act before the start say so; once the creator starts, that is no longer true: gone."""
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", FAMILIES[family], "random"), coach=COACH)
    async with ana.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: (t := the_table(ana)) is not None and t.info is not None)
        table = the_table(ana)
        assert table is not None
        # The footer offers neither key in the lobby; pressed anyway (the palette, a quick hand), each says why.
        for act, said in ((table.action_draw, "being played just now"), (table.action_restart, "has not started")):
            act()
            assert said in table.message and table.message_is_error
        await pilot.press("s")
        await until(pilot, lambda: table.status == "playing" and table.observation is not None)
        await pilot.pause()
        assert "has not started" not in table.message and "being played" not in table.message


@pytest.mark.parametrize("family", FAMILIES)
async def test_ready_for_the_next_deal_goes_once_it_has_begun(server: Running, family: str) -> None:
    url = f"127.0.0.1:{server.port}"
    ana = DominoApp(online=Connect.create(url, "Ana", FAMILIES[family], "random"), coach=COACH)
    async with ana.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: (t := the_table(ana)) is not None and t.info is not None)
        table = the_table(ana)
        assert table is not None
        await pilot.press("s")
        await until(pilot, lambda: table.status == "playing")
        table.send = lambda *args: None  # type: ignore[method-assign]  # the room would answer that no deal ended
        table.action_next_game()  # said while the deal is in play: the room is not between deals
        await pilot.pause()
        assert "Ready for the next" in table.message
        # The room's news (a move, a seat's change) comes and the line goes: what it said is not so.
        table.redraw_now()
        assert "Ready for the next" not in table.message
