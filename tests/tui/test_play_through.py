"""Whole games of every variant, played to the end through key presses and (one) through clicks alone.

The games by keys are played on each kind of line table, each at one of the sizes the table must serve, and after
every move every open end and the newest tile must lie inside the board's visible region (checked against the
widget regions, not by eye): two seats drawing from a stock, two seats passing, the spinner's cross, four seats
of double-nine. Every variant's layout is checked headless at every size along random games
(test_board_layout.py); Fives and Threes is played whole by keys in test_fives_and_threes_match.py; every variant is
walked at random between 80x24 and 160x50 (test_random_soak.py; scripts/soak_table.py runs it for longer)."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import Kind
from domino_tui.tui.screens.game_over import GameOverScreen
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.snake import SnakeView

from .board_view import assert_all_visible
from .conftest import keys_for, make_app, same_move, settle
from .fast_input import type_keys

GAMES = [("classic", (80, 24)), ("block", (140, 40)), ("allfives", (100, 30)), ("partnership9", (140, 40))]


@pytest.mark.parametrize(("variant", "size"), GAMES, ids=[f"{v}-{w}x{h}" for v, (w, h) in GAMES])
async def test_a_whole_game_by_keys_keeps_every_end_in_view(variant, size):
    app = make_app(variant, seed=11)
    rng = random.Random(5)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.table
        moves = 0
        while not table.session.game.over:
            assert table.session.human_to_act
            assert_all_visible(table)
            before = len(table.session.game.moves)
            position = table.session.game.copy()
            move = rng.choice(table.session.game.legal_moves())
            await type_keys(pilot, *keys_for(table, move))
            assert same_move(position, table.session.game.moves[before], move)
            moves += 1
            await settle(pilot)
        assert moves > 0
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert_all_visible(table)
        assert table.session.result_text() in str(app.screen.query_one("#over-text").render())


def _click_offset(widget, box) -> tuple[int, int]:
    x, y, w, h = box
    return x + w // 2, y + h // 2


async def test_a_whole_game_by_mouse_only():
    app = make_app("allfives", seed=3)
    rng = random.Random(2)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.table
        while not table.session.game.over:
            game = table.session.game
            move = rng.choice(game.legal_moves())
            before = len(game.moves)
            if move.kind is Kind.PLAY:
                hand = table.query_one(HandView)
                index = game.hand(0).index(move.tile)
                await pilot.click(HandView, offset=_click_offset(hand, hand._boxes[index]))
                if len(game.moves) == before:  # it fits more than one end: click the end
                    snake = table.query_one(SnakeView)
                    pic = snake.picture()
                    ox, oy = snake._offset
                    bx, by, bw, bh = pic.hits[move.end][0]
                    await pilot.click(SnakeView, offset=(ox + bx + bw // 2, oy + by + bh // 2))
            else:
                footer_key = next(
                    k for k in app.screen.query("FooterKey") if k.action == move.kind.value.replace("pass", "pass_turn")
                )
                await pilot.click(footer_key)
            assert game.moves[before] == move, (move, game.moves[before:])
            await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
