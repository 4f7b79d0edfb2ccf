"""Accounts on a room server, for people who want their name kept: a guest plays as today (a name per room, a
token per seat); a person with an account plays under its name in every room of the server, and nobody else may.

An account is a name (unique on the server in any case), an argon2id hash of its password, when it was made, and
the SHA-256 of its one session token (a login or a registration makes a new one, ending the one before; a logout
ends it). The session token is what a client keeps instead of the password: it is random, sent once, and only its
hash is stored, so a copy of the database logs nobody in. A password is never logged, never put in an error or a
reply, and never taken from a command line (the operator's ``accounts reset-password`` reads it from stdin).

Hashing is dear by design (argon2's defaults: 64 MiB and some tens of milliseconds a hash), so it runs in a thread,
at most two at a time (the server's own semaphore, shared with the rooms' passwords): a login never stalls a room.
Wrong passwords, unknown names and stale session tokens count as misses against the address (the server's
``--misses``), as a wrong room password does, so guessing goes no faster than they allow.

The statements run through the rooms' store (storage.GroupCommits.execute), on SQLite or PostgreSQL alike, each a
transaction of its own: a name taken fails only its own registration.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from . import credentials
from .limits import PerAddress
from .protocol import Code, ProtocolError
from .storage import GroupCommits

log = logging.getLogger("domino_tui.net")

MIN_PASSWORD = 8
MAX_PASSWORD = 1024
_hasher = PasswordHasher()  # argon2id with the library's recommended costs
# Verified when a name has no account, so that a miss takes as long either way and says nothing of who has one. A
# hash made once and written here (of "not anybody's password"), not at import: hashing costs some 90 ms of CPU,
# which every process that imports the server paid. Its costs must be the hasher's own, or a miss would take
# another time: tests/net/test_accounts.py checks that the hasher would not hash it again.
NOBODY = "$argon2id$v=19$m=65536,t=3,p=4$sldkl561eBj5ng1GAffcmg$FvCyKLEVDE6BloQ0qn8EBXxImKPSiDPyeQoBYO9ERwk"


def account_key(name: str) -> str:
    """The name as accounts are told apart: in any case, surrounding spaces ignored (as names in a room are)."""
    return name.strip().casefold()


def password_problem(password: str) -> str | None:
    """What is wrong with a new password, in words that never quote it; None when it will do."""
    if len(password) < MIN_PASSWORD:
        return f"a password is at least {MIN_PASSWORD} characters"
    if len(password) > MAX_PASSWORD:
        return f"a password is at most {MAX_PASSWORD} characters"
    return None


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def _verified(password: str, stored: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


@dataclass(frozen=True, slots=True)
class Signed:
    """A connection signed in: its account's name, and the new session token (None on a resume: it has one)."""

    name: str
    session: str | None


class Accounts:
    """The accounts of a server's store, as the server's connections use them."""

    def __init__(self, store: GroupCommits, misses: PerAddress, hashing: asyncio.Semaphore) -> None:
        self.store = store
        self.misses = misses
        self.hashing = hashing

    async def _hash(self, password: str) -> str:
        async with self.hashing:
            return await asyncio.to_thread(hash_password, password)

    async def _verify(self, password: str, stored: str) -> bool:
        async with self.hashing:
            return await asyncio.to_thread(_verified, password, stored)

    async def sign_in(self, msg: dict[str, object], address: str) -> Signed:
        """A connection's ``register``, ``login`` or ``resume``; ProtocolError with words when refused."""
        kind = msg["type"]
        if kind == "register":
            return await self._register(str(msg["name"]), str(msg["password"]), address)
        if not self.misses.has(address):
            raise ProtocolError(Code.TOO_FAST, "too many wrong passwords or sessions from your address: wait")
        if kind == "login":
            return await self._login(str(msg["name"]), str(msg["password"]), address)
        return await self._resume(str(msg["session"]), address)

    async def _register(self, name: str, password: str, address: str) -> Signed:
        problem = password_problem(password)
        if problem is not None:
            raise ProtocolError(Code.BAD_MESSAGE, problem)
        name = name.strip()
        hashed = await self._hash(password)
        session = credentials.new_token()
        _, added = await self.store.execute(
            "INSERT INTO accounts VALUES (?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING",
            (account_key(name), name, hashed, time.time(), credentials.token_hash(session)),
        )
        if added != 1:
            raise ProtocolError(Code.ACCOUNT, f"there is an account called {name} on this server: choose another name")
        log.info("account %s registered from %s", name, address)
        return Signed(name, session)

    async def _login(self, name: str, password: str, address: str) -> Signed:
        rows, _ = await self.store.execute("SELECT name, password FROM accounts WHERE key = ?", (account_key(name),))
        stored_name, stored = (str(rows[0][0]), str(rows[0][1])) if rows else (None, NOBODY)
        right = await self._verify(password, stored)
        if stored_name is None or not right:
            self.misses.take(address)
            raise ProtocolError(Code.ACCOUNT, "no account has that name and password")
        session = credentials.new_token()
        await self.store.execute(
            "UPDATE accounts SET session = ? WHERE key = ?", (credentials.token_hash(session), account_key(name))
        )
        log.info("account %s logged in from %s", stored_name, address)
        return Signed(stored_name, session)

    async def _resume(self, session: str, address: str) -> Signed:
        rows, _ = await self.store.execute(
            "SELECT name FROM accounts WHERE session = ?", (credentials.token_hash(session),)
        )
        if not rows:
            self.misses.take(address)
            raise ProtocolError(Code.ACCOUNT, "that session has ended (logged out, or logged in elsewhere): log in")
        return Signed(str(rows[0][0]), None)

    async def logout(self, session: str) -> bool:
        """End the session ``session`` is the token of; whether it was one."""
        _, ended = await self.store.execute(
            "UPDATE accounts SET session = NULL WHERE session = ?", (credentials.token_hash(session),)
        )
        return ended == 1

    async def seat_name(self, account: str | None, asked: str) -> str:
        """The name a connection sits down with: its account's, when signed in; else the name asked for, unless an
        account has it (ProtocolError: only its holder plays under it here)."""
        if account is not None:
            return account
        rows, _ = await self.store.execute("SELECT name FROM accounts WHERE key = ?", (account_key(asked),))
        if rows:
            raise ProtocolError(
                Code.ACCOUNT,
                f"{rows[0][0]} is the name of an account on this server: log in to play as {rows[0][0]}, "
                "or choose another name",
            )
        return asked


# ----- the operator's command (``domino-tui accounts``), with no server running on the store -----


def listed(store: GroupCommits) -> list[tuple[str, float, bool]]:
    """Every account: its name, when it was made, and whether it has a session."""
    rows, _ = store.execute_now("SELECT name, created, session FROM accounts ORDER BY key")
    return [(str(name), float(created), session is not None) for name, created, session in rows]  # type: ignore[arg-type]  # rows are the database's untyped tuples


def reset_password(store: GroupCommits, name: str, password: str) -> bool:
    """Give ``name``'s account a new password and end its session; whether there is such an account."""
    _, changed = store.execute_now(
        "UPDATE accounts SET password = ?, session = NULL WHERE key = ?", (hash_password(password), account_key(name))
    )
    return changed == 1


def remove(store: GroupCommits, name: str) -> bool:
    """Delete ``name``'s account (its name is free again, its ratings gone); whether there was one."""
    store.execute_now("DELETE FROM ratings WHERE key = ?", (account_key(name),))
    _, removed = store.execute_now("DELETE FROM accounts WHERE key = ?", (account_key(name),))
    return removed == 1
