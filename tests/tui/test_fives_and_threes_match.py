"""A whole Fives and Threes match at the line table, in a room of the app's process, every move of yours by keys
against the greedy bot: after each play the status shows both scores against the target (the room's match so far
plus what this hand has scored), every hand ends in the game-over dialog and Enter deals the next, and the match
ends once a side has the target at the end of a hand. Every score is checked against the room's own match."""

from __future__ import annotations

import json
import random

import pytest

from domino_tui.engine import Kind
from domino_tui.net.room import Status
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.widgets.status import StatusBar

from .board_view import assert_all_visible
from .conftest import keys_for, make_app, settle, the_game, the_match, the_room
from .fast_input import type_keys
from .train_helpers import at_the_table, until

NAMES = ("You", "Computer")  # what a game of two at this keyboard calls its seats
# The match's target, from the settings: seed 54's hands, your moves chosen by random.Random(3), end at (8, 12), then
# (22, 23), so to 23 the match is over after two hands, each ended by its dialog (to the variant's 61 it took four
# hands and twice the moves; the status's "(to 61)" is checked in tests/tui/test_fives_and_threes_more_players.py).
TARGET = 23


@pytest.mark.slow
async def test_a_whole_match_by_keys(private_config):
    private_config.mkdir(parents=True, exist_ok=True)
    (private_config / "settings.json").write_text(json.dumps({"variant": "fivesandthrees", "target": TARGET}))
    app = make_app("fivesandthrees", seed=54, bot="greedy")
    rng = random.Random(3)
    hands = 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_the_table(pilot)
        match = the_match(app)
        assert match.target == TARGET
        while True:
            while the_room(app).status is Status.PLAYING:
                game = the_game(app)
                legal = game.legal_moves()
                plays = [m for m in legal if m.kind is Kind.PLAY]
                await type_keys(pilot, *keys_for(table, rng.choice(plays) if plays else legal[0]))
                await settle(pilot)
                assert_all_visible(table)
                # The scores shown after each play are the match's so far plus what this hand has scored.
                game = the_game(app)
                before = match.scores_before(len(match.games) - 1)
                now = tuple(b + p for b, p in zip(before, game.team_points(), strict=True))
                shown = table.query_one(StatusBar).info.score
                assert shown == f"{NAMES[0]} {now[0]} · {NAMES[1]} {now[1]} (to {TARGET})"
            hands += 1
            await settle(pilot)
            assert isinstance(app.screen, GameOverScreen)
            if match.over:
                break
            assert max(match.scores) < TARGET or list(match.scores).count(max(match.scores)) > 1
            await pilot.press("enter")  # the next hand
            await until(pilot, lambda n=hands + 1: the_room(app).game_number == n)
            await settle(pilot)
            assert len(match.games) == hands + 1 and app.screen is table
    assert the_room(app).status is Status.OVER
    assert hands > 1 and max(match.scores) >= TARGET and match.winner == match.scores.index(max(match.scores))
