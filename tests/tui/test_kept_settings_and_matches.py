"""One owner of the player's settings, and a match in progress that nothing throws away unasked.

Saving one setting never puts back an old value of another, a resumed match included (its save holds the
settings as they were when it began); the log's on/off choice holds for a resumed match; a start-up option
that asks for another match asks before giving up the one in progress, which stays resumable meanwhile.
"""

from __future__ import annotations

import json
import random

import pytest

from domino_tui.engine import Kind
from domino_tui.tui import saved_game
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.confirm import ConfirmScreen
from domino_tui.tui.screens.table import TableScreen
from domino_tui.tui.screens.tour import TourScreen
from domino_tui.tui.session import HUMAN, Session
from domino_tui.tui.settings import Settings

from .conftest import play_heaviest, settle

WIDE = (140, 40)  # the log shows by itself from 130 columns


def kept(config) -> dict:
    return json.loads((config / "settings.json").read_text())


def match_in_progress(variant: str = "partnership", seed: int = 5, moves: int = 12) -> Session:
    """A match with ``moves`` moves made (yours among them), saved as the app saves it, its settings the
    defaults of the day it began."""
    session = Session(Settings(variant=variant, bots=("greedy",)).with_variant(variant), seed)
    rng = random.Random(seed)
    game = session.game
    while len(game.history) < moves:
        game.apply(rng.choice(game.legal_moves()))
    assert any(ev.seat == HUMAN for ev in game.history) and not game.over
    assert saved_game.save(session) is None
    return session


async def test_saving_one_setting_keeps_every_other_in_a_resumed_match_too(private_config, monkeypatch):
    monkeypatch.setattr(DominoApp, "first_run_tour", True)
    app = DominoApp(pause=0, opponents=("greedy",))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TourScreen)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("l")  # hide the log that 140 columns show
        app.theme = "nord"
        await play_heaviest(pilot, 1)
        await pilot.pause()
    first = kept(private_config)
    assert (first["tour_seen"], first["show_log"], first["theme"]) == (True, False, "nord")
    # The match is resumed from its save, whose settings still say: no tour seen, the log by width.
    assert json.loads(saved_game.path().read_text())["settings"]["tour_seen"] is False
    again = DominoApp(pause=0)
    async with again.run_test(size=WIDE) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, TableScreen), "the tour came back"
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
        await pilot.pause()
        assert isinstance(app.screen, TourScreen)
        app.table.action_toggle_log()  # hidden from the palette, over the tour; then quit with the tour up
        await pilot.pause()
    assert (kept(private_config)["tour_seen"], kept(private_config)["show_log"]) == (False, False)
    again = DominoApp(pause=0)  # resumes the match saved at the first start
    async with again.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, TourScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert again.table.has_class("-log-hidden")
    assert (kept(private_config)["tour_seen"], kept(private_config)["show_log"]) == (True, False)


async def test_a_start_up_option_asks_before_giving_up_a_match_in_progress(private_config):
    before = match_in_progress()
    saved_before = saved_game.path().read_text()
    app = DominoApp(variant="allfives", seed=7, pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen), "the match in progress was replaced without asking"
        assert app.table.session.rules.name == "partnership"
        question = str(app.screen.question)
        assert "game 1, 12 moves" in question and "All Fives (muggins) with seed 7" in question
        await pilot.press("n")
        await settle(pilot)
        session = app.table.session
        assert session.rules.name == "partnership" and session.seed == before.seed
        assert session.game.history[:12] == before.game.history
    assert json.loads(saved_game.path().read_text())["seed"] == before.seed
    # Asked again, and this time yes: the new match.
    app = DominoApp(variant="allfives", seed=7, pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        assert (app.table.session.rules.name, app.table.session.seed) == ("allfives", 7)
    assert json.loads(saved_game.path().read_text())["seed"] == 7
    assert saved_before != saved_game.path().read_text()


async def test_quitting_while_asked_keeps_the_match_resumable(private_config):
    before = match_in_progress()
    app = DominoApp(seed=3, opponents=("dummy",), pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await app.action_quit()
    back, problem = saved_game.load()
    assert problem is None and back.seed == before.seed and back.game.history[:12] == before.game.history


@pytest.mark.parametrize("seed", [9, None], ids=["its-seed", "no-seed"])
async def test_asking_for_the_match_in_progress_resumes_it(private_config, seed):
    before = match_in_progress(seed=9)
    app = DominoApp(variant="partnership", seed=seed, opponents=("greedy",), pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.game.history[:12] == before.game.history


async def test_a_pause_given_at_start_up_holds_for_the_resumed_match(private_config):
    match_in_progress()
    app = DominoApp(pause=0.05)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.table.session.rules.name == "partnership"
        assert app.pause == 0.05
        assert app.table.session.game.turn == HUMAN or app.table.session.game.over
        assert any(m.kind is Kind.PLAY for m in app.table.session.game.moves)
