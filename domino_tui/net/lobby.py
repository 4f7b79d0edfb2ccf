"""The server's lobby: the public rooms waiting for players, and quick match (people seated by rating).

A room is public when its creator says so (``create``'s ``public``; never a room with a password). While such a
room is in its lobby with a seat open, its host writes its seats to the store (`seats_shown`, the rooms table's
``listed`` and ``lobby`` columns); the start, or the last seat taken, takes it off the list. The ``lobby``
question is answered from the store (`LISTING`), so that any process of a server sharing PostgreSQL answers for
every process's rooms: each room's code, variant, seats and seats open, and the people seated with their rating
in the variant (accounts only: a guest has none). Never a private room, a password, a token, a seed or a session:
none of them is in the columns it reads.

Quick match: a connection's first message ``quick`` asks for a table of a variant. The process keeps the seekers
of each variant and number of players (`Seeker`); `pick` chooses whom to seat: the seeker who has waited longest
with the others nearest its rating, when enough of them are within its band, ``band + widen * seconds waited`` in
the shown rating (mu - 3 sigma; a guest counts as a new account, 0). A seeker nobody is near enough to after its
``bots_after`` seconds is seated with those in its band whose own wait for bots has run out too, and bots fill
the other seats.
The server makes the room (private), seats them, starts it and tells each its seat and token (``matched``); the
client then takes its seat back as after any drop (``rejoin``).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass, field

from . import credentials, ratings
from .room import Room, SeatKind, Status

MAX_ROOMS = 50  # rooms a lobby answer lists at most
BAND = 5.0  # the shown ratings (mu - 3 sigma: a new account's is 0, a strong player's about 30) a seeker accepts
WIDEN = 0.25  # what the band grows by each second the seeker who has waited longest has waited
TICK = 0.5  # seconds between the quick-match queues' looks (a widened band, bots due)

LISTING = "SELECT code, listed, lobby FROM rooms WHERE listed IS NOT NULL ORDER BY created LIMIT ?"
LISTING_OF = "SELECT code, listed, lobby FROM rooms WHERE listed = ? ORDER BY created LIMIT ?"
RATINGS_OF = "SELECT key, mu, sigma, games FROM ratings WHERE variant = ? AND key IN ({marks})"


def seats_shown(room: Room) -> dict[str, object] | None:
    """What the lobby shows of ``room``'s seats, or None when it is not to be listed: private, started, or with
    no seat open. Names and account keys only (a key is a name casefolded): nothing that lets anyone in."""
    if not room.options.public or room.status is not Status.LOBBY:
        return None
    if not any(seat.kind is SeatKind.OPEN for seat in room.seats):
        return None
    return {
        "seats": [
            {"kind": seat.kind.value, "name": seat.name if seat.kind is not SeatKind.OPEN else None}
            | ({"account": seat.account} if seat.account is not None else {})
            for seat in room.seats
        ]
    }


def listing_rows(found: list[tuple[object, ...]], known: dict[str, tuple[float, int]]) -> list[dict[str, object]]:
    """The rows of `LISTING` as they are sent, each person with their rating (from ``known``: per account key,
    the rating shown and the matches rated; an account with none yet is new: 0 and no match)."""
    rows = []
    for code, variant, lobby in found:
        try:
            seats = json.loads(str(lobby))["seats"]
        except (ValueError, KeyError, TypeError):
            continue  # not what a host writes: left out rather than sent
        people = []
        for seat in seats:
            if seat.get("kind") != SeatKind.PERSON.value:
                continue
            key = seat.get("account")
            rating, games = known.get(key, (ratings.shown(*NEW), 0)) if isinstance(key, str) else (None, None)
            people.append({"name": str(seat.get("name")), "rating": rating, "games": games})
        rows.append(
            {
                "room": credentials.shown_code(str(code)),
                "variant": str(variant),
                "players": len(seats),
                "free": sum(1 for seat in seats if seat.get("kind") == SeatKind.OPEN.value),
                "people": people,
            }
        )
    return rows


def accounts_listed(found: list[tuple[object, ...]]) -> list[str]:
    """The account keys seated in the rooms of `LISTING`'s rows."""
    keys: set[str] = set()
    for _, _, lobby in found:
        try:
            seats = json.loads(str(lobby))["seats"]
            keys.update(str(seat["account"]) for seat in seats if seat.get("account"))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    return sorted(keys)


# openskill's default prior (PlackettLuce: mu 25, sigma 25/3): a new account's rating, and a guest's in quick match.
NEW = (25.0, 25.0 / 3)


@dataclass(eq=False)
class Seeker:
    """A connection waiting for a quick match: who it is, its rating, since when it waits, and when bots may fill
    its table (None: never)."""

    name: str
    account: str | None  # its account's key; None for a guest
    address: str
    rating: float  # shown (mu - 3 sigma)
    since: float  # the server's clock when it began to wait
    bots_after: float | None
    # Done with (room code, seat, token, name) once seated; the server's words when it could not be.
    seated: asyncio.Future[tuple[str, int, str, str]] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


def band(waited: float, base: float = BAND, widen: float = WIDEN) -> float:
    """How far from its rating a seeker who has waited ``waited`` seconds is matched."""
    return base + widen * max(0.0, waited)


def ready_for_bots(seeker: Seeker, now: float) -> bool:
    return seeker.bots_after is not None and now - seeker.since >= seeker.bots_after


def pick(
    seekers: Sequence[Seeker], players: int, now: float, base: float = BAND, widen: float = WIDEN
) -> tuple[list[Seeker], bool] | None:
    """Whom to seat at one table now, and whether bots fill the seats left, or None (everyone waits on): the
    seeker who has waited longest, with the ``players - 1`` others nearest its rating within its band; or, once
    its ``bots_after`` has run out with too few in its band, with those in its band whose ``bots_after`` has run
    out too (nobody sits with bots sooner than they said)."""
    for oldest in sorted(seekers, key=lambda s: s.since):
        waited = now - oldest.since
        width = band(waited, base, widen)
        near = sorted(
            (s for s in seekers if s is not oldest and abs(s.rating - oldest.rating) <= width),
            key=lambda s: (abs(s.rating - oldest.rating), s.since),
        )
        if len(near) >= players - 1:
            return [oldest, *near[: players - 1]], False
        if ready_for_bots(oldest, now):
            return [oldest, *[s for s in near if ready_for_bots(s, now)][: players - 1]], True
    return None
