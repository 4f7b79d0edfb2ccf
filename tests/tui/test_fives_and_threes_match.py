"""A whole Fives and Threes match to 61 at the table, every move of yours by keys against the greedy bot: after
each play the status shows both scores against the target, every hand ends on the game-over screen and Enter
deals the next, and the match ends once a side has 61 at the end of a hand."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import Kind
from domino_tui.tui.screens.game_over import GameOverScreen
from domino_tui.tui.widgets.status import StatusBar

from .board_view import assert_all_visible
from .conftest import keys_for, make_app, settle
from .fast_input import type_keys


@pytest.mark.slow
async def test_a_whole_match_to_61_by_keys():
    app = make_app("fivesandthrees", seed=4, bot="greedy")
    rng = random.Random(3)
    hands = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.table
        match = table.session.match
        assert match.target == 61
        while True:
            game = table.session.game
            while not game.over:
                legal = game.legal_moves()
                plays = [m for m in legal if m.kind is Kind.PLAY]
                await type_keys(pilot, *keys_for(table, rng.choice(plays) if plays else legal[0]))
                await settle(pilot)
                assert_all_visible(table)
                # The scores shown after each play are the match's so far plus what this hand has scored.
                session = table.session
                before = match.scores_before(len(match.games) - 1)
                now = tuple(b + p for b, p in zip(before, game.team_points(), strict=True))
                assert tuple(session.scores()) == now
                names = [session.team_name(t) for t in range(2)]
                assert table.query_one(StatusBar).info.score == f"{names[0]} {now[0]} · {names[1]} {now[1]} (to 61)"
            hands += 1
            for _ in range(100):
                if isinstance(app.screen, GameOverScreen):
                    break
                await pilot.pause(0.02)
            assert isinstance(app.screen, GameOverScreen)
            if match.over:
                break
            assert max(match.scores) < 61 or list(match.scores).count(max(match.scores)) > 1
            await pilot.press("enter")
            await settle(pilot)
    assert hands > 1 and max(match.scores) >= 61 and match.winner == match.scores.index(max(match.scores))
