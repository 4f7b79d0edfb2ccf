"""The end-of-hand summary: every hand laid open, and its figures equal to the engine's result."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from domino_tui.engine import round5
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.table_options import local_names

from .conftest import make_app, play_heaviest, the_match
from .tablekeys_helpers import seated, until


@pytest.mark.parametrize("variant,seed", [("allfives", 1), ("partnership", 3), ("block", 2), ("classic", 4)])
async def test_the_summary_figures_are_the_engines(variant, seed):
    app = make_app(variant, seed=seed, bot="greedy")
    async with app.run_test(size=(80, 24)) as pilot:
        await seated(pilot)
        await play_heaviest(pilot, 60)
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        dialog = app.screen
        match = the_match(app)  # the room's: the oracle
        game, rules = match.game, match.rules
        result = game.result
        assert result is not None
        rows = dict(dialog.about.points)
        assert rows["This hand"] == game.team_points()
        bonus = rows.get("Out bonus", rows.get("Block bonus"))
        assert bonus is not None
        if "Rounding" in rows:
            assert tuple(round5(b) for b in bonus) == result.points
            assert tuple(b + r for b, r in zip(bonus, rows["Rounding"], strict=True)) == result.points
        else:
            assert bonus == result.points
        if rules.fives:
            assert rows["Scored during play"] == tuple(game.fives)
        during = rows.get("Scored during play", (0,) * len(bonus))
        assert tuple(d + p for d, p in zip(during, result.points, strict=True)) == game.team_points()
        scores = next((v for k, v in rows.items() if k.startswith("Match")), None)
        multi_game = match.target is not None or (match.max_games or 1) > 1
        assert scores == (tuple(match.scores) if multi_game else None)
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(dialog.hands())
        text = console.export_text()
        names = local_names(variant, rules.players, False)
        for seat in range(rules.players):
            assert names[seat] in text
            assert f"{result.pips[seat]} pip" in text
            for tile in game.hand(seat):
                assert str(tile) in text
