"""Stand-in for Cython's ``cython`` module when Cython is not installed at run time.

The kernel is written in Cython's pure-Python mode: its type annotations (``cython.int``...) are strings to
the interpreter (``from __future__ import annotations``), so all it needs at run time is ``compiled`` and the
decorators, which do nothing here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., object])
T = TypeVar("T")

compiled = False

int = int
longlong = int
ulonglong = int
bint = bool


def cfunc(f: F) -> F:
    return f


def inline(f: F) -> F:
    return f


def ccall(f: F) -> F:
    return f


def cast(kind: Callable[[Any], T], value: Any) -> T:
    return kind(value)


def declare(kind: object, value: T) -> T:
    return value
