"""The trains' layout on hand-built trains: every train's open end inside the space at every size from 80x24's
board up, every tile drawn or counted as hidden (the newest kept), a click on a row names its train."""

from __future__ import annotations

import random

import pytest

from domino_tui.tui.tile_art import WIDE_MEDIUM, WIDE_SMALL, draw_tile
from domino_tui.tui.train_layout import DOUBLE_SIGN, END_SIGN, OPEN_SIGN, TrainRow, lay_out

# The board's inside at 80x24 with eight players (a hand of two rows), and larger, up to 140x40 and beyond.
SIZES = [(74, 9), (76, 11), (96, 17), (116, 26), (136, 28), (156, 46)]


def train(rng: random.Random, hub: int, length: int) -> tuple[tuple[tuple[int, int], ...], int]:
    tiles, end = [], hub
    for _ in range(length):
        other = rng.randrange(13)
        tiles.append((end, other))
        end = other
    return tuple(tiles), end


def table(rng: random.Random, players: int, hub: int = 12) -> list[TrainRow]:
    rows = []
    for seat in range(players + 1):
        tiles, end = train(rng, hub, rng.choice([0, 1, 3, 8, 20, 40]))
        mexican = seat == players
        rows.append(
            TrainRow(
                "m" if mexican else str(seat + 1),
                "Mexican" if mexican else f"Seat {seat + 1}",
                None if mexican else rng.randrange(16),
                mexican or rng.random() < 0.4,
                tiles,
                end,
                acting=seat == 0,
                double=bool(tiles) and tiles[-1][0] == tiles[-1][1],
            )
        )
    return rows


def test_a_double_twelve_tile_keeps_its_width_in_every_look():
    for look in (WIDE_MEDIUM, WIDE_SMALL):
        for a, b in [(0, 0), (12, 3), (9, 12), (12, 12)]:
            rows = draw_tile(a, b, look)
            assert {len(r) for r in rows} == {look.hw} and len(rows) == look.hh
            upright = draw_tile(a, b, look, vertical=True)
            assert {len(r) for r in upright} == {look.vw} and len(upright) == look.vh


@pytest.mark.parametrize("players", [2, 4, 8])
def test_every_train_end_is_inside_the_space_and_every_tile_is_counted(players):
    rng = random.Random(players)
    for _ in range(20):
        rows = table(rng, players)
        newest_train = rng.randrange(len(rows))
        newest = (newest_train, len(rows[newest_train].tiles) - 1) if rows[newest_train].tiles else None
        for width, height in SIZES:
            pic = lay_out(12, rows, width, height, targets={0, len(rows) - 1}, newest=newest)
            canvas = pic.canvas
            assert canvas.width <= width and canvas.height <= height, (width, height, players)
            lines = canvas.text().splitlines()
            for i, row in enumerate(rows):
                x, y, w, _ = pic.ends[i]
                assert x + w <= width, ("the end of a train is cut off", i, width)
                assert lines[y][x : x + w] == f"{END_SIGN}{row.end}"
                # Each look draws one top-left corner (light, heavy or double) or opening bracket per tile.
                top = lines[pic.rows[i][1]][pic.tiles_x :]
                drawn = sum(top.count(c) for c in "┌┏╔[")
                shown = len(row.tiles) - pic.hidden[i]
                assert drawn == shown and 0 <= pic.hidden[i] <= len(row.tiles)
                if row.tiles and pic.hidden[i]:
                    assert shown >= 1, "a long train shows at least its newest tile"
            # Nine trains on a small board: a row each, nothing lost.
            assert len(pic.rows) == len(rows)


def test_a_train_is_chosen_by_a_click_on_its_row():
    rows = table(random.Random(3), 4)
    pic = lay_out(12, rows, 116, 26)
    for i, (x, y, w, h) in enumerate(pic.rows):
        assert pic.train_at(x + w // 2, y + h - 1) == i
    assert pic.train_at(0, 0) is None  # the hub is no train


def test_the_labels_say_whose_train_its_marker_and_the_double_to_cover():
    rows = [
        TrainRow("1", "You", 15, False, (), 12, acting=True),
        TrainRow("2", "Seat 2", 1, True, ((12, 5), (5, 5)), 5, double=True),
        TrainRow("m", "Mexican", None, True, (), 12),
    ]
    lines = lay_out(12, rows, 96, 17).canvas.text().splitlines()
    you = next(line for line in lines if "You" in line)
    second = next(line for line in lines if "Seat 2" in line)
    mexican = next(line for line in lines if "Mexican" in line)
    assert "15 tiles" in you and OPEN_SIGN not in you and "▶1" in you
    assert "1 tile " in second and OPEN_SIGN in second and DOUBLE_SIGN in second
    assert OPEN_SIGN in mexican and "tile" not in mexican
