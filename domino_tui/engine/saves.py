"""Reading a save, for every kind of game: a save is the deal and the moves, so reading one is checking its
header and its lists and replaying its moves on the deal (a save can never hold an impossible position). The line
game's state (state.py) and the train round's (train_state.py) read theirs so; what each says in the words of a
save that is damaged is written here once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from .errors import EngineError, SaveFormatError, shown
from .moves import Kind, Move
from .tiles import Tile


class Replayed(Protocol):
    """A game that a save's moves are made on."""

    @property
    def over(self) -> bool: ...

    def apply(self, move: Move) -> None: ...

    def forfeit(self) -> None: ...


@contextmanager
def reading(what: str) -> Iterator[None]:
    """Around the reading of a save of ``what`` ("save", "train round"): any error but SaveFormatError's own
    words becomes a SaveFormatError saying that the save is damaged and how."""
    try:
        yield
    except SaveFormatError:
        raise
    except KeyError as exc:
        raise SaveFormatError(f"the {what} is damaged: it has no {shown(exc.args[0])}") from None
    except EngineError as exc:
        raise SaveFormatError(f"the {what} is damaged: {exc}") from exc


def saved_header(data: object, version: int, what: str, oldest: int | None = None) -> dict[str, Any]:
    """``data`` as a save of ``what`` at ``version`` (or any from ``oldest`` on, which the caller reads); else
    SaveFormatError when it is none or of another version. Its values are as read from JSON: whoever takes one
    checks it."""
    if not isinstance(data, dict) or data.get("version").__class__ is not int:
        raise SaveFormatError(f"not a domino-tui {what} (no version)")
    if not (oldest if oldest is not None else version) <= data["version"] <= version:
        raise SaveFormatError(f"a {what} of version {shown(data['version'])}, not {version}")
    return data


def saved_list(raw: object, what: str) -> list[object]:
    """``raw`` when it is a list; else SaveFormatError ("the moves are not a list")."""
    if not isinstance(raw, list):
        raise SaveFormatError(f"{what} are not a list: {shown(raw)}")
    return raw


def saved_tiles(raw: object) -> list[Tile]:
    if not isinstance(raw, list):
        raise SaveFormatError(f"not a list of tiles: {shown(raw)}")
    return [Tile.from_json(t) for t in raw]


def replay_saved(
    state: Replayed,
    moves: list[object],
    read: Callable[[object], Move],
    what: str,
    forfeits: Sequence[int] = (),
    idle_tail: bool = False,
) -> None:
    """Make a save's ``moves`` (each read by ``read``) on ``state``, its deal; ``forfeits`` says how many moves
    came before each forfeit. SaveFormatError for a move or a forfeit after the end of the ``what``, except, with
    ``idle_tail``, passes and forfeits after it: a save of an earlier edition of the rules, which ended the game
    later, after those turns that change no hand and no score."""
    for number in range(len(moves) + 1):
        if state.over and idle_tail and all(read(m).kind is Kind.PASS for m in moves[number:]):
            return
        for _ in range(forfeits.count(number)):
            if state.over:
                raise SaveFormatError(f"a forfeit comes after the end of the {what}")
            state.forfeit()
        if number == len(moves):
            break
        if state.over:
            raise SaveFormatError(f"move {number + 1} of {len(moves)} comes after the end of the {what}")
        state.apply(read(moves[number]))
