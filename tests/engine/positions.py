"""Building hand-made positions: give each seat its tiles; the rest of the set goes to the stock in order."""

from __future__ import annotations

from collections.abc import Sequence

from domino_tui.engine import End, GameState, Move, Opening, Rules, Tile, core, get_rules, tile_set


def T(text: str) -> list[Tile]:
    """'34 44 24' -> [3|4], [4|4], [2|4]"""
    return [Tile.of(int(p[0]), int(p[1])) for p in text.split()]


def position(
    variant: str | Rules,
    hands: Sequence[str],
    stock: str | None = None,
    lead: int | None = 0,
) -> GameState:
    """A game of ``variant`` with the given hands. ``stock`` names the boneyard (drawn from its end); by default
    every other tile is in it (or asleep). ``lead`` is the seat that leads any tile, None for highest double.
    ``variant`` is a variant's name, or a `Rules` value (another player count, a house rule)."""
    rules = variant if isinstance(variant, Rules) else get_rules(variant)
    held = [T(h) for h in hands]
    taken = {t for h in held for t in h}
    if stock is None:
        rest = [t for t in tile_set(rules.max_pip).tiles if t not in taken]
    else:
        rest = T(stock)
        others = [t for t in tile_set(rules.max_pip).tiles if t not in taken and t not in rest]
        # Tiles named nowhere go to the bottom of the stock, below the named ones.
        rest = others + rest
    return GameState(rules, held, rest, Opening(lead))


L, R, U, D = End.LEFT, End.RIGHT, End.UP, End.DOWN


def settled(rules, out_seat, pips) -> tuple[int | None, tuple[int, ...]]:
    """The kernel's settlement: the winning team (None: nobody) and each team's points."""
    winner, points = core.settle_points(rules.kernel, core.NOBODY if out_seat is None else out_seat, pips)
    return (None if winner == core.NOBODY else winner), points


def line(state) -> list[list[int]]:
    """The line of play as laid, each tile turned as it lies."""
    return [[p.first, p.second] for p in state.board.line]


def play(state, tile: str, end: End = R) -> None:
    state.apply(Move.play(T(tile)[0], end))


# A line that uses up every tile with a blank: [0|1][1|2][2|0][0|0][0|3][3|4][4|0][0|5][5|6][6|0], both ends blank.
# Seat 0 leads [0|0] and the seats take turns; ``BLANKS_OUT`` gives each play (tile, end).
BLANKS_OUT_FIRST = "00 12 03 04 56"  # seat 0's plays
BLANKS_OUT_SECOND = "02 01 34 05 06"  # seat 1's
BLANKS_OUT = [
    ("00", L),
    ("02", L),
    ("12", L),
    ("01", L),
    ("03", R),
    ("34", R),
    ("04", R),
    ("05", R),
    ("56", R),
    ("06", R),
]
# The eighteen tiles no blank is on and that are not in the line: every other tile of the double-six set.
NO_BLANK_LEFT = "11 13 14 15 16 22 23 24 25 26 33 35 36 44 45 46 55 66"


def blanks_out(rules, kept: str):
    """A double-six game between two seats, every tile dealt, played to the line above: seat 0 also holds ``kept``,
    seat 1 the rest of ``NO_BLANK_LEFT``. Nobody can play on it, and the boneyard is empty."""
    rest = " ".join(t for t in NO_BLANK_LEFT.split() if t not in kept.split())
    g = position(rules, [f"{BLANKS_OUT_FIRST} {kept}", f"{BLANKS_OUT_SECOND} {rest}"], stock="", lead=0)
    for tile, end in BLANKS_OUT:
        play(g, tile, end)
    return g
