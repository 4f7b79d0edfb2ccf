"""The table's layout: every tile drawn or counted as hidden, every open end and the newest tile on the
picture, and the picture within the space at every size (no scrolling, in every variant)."""

from __future__ import annotations

import random

import pytest

from domino_tui.engine import VARIANTS, End, GameState
from domino_tui.tui.board_layout import lay_out
from domino_tui.tui.side_panels import BOARD_ROOM
from domino_tui.tui.tile_art import BIG, MEDIUM, SMALL, TINY, draw_tile

# Board spaces from the smallest terminal the app plays at (80x24) up, and two beyond either way.
SIZES = [(72, 9), (76, 11), (96, 17), (116, 26), (200, 60)]


def boards(variant: str, games: int = 12):
    """(board, newest tile) along seeded random games."""
    rng = random.Random(variant)
    for _ in range(games):
        game = GameState.new(variant, rng)
        while not game.over:
            game.apply(rng.choice(game.legal_moves()))
            plays = [ev for ev in game.history if ev.tile is not None and ev.kind.value == "play"]
            if plays:
                yield game.board.copy(), plays[-1].tile


def tiles_drawn(text: str) -> int:
    # Each look draws exactly one top-left corner (light, heavy or double) or opening bracket per tile.
    return sum(text.count(c) for c in "┌┏╔[")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_end_and_the_newest_tile_are_drawn_within_the_space(variant):
    for board, last in boards(variant):
        for width, height in SIZES:
            pic = lay_out(board, width, height, last=last, targets=board.open_ends())
            assert pic.fits(width, height), (variant, width, height, str(board))
            assert tiles_drawn(pic.canvas.text()) + pic.hidden == len(board)
            assert pic.last_box is not None
            x, y, w, h = pic.last_box
            assert x >= 0 and x + w <= pic.canvas.width and y >= 0 and y + h <= pic.canvas.height
            for end in board.open_ends():
                x, y, w, h = pic.hits[end][-1]
                assert any(pic.end_at(xx, yy) == end for xx in range(x, x + w) for yy in range(y, y + h))
                glyphs = "◀▶▲▼"
                assert pic.canvas.text().count(glyphs[end]) == 1


def test_the_biggest_look_that_fits_is_chosen():
    board = next(b for b, _ in boards("classic") if len(b) == 3)
    assert lay_out(board, 200, 60).look is BIG
    assert lay_out(board, 40, 5).look is MEDIUM
    assert lay_out(board, 20, 5).look is SMALL
    assert lay_out(board, 20, 2).look is TINY


def test_a_crowded_cross_hides_tiles_from_the_middle_of_its_arms_and_says_how_many():
    board, last = max(
        ((b, t) for b, t in boards("allfives") if b.up and b.down),
        key=lambda bt: len(bt[0].up) + len(bt[0].down),
    )
    pic = lay_out(board, 60, 9, last=last)
    assert pic.hidden > 0
    assert f"⋮{pic.hidden}" in pic.canvas.text() or "┄" in pic.canvas.text()


def test_the_last_tile_is_heavy_the_spinner_double_and_targets_are_filled():
    board, last = next((b, t) for b, t in boards("allfives") if b.up and t not in {b.line[b.spinner].tile})
    pic = lay_out(board, 120, 30, last=last, targets=[End.LEFT])
    text = pic.canvas.text()
    assert "◀" in text and "▷" in text and "▶" not in text
    assert text.count("┏") == 1
    assert text.count("╔") == 1


def test_pips_follow_the_numbers():
    rows = draw_tile(5, 0, BIG)
    left = [r[1:6] for r in rows[1:4]]
    right = [r[7:12] for r in rows[1:4]]
    assert sum(r.count("●") for r in left) == 5
    assert sum(r.count("●") for r in right) == 0


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_any_space_gives_a_picture_and_the_tables_least_room_shows_every_end(variant):
    # A board squeezed to a few columns once ended the app (an assertion in the squeeze); any space now gives a
    # picture (scrolled when too small), and the room the table always keeps shows every end and the newest tile.
    least = BOARD_ROOM - 2  # inside the board's border
    for board, last in boards(variant, games=2):
        for width, height in ((1, 1), (4, 9), (8, 5), (9, 9)):
            lay_out(board, width, height, last=last)
        pic = lay_out(board, least, 9, last=last)
        assert pic.fits(least, 9) and pic.last_box is not None, (variant, str(board))
        assert all(end in pic.hits for end in board.open_ends()), (variant, str(board))
