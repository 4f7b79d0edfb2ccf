"""Where each tile of the table goes on screen: a snake that turns at the edges like a line on a real table,
or, once an All Fives spinner has arms, a cross. The biggest tile look that fits the space is used; when even
the tiny look does not fit, the tiles in the middle of an arm (never an open end, never the newest tile, which
always lies at an end) give way to a marker saying how many are hidden, so the table never needs scrolling.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from ..engine import CLOSED, Board, End, Placed, Tile
from .tile_art import LOOKS, TINY, Canvas, Look, draw_tile

MARGIN = 2
# The narrowest a picture is drawn: a tiny tile (or a gap marker) between the margins. Narrower, the widget
# scrolls rather than the layout failing.
NARROWEST = 2 * MARGIN + TINY.hw
HOLLOW = {End.LEFT: "◁", End.RIGHT: "▷", End.UP: "△", End.DOWN: "▽"}
FILLED = {End.LEFT: "◀", End.RIGHT: "▶", End.UP: "▲", End.DOWN: "▼"}


@dataclass(frozen=True, slots=True)
class Gap:
    """Tiles left out of the picture for want of room: drawn as a marker with their number."""

    hidden: int

    def text(self, vertical: bool) -> str:
        return f"⋮{self.hidden}" if vertical else f"┄{self.hidden}┄"


Item = Placed | Gap


@dataclass
class Picture:
    canvas: Canvas
    look: Look
    # Clickable areas of each open end: (x, y, width, height) in canvas cells.
    hits: dict[End, list[tuple[int, int, int, int]]] = field(default_factory=dict)
    hidden: int = 0  # tiles left out for want of room
    # Where the newest tile was drawn (x, y, width, height), when it was given.
    last_box: tuple[int, int, int, int] | None = None

    def end_at(self, x: int, y: int) -> End | None:
        for end, boxes in self.hits.items():
            for bx, by, bw, bh in boxes:
                if bx <= x < bx + bw and by <= y < by + bh:
                    return end
        return None

    def fits(self, width: int, height: int) -> bool:
        return self.canvas.width <= width and self.canvas.height <= height


# How many tiles of each arm to show, from its open end inwards; None shows them all. A snake has two "arms",
# its left and right halves; a cross has four, the sides of the spinner and the arms up and down.
Keep = dict[End, int | None]
Draw = Callable[[Board, Look, int, Tile | None, Collection[End], Keep], "Picture | None"]


def lay_out(
    board: Board,
    width: int,
    height: int,
    last: Tile | None = None,
    targets: Collection[End] = (),
) -> Picture:
    """Draw ``board`` into at most ``width`` x ``height`` cells, marking the ``last`` tile played and the
    ``targets`` (open ends the chosen tile fits)."""
    if board.empty:
        return Picture(Canvas(1, 1), TINY)
    width = max(width, NARROWEST)
    cross = board.spinner is not None and bool(board.up or board.down or board.ends[End.UP] != CLOSED)
    draw: Draw
    draw = _cross if cross else _snake
    full: Keep = dict.fromkeys(End)
    for look in LOOKS:
        pic = draw(board, look, width, last, targets, full)
        if pic is not None and pic.fits(width, height):
            return pic
    return _squeeze(board, draw, width, height, last, targets, cross)


def _squeeze(
    board: Board, draw: Draw, width: int, height: int, last: Tile | None, targets: Collection[End], cross: bool
) -> Picture:
    """The tiny look with tiles hidden from the middle of the longest arms until the picture fits."""
    arms = _arms(board, cross)
    keep: Keep = {end: len(tiles) for end, tiles in arms.items()}
    pic = draw(board, TINY, width, last, targets, keep)
    while pic is None or not pic.fits(width, height):
        too_wide = pic is None or pic.canvas.width > width
        sides = (End.UP, End.DOWN) if cross and not too_wide else (End.LEFT, End.RIGHT)
        candidates = [e for e in sides if (keep[e] or 0) > 1]
        if not candidates and cross and not too_wide:
            candidates = [e for e in (End.LEFT, End.RIGHT) if (keep[e] or 0) > 1]
        if not candidates:
            break  # one tile per arm is the least there is to show; the widget then scrolls
        end = max(candidates, key=lambda e: keep[e] or 0)
        keep[end] = (keep[end] or 0) - 1
        pic = draw(board, TINY, width, last, targets, keep)
    assert pic is not None  # at NARROWEST or wider every item fits a row, so a snake is always drawn
    return pic


def _arms(board: Board, cross: bool) -> dict[End, list[Placed]]:
    """Each arm's tiles, from the open end inwards."""
    line = board.line
    if not cross:
        half = (len(line) + 1) // 2
        return {End.LEFT: line[:half], End.RIGHT: line[half:][::-1]}
    s = board.spinner
    assert s is not None
    return {
        End.LEFT: line[:s],
        End.RIGHT: line[s + 1 :][::-1],
        End.UP: board.up[::-1],
        End.DOWN: board.down[::-1],
    }


def _shown(tiles: Sequence[Placed], keep: int | None) -> list[Item]:
    """``tiles`` from the open end inwards, cut to ``keep`` with a gap where the rest would be."""
    if keep is None or keep >= len(tiles):
        return list(tiles)
    return [*tiles[:keep], Gap(len(tiles) - keep)]


def _size(item: Item, look: Look, vertical: bool) -> tuple[int, int]:
    if isinstance(item, Gap):
        text = item.text(vertical)
        return (len(text), 1)
    return look.size(vertical)


def _item_rows(
    item: Item, look: Look, vertical: bool, flip: bool, last: Tile | None, spinner: Tile | None
) -> tuple[list[str], str]:
    if isinstance(item, Gap):
        return [item.text(vertical)], "line"
    a, b = (item.second, item.first) if flip else (item.first, item.second)
    # The newest tile in heavy lines, the spinner in double lines: told apart by shape, not colour alone.
    if item.tile == last:
        return draw_tile(a, b, look, vertical, lines="heavy"), "last"
    if item.tile == spinner:
        return draw_tile(a, b, look, vertical, lines="double"), "spinner"
    return draw_tile(a, b, look, vertical), "tile"


def _middle(top: int, row_h: int, look: Look) -> int:
    """The row through the middle of the tiles laid along a line ``row_h`` tall from ``top`` (where its end markers
    and turns go): a crosswise double makes the line taller, and the tiny look's tiles, one row, sit on its top
    row, not its middle."""
    return top + (row_h - look.hh) // 2 + look.hh // 2


def _marker(pic: Picture, end: End, x: int, y: int, targets: Collection[End]) -> None:
    active = end in targets
    glyph = FILLED[end] if active else HOLLOW[end]
    pic.canvas.put(x, y, [glyph], "target" if active else "end")
    pic.hits.setdefault(end, []).append((x - 1, y - 1, 3, 3))


def _note(pic: Picture, item: Item, box: tuple[int, int, int, int], last: Tile | None) -> None:
    if isinstance(item, Gap):
        pic.hidden += item.hidden
    elif item.tile == last:
        pic.last_box = box


def _snake(
    board: Board, look: Look, width: int, last: Tile | None, targets: Collection[End], keep: Keep
) -> Picture | None:
    spinner = board.line[board.spinner].tile if board.spinner is not None else None
    if keep[End.LEFT] is None and keep[End.RIGHT] is None:
        line: list[Item] = list(board.line)
    else:
        arms = _arms(board, False)
        left = _shown(arms[End.LEFT], keep[End.LEFT])
        right = _shown(arms[End.RIGHT], keep[End.RIGHT])
        tiles_left = [x for x in left if isinstance(x, Placed)]
        tiles_right = [x for x in right if isinstance(x, Placed)][::-1]
        hidden = sum(x.hidden for x in (*left, *right) if isinstance(x, Gap))
        line = [*tiles_left, Gap(hidden), *tiles_right]
    inner = width - 2 * MARGIN
    sizes = [_size(p, look, isinstance(p, Placed) and p.tile.is_double) for p in line]
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
            vertical = isinstance(p, Placed) and p.tile.is_double
            rows_txt, role = _item_rows(p, look, vertical, not ltr, last, spinner)
            tx = x if ltr else x - w
            ty = y + (rh - h) // 2
            pic.canvas.put(tx, ty, rows_txt, role)
            _note(pic, p, (tx, ty, w, h), last)
            if i == 0 and len(line) > 1:
                pic.hits.setdefault(End.LEFT, []).append((tx, ty, w, h))
            if i == len(line) - 1 and len(line) > 1:
                pic.hits.setdefault(End.RIGHT, []).append((tx, ty, w, h))
            x = x + w if ltr else x - w
        start, stop = (MARGIN, MARGIN + row_w) if ltr else (right_edge - row_w, right_edge)
        spans.append((start, stop, _middle(y, rh, look)))
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


def _cross(board: Board, look: Look, width: int, last: Tile | None, targets: Collection[End], keep: Keep) -> Picture:
    s = board.spinner
    assert s is not None
    spinner = board.line[s].tile
    arms = _arms(board, True)
    left = _shown(arms[End.LEFT], keep[End.LEFT])  # already left to right
    right = _shown(arms[End.RIGHT], keep[End.RIGHT])[::-1]
    line: list[Item] = [*left, board.line[s], *right]
    s = len(left)
    up = _shown(arms[End.UP], keep[End.UP])[::-1]  # from the spinner outwards
    down = _shown(arms[End.DOWN], keep[End.DOWN])[::-1]

    def crosswise(item: Item) -> bool:
        return isinstance(item, Placed) and item.tile.is_double

    sizes = [_size(p, look, crosswise(p)) for p in line]
    row_w = sum(w for w, _ in sizes)
    rh = max(h for _, h in sizes)
    # A gap on an arm up or down takes no row: its count is written beside the arm's first tile shown.
    up_sizes = [(0, 0) if isinstance(p, Gap) else _size(p, look, not crosswise(p)) for p in up]
    down_sizes = [(0, 0) if isinstance(p, Gap) else _size(p, look, not crosswise(p)) for p in down]
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
        rows_txt, role = _item_rows(p, look, crosswise(p), False, last, spinner)
        ty = row_y + (rh - h) // 2
        pic.canvas.put(x, ty, rows_txt, role)
        _note(pic, p, (x, ty, w, h), last)
        if i == 0:
            pic.hits.setdefault(End.LEFT, []).append((x, row_y, w, rh))
        if i == len(line) - 1:
            pic.hits.setdefault(End.RIGHT, []).append((x, row_y, w, rh))
        x += w
    center = pad + spin_x + spin_w // 2
    y = row_y
    for k, (p, (w, h)) in enumerate(zip(up, up_sizes, strict=True)):
        y -= h
        _arm_item(pic, p, center - w // 2, y, w, h, look, not crosswise(p), True, last, spinner)
        if k == len(up) - 1:
            pic.hits.setdefault(End.UP, []).append((center - w // 2, y, w, h))
    if up_open:
        _marker(pic, End.UP, center, y - 1, targets)
    y = row_y + rh
    for k, (p, (w, h)) in enumerate(zip(down, down_sizes, strict=True)):
        _arm_item(pic, p, center - w // 2, y, w, h, look, not crosswise(p), False, last, spinner)
        if k == len(down) - 1:
            pic.hits.setdefault(End.DOWN, []).append((center - w // 2, y, w, h))
        y += h
    if down_open:
        _marker(pic, End.DOWN, center, y, targets)
    ym = _middle(row_y, rh, look)
    if ends[End.LEFT] != CLOSED:
        _marker(pic, End.LEFT, pad + MARGIN - 2, ym, targets)
    if ends[End.RIGHT] != CLOSED:
        _marker(pic, End.RIGHT, pad + MARGIN + row_w + 1, ym, targets)
    return pic


def _arm_item(
    pic: Picture,
    item: Item,
    x: int,
    y: int,
    w: int,
    h: int,
    look: Look,
    vertical: bool,
    flip: bool,
    last: Tile | None,
    spinner: Tile | None,
) -> None:
    if isinstance(item, Gap):
        # Beside the next tile out, on its row nearest the spinner.
        pic.canvas.put(x + 4, y - 1 if flip else y, [item.text(True)], "line")
        pic.hidden += item.hidden
        return
    rows_txt, role = _item_rows(item, look, vertical, flip, last, spinner)
    pic.canvas.put(x, y, rows_txt, role)
    _note(pic, item, (x, y, w, h), last)
