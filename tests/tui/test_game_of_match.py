"""A match of a number of games says at the table which game is in play (partnership9's ten at the table: "game 1
of 10" beside the score, as the README's variants table promises matches of 10 games), where a match to a target
says its target instead."""

from __future__ import annotations

from domino_tui.tui.widgets.status import StatusBar

from .conftest import make_app, settle, the_match
from .train_helpers import at_the_table


async def test_the_status_says_which_game_of_the_match_is_in_play() -> None:
    app = make_app("partnership9", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await at_the_table(pilot)
        await settle(pilot)
        score = table.query_one(StatusBar).info.score
        assert score.endswith(f"(game {len(the_match(app).games)} of 10)") and "(to " not in score
        assert "game 1 of 10" in str(table.query_one(StatusBar).render())


async def test_a_match_to_a_target_says_its_target() -> None:
    app = make_app("block", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await at_the_table(pilot)
        await settle(pilot)
        score = table.query_one(StatusBar).info.score
        assert score.endswith("(to 100)") and "game " not in score
