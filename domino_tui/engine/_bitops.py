"""Bit scans of a hand (a mask of tile indices), for the kernels in Cython's pure-Python mode.

Compiled, these are the C compiler's builtins, declared in ``_bitops.pxd`` and cimported; interpreted, the kernels
import these Python equivalents instead. ``x`` is a mask that is not 0.
"""

from __future__ import annotations

popcount = int.bit_count  # how many tiles


def lowest_bit(x: int) -> int:
    """The index of the lowest tile of ``x``."""
    return (x & -x).bit_length() - 1


def highest_bit(x: int) -> int:
    """The index of the highest tile of ``x``."""
    return x.bit_length() - 1
