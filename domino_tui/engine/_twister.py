"""The Mersenne Twister of a ``random.Random``, for the kernel in Cython's pure-Python mode.

Compiled, these read and advance the generator's own state in C (``_twister.pxd``); interpreted, the kernel
imports these Python equivalents, which ask the generator itself: the same numbers, the same state after.
"""

from __future__ import annotations

import _random
import random

TWISTER_SIZE = _random.Random.__basicsize__  # what the generator's object is, to compare with


def twister_word(rng: random.Random) -> int:
    """The next 32-bit word of ``rng``."""
    return rng.getrandbits(32)


def twister_below(rng: random.Random, n: int) -> int:
    """``rng._randbelow(n)``: a number below ``n`` (0 < n < 2**32), as ``random.Random.shuffle`` draws it."""
    drop = 32 - n.bit_length()
    while True:
        r = rng.getrandbits(32) >> drop
        if r < n:
            return r


def twister_shuffle(rng: random.Random, order: list[int], size: int) -> None:
    """``rng.shuffle`` of the first ``size`` items of ``order``."""
    for i in range(size - 1, 0, -1):
        j = twister_below(rng, i + 1)
        order[i], order[j] = order[j], order[i]


def twister_index(rng: random.Random) -> int:
    """The index of the next word in the state of ``rng``."""
    return int(rng.getstate()[1][-1])


def twister_at(rng: random.Random, i: int) -> int:
    """Word ``i`` of the state of ``rng``."""
    return int(rng.getstate()[1][i])
