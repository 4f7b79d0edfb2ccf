"""The table online, with no UI: where to connect and how to enter the room, and what the room's news says in
words (seats as person, bot or away; moves; results; refusals). The online table screen shows these.

Everything here reads what the server sent (an observation, the room's seats, a result): nothing of the game
is worked out on this side, so the table shows exactly what the server says this seat may know.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine import Kind, Observation, Reason, Rules
from ..net.heard import NetError, RoomInfo, SeatClient, SeatInfo
from ..net.protocol import MAX_CHAT, MAX_NAME
from .sentence import YOU, verb

if TYPE_CHECKING:
    from .kept_accounts import KeptAccounts
    from .kept_seats import KeptSeats

DEFAULT_SERVER = "127.0.0.1:8765"
CHAT_SHOWN = 3  # chat messages kept in view on the table
__all__ = ["CHAT_SHOWN", "DEFAULT_SERVER", "MAX_CHAT", "MAX_NAME", "Connect", "refusal"]


@dataclass(frozen=True)
class Connect:
    """Where the table goes online: a server, your name, and a room to join (or none: create one), or to watch."""

    url: str  # ws://HOST:PORT
    name: str
    room: str | None = None  # None: create a room
    password: str | None = None
    variant: str = "classic"
    bots: str = "Easy"  # the level of the bots in the seats nobody takes
    options: dict[str, object] = field(default_factory=dict)  # more create options (docs/protocol.md)
    watch: bool = False  # a spectator: the public view, every hand face down, no seat
    seat: int | None = None  # the seat asked for when joining (from 0; None: the first open one)
    # An account on the server to play under (docs/protocol.md, Accounts): its name, and the password to log in
    # with when no session of it is kept (never kept itself, never shown).
    account: str | None = None
    account_password: str | None = field(default=None, repr=False)
    # The token of the seat a quick match gave (Connect.matched): the room is entered by taking that seat back.
    token: str | None = field(default=None, repr=False)

    @classmethod
    def join(
        cls, address: str, name: str, password: str | None = None, watch: bool = False, seat: int | None = None
    ) -> Connect:
        """``HOST[:PORT]/ROOM``; ValueError with words for people when it is not one."""
        from ..net.client import room_address  # the network's client loads only for a room online

        url, room = room_address(address)
        return cls(url, name, room, password or None, watch=watch, seat=seat)

    @classmethod
    def create(
        cls, server: str, name: str, variant: str, bots: str, password: str | None = None, **options: object
    ) -> Connect:
        """A new room on ``server`` (``HOST[:PORT]``); ValueError with words for people when that is no server's
        address."""
        from ..net.client import server_url

        return cls(server_url(server), name, None, password or None, variant, bots, dict(options))

    @classmethod
    def matched(cls, url: str, name: str, room: str, token: str, variant: str, account: str | None = None) -> Connect:
        """The seat a quick match gave, in ``room`` on the server at ``url``, held by ``token``."""
        return cls(url, name, room, variant=variant, account=account, token=token)

    async def session(self, accounts: KeptAccounts | None) -> str | None:
        """The session token to enter with: None for a guest; a new one when a password was given (logging in,
        and kept), else the one kept for the account on this server. NetError when the login is refused, or with
        code ``account`` when there is neither a password nor a session."""
        if self.account is None:
            return None
        held = accounts.find(self.url, self.account) if accounts is not None else None
        if self.account_password is None:
            if held is None:
                raise NetError("account", f"log in to the account {self.account} with its password")
            return held.session
        from ..net.client import sign_in

        name, session = await sign_in(self.url, "login", self.account, self.account_password)
        if accounts is not None:
            from .kept_accounts import KeptAccount

            accounts.keep(KeptAccount(self.url, name, session, time.time()))
        return session

    async def enter(self, new_client: Callable[[], SeatClient], kept: KeptSeats | None = None) -> SeatClient:
        """Create, join or watch, with a client ``new_client`` makes: the client let in, or NetError when the
        server says no or cannot be reached. A room where ``kept`` holds this player's seat is entered with its
        token, so the seat is theirs again even after the match began; a token the server no longer takes (the
        room closed or expired) is forgotten, and the room joined as anyone joins it. A seat given a token is kept."""
        matched = self.token is not None  # a quick match's seat: taken with its token
        held = None if self.room is None or self.watch or kept is None or matched else kept.find(self.url, self.room)
        if held is not None and held.name.casefold() != self.name.strip().casefold():
            held = None  # another person's seat kept on this computer (two players, one account): not this one
        if held is not None and kept is not None and self.room is not None:
            client = new_client()
            try:
                await client.rejoin(self.room, held.token)
                return client
            except NetError as exc:
                await client.close()
                if exc.code in ("unreachable", "refused"):
                    raise
                kept.forget(self.url, self.room)
        client = new_client()
        try:
            if self.room is not None and self.token is not None:
                await client.rejoin(self.room, self.token)
            elif self.room is not None and self.watch:
                await client.watch(self.room, self.password)
            elif self.room is None:
                await client.create(self.name, self.variant, password=self.password, bots=self.bots, **self.options)
            else:
                await client.join(self.room, self.name, self.password, self.seat)
        except NetError:
            await client.close()
            raise
        welcome = client.welcome
        token = self.token or (welcome.token if welcome is not None else None)
        if kept is not None and welcome is not None and token and welcome.seat is not None:
            from .kept_seats import KeptSeat

            variant = self.variant if self.room is None or matched else ""
            name = welcome.name or self.name
            kept.keep(KeptSeat(self.url, welcome.room, token, name, welcome.seat, variant, time.time()))
        return client


def check_name(name: str) -> str | None:
    """What is wrong with a player's name for the server, or None."""
    if not name.strip():
        return "Give your name: the others see it at the table."
    if len(name.strip()) > MAX_NAME or not name.isprintable():
        return f"A name is 1 to {MAX_NAME} printable characters."
    return None


def refusal(error: NetError, url: str, asked: int | None = None) -> str:
    """Why the room could not be entered, in words (never a traceback). ``asked``: the seat asked for, if one was:
    then a refusal of code ``seat`` is of that seat (taken, or not at the table), and the server's words say which
    seats are open, where otherwise it means the room is full."""
    said = error.message[:1].upper() + error.message[1:]
    if error.code == "seat" and asked is not None:
        return f"{said.rstrip('.')}."
    if error.code == "address":
        return error.message  # its words begin with the address as it was written
    if error.code == "unreachable":
        return f"No room server answers at {url}: is domino-tui serve running there?"
    if error.code == "refused":
        return f"The server at {url} closed the connection before letting you in."
    why = {
        "no_room": "There is no such room on that server (check the code).",
        "password": "Wrong password for this room.",
        "account": f"{said}.",
        "seat": "The room is full.",
        "server_full": "The server is full just now: try again later.",
        "version": "The server speaks another version of the protocol: update domino-tui.",
    }.get(error.code, "")
    return why or f"The server said no: {said.rstrip('.')}."


def seat_kind(seat: SeatInfo) -> str:
    """Who holds a seat, in words: "person", "bot" (with its level), "away (a bot plays)", "open"."""
    if seat.kind == "person":
        if seat.away:
            return "away, a bot plays"
        return "person" if seat.present else "away"
    if seat.kind == "bot":
        # A room names its bots with their level ("Rosa (Easy)"): the level is said once.
        said = not seat.level or seat.level == seat.name or seat.name.endswith(f"({seat.level})")
        return "bot" if said else f"bot, {seat.level}"
    return "open"


def seat_names(info: RoomInfo | None, players: int, mine: int | None) -> tuple[str, ...]:
    """Each seat's name as the table shows it: "You" for yours."""
    names = []
    for s in range(players):
        if s == mine:
            names.append(YOU)
        elif info is not None and s < len(info.seats) and info.seats[s].name:
            names.append(info.seats[s].name)
        else:
            names.append(f"Seat {s + 1}")
    return tuple(names)


def team_name(rules: Rules, names: tuple[str, ...], team: int) -> str:
    if rules.partnership:
        return f"{names[team]} & {names[team + 2]}"
    return names[team]


def wins(rules: Rules, won: str) -> str:
    """The verb of a side's name: "You win", "West & East win", "Computer wins"."""
    return verb(won, "wins", "win", several=rules.partnership)


def result_text(
    rules: Rules,
    names: tuple[str, ...],
    reason: Reason,
    winner: int | None,
    out_seat: int | None,
    points: tuple[int, ...],
    earned: tuple[int, ...] | None = None,
) -> str:
    """How a game ended and who won it; where plays score, given ``earned`` (each side's points in the game, its
    plays' and its bonus), what each side earned instead: who went out may have earned the less (in Fives and
    Threes going out is worth 1), and the match's winner would read as the loser of its last game."""
    if reason is Reason.OUT and out_seat is not None:
        how = f"{names[out_seat]} went out"
    elif reason is Reason.STALEMATE:
        how = "The line is locked"
    else:
        how = "The game is blocked"
    if rules.fives and earned is not None:
        return (
            f"{how}. This game: " + ", ".join(f"{team_name(rules, names, t)} {p}" for t, p in enumerate(earned)) + "."
        )
    if winner is None:
        return f"{how}: a draw."
    won = team_name(rules, names, winner)
    worth = f", {points[winner]} points" if rules.wins_by_points and points[winner] else ""
    return f"{how}: {won} {wins(rules, won)} the game{worth}."


def match_text(
    rules: Rules, names: tuple[str, ...], winner: int | None, scores: tuple[int, ...], target: int | None
) -> str:
    """Who won the match just over, and by what: its points in a match to a ``target`` (a match of a number of
    games is won by games, which a result does not count)."""
    if winner is None:
        return "The match is tied."
    won = team_name(rules, names, winner)
    margin = f", {scores[winner]} to {scores[1 - winner]}" if target is not None and len(scores) == 2 else ""
    return f"{won} {wins(rules, won)} the match{margin}."


def playable(obs: Observation) -> list[int]:
    """Indices of the hand's tiles that some legal move plays."""
    tiles = {m.tile for m in obs.legal if m.kind is Kind.PLAY}
    return [i for i, t in enumerate(obs.hand) if t in tiles]
