"""Fives and Threes for 3 and 4 players at the table, each for himself, at 80x24: a whole hand by keys, every
seat's score in the status after each play, the hand's end on the game-over screen; and the new-game form offers
the player count for it."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Select

from domino_tui.engine import Kind
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.game_over import GameOverScreen
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.widgets.status import StatusBar

from .board_view import assert_all_visible
from .conftest import COACH, keys_for, settle
from .fast_input import type_keys


@pytest.mark.parametrize("players", [3, 4])
async def test_a_hand_for_more_players_by_keys(players: int) -> None:
    app = DominoApp(variant="fivesandthrees", seed=4, pause=0.0, opponents=("greedy",), coach=COACH, players=players)
    rng = random.Random(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        session = table.session
        assert session.rules.players == players and not session.rules.partnership
        game = session.game
        while not game.over:
            legal = game.legal_moves()
            plays = [m for m in legal if m.kind is Kind.PLAY]
            await type_keys(pilot, *keys_for(table, rng.choice(plays) if plays else legal[0]))
            await settle(pilot)
            assert_all_visible(table)
            now = game.team_points()
            shown = " · ".join(f"{session.team_name(t)} {now[t]}" for t in range(players))
            assert table.query_one(StatusBar).info.score == f"{shown} (to 61)"
        for _ in range(100):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.pause(0.02)
        assert isinstance(app.screen, GameOverScreen)
        assert len(set(session.name(s) for s in range(players))) == players


async def test_the_new_game_form_offers_the_player_count() -> None:
    app = DominoApp(variant="fivesandthrees", seed=4, pause=0.0, opponents=("greedy",), coach=COACH)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
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
