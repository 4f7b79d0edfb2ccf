"""A match of a number of games says at the table which game is in play (partnership9's ten at the table: "game 1
of 10" beside the score, as the README's variants table promises matches of 10 games), where a match to a target
says its target instead."""

from __future__ import annotations

import pytest

from domino_tui.tui.widgets.status import StatusBar

from .conftest import make_app, settle, the_match
from .train_helpers import at_the_table


@pytest.mark.parametrize(
    ("variant", "length", "not_said"), [("partnership9", "game {} of 10", "(to "), ("block", "to 100", "game ")]
)
async def test_the_status_says_the_game_of_a_match_of_games_and_the_target_of_one_to_a_target(
    variant: str, length: str, not_said: str
) -> None:
    app = make_app(variant, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await at_the_table(pilot)
        await settle(pilot)
        said = f"({length.format(len(the_match(app).games))})"
        assert (
            table.query_one(StatusBar).info.score.endswith(said)
            and not_said not in table.query_one(StatusBar).info.score
        )
        assert said in str(table.query_one(StatusBar).render())
