"""Whole games of every variant at the one line table, in a room of the app's process, played to the end through
key presses and (one) through clicks alone.

The games by keys are played on each kind of line table, each at one of the sizes the table must serve, and after
every move every open end and the newest tile must lie inside the board's visible region (checked against the
widget regions, not by eye): two seats drawing from a stock, two seats passing, the spinner's cross, four seats
of double-nine. Every move is checked made in the room's game (the oracle), and the end dialog says the room's
result. Every variant's layout is checked headless at every size along random games (test_board_layout.py); Fives
and Threes is played whole by keys in test_fives_and_threes_match.py; every variant is walked at random between
80x24 and 160x50 (test_random_soak.py; scripts/soak_table.py runs it for longer)."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import Kind
from domino_tui.net.room import Status
from domino_tui.tui.online import result_text
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.snake import SnakeView

from .board_view import assert_all_visible
from .conftest import HUMAN, keys_for, make_app, same_move, settle, the_game, the_room
from .fast_input import click, type_keys
from .train_helpers import at_the_table

GAMES = [("classic", (80, 24)), ("block", (140, 40)), ("allfives", (100, 30)), ("partnership9", (140, 40))]


def assert_the_rooms_result_shown(app, table) -> None:
    """The end dialog says how the room's game ended, with every hand laid open as the room has it."""
    game = the_game(app)
    res = game.result
    assert res is not None and isinstance(app.screen, GameOverScreen)
    # Where plays score, what each side earned in the game (its plays' and its bonus), as the room counted it.
    said = result_text(game.rules, table.names, res.reason, res.winner, res.out_seat, res.points, game.team_points())
    assert said in str(app.screen.query_one("#over-text").render())
    shown = [(name, tiles) for name, tiles, _ in app.screen.about.hands]
    assert shown == [(table.names[s], " ".join(map(str, game.hand(s))) or "out") for s in range(game.rules.players)]


@pytest.mark.parametrize(("variant", "size"), GAMES, ids=[f"{v}-{w}x{h}" for v, (w, h) in GAMES])
async def test_a_whole_game_by_keys_keeps_every_end_in_view(variant, size):
    app = make_app(variant, seed=11)
    rng = random.Random(5)
    async with app.run_test(size=size) as pilot:
        table = await at_the_table(pilot)
        moves = 0
        while the_room(app).status is Status.PLAYING:
            game = the_game(app)
            assert game.turn == HUMAN and table.my_turn
            assert_all_visible(table)
            before = len(game.moves)
            position = game.copy()
            move = rng.choice(game.legal_moves())
            await type_keys(pilot, *keys_for(table, move))
            await settle(pilot)
            assert len(game.moves) > before, "the keys made no move"
            assert same_move(position, game.moves[before], move)
            moves += 1
        assert moves > 0
        await settle(pilot)
        assert_all_visible(table)
        assert_the_rooms_result_shown(app, table)


def _click_offset(box) -> tuple[int, int]:
    x, y, w, h = box
    return x + w // 2, y + h // 2


async def test_a_whole_game_by_mouse_only():
    """A tile clicked in the hand; where it fits ends that come to different things, the end clicked on the board;
    a draw or a pass clicked in the footer."""
    app = make_app("allfives", seed=3)
    rng = random.Random(2)
    clicked = set()
    async with app.run_test(size=(120, 40)) as pilot:
        table = await at_the_table(pilot)
        while the_room(app).status is Status.PLAYING:
            game = the_game(app)
            move = rng.choice(game.legal_moves())
            before = len(game.moves)
            position = game.copy()
            if move.kind is Kind.PLAY:
                hand = table.query_one(HandView)
                index = game.hand(HUMAN).index(move.tile)
                await click(pilot, HandView, offset=_click_offset(hand._boxes[index]))
                clicked.add("tile")
                if table.choosing:  # it fits ends that come to different things: click the end
                    snake = table.query_one(SnakeView)
                    pic = snake.picture()
                    ox, oy = snake._offset
                    bx, by, bw, bh = pic.hits[move.end][0]
                    await click(pilot, SnakeView, offset=(ox + bx + bw // 2, oy + by + bh // 2))
                    clicked.add("end")
            else:
                action = move.kind.value.replace("pass", "pass_turn")
                footer_key = next(k for k in app.screen.query("FooterKey") if k.action == action)
                await click(pilot, footer_key)
                clicked.add(action)
            await settle(pilot)
            assert len(game.moves) > before, ("the clicks made no move", move)
            assert same_move(position, game.moves[before], move), (move, game.moves[before:])
        assert clicked >= {"tile", "end", "draw"}, clicked
        await settle(pilot)
        assert_the_rooms_result_shown(app, table)
