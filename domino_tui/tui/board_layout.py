"""Where each tile of the table goes on screen: a snake that turns at the edges like a line on a real table,
or, once an All Fives spinner has arms, a cross. The biggest tile look that fits the space is used; when even
the small look does not fit, the picture grows past the space and the widget scrolls.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from ..engine import CLOSED, Board, End, Placed, Tile
from .tile_art import LOOKS, SMALL, Canvas, Look, draw_tile

MARGIN = 2
HOLLOW = {End.LEFT: "◁", End.RIGHT: "▷", End.UP: "△", End.DOWN: "▽"}
FILLED = {End.LEFT: "◀", End.RIGHT: "▶", End.UP: "▲", End.DOWN: "▼"}


@dataclass
class Picture:
    canvas: Canvas
    look: Look
    # Clickable areas of each open end: (x, y, width, height) in canvas cells.
    hits: dict[End, list[tuple[int, int, int, int]]] = field(default_factory=dict)

    def end_at(self, x: int, y: int) -> End | None:
        for end, boxes in self.hits.items():
            for bx, by, bw, bh in boxes:
                if bx <= x < bx + bw and by <= y < by + bh:
                    return end
        return None


def lay_out(
    board: Board,
    width: int,
    height: int,
    last: Tile | None = None,
    targets: Collection[End] = (),
) -> Picture:
    """Draw ``board`` into about ``width`` x ``height`` cells, marking the ``last`` tile played and the
    ``targets`` (open ends the chosen tile fits)."""
    if board.empty:
        return Picture(Canvas(1, 1), SMALL)
    cross = board.spinner is not None and (board.up or board.down or board.ends[End.UP] != CLOSED)
    draw = _cross if cross else _snake
    fallback: Picture | None = None
    for look in LOOKS:
        pic = draw(board, look, width, last, targets)
        if pic is not None and pic.canvas.width <= width and pic.canvas.height <= height:
            return pic
        if look is SMALL:
            fallback = pic
    if fallback is None:
        # Too narrow for even one small tile per row: draw one tile per row and let the widget scroll.
        fallback = draw(board, SMALL, SMALL.hw + 2 * MARGIN, last, targets)
    assert fallback is not None
    return fallback


def _tile_rows(p: Placed, look: Look, vertical: bool, flip: bool, last: Tile | None) -> tuple[list[str], str]:
    a, b = (p.second, p.first) if flip else (p.first, p.second)
    heavy = p.tile == last
    return draw_tile(a, b, look, vertical, heavy=heavy), "last" if heavy else "tile"


def _marker(pic: Picture, end: End, x: int, y: int, targets: Collection[End]) -> None:
    active = end in targets
    glyph = FILLED[end] if active else HOLLOW[end]
    pic.canvas.put(x, y, [glyph], "target" if active else "end")
    pic.hits.setdefault(end, []).append((x - 1, y - 1, 3, 3))


def _snake(board: Board, look: Look, width: int, last: Tile | None, targets: Collection[End]) -> Picture | None:
    line = board.line
    inner = width - 2 * MARGIN
    sizes = [look.size(p.tile.is_double) for p in line]
    if any(w > inner for w, _ in sizes):
        return None
    rows: list[list[int]] = [[]]
    used = 0
    for i, (w, _) in enumerate(sizes):
        if rows[-1] and used + w > inner:
            rows.append([])
            used = 0
        rows[-1].append(i)
        used += w
    heights = [max(sizes[i][1] for i in row) for row in rows]
    gap = 1 if len(rows) > 1 else 0
    total_h = sum(heights) + gap * (len(rows) - 1)
    widest = max(sum(sizes[i][0] for i in row) for row in rows)
    canvas_w = (inner if len(rows) > 1 else widest) + 2 * MARGIN
    pic = Picture(Canvas(canvas_w, total_h), look)
    right_edge = canvas_w - MARGIN
    y = 0
    spans: list[tuple[int, int, int]] = []  # per row: first x, last x (exclusive), middle y
    for r, row in enumerate(rows):
        ltr = r % 2 == 0
        rh = heights[r]
        row_w = sum(sizes[i][0] for i in row)
        x = MARGIN if ltr else right_edge
        for i in row:
            w, h = sizes[i]
            p = line[i]
            rows_txt, role = _tile_rows(p, look, p.tile.is_double, not ltr, last)
            tx = x if ltr else x - w
            ty = y + (rh - h) // 2
            pic.canvas.put(tx, ty, rows_txt, role)
            if i == 0 and len(line) > 1:
                pic.hits.setdefault(End.LEFT, []).append((tx, ty, w, h))
            if i == len(line) - 1 and len(line) > 1:
                pic.hits.setdefault(End.RIGHT, []).append((tx, ty, w, h))
            x = x + w if ltr else x - w
        start, stop = (MARGIN, MARGIN + row_w) if ltr else (right_edge - row_w, right_edge)
        spans.append((start, stop, y + rh // 2))
        y += rh + gap
    for r in range(len(rows) - 1):
        start, stop, ym = spans[r]
        n_start, n_stop, n_ym = spans[r + 1]
        if r % 2 == 0:  # turn on the right
            cx = right_edge
            pic.canvas.put(stop, ym, ["─" * (cx - stop) + "╮"], "line")
            pic.canvas.put(n_stop, n_ym, ["─" * (cx - n_stop) + "╯"], "line")
        else:  # turn on the left
            cx = MARGIN - 1
            pic.canvas.put(cx, ym, ["╭" + "─" * (start - cx - 1)], "line")
            pic.canvas.put(cx, n_ym, ["╰" + "─" * (n_start - cx - 1)], "line")
        for yy in range(ym + 1, n_ym):
            pic.canvas.put(cx, yy, ["│"], "line")
    ends = board.ends
    if ends[End.LEFT] != CLOSED:
        _marker(pic, End.LEFT, MARGIN - 2 + 0, spans[0][2], targets)
    if ends[End.RIGHT] != CLOSED:
        start, stop, ym = spans[-1]
        if (len(rows) - 1) % 2 == 0:
            _marker(pic, End.RIGHT, stop + 1, ym, targets)
        else:
            _marker(pic, End.RIGHT, start - 2, ym, targets)
    return pic


def _cross(board: Board, look: Look, width: int, last: Tile | None, targets: Collection[End]) -> Picture:
    s = board.spinner
    assert s is not None
    line = board.line
    sizes = [look.size(p.tile.is_double) for p in line]
    row_w = sum(w for w, _ in sizes)
    rh = max(h for _, h in sizes)
    up_sizes = [look.size(not p.tile.is_double) for p in board.up]
    down_sizes = [look.size(not p.tile.is_double) for p in board.down]
    ends = board.ends
    up_open, down_open = ends[End.UP] != CLOSED, ends[End.DOWN] != CLOSED
    # Each arm gets its tiles' height and a row for its end marker; the widget centres the whole cross.
    up_h = sum(h for _, h in up_sizes) + up_open
    down_h = sum(h for _, h in down_sizes) + down_open
    arm_w = max((w for w, _ in up_sizes + down_sizes), default=0)
    spin_x = MARGIN + sum(w for w, _ in sizes[:s])
    spin_w = sizes[s][0]
    # Room for arm tiles wider than the spinner (crosswise doubles on an arm).
    pad = max(0, (arm_w - spin_w + 1) // 2 - spin_x)
    canvas = Canvas(row_w + 2 * MARGIN + 2 * pad, up_h + rh + down_h)
    pic = Picture(canvas, look)
    row_y = up_h
    x = MARGIN + pad
    for i, p in enumerate(line):
        w, h = sizes[i]
        rows_txt, role = _tile_rows(p, look, p.tile.is_double, False, last)
        pic.canvas.put(x, row_y + (rh - h) // 2, rows_txt, role)
        if i == 0 and len(line) > 1:
            pic.hits.setdefault(End.LEFT, []).append((x, row_y, w, rh))
        if i == len(line) - 1 and len(line) > 1:
            pic.hits.setdefault(End.RIGHT, []).append((x, row_y, w, rh))
        x += w
    center = MARGIN + pad + spin_x - MARGIN + spin_w // 2
    y = row_y
    for k, p in enumerate(board.up):
        w, h = up_sizes[k]
        y -= h
        rows_txt, role = _tile_rows(p, look, not p.tile.is_double, True, last)
        pic.canvas.put(center - w // 2, y, rows_txt, role)
        if k == len(board.up) - 1:
            pic.hits.setdefault(End.UP, []).append((center - w // 2, y, w, h))
    if up_open:
        _marker(pic, End.UP, center, y - 1, targets)
    y = row_y + rh
    for k, p in enumerate(board.down):
        w, h = down_sizes[k]
        rows_txt, role = _tile_rows(p, look, not p.tile.is_double, False, last)
        pic.canvas.put(center - w // 2, y, rows_txt, role)
        if k == len(board.down) - 1:
            pic.hits.setdefault(End.DOWN, []).append((center - w // 2, y, w, h))
        y += h
    if down_open:
        _marker(pic, End.DOWN, center, y, targets)
    ym = row_y + rh // 2
    if ends[End.LEFT] != CLOSED:
        _marker(pic, End.LEFT, pad + MARGIN - 2, ym, targets)
    if ends[End.RIGHT] != CLOSED:
        _marker(pic, End.RIGHT, pad + MARGIN + row_w + 1, ym, targets)
    return pic
