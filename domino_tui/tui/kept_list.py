"""A list kept in one JSON file of the config folder, of things that sign in (seats' tokens in seats.json,
accounts' sessions in accounts.json): kept like a password, written atomically, readable by its owner only and
never read through a symbolic link (`stored_file`); a file that cannot be used is moved aside with a message.
Two programs may hold the file at once (two terminals, each at a table online): each change is made to the list as
the file has it at that moment, in turn, so that neither writes over what the other kept or forgot."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ..engine.errors import SaveFormatError, shown
from ..paths import config_dir
from ..stored_file import StoredFile, turn_at

VERSION = 1
TYPES: dict[str, type] = {"str": str, "int": int, "float": float}  # an item's fields' types, as annotated


def plain(text: str) -> bool:
    """Printable, with no space: an address, a code or a token as a server writes them."""
    return text.isprintable() and not any(ch.isspace() for ch in text)


class Kept(Protocol):
    @property
    def kept(self) -> float:  # when it was kept (time.time()): the newest first
        ...


T = TypeVar("T", bound=Kept)


class KeptList(Generic[T]):
    """The one owner of one such file: every change goes through it and is written at once."""

    ITEM: ClassVar[type]  # the dataclass of an item
    SECRET: ClassVar[str]  # the field whose value no message ever quotes
    FILE_NAME: ClassVar[str]
    KEY: ClassVar[str]  # the document's key of the list ("seats")
    WHAT: ClassVar[str]  # an item, in a message ("kept seat")
    MOST: ClassVar[int]  # items kept at most: the oldest go first
    UNREADABLE: ClassVar[str]  # what the message says first when the file cannot be used
    UNWRITTEN: ClassVar[str]  # what it says when the file cannot be written, with the error as {exc}

    def __init__(self, file: StoredFile | None = None, keep: bool = True) -> None:
        """``keep``: False keeps the list in memory only (an app whose settings are not saved)."""
        self.file = file or StoredFile(config_dir() / self.FILE_NAME, private=True)
        self.keep_on_disk = keep
        self.items: list[T] = []

    def wrong(self, item: T) -> str | None:
        """What makes ``item`` one never kept, in words that never show its secret; None when nothing."""
        return None

    def load(self) -> str | None:
        """Read the file; a message when it could not be used (then nothing is kept)."""
        if not self.keep_on_disk:
            return None
        items, problem = self.file.load(self._read, self.UNREADABLE, "")
        self.items = items or []
        return problem.strip() if problem else None

    def _read(self, data: object) -> list[T]:
        """The items of the file's document; SaveFormatError saying what is wrong with anything else."""
        if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get(self.KEY), list):
            raise SaveFormatError(f"not a list of {self.WHAT}s of this version")
        items = []
        for values in data[self.KEY][: self.MOST]:
            item = self.ITEM(**self._checked(values))
            wrong = self.wrong(item)
            if wrong is not None:
                raise SaveFormatError(wrong)
            items.append(item)
        return items

    def _checked(self, item: object) -> dict[str, Any]:
        """Each field of ``item``, of its type (a whole number where a float is asked)."""
        if not isinstance(item, dict):
            raise SaveFormatError(f"not a {self.WHAT}: {shown(item)}")
        values = {}
        for field in fields(self.ITEM):
            name, kind = field.name, TYPES[str(field.type)]
            value = item.get(name)
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if not isinstance(value, kind) or isinstance(value, bool):
                said = "" if name == self.SECRET else f": {shown(value)}"
                raise SaveFormatError(f"a {self.WHAT}'s {name} is not a {kind.__name__}{said}")
            values[name] = value
        return values

    def _change(self, change: Callable[[list[T]], list[T]]) -> str | None:
        """Apply ``change`` to the list as the file has it now (another program may have kept or forgotten items
        since this one read it) and write it, the newest first, as many as are kept at most; a message when the file
        could not be read or written (then this program's own list is changed and kept as far as it can be)."""
        if not self.keep_on_disk:
            self.items = self._newest(change(self.items))
            return None
        with turn_at(self.file.path.parent):
            found, problem = self.file.load(self._read, self.UNREADABLE, "")
            now = self.items if problem else (found or [])
            self.items = self._newest(change(now))
            if self.items == now and problem is None:
                return None  # nothing changed: nothing to write
            written = self._write()
        return written or (problem.strip() if problem else None)

    def _newest(self, items: list[T]) -> list[T]:
        return sorted(items, key=lambda item: -item.kept)[: self.MOST]

    def _write(self) -> str | None:
        if not self.keep_on_disk:
            return None
        try:
            self.file.write({"version": VERSION, self.KEY: [asdict(item) for item in self.items]})  # type: ignore[call-overload]  # the items are dataclasses
        except OSError as exc:
            return self.UNWRITTEN.format(exc=exc)
        return None
