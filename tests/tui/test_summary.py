"""The end-of-hand summary: every hand laid open, and its figures equal to the engine's result."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from domino_tui.engine import round5
from domino_tui.tui.screens.game_over import GameOverScreen, breakdown

from .conftest import make_app, play_heaviest


@pytest.mark.parametrize("variant,seed", [("allfives", 1), ("partnership", 3), ("block", 2), ("classic", 4)])
async def test_the_summary_figures_are_the_engines(variant, seed):
    app = make_app(variant, seed=seed, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_heaviest(pilot, 60)
        await pilot.pause(0.2)
        assert isinstance(app.screen, GameOverScreen)
        session = app.table.session
        game, result = session.game, session.game.result
        rows = dict(breakdown(session))
        assert rows["This hand"] == game.team_points()
        bonus = rows.get("Out bonus", rows.get("Block bonus"))
        assert bonus is not None
        if "Rounding" in rows:
            assert tuple(round5(b) for b in bonus) == result.points
            assert tuple(b + r for b, r in zip(bonus, rows["Rounding"], strict=True)) == result.points
        else:
            assert bonus == result.points
        if session.rules.fives:
            assert rows["Scored during play"] == tuple(game.fives)
        during = rows.get("Scored during play", (0,) * len(bonus))
        assert tuple(d + p for d, p in zip(during, result.points, strict=True)) == game.team_points()
        match = next((v for k, v in rows.items() if k.startswith("Match")), None)
        if session.multi_game:
            assert match == tuple(session.match.scores)
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(app.screen.hands())
        text = console.export_text()
        for seat in range(session.players):
            assert session.name(seat) in text
            assert f"{result.pips[seat]} pip" in text
            for tile in game.hand(seat):
                assert str(tile) in text
