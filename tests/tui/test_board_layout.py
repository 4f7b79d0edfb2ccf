"""The table's layout: every tile drawn once, every open end clickable, the snake within the width."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import CLOSED, VARIANTS, End, GameState
from domino_tui.tui.board_layout import lay_out
from domino_tui.tui.tile_art import BIG, MEDIUM, SMALL, draw_tile

SIZES = [(76, 11), (116, 26), (40, 10), (200, 60)]


def boards(variant: str, games: int = 12):
    rng = random.Random(variant)
    for _ in range(games):
        game = GameState.new(variant, rng)
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
            if len(game.board) % 3 == 0:
                yield game.board.copy()
        yield game.board.copy()


def tiles_drawn(text: str) -> int:
    # Each look draws exactly one top-left corner (light or heavy) or opening bracket per tile.
    return sum(text.count(c) for c in "┌┏[")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_tile_is_drawn_and_every_open_end_is_clickable(variant):
    for board in boards(variant):
        for width, height in SIZES:
            pic = lay_out(board, width, height, targets=board.open_ends())
            assert tiles_drawn(pic.canvas.text()) == len(board)
            for end in board.open_ends():
                x, y, w, h = pic.hits[end][-1]
                assert any(pic.end_at(xx, yy) == end for xx in range(x, x + w) for yy in range(y, y + h))
            cross = board.spinner is not None and board.ends[End.UP] != CLOSED
            if not cross:
                assert pic.canvas.width <= width  # the snake wraps instead of running off the table


def test_the_biggest_look_that_fits_is_chosen():
    board = next(b for b in boards("classic") if len(b) == 3)
    assert lay_out(board, 200, 60).look is BIG
    assert lay_out(board, 40, 5).look is MEDIUM
    assert lay_out(board, 20, 5).look is SMALL


def test_the_last_tile_is_heavy_and_targets_are_filled():
    board = next(b for b in boards("block") if len(b) >= 4)
    last = board.line[-1].tile
    pic = lay_out(board, 120, 30, last=last, targets=[End.LEFT])
    text = pic.canvas.text()
    assert "◀" in text and "▷" in text and "▶" not in text
    assert sum(text.count(c) for c in "┏") == 1


def test_pips_follow_the_numbers():
    rows = draw_tile(5, 0, BIG)
    left = [r[1:6] for r in rows[1:4]]
    right = [r[7:12] for r in rows[1:4]]
    assert sum(r.count("●") for r in left) == 5
    assert sum(r.count("●") for r in right) == 0
