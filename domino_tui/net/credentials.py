"""Room codes, seat tokens and room passwords: made with `secrets`, kept only as hashes.

A room code is what people read out to each other: eight characters from an alphabet without look-alikes
(no 0/O, 1/I/L), about 40 bits, so guessing one at the server's message rate takes longer than any room lives.
A seat token is what a client keeps to take its seat back: 144 random bits, stored as its SHA-256 (a copy of
the database does not seat anybody). A room password is stored as a salted scrypt hash, never in clear.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
_SCRYPT = {"n": 2**14, "r": 8, "p": 1}  # about 16 MiB and 50 ms a check: cheap for a person, dear for a guesser


def new_room_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown_code(code: str) -> str:
    """``K7QM3XPA`` as people read it: ``K7QM-3XPA``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


def new_token() -> str:
    return secrets.token_urlsafe(18)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(token: str, stored_hash: str | None) -> bool:
    return stored_hash is not None and hmac.compare_digest(token_hash(token), stored_hash)


def new_seed() -> int:
    """A room's secret seed: it decides every deal, so it never leaves the server."""
    return secrets.randbits(63)


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    try:
        scheme, salt, digest = stored.split("$")
        expected = bytes.fromhex(digest)
        got = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), **_SCRYPT)
    except ValueError:
        return False
    return scheme == "scrypt" and hmac.compare_digest(got, expected)
