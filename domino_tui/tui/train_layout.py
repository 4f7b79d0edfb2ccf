"""Where everything of a train game goes on screen: the hub on the left with its engine double, a spoke to each
train, one train a row with its label (key, owner, hand size, marker) and its tiles from the hub outwards, the
open end last.

A row shows the newest tiles of its train: when a train is longer than its row, the tiles nearest the hub give way
to a marker saying how many are hidden, so the end of every train is always on screen. The biggest look that fits
the height is used (tiles three rows tall at 140x40, one row at 80x24).

Headless: the picture is a `Canvas` and the clickable rows; `widgets/trains.py` draws it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from .tile_art import WIDE_MEDIUM, WIDE_SMALL, Canvas, Look, draw_tile

# Signs beside a train's label: not colour alone says what a train is.
OPEN_SIGN = "⚑"  # the train is open to everyone (its owner could not play, or it is the Mexican train)
DOUBLE_SIGN = "◆"  # the double at this train's end must be covered before anything else is played
TURN_SIGN = "▶"  # the owner of this train is to play
END_SIGN = "▸"  # the number the next tile must match
HIDDEN_SIGN = "…"
# What the signs mean, under the table.
LEGEND = f"{OPEN_SIGN} open to all · {DOUBLE_SIGN} double to cover · {END_SIGN} end to match · {TURN_SIGN} to play"


@dataclass(frozen=True, slots=True)
class TrainRow:
    """One train as the table shows it."""

    key: str  # the key that chooses it: "1".."8", "m" for the Mexican train
    name: str  # the owner ("You", "Seat 3") or "Mexican"
    hand: int | None  # tiles in the owner's hand; None for the Mexican train
    open: bool  # open to all (marker down, or the Mexican train)
    tiles: tuple[tuple[int, int], ...]  # from the hub outwards, each as (touching the previous, outer)
    end: int  # the number the next tile must match
    acting: bool = False  # its owner is to play
    double: bool = False  # ends in the double that must be covered


@dataclass
class TrainPicture:
    canvas: Canvas
    look: Look
    # The rows of each train (x, y, width, height) in canvas cells, for clicks.
    rows: list[tuple[int, int, int, int]] = field(default_factory=list)
    # Where each train's open end is drawn (x, y, width, height): what must always be on screen.
    ends: list[tuple[int, int, int, int]] = field(default_factory=list)
    hidden: list[int] = field(default_factory=list)  # tiles left out of each row for want of room
    tiles_x: int = 0  # where the trains' tiles begin

    def train_at(self, x: int, y: int) -> int | None:
        for i, (bx, by, bw, bh) in enumerate(self.rows):
            if bx <= x < bx + bw and by <= y < by + bh:
                return i
        return None


def label_text(row: TrainRow, name_width: int) -> str:
    """The row's label: the key, the owner, what they hold and the signs, in ``name_width`` for the name."""
    name = row.name if len(row.name) <= name_width else row.name[: name_width - 1] + "…"
    hand = "" if row.hand is None else (f"{row.hand} tile" if row.hand == 1 else f"{row.hand} tiles")
    turn = TURN_SIGN if row.acting else " "
    signs = (OPEN_SIGN if row.open else " ") + (DOUBLE_SIGN if row.double else " ")
    return f"{turn}{row.key} {name:<{name_width}} {hand:>8} {signs}"


def label_width(name_width: int) -> int:
    return 1 + 1 + 1 + name_width + 1 + 8 + 1 + 2


def lay_out(
    hub: int,
    trains: Sequence[TrainRow],
    width: int,
    height: int,
    targets: Collection[int] = (),
    newest: tuple[int, int] | None = None,
) -> TrainPicture:
    """The table in ``width`` x ``height`` cells. ``targets``: indices of the trains the chosen tile may go on;
    ``newest``: (train, tile index) of the last tile played, drawn in heavy lines."""
    n = len(trains)
    # Tiles three rows tall when every train has its rows, else one; a blank row between trains when it fits.
    look = WIDE_MEDIUM if n * WIDE_MEDIUM.hh <= height else WIDE_SMALL
    gap = 1 if n * look.hh + n - 1 <= height else 0
    row_h = look.hh
    total_h = n * row_h + (n - 1) * gap
    canvas = Canvas(max(width, 1), max(total_h, 1))
    pic = TrainPicture(canvas, look)

    # The hub: the engine double standing up, in the middle of the left edge, with a spine down to every row.
    hub_rows = draw_tile(hub, hub, look, vertical=True, lines="double")
    hub_w = len(hub_rows[0])
    hub_y = max((total_h - len(hub_rows)) // 2, 0)
    canvas.put(0, hub_y, hub_rows, "hub")
    spine_x = hub_w + 1
    centres = [i * (row_h + gap) + row_h // 2 for i in range(n)]
    for y in range(centres[0], centres[-1] + 1):
        canvas.put(spine_x, y, ["│"], "line")
    for i, c in enumerate(centres):
        joint = "┌" if i == 0 else ("└" if i == n - 1 else "├")
        canvas.put(spine_x, c, [joint + "─"], "line")
    # The hub's spoke joins the spine from the left.
    hub_mid = hub_y + len(hub_rows) // 2
    canvas.put(hub_w, hub_mid, ["─"], "line")
    if centres[0] <= hub_mid <= centres[-1]:
        joined = {"│": "┤", "├": "┼", "┌": "┬", "└": "┴"}
        canvas.put(spine_x, hub_mid, [joined.get(canvas.chars[hub_mid][spine_x], "┤")], "line")

    name_width = max(min(14, width // 10), 6)
    lab_w = label_width(name_width)
    x0 = spine_x + 2
    tiles_x = x0 + lab_w + 1
    end_w = 4  # " ▸12"
    room = max(width - tiles_x - end_w, 0)
    pic.tiles_x = tiles_x
    for i, row in enumerate(trains):
        top = i * (row_h + gap)
        mid = top + row_h // 2
        role = "target" if i in targets else ("acting" if row.acting else "label")
        canvas.put(x0, mid, [label_text(row, name_width)], role)
        fit = room // look.hw
        shown = row.tiles[-fit:] if fit and len(row.tiles) > fit else (row.tiles if fit else ())
        hidden = len(row.tiles) - len(shown)
        x = tiles_x
        if hidden:
            # The marker takes the room of one tile, so one fewer is shown.
            shown = shown[1:]
            hidden += 1
            mark = f"{HIDDEN_SIGN}{hidden}"
            canvas.put(x, mid, [mark.ljust(look.hw)], "line")
            x += look.hw
        first = len(row.tiles) - len(shown)
        for j, (a, b) in enumerate(shown):
            index = first + j
            is_newest = newest == (i, index)
            is_double = a == b
            lines = "heavy" if is_newest else ("double" if is_double else "light")
            if is_double and row.double and index == len(row.tiles) - 1:
                tile_role = "double"
            elif is_newest:
                tile_role = "newest"
            else:
                tile_role = "tile"
            canvas.put(x, top, draw_tile(a, b, look, lines=lines), tile_role)
            x += look.hw
        end_text = f"{END_SIGN}{row.end}"
        canvas.put(x + 1, mid, [end_text], "target" if i in targets else "end")
        pic.ends.append((x + 1, mid, len(end_text), 1))
        pic.rows.append((x0, top, max(width - x0, 1), row_h))
        pic.hidden.append(hidden)
    return pic
