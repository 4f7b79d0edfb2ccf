"""The keyed MAC of the journals (a tournament's and a league's): one key per run, one MAC per line.

The key is derived from the run's secret seed and a random run number written in the journal's first line, so a
line the referee did not write, one changed since, or one copied from another run (even of the same seed) does
not verify. Nobody without the seed can make a line that does: the journal may be shown to anyone, and the bots
never see it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets

from .schedule import stretched_key

FIELD = "mac"


def new_run() -> str:
    return secrets.token_hex(16)


def journal_key(seed: int, run: str) -> bytes:
    return hmac.new(stretched_key(seed), f"journal/{run}".encode(), hashlib.sha256).digest()


def mac(key: bytes, record: dict) -> str:
    body = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hmac.new(key, body.encode(), hashlib.sha256).hexdigest()


def signed(key: bytes, record: dict) -> dict:
    """The record with its MAC."""
    return {**record, FIELD: mac(key, record)}


def verified(key: bytes, record: dict) -> bool:
    """Whether ``record`` carries its right MAC; the MAC is taken out of it either way."""
    given = record.pop(FIELD, None)
    # compare_digest raises TypeError for a string past ASCII, which no MAC is: a journal is anybody's to edit.
    return isinstance(given, str) and given.isascii() and hmac.compare_digest(given, mac(key, record))
