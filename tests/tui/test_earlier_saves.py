"""The app's saved Mexican Train games that an earlier version wrote (tests/earlier_saves/README.md): one whose
first round that version blocked rightly resumes where it was, dealt as it was; one whose first round it ended
while a seat could still play is refused with words and moved aside, and a new game starts."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from domino_tui.engine import EngineSearch
from domino_tui.tui import saved_game
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.local_train_table import TrainTableScreen
from domino_tui.tui.train_session import TrainSession

from .train_helpers import settle_train

FOLDER = Path(__file__).parents[1] / "earlier_saves"
EXPECTED = json.loads((FOLDER / "expected.json").read_text())


def put(name: str) -> None:
    saved_game.path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FOLDER / f"{name}.json", saved_game.path())


def test_a_match_the_earlier_rule_scored_rightly_resumes_where_it_was(private_config):
    put("game_blocked")
    session, problem = saved_game.load()
    said = EXPECTED["game_blocked"]
    assert problem is None and isinstance(session, TrainSession)
    assert session.rules.options.engine_search is EngineSearch.DRAWN_UNTIL_FOUND  # dealt as it was
    assert [list(row) for row in session.match.sheet] == [said["first_round_points"]]
    assert len(session.match.rounds) == 2 and len(session.round.moves) == said["moves"]
    assert session.round.turn == said["turn"]


def test_a_match_played_on_after_a_round_ended_too_soon_is_refused_in_words(private_config):
    put("game_ended_too_soon")
    session, problem = saved_game.load()
    assert session is None
    assert problem is not None and "earlier version of domino-tui" in problem and "A new game starts." in problem
    assert not saved_game.path().exists()  # moved aside, where the message says


async def test_the_app_opens_the_earlier_match_at_its_own_table(private_config):
    put("game_blocked")
    app = DominoApp(pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle_train(pilot)
        table = app.screen
        assert isinstance(table, TrainTableScreen)
        assert table.session.match.sheet[0] == tuple(EXPECTED["game_blocked"]["first_round_points"])
        assert len(table.session.match.rounds) == 2
