"""Building hand-made positions: give each seat its tiles; the rest of the set goes to the stock in order."""

from __future__ import annotations

from collections.abc import Sequence

from domino_tui.engine import GameState, Opening, Tile, get_rules, tile_set


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
