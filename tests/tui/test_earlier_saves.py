"""The app's saved Mexican Train games that an earlier version wrote (tests/earlier_saves/README.md), as the app
starts over them: one whose first round that version blocked rightly is converted once into a room and resumes
where it was, dealt as it was, at the train table; one whose first round it ended while a seat could still play is
refused with words and moved aside, and a new game starts. (The conversion itself, every variant and every
refusal: test_earlier_saves_to_rooms.py.)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from domino_tui.engine import EngineSearch, TrainMatch
from domino_tui.tui.app import DominoApp
from domino_tui.tui.local_game import EARLIER_FILE, room_path
from domino_tui.tui.screens.train_table import TrainTable

from .conftest import the_room
from .disk_helpers import check_moved_aside, damage, said, set_aside, started

FOLDER = Path(__file__).parents[1] / "earlier_saves"
EXPECTED = json.loads((FOLDER / "expected.json").read_text())


def earlier_path() -> Path:
    return room_path().with_name(EARLIER_FILE)


def put(name: str) -> bytes:
    earlier_path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FOLDER / f"{name}.json", earlier_path())
    return earlier_path().read_bytes()


async def test_the_app_opens_the_earlier_match_at_its_own_table_where_it_was(private_config):
    put("game_blocked")
    said_then = EXPECTED["game_blocked"]
    app = DominoApp(pause=5)  # the bot to move waits: the position is the save's while the test looks
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await pilot.pause()
            if isinstance(app.screen, TrainTable) and app.game is not None:
                break
        assert isinstance(app.screen, TrainTable)
        room = the_room(app)
        assert room.match is not None
        match = room.match.match
        assert isinstance(match, TrainMatch)
        assert match.rules.options.engine_search is EngineSearch.DRAWN_UNTIL_FOUND  # dealt as it was
        assert [list(row) for row in match.sheet] == [said_then["first_round_points"]]
        assert len(match.rounds) == 2 and len(match.round.moves) == said_then["moves"]
        assert match.round.turn == said_then["turn"]
        assert said(app, "Your game is back where you left it")
    # Read once: the earlier file is gone, the room's file holds the match from now on.
    assert not earlier_path().exists() and room_path().exists()


async def test_a_match_played_on_after_a_round_ended_too_soon_is_refused_in_words(private_config):
    before = put("game_ended_too_soon")
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        (problem,) = said(app, "Your saved game could not be restored")
        assert "earlier version of domino-tui" in problem and problem.endswith("A new game starts.")
        check_moved_aside(earlier_path(), before, problem)  # where the message says
        assert the_room(app).options.variant == "classic"  # a new game, of the settings
    assert room_path().exists()


@pytest.mark.parametrize("how", ["{not json", "[]", "DIRECTORY", "FIFO"], ids=["not-json", "a-list", "dir", "fifo"])
async def test_a_damaged_earlier_save_is_moved_aside_and_a_new_game_starts(private_config, how):
    before = damage(earlier_path(), how)
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        (problem,) = said(app, "Your saved game could not be restored")
        check_moved_aside(earlier_path(), before, problem)
    assert room_path().exists()


async def test_a_damaged_room_file_is_never_replaced_by_converting_an_earlier_save(private_config):
    # A link that leads nowhere is something at room.json all the same: moved aside, never written over.
    damage(room_path(), "LOOP")
    before = put("game_blocked")
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await started(pilot)
        (problem,) = said(app, "Your saved game could not be restored")
        assert "Too many levels of symbolic links" in problem
        aside = set_aside(room_path())
        assert str(aside) in problem and aside.is_symlink()
    assert earlier_path().read_bytes() == before
