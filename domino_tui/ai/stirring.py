"""Stirring a guess of the hidden tiles, and reading its hands off: the sampler's steps on C integers.

A guess puts each unknown tile in a place (another seat's hand, or the rest: stock or asleep). `stir` takes random
steps on it that keep every tile where it may be and every place's count; `gather` turns it into a mask per place.
Plain Python in Cython's pure-Python mode (C layout in stirring.pxd): compiled where the build could (setup.py),
interpreted otherwise or with DOMINO_TUI_PURE=1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..engine.core import MAX_TILES

if TYPE_CHECKING:
    from ..engine import _bits as cython
else:
    try:
        import cython
    except ImportError:  # Cython is a build dependency, optional at run time
        from ..engine import _bits as cython
    if not cython.compiled:  # interpreted: the shim's no-op names cost less than Cython's run-time module
        from ..engine import _bits as cython

if TYPE_CHECKING or not cython.compiled:
    from .lines import Splitmix
else:
    from cython.cimports.domino_tui.ai.lines import Splitmix

MAX_PLACES = 16


@cython.cclass
class _Guess:
    """A guess as C arrays: where each tile is, and the places each may be (a mask of place numbers)."""

    if TYPE_CHECKING:
        places: list[int]
        allowed: list[int]

    def __init__(self, places: Sequence[int], allowed: Sequence[int]) -> None:
        self.places = [0] * 64  # MAX_TILES: a C array's size is a literal
        self.allowed = [0] * 64
        k: cython.int
        for k in range(len(places)):
            self.places[k] = places[k]
            self.allowed[k] = allowed[k]


def stir(places: list[int], allowed: Sequence[int], steps: int, seed: int) -> None:
    """Random steps on a guess that keep every tile where it may be and every place's count: ``places[k]`` is
    where tile k is (a number below 64), ``allowed[k]`` the mask of places it may be. A step exchanges two tiles or
    rotates three, and is as likely as its reverse, so repeated steps tend to the uniform spread over such deals
    (`sampling.py`). Exchanges alone cannot reach every deal (three tiles each barred from a different place may
    only rotate). The steps' randomness is a line game's splitmix64 from ``seed``."""
    n: cython.int = len(places)
    if n < 2:
        return
    if n > MAX_TILES:
        raise ValueError(f"at most {MAX_TILES} tiles to stir, not {n}")
    guess: _Guess = _Guess(places, allowed)
    random: Splitmix = Splitmix(seed)
    one: cython.ulonglong = 1
    step: cython.int
    i: cython.int
    j: cython.int
    k: cython.int
    at_i: cython.int
    at_j: cython.int
    at_k: cython.int
    for step in range(steps):
        i = random.below(n)
        j = random.below(n)
        at_i = guess.places[i]
        at_j = guess.places[j]
        if at_i == at_j or not (guess.allowed[i] >> at_j) & one:
            continue
        if step & 1:  # an exchange of i and j
            if (guess.allowed[j] >> at_i) & one:
                guess.places[i] = at_j
                guess.places[j] = at_i
            continue
        k = random.below(n)  # a rotation: i to j's place, j to k's, k to i's
        at_k = guess.places[k]
        if at_k != at_i and at_k != at_j and (guess.allowed[j] >> at_k) & one and (guess.allowed[k] >> at_i) & one:
            guess.places[i] = at_j
            guess.places[j] = at_k
            guess.places[k] = at_i
    for i in range(n):
        places[i] = guess.places[i]


@cython.cclass
class _Masks:
    """A mask per place, as a C array."""

    if TYPE_CHECKING:
        masks: list[int]

    def __init__(self) -> None:
        self.masks = [0] * 16  # MAX_PLACES: a C array's size is a literal


def gather(tiles: Sequence[int], places: Sequence[int], n: int) -> list[int]:
    """The ``n`` masks of a guess: tile ``tiles[k]`` (a number below 64) in the mask of place ``places[k]``
    (below ``n``, at most 16)."""
    if not 0 < n <= MAX_PLACES:
        raise ValueError(f"1 to {MAX_PLACES} places, not {n}")
    out: _Masks = _Masks()
    one: cython.ulonglong = 1
    k: cython.int
    for k in range(len(tiles)):
        out.masks[places[k]] |= one << tiles[k]
    return [out.masks[k] for k in range(n)]
