"""Building hand-made positions: give each seat its tiles; the rest of the set goes to the stock in order."""

from __future__ import annotations

from collections.abc import Sequence

from domino_tui.engine import End, GameState, Move, Opening, Tile, core, get_rules, tile_set


def T(text: str) -> list[Tile]:
    """'34 44 24' -> [3|4], [4|4], [2|4]"""
    return [Tile.of(int(p[0]), int(p[1])) for p in text.split()]


def position(
    variant: str,
    hands: Sequence[str],
    stock: str | None = None,
    lead: int | None = 0,
) -> GameState:
    """A game of ``variant`` with the given hands. ``stock`` names the boneyard (drawn from its end); by default
    every other tile is in it (or asleep). ``lead`` is the seat that leads any tile, None for highest double."""
    rules = get_rules(variant)
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
