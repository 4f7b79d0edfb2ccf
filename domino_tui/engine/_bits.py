"""Stand-in for Cython's ``cython`` module when Cython is not installed at run time.

The kernel is written in Cython's pure-Python mode: its type annotations (``cython.int``...) are strings to
the interpreter (``from __future__ import annotations``), so all it needs at run time is ``compiled``, the
decorators, which do nothing here, and C type names that can be indexed (``cython.int[64]``, a C array, in
``cython.locals`` and ``cython.declare``); an array is then the list the kernel assigns.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

F = TypeVar("F", bound=Callable[..., object])
T = TypeVar("T")

compiled = False

if TYPE_CHECKING:
    void: TypeAlias = None
    int = builtins.int
    longlong = builtins.int
    ulonglong = builtins.int
    double = builtins.float
else:

    class _CType:
        """A C integer type: a cast when called, an array type when indexed."""

        def __init__(self, py: type) -> None:
            self.py = py

        def __call__(self, value: object) -> object:
            return self.py(value)

        def __getitem__(self, size: object) -> _CType:
            return self

    int = _CType(builtins.int)
    longlong = _CType(builtins.int)
    ulonglong = _CType(builtins.int)
    double = _CType(builtins.float)
    void = None

bint = bool
# Pointers, as the kernel passes its C arrays: lists when interpreted.
p_int = list[builtins.int]
p_ulonglong = list[builtins.int]


def cfunc(f: F) -> F:
    return f


def inline(f: F) -> F:
    return f


def ccall(f: F) -> F:
    return f


def cclass(cls: type[T]) -> type[T]:
    return cls


def cdivision(flag: bool) -> Callable[[F], F]:
    return lambda f: f


def boundscheck(flag: bool) -> Callable[[F], F]:
    return lambda f: f


def wraparound(flag: bool) -> Callable[[F], F]:
    return lambda f: f


def exceptval(value: object = None, *, check: bool = True) -> Callable[[F], F]:
    return lambda f: f


def locals(**types: object) -> Callable[[F], F]:
    return lambda f: f


def cast(kind: Callable[[Any], T], value: Any) -> T:
    return value  # type: ignore[no-any-return]  # an int stays an int: Python's are unbounded, no C type to fit


def declare(kind: Callable[[Any], T], value: T) -> T:
    return value
