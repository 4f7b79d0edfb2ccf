"""Tiles and full sets.

A tile is known by a small integer index into its set, so that a hand is a bit mask and "which tiles show
pip n" is one precomputed mask. `Tile` is the readable face of that index for the public API.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TypeGuard

from .core import other_half, tile_order
from .errors import ArgumentError, SaveFormatError, shown

# Far beyond any set that is made (the largest sold are double-eighteen); a bound keeps a doctored save's number
# of thousands of digits from ever reaching arithmetic or a message.
MAX_PIP = 99


def is_whole_number(value: object) -> TypeGuard[int]:
    """An int that is not a bool (JSON's ``true`` must not pass for 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """An unoriented tile, always stored with ``low <= high`` so that [2|5] and [5|2] are one tile."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (is_whole_number(self.low) and is_whole_number(self.high) and 0 <= self.low <= self.high <= MAX_PIP):
            raise ArgumentError(
                f"a tile is two whole pip counts with 0 <= low <= high <= {MAX_PIP}, "
                f"not {shown(self.low)}, {shown(self.high)}"
            )

    @classmethod
    def of(cls, a: int, b: int) -> Tile:
        if not (is_whole_number(a) and is_whole_number(b)):
            raise ArgumentError(f"a tile is two whole pip counts, not {shown(a)}, {shown(b)}")
        return cls(min(a, b), max(a, b))

    def to_json(self) -> list[int]:
        """``[low, high]``: a tile in saves, observations and the bot protocol."""
        return [self.low, self.high]

    @classmethod
    def from_json(cls, raw: object) -> Tile:
        """A tile written as ``[a, b]`` (either way round); SaveFormatError for anything else."""
        if not (isinstance(raw, list) and len(raw) == 2 and all(is_whole_number(p) for p in raw)):
            raise SaveFormatError(f"not a tile: {shown(raw)} (a tile is [a, b])")
        try:
            return cls.of(raw[0], raw[1])
        except ArgumentError as exc:
            raise SaveFormatError(str(exc)) from None

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def pips(self) -> int:
        return self.low + self.high

    def other(self, pip: int) -> int:
        """The number on the other half from ``pip``."""
        return other_half(self.low, self.high, pip)

    def __contains__(self, pip: object) -> bool:
        return pip == self.low or pip == self.high

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"


@dataclass(frozen=True, slots=True)
class TileSet:
    """A full double-N set with the lookup tables the hot path needs."""

    max_pip: int
    tiles: tuple[Tile, ...]
    index: dict[Tile, int]
    low: tuple[int, ...]
    high: tuple[int, ...]
    pips: tuple[int, ...]
    # MATCH[n]: mask of the tiles that show n on either half.
    match: tuple[int, ...]
    doubles: tuple[int, ...]
    # grid[a][b]: index of the tile with halves a and b, either way round (no hashing on the hot path).
    grid: tuple[tuple[int, ...], ...]
    bits: tuple[int, ...]  # 1 << index of each tile: a hand is the sum of its tiles' bits
    doubles_mask: int
    # pip_bytes[k][b]: the pips of the tiles 8k .. 8k+7 picked by the bits of b, so a hand's pips take one lookup
    # per 8 tiles of the set instead of one step per tile held.
    pip_bytes: tuple[tuple[int, ...], ...]

    @property
    def size(self) -> int:
        return len(self.tiles)

    @property
    def full_mask(self) -> int:
        return (1 << len(self.tiles)) - 1

    def mask_of(self, tiles: Iterable[Tile]) -> int:
        mask = 0
        for t in tiles:
            mask |= 1 << self.index[t]
        return mask

    def tiles_of(self, mask: int) -> tuple[Tile, ...]:
        out = []
        while mask:
            bit = mask & -mask
            out.append(self.tiles[bit.bit_length() - 1])
            mask ^= bit
        return tuple(out)

    def tiles_at(self, indices: Iterable[int]) -> tuple[Tile, ...]:
        """The tiles of ``indices``, in their order (a hand as it arrived, the stock, a train)."""
        tiles = self.tiles
        return tuple(tiles[i] for i in indices)

    def pip_sum(self, mask: int) -> int:
        total = 0
        for table in self.pip_bytes:
            if not mask:
                break
            total += table[mask & 255]
            mask >>= 8
        return total


@cache
def tile_set(max_pip: int) -> TileSet:
    """The double-``max_pip`` set: 28 tiles for double-six, 55 for double-nine, in the kernel's order."""
    tiles = tuple(Tile(a, b) for a, b in tile_order(max_pip))
    index = {t: i for i, t in enumerate(tiles)}
    match = tuple(sum(1 << i for i, t in enumerate(tiles) if n in (t.low, t.high)) for n in range(max_pip + 1))
    pips = tuple(t.pips for t in tiles)
    doubles = tuple(index[Tile(n, n)] for n in range(max_pip + 1))
    pip_bytes = tuple(
        tuple(sum(pips[k + j] for j in range(8) if b >> j & 1 and k + j < len(tiles)) for b in range(256))
        for k in range(0, len(tiles), 8)
    )
    return TileSet(
        max_pip=max_pip,
        tiles=tiles,
        index=index,
        low=tuple(t.low for t in tiles),
        high=tuple(t.high for t in tiles),
        pips=pips,
        match=match,
        doubles=doubles,
        grid=tuple(tuple(index[Tile.of(a, b)] for b in range(max_pip + 1)) for a in range(max_pip + 1)),
        bits=tuple(1 << i for i in range(len(tiles))),
        doubles_mask=sum(1 << d for d in doubles),
        pip_bytes=pip_bytes,
    )


def full_set(max_pip: int = 6) -> tuple[Tile, ...]:
    return tile_set(max_pip).tiles


def parse_tile(text: str) -> Tile:
    """Read ``[2|5]``, ``[2, 5]``, ``2-5`` or ``2|5``; raise ValueError with a readable message otherwise."""
    cleaned = text.strip().strip("[]()")
    for sep in ("|", ",", "-", ":", " "):
        if sep in cleaned:
            left, _, right = cleaned.partition(sep)
            try:
                return Tile.of(int(left), int(right))
            except ValueError:
                break
    raise ValueError(f"not a tile: {text!r} (write it like [2|5])")
