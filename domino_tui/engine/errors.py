"""Engine errors: each says what was wrong in words a player or a bot author can act on."""


class EngineError(Exception):
    """Base of everything the engine raises on purpose."""


class IllegalMoveError(EngineError):
    """The move is not allowed now; the state is unchanged."""


class GameOverError(EngineError):
    """The game has ended; no more moves."""


class SaveFormatError(EngineError):
    """A saved game or replay could not be read back."""
