"""Fives and Threes for 3 and 4 players at the line table, each for himself, at 80x24: a whole hand by keys, every
seat's score in the status after each play (the room's own points), the hand's end in the game-over dialog; and
the new-game form offers the player count for it."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Select

from domino_tui.engine import Kind
from domino_tui.net.room import Status
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.widgets.status import StatusBar

from .board_view import assert_all_visible
from .conftest import COACH, keys_for, settle, the_game, the_room
from .fast_input import type_keys
from .train_helpers import at_the_table

# What a game at this keyboard calls each seat when each plays for himself.
NAMES = {3: ("You", "West", "East"), 4: ("You", "West", "North", "East")}


@pytest.mark.parametrize("players", [3, 4])
async def test_a_hand_for_more_players_by_keys(players: int) -> None:
    app = DominoApp(variant="fivesandthrees", seed=4, pause=0.0, opponents=("greedy",), coach=COACH, players=players)
    rng = random.Random(3)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_the_table(pilot)
        rules = the_game(app).rules
        assert rules.players == players and not rules.partnership
        assert len(the_room(app).seats) == players and table.players == players
        while the_room(app).status is Status.PLAYING:
            game = the_game(app)
            legal = game.legal_moves()
            plays = [m for m in legal if m.kind is Kind.PLAY]
            await type_keys(pilot, *keys_for(table, rng.choice(plays) if plays else legal[0]))
            await settle(pilot)
            assert_all_visible(table)
            now = the_game(app).team_points()
            shown = " · ".join(f"{NAMES[players][t]} {now[t]}" for t in range(players))
            assert table.query_one(StatusBar).info.score == f"{shown} (to 61)"
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        # Every seat has a name of its own, in the dialog's result as at the table.
        assert len(set(table.names)) == players and table.names == NAMES[players]


async def test_the_new_game_form_offers_the_player_count() -> None:
    app = DominoApp(variant="fivesandthrees", seed=4, pause=0.0, opponents=("greedy",), coach=COACH)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_the_table(pilot)
        form = NewGameScreen(app.settings)
        await app.push_screen(form)
        await pilot.pause()
        players = form.query_one("#players", Select)
        assert players.display
        players.value = 4
        await pilot.pause()
        chosen = form.read()
        assert not isinstance(chosen, str)
        assert (chosen.players, len(chosen.bots)) == (4, 3)
        assert [form.query_one(f"#seat-{i}").display for i in range(3)] == [True, True, True]
        form.query_one("#variant", Select).value = "block"
        await pilot.pause()
        assert not players.display
        chosen = form.read()
        assert not isinstance(chosen, str) and len(chosen.bots) == 1
