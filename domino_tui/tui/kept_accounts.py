"""The account sessions this player holds on room servers (the protocol's `register`, `login`, `resume`): one per
server and account, kept so that `domino-tui join --account NAME` asks for the password only when the server no
longer takes the session (logged out, logged in elsewhere, its password reset).

One file in the config folder (accounts.json), kept as seats.json is (`kept_list`): written atomically and
readable by its owner only, since a session token signs in as the account; a file that cannot be used is moved
aside with a message. A password is never kept, here or anywhere.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

from ..net.protocol import MAX_NAME, MAX_TOKEN
from ..paths import config_dir
from .kept_list import KeptList, plain

FILE_NAME = "accounts.json"


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


class KeptAccounts(KeptList[KeptAccount]):
    """The one owner of accounts.json."""

    ITEM = KeptAccount
    SECRET = "session"
    FILE_NAME = FILE_NAME
    KEY = "accounts"
    WHAT = "kept account"
    MOST = 32  # sessions kept at most: the oldest go first
    UNREADABLE = "Your accounts' sessions online could not be read"
    UNWRITTEN = "Your account's session could not be kept on this computer ({exc}): you will be asked to log in."

    @property
    def accounts(self) -> list[KeptAccount]:
        return self.items

    def wrong(self, account: KeptAccount) -> str | None:
        """Not what a server gives (a file edited by hand): a session the server would refuse to resume, as a
        message of the wrong form, is never forgotten as one it no longer takes is, and would fail every join."""
        if not (0 < len(account.name) <= MAX_NAME and account.name.isprintable()):
            return "not a kept account"
        if not (0 < len(account.session) <= MAX_TOKEN and plain(account.session)):
            return "not a kept account"
        return None

    def find(self, server: str, name: str) -> KeptAccount | None:
        key = name.strip().casefold()
        return next((a for a in self.accounts if a.server == server and a.name.casefold() == key), None)

    def keep(self, account: KeptAccount) -> str | None:
        """Keep ``account``'s session (in place of one for the same account); a message when it was not written,
        or is not one to keep (a server that gave a session no server takes back)."""
        if self.wrong(account) is not None:
            return "Your account's session is not one to keep on this computer: you will be asked to log in."
        kept = replace(account, kept=account.kept or time.time())
        return self._change(lambda accounts: [*(a for a in accounts if not self._same(a, kept)), kept])

    def forget(self, server: str, name: str) -> str | None:
        gone = KeptAccount(server, name.strip())
        return self._change(lambda accounts: [a for a in accounts if not self._same(a, gone)])

    @staticmethod
    def _same(one: KeptAccount, other: KeptAccount) -> bool:
        """The same account on the same server (as `find` tells them)."""
        return one.server == other.server and one.name.casefold() == other.name.strip().casefold()
