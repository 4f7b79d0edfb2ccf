"""One table per family, whatever hosts the room: the same pilot test plays a game against bots at this keyboard,
a game of two people sharing it (hot seat) and a game in a room on a real server on 127.0.0.1, of each family,
by keys through the app's one table, to the end of a game (a round of Mexican Train), and the table then shows
the room's result."""

from __future__ import annotations

import asyncio

import pytest

from domino_tui.net.local import LocalClient
from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.handover import HandoverScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.train_table import TrainTable
from tests.net.conftest import Running

from .conftest import COACH, until
from .conftest import table_of as the_table
from .fast_input import type_keys
from .snaps_helpers import train_keys as keys_for
from .test_line_table import play_turn
from .test_one_train_table import choose

FACES = [
    ("line", "local"),
    ("line", "hot seat"),
    ("line", "online"),
    ("train", "local"),
    ("train", "hot seat"),
    ("train", "online"),
]


# The test's choices against the greedy bot end seed 14's round in 18 of your moves (2 of them a train's choice, 2
# draws); seed 7's took 32, and the server's own random seed about 90 on average.
TRAIN_AGAINST_GREEDY = 14
# Both seats playing their first legal move (the test's choice, and the dummy bot's) end seed 14's classic game in
# 12 moves, one of them a draw; seed 7's took 17, and the server's own random seed 22 on average (seeds 0 to 299).
LINE_FIRST_LEGAL = 14


def app_for(family: str, face: str, server: Running | None) -> DominoApp:
    if face == "online":
        assert server is not None
        seed = TRAIN_AGAINST_GREEDY if family == "train" else LINE_FIRST_LEGAL
        server.server.new_seed = lambda: seed
        url = f"127.0.0.1:{server.port}"
        if family == "line":
            return DominoApp(online=Connect.create(url, "Ana", "classic", "dummy"), coach=COACH)
        return DominoApp(online=Connect.create(url, "Ana", "mexicantrain", "greedy", players=2, games=1), coach=COACH)
    opponents = ("person",) if face == "hot seat" else ("dummy",) if family == "line" else ("greedy",)
    variant = "classic" if family == "line" else "mexicantrain"
    # Two people playing by the test's choices end seed 7's round in 74 moves, each behind a handover; 117's in 33.
    seed = {("train", "hot seat"): 117, ("train", "local"): TRAIN_AGAINST_GREEDY}.get((family, face), LINE_FIRST_LEGAL)
    return DominoApp(
        variant=variant, seed=seed, pause=0.0, opponents=opponents, players=2, save_settings=False, coach=COACH
    )


@pytest.mark.parametrize(("family", "face"), FACES)
async def test_one_table_plays_a_game_to_its_end_on_every_face(
    family: str, face: str, server: Running, monkeypatch: pytest.MonkeyPatch, private_config
) -> None:
    app = app_for(family, face, server)
    async with app.run_test(size=(140, 40)) as pilot:
        await until(pilot, lambda: the_table(app) is not None and the_table(app).info is not None)
        table = the_table(app)
        assert isinstance(table, LineTable if family == "line" else TrainTable)
        # The one table is given the local room's clients, or enters the server's room itself.
        assert table.local == (face != "online")
        assert table.hot_seat == (face == "hot seat")
        if face == "online":
            await pilot.press("s")  # the creator starts the room
        else:
            assert isinstance(table.client, LocalClient)
            assert (
                table.names[:2] == (("South", "North") if face == "hot seat" else ("You", "Computer"))[:2]
                or family == "train"
            )
        await until(pilot, lambda: table.status == "playing")
        waited = 0.0
        while table.over is None:
            assert waited < 120, "the game never ended"
            if isinstance(app.screen, HandoverScreen):
                await type_keys(pilot, "enter")  # the next person at the keyboard is ready
            elif app.screen is table and table.my_turn:
                if isinstance(table, LineTable):
                    await play_turn(pilot, table)
                else:
                    view = table.seat_view
                    # Typed at once, as a terminal sends them: the pilot's press waits for a frame after each key.
                    await type_keys(pilot, *keys_for(table, choose(table)))
                    await until(pilot, lambda v=view: table.seat_view is not v or table.over is not None)
            else:
                await pilot.pause()
                await asyncio.sleep(0.01)
                waited += 0.01
        # The end of the game is the room's result, in the table's end dialog.
        await until(pilot, lambda: table.dialog is not None)
        buttons = dict(table.dialog.about.buttons)
        if face == "online":
            assert "quit" in buttons
        else:
            assert "new" in buttons and "quit" in buttons  # a local game's: play again or next, a new game, quit
