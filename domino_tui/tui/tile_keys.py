"""The key that picks each tile of a hand: 1 to 9, then 0 for the tenth, then letters no table key uses, so that
a Mexican Train hand (fifteen tiles for two players, more after draws) has a key for every tile it can show."""

from __future__ import annotations

# Letters the train table leaves free: not d, p (draw, pass), m (the Mexican train), c, n, s, r, x, l, q (the
# room's keys), u (undo), t (the tracker) nor h (kept for a hint).
LETTERS = "abefgijkovwyz"
TILE_KEYS = "1234567890" + LETTERS


def tile_key(index: int) -> str:
    """The key that picks the tile at ``index`` of the hand, or "" past the last key (the cursor reaches it)."""
    return TILE_KEYS[index] if 0 <= index < len(TILE_KEYS) else ""
