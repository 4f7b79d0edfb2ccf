"""The account sessions this player holds on room servers (the protocol's `register`, `login`, `resume`): one per
server and account, kept so that `domino-tui join --account NAME` asks for the password only when the server no
longer takes the session (logged out, logged in elsewhere, its password reset).

One file in the config folder (accounts.json), beside seats.json and kept as it is (kept_seats.py): written
atomically and readable by its owner only (`stored_file`), since a session token signs in as the account; a file
that cannot be used is moved aside with a message. A password is never kept, here or anywhere.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path

from ..engine.errors import SaveFormatError, shown
from ..net.protocol import MAX_NAME, MAX_TOKEN
from ..paths import config_dir
from ..stored_file import StoredFile

FILE_NAME = "accounts.json"
VERSION = 1
MOST = 32  # sessions kept at most: the oldest go first
FIELDS = {"server": str, "name": str, "session": str, "kept": float}


def path() -> Path:
    return config_dir() / FILE_NAME


@dataclass(frozen=True)
class KeptAccount:
    server: str  # ws://HOST:PORT
    name: str  # the account's name as the server keeps it
    session: str = ""  # its session token (never shown)
    kept: float = 0.0

    def __repr__(self) -> str:
        return f"KeptAccount({self.server!r}, {self.name!r})"  # the token is never printed, even in a traceback


def _read(data: object) -> list[KeptAccount]:
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("accounts"), list):
        raise SaveFormatError("not a list of kept accounts of this version")
    kept = []
    for item in data["accounts"][:MOST]:
        if not isinstance(item, dict):
            raise SaveFormatError(f"not a kept account: {shown(item)}")
        values: dict[str, object] = {}
        for name, kind in FIELDS.items():
            value = item.get(name)
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise SaveFormatError(f"a kept account's {name} is not a {kind.__name__}")
            values[name] = value
        account = KeptAccount(**values)  # type: ignore[arg-type]  # each field checked against its type above
        if not 0 < len(account.name) <= MAX_NAME or not 0 < len(account.session) <= MAX_TOKEN:
            raise SaveFormatError("not a kept account")
        kept.append(account)
    return kept


class KeptAccounts:
    """The one owner of accounts.json: every change goes through it and is written at once."""

    def __init__(self, file: StoredFile | None = None, keep: bool = True) -> None:
        self.file = file or StoredFile(path())
        self.keep_on_disk = keep
        self.accounts: list[KeptAccount] = []

    def load(self) -> str | None:
        """Read the file; a message when it could not be used (then no session is kept)."""
        if not self.keep_on_disk:
            return None
        kept, problem = self.file.load(_read, "Your accounts' sessions online could not be read", "")
        self.accounts = kept or []
        return problem.strip() if problem else None

    def find(self, server: str, name: str) -> KeptAccount | None:
        key = name.strip().casefold()
        return next((a for a in self.accounts if a.server == server and a.name.casefold() == key), None)

    def keep(self, account: KeptAccount) -> str | None:
        """Keep ``account``'s session (in place of one for the same account); a message when it was not written."""
        others = [a for a in self.accounts if a is not self.find(account.server, account.name)]
        kept = KeptAccount(account.server, account.name, account.session, account.kept or time.time())
        self.accounts = sorted([*others, kept], key=lambda a: -a.kept)[:MOST]
        return self._write()

    def forget(self, server: str, name: str) -> str | None:
        held = self.find(server, name)
        if held is None:
            return None
        self.accounts = [a for a in self.accounts if a is not held]
        return self._write()

    def _write(self) -> str | None:
        if not self.keep_on_disk:
            return None
        try:
            self.file.write({"version": VERSION, "accounts": [asdict(a) for a in self.accounts]})
        except OSError as exc:
            return f"Your account's session could not be kept on this computer ({exc}): you will be asked to log in."
        return None
