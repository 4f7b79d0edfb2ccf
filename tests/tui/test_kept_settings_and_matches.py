"""One owner of the player's settings, and a match in progress that nothing throws away unasked.

Saving one setting never puts back an old value of another, a resumed match included (its room's file holds
the room and nothing of the settings); the log's on/off choice holds for a resumed match; a start-up option
that asks for another match asks before giving up the one in progress, which stays resumable meanwhile.
"""

from __future__ import annotations

import json

import pytest

from domino_tui.engine import Kind
from domino_tui.net.local import LocalRoom
from domino_tui.tui.app import DominoApp
from domino_tui.tui.local_game import room_path
from domino_tui.tui.screens.confirm import ConfirmScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.tour import TourScreen

from .conftest import HUMAN, play_heaviest, settle, the_game, the_room, until
from .disk_helpers import play_room

WIDE = (140, 40)  # the log shows by itself from 130 columns


def kept(config) -> dict:
    return json.loads((config / "settings.json").read_text())


def saved_room() -> dict:
    return json.loads(room_path().read_text())


def moves_in(room: dict) -> int:
    return sum(entry["e"] == "move" for entry in room["entries"])


async def match_in_progress(variant: str = "partnership", seed: int = 5, moves: int = 3) -> dict:
    """A match with ``moves`` moves of yours made (bots' between), its room kept where the app keeps it, as the
    app leaves it on quitting; the room's file."""
    await play_room(room_path(), variant, seed, moves)
    room = saved_room()
    assert any(e.get("by") == "person" for e in room["entries"])
    return room


def resumes_the_log(before: dict) -> bool:
    """The room's file goes on from the log it had (the same room, its entries kept, in order)."""
    now = saved_room()
    return now["code"] == before["code"] and now["entries"][: len(before["entries"])] == before["entries"]


async def test_saving_one_setting_keeps_every_other_in_a_resumed_match_too(private_config, monkeypatch):
    monkeypatch.setattr(DominoApp, "first_run_tour", True)
    app = DominoApp(pause=0, opponents=("greedy",))
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TourScreen))
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("l")  # hide the log that 140 columns show
        app.theme = "nord"
        await play_heaviest(pilot, 1)
        await pilot.pause()
    first = kept(private_config)
    assert (first["tour_seen"], first["show_log"], first["theme"]) == (True, False, "nord")
    # The match is resumed from its room's file, which holds the room alone: none of the settings of the day.
    room = saved_room()
    assert set(room) == {"format", "version", "code", "created", "seed", "options", "tokens", "entries"}
    again = DominoApp(pause=0)
    async with again.run_test(size=WIDE) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, LineTable), "the tour came back"
        assert resumes_the_log(room)
        assert again.table.has_class("-log-hidden"), "the log's choice was not honoured in the resumed match"
        assert again.theme == "nord"
        again.toggle_auto_pass()
        await pilot.press("l")
        await pilot.pause()
    second = kept(private_config)
    assert (second["tour_seen"], second["show_log"], second["theme"]) == (True, True, "nord")
    assert second["auto_pass"] is True and second["bots"] == ["greedy"]


async def test_dismissing_the_tour_keeps_the_log_hidden(private_config, monkeypatch):
    monkeypatch.setattr(DominoApp, "first_run_tour", True)
    app = DominoApp(pause=0, opponents=("greedy",))
    async with app.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TourScreen))  # it comes after the table, when it may
        app.table.action_toggle_log()  # hidden from the palette, over the tour; then quit with the tour up
        await pilot.pause()
    assert (kept(private_config)["tour_seen"], kept(private_config)["show_log"]) == (False, False)
    room = saved_room()
    again = DominoApp(pause=0)  # resumes the match made at the first start
    async with again.run_test(size=WIDE) as pilot:
        await until(pilot, lambda: isinstance(again.screen, TourScreen))
        await pilot.press("escape")
        await settle(pilot)
        assert again.table.has_class("-log-hidden")
        assert resumes_the_log(room)
    assert (kept(private_config)["tour_seen"], kept(private_config)["show_log"]) == (True, False)


async def test_a_start_up_option_asks_before_giving_up_a_match_in_progress(private_config):
    before = await match_in_progress()
    app = DominoApp(variant="allfives", seed=7, pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                break
        assert isinstance(app.screen, ConfirmScreen), "the match in progress was replaced without asking"
        assert the_room(app).options.variant == "partnership"
        question = str(app.screen.question)
        made = len(the_game(app).history)  # the log's moves, and an opening the rules make by themselves
        assert made >= moves_in(before) > 0 and the_game(app).turn == HUMAN  # nobody moves before you
        assert f"game 1, {made} moves" in question and "All Fives (muggins) with seed 7" in question
        await pilot.press("n")
        await settle(pilot)
        room = the_room(app)
        assert room.options.variant == "partnership" and room.seed == before["seed"]
        assert isinstance(app.screen, LineTable)
    assert resumes_the_log(before)
    # Asked again, and this time yes: the new match, in a new room's file.
    app = DominoApp(variant="allfives", seed=7, pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                break
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        for _ in range(200):
            await pilot.pause()
            if the_room(app).options.variant == "allfives":
                break
        await settle(pilot)
        assert (the_room(app).options.variant, the_room(app).seed) == ("allfives", 7)
    now = saved_room()
    assert now["seed"] == 7 and now["code"] != before["code"]


async def test_quitting_while_asked_keeps_the_match_resumable(private_config):
    before = await match_in_progress()
    app = DominoApp(seed=3, opponents=("dummy",), pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if isinstance(app.screen, ConfirmScreen):
                break
        assert isinstance(app.screen, ConfirmScreen)
        await app.action_quit()
    assert resumes_the_log(before)
    back, problem = LocalRoom.restore(room_path())
    assert problem is None and back is not None and back.room.seed == before["seed"]
    await back.close()


@pytest.mark.parametrize("seed", [9, None], ids=["its-seed", "no-seed"])
async def test_asking_for_the_match_in_progress_resumes_it(private_config, seed):
    before = await match_in_progress(seed=9)
    app = DominoApp(variant="partnership", seed=seed, opponents=("greedy",), pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LineTable), "asked to give up the very match asked for"
        assert the_room(app).seed == 9
        assert any(str(n.title) == "Welcome back" for n in app._notifications)
    assert resumes_the_log(before)


async def test_a_pause_given_at_start_up_holds_for_the_resumed_match(private_config):
    before = await match_in_progress()
    app = DominoApp(pause=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert the_room(app).options.variant == "partnership" and resumes_the_log(before)
        assert app.pause == 0.05
        assert app.game is not None and app.game.room.pace == 0.05  # the bots of the resumed room wait so long
        game = the_game(app)
        assert game.turn == HUMAN or game.over
        assert any(m.kind is Kind.PLAY for m in game.moves)
