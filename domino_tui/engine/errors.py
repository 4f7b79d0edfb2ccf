"""Engine errors: each says what was wrong in words a player or a bot author can act on."""

import reprlib

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40


def shown(value: object) -> str:
    """A short, safe rendering of any value for a message: what the engine is handed may be hostile (a doctored
    save, a cheating bot), and its repr must neither recurse without end nor spell out thousands of digits."""
    try:
        return _REPR.repr(value)
    except (ValueError, RecursionError):  # an int past Python's digit limit, a pathological repr
        return "a number too long to show" if isinstance(value, int) else f"a {type(value).__name__} too deep to show"


class EngineError(Exception):
    """Base of everything the engine raises on purpose."""


class IllegalMoveError(EngineError):
    """The move is not allowed now; the state is unchanged."""


class GameOverError(EngineError):
    """The game has ended; no more moves."""


class SaveFormatError(EngineError):
    """A saved game or replay could not be read back."""


class ArgumentError(EngineError, ValueError):
    """A value handed to the engine is not one it can use: not a seat of the table, a tile, a move, rules or a
    ``random.Random``. It is also a ValueError, which callers of the engine's constructors have always caught."""
