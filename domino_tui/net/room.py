"""A room: its seats, its match and what each connection may be told, with no networking in it.

Everything that changes a room is a log entry (a plain dict), and `Room.apply` is the only code that changes
it: the server applies an entry and stores it, and a restarted server applies the stored entries in order, so a
room comes back exactly where it was. The room's seed decides every deal and never leaves the server; the moves
come from the entries (a bot's move is stored like a person's), so a restored room needs no bot to think again.

The checks a client's request must pass are here too (`check_*`), each raising ProtocolError with words for the
person; only what passes becomes an entry.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, fields, replace
from enum import StrEnum

from ..bot_registry import BOTS, LEVELS, plays
from ..engine import EngineError, Kind, Move, SaveFormatError
from ..engine.errors import shown
from ..engine.tiles import is_whole_number
from ..engine.train_rules import PASS_COUNT_EDITION, RULES_EDITION
from ..games import GameChoiceError, MatchKind, PlayedMatch, match_kind
from .credentials import same_token, shown_code
from .protocol import AWAY, BETWEEN, MAX_NAME, MIN_CLOCK, Code, Options, ProtocolError

Entry = dict[str, object]

# A bot's first name: its seat shows "Rosa (Easy)", the level in brackets. More names than a room has seats (eight
# at Mexican Train), so that every bot of a room has its own and none is a person's.
BOT_NAMES = ("Rosa", "Tomas", "Ines", "Kofi", "Mei", "Ivan", "Lena", "Omar", "Nadia", "Pablo", "Yuki", "Sven")


def folded(name: str) -> str:
    """A name as two names are compared: surrounding spaces ignored, in any case ("ann" is "Ann")."""
    return name.strip().casefold()


class Status(StrEnum):
    LOBBY = "lobby"  # seats being taken; the creator starts
    PLAYING = "playing"
    BETWEEN = "between"  # a game is over and the next is not dealt yet
    OVER = "over"  # the match is over; the creator may restart


class SeatKind(StrEnum):
    OPEN = "open"  # nobody yet: a bot of the room's level takes it at the start
    PERSON = "person"
    BOT = "bot"


class Mover(StrEnum):
    """Who made a stored move: the seat's person, the seat's bot, or a bot standing in for an away person."""

    PERSON = "person"
    BOT = "bot"
    STAND_IN = "stand-in"


@dataclass(slots=True)
class Seat:
    kind: SeatKind = SeatKind.OPEN
    name: str = ""
    level: str | None = None
    token_hash: str | None = None
    first: str = ""  # a bot's first name (its ``name`` is "first (level)"); it moves with the bot
    # The key of the account a person sat down signed in to (accounts.account_key); None for a guest. Its matches
    # are rated (ratings.py) when every person's seat has one.
    account: str | None = None
    # Not stored: whether the person is connected, and whether a bot is playing for them while they are away.
    present: bool = False
    away: bool = False

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "level": self.level,
            "present": self.present if self.kind is SeatKind.PERSON else True,
            "away": self.away,
        }


def check_options(msg: dict[str, object], password: bool) -> tuple[Options, int]:
    """The options of a create message and the creator's seat; ProtocolError for what cannot make a room."""
    variant = str(msg["variant"])
    raw_seats = msg.get("seats")
    # The number of players: asked for, or the seats' count, or the variant's own.
    players = _int(msg.get("players")) or (len(raw_seats) if isinstance(raw_seats, list) else None)
    house = msg.get("house")
    try:
        kind = match_kind(variant, players, house if isinstance(house, dict) else None)
        target, games = kind.length(_int(msg.get("target")), _int(msg.get("games")))
    except GameChoiceError as exc:
        raise ProtocolError(Code.BAD_MESSAGE, str(exc)) from None
    bots = str(msg.get("bots") or "Easy")
    seats: list[str | None] = list(raw_seats) if isinstance(raw_seats, list) else [None] * kind.players
    if len(seats) != kind.players:
        raise ProtocolError(Code.BAD_MESSAGE, f"{variant} has {kind.players} seats, not {len(seats)}")
    for level in [bots, *(s for s in seats if s is not None)]:
        if not plays(level, kind.trains):
            known = [name for name in [*LEVELS, *BOTS] if plays(name, kind.trains)]
            raise ProtocolError(
                Code.BAD_MESSAGE, f"no bot level {level!r} plays {variant}; choose one of: {', '.join(known)}"
            )
    seat = msg.get("seat")
    creator = seat if isinstance(seat, int) else next((i for i, s in enumerate(seats) if s is None), -1)
    if not 0 <= creator < kind.players or seats[creator] is not None:
        raise ProtocolError(Code.SEAT, "the creator needs a seat that is not a bot's")
    clock = msg.get("clock")
    if isinstance(clock, int | float) and 0 < clock < MIN_CLOCK:
        raise ProtocolError(
            Code.BAD_MESSAGE, f"a move clock is at least {MIN_CLOCK:g} s (or 0 for none), not {clock:g}"
        )
    coach = msg.get("coach")
    public = msg.get("public") is True
    if public and password:
        raise ProtocolError(
            Code.BAD_MESSAGE, "a room with a password cannot be public: the lobby lists only rooms anyone may join"
        )
    options = Options(
        variant=variant,
        players=players,
        house=kind.house(),
        bots=bots,
        seats=tuple(seats),
        target=target,
        games=games,
        clock=float(clock) if isinstance(clock, int | float) and clock > 0 else None,
        away=_seconds(msg.get("away"), AWAY),
        between=_seconds(msg.get("between"), BETWEEN),
        password=password,
        public=public,
        coach=coach if isinstance(coach, bool) else None,
    )
    return options, creator


def stored_options(data: object) -> Options:
    """A room's options as its store keeps them (Options.to_json), each checked; SaveFormatError for anything a
    room could not have been made with (a field unknown or of the wrong kind, rules this version does not have)."""
    if not isinstance(data, dict):
        raise SaveFormatError(f"a room's options are an object, not {shown(data)}")
    known = {f.name for f in fields(Options)}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise SaveFormatError(f"a room's options have no {unknown[0]!r}")
    edition = data.get("edition", PASS_COUNT_EDITION)
    if not (is_whole_number(edition) and PASS_COUNT_EDITION <= edition <= RULES_EDITION):
        raise SaveFormatError(f"the room was made under rules edition {shown(edition)}, which this version lacks")
    kinds: dict[str, tuple[type, ...]] = {
        "variant": (str,),
        "players": (int, type(None)),
        "house": (dict, type(None)),
        "bots": (str,),
        "seats": (list,),
        "target": (int, type(None)),
        "games": (int, type(None)),
        "clock": (int, float, type(None)),
        "away": (int, float),
        "between": (int, float),
        "password": (bool,),
        "public": (bool,),
        "coach": (bool, type(None)),
    }
    for name, allowed in kinds.items():
        value = data.get(name)
        if name in data and (not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed)):
            raise SaveFormatError(f"a room's option {name!r} cannot be {shown(value)}")
    seats = data.get("seats") or []
    if not all(s is None or isinstance(s, str) for s in seats):
        raise SaveFormatError(f"a room's seats are null or a bot's level: {shown(seats)}")
    options = Options.from_json(data)
    try:
        kind = match_kind(options.variant, options.players, options.house, options.edition)
        kind.length(options.target, options.games)
    except (GameChoiceError, EngineError, KeyError, ValueError, TypeError) as exc:
        raise SaveFormatError(f"a room's options cannot be played: {exc}") from None
    if options.seats and len(options.seats) != kind.players:
        raise SaveFormatError(f"{options.variant} has {kind.players} seats, not {len(options.seats)}")
    return options


def _goes_on(value: object, least: int) -> bool:
    """Whether a restart's number ``value`` is absent (an earlier log's) or at least ``least``."""
    return value is None or (is_whole_number(value) and value >= least)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None


def _seconds(value: object, default: float) -> float:
    return float(value) if isinstance(value, int | float) else default


class Room:
    def __init__(self, code: str, seed: int, options: Options, password_hash: str | None, created: float) -> None:
        self.code = code
        self.seed = seed
        self.options = options
        self.password_hash = password_hash
        self.created = created
        self.kind: MatchKind = match_kind(options.variant, options.players, options.house, options.edition)
        # Every house rule, said in full to the clients, who read the room's rules from them.
        self.options = replace(options, house=self.kind.house())
        self.seats = [Seat(SeatKind.BOT, level, level) if level is not None else Seat() for level in options.seats] or [
            Seat() for _ in range(self.kind.players)
        ]
        self._name_bots()
        self.creator = -1
        self.status = Status.LOBBY
        self.match: PlayedMatch | None = None
        self.seq = 0  # entries applied (and so stored): the next entry's number
        self.position = 0  # changes to the game (start, moves, next, restart): a move quotes the one it answers
        self.ready: set[int] = set()  # seats whose person has asked for the next game
        self.matches = 1  # the match in play counts from 1; a restart deals the next
        # What a restart's compacted log keeps (`compacted`): the entries up to the start, and each seat's latest
        # admit (its token's hash).
        self.opening: list[Entry] = []
        self.admitted: dict[int, str] = {}
        # The move check_move last passed, as written for the log and as read: applied next, most likely.
        self._last_checked: tuple[object, Move | None] = (None, None)

    # ----- the one way a room changes -----

    def apply(self, entry: Entry) -> None:
        """Apply a log entry (checked already, or read back from the log). The room's seq counts it."""
        kind = entry["e"]
        if kind in ("seat", "swap", "start"):
            self.opening.append(entry)
        if kind == "seat":
            seat = self.seats[_seat_of(entry)]
            seat.kind = SeatKind(str(entry["kind"]))
            seat.name = str(entry.get("name", ""))
            seat.level = entry.get("level")  # type: ignore[assignment]  # the server writes a str or None
            seat.token_hash = entry.get("token")  # type: ignore[assignment]  # the server writes a str or None
            seat.account = entry.get("account")  # type: ignore[assignment]  # checked: a str or None
            seat.first = ""
            if entry.get("creator"):
                self.creator = _seat_of(entry)
            self._name_bots()
        elif kind == "swap":
            a, b = _pair(entry)
            self.seats[a], self.seats[b] = self.seats[b], self.seats[a]
            self.creator = {a: b, b: a}.get(self.creator, self.creator)
        elif kind == "admit":
            self.seats[_seat_of(entry)].token_hash = self.admitted[_seat_of(entry)] = str(entry["token"])
        elif kind == "start":
            for seat in self.seats:
                if seat.kind is SeatKind.OPEN:
                    seat.kind, seat.level = SeatKind.BOT, self.options.bots
            self._name_bots()
            self._deal_match()
        elif kind == "move":
            match = self.match
            assert match is not None  # a move is stored only while a game is played
            written, checked = self._last_checked
            self._last_checked = (None, None)
            # The move check_move has just read and written is not read again (one less parse a move).
            move = checked if checked is not None and written is entry["move"] else match.read_move(entry["move"])
            if match.game_over and self.options.edition == PASS_COUNT_EDITION and move.kind is Kind.PASS:
                # The first edition of the train rules passed on to a blocked end that the position shows
                # earlier: such a pass changes nothing.
                self.seq += 1
                return
            match.apply(move)
            self.position += 1
            if match.game_over:
                self.status = Status.OVER if match.over else Status.BETWEEN
                self.ready.clear()
        elif kind == "next":
            assert self.match is not None
            if not self.match.game_over:
                raise SaveFormatError(
                    "its log goes on to the next game before this one is over (an earlier version of domino-tui "
                    "ended some rounds of trains while a seat could still play): its scores cannot be trusted"
                )
            self.match.next_game()
            self.status = Status.PLAYING
            self.position += 1
        elif kind == "undo":
            assert self.match is not None  # stored only while a game is played
            self.match.rewind(entry["to"])  # type: ignore[arg-type]  # rewind checks it is a move count
            self.position += 1
        elif kind == "restart":
            self.seed = int(str(entry["seed"]))
            # A restart says the match it deals and the position before it (an earlier log's does not): a log
            # compacted at a restart goes on numbered as the whole log was.
            self.matches = int(str(entry.get("match", self.matches + 1)))
            self.position = int(str(entry.get("position", self.position)))
            self._deal_match()
        else:
            raise SaveFormatError(f"not a room log entry: {kind!r}")
        self.seq += 1

    def compacted(self) -> list[Entry]:
        """The shortest log that replays to this room just after a restart: the entries up to its start (who sat
        where, as chosen in the lobby), each seat's latest admit, and the restart, numbered as the room is (the
        finished matches' moves go: a room replaying match after match keeps one match's log, not every one since
        it was made)."""
        admits: list[Entry] = [{"e": "admit", "seat": seat, "token": token} for seat, token in self.admitted.items()]
        # The restart's position is the one before its deal, which counts one.
        restart: Entry = {"e": "restart", "seed": self.seed, "match": self.matches, "position": self.position - 1}
        return [*self.opening, *admits, restart]

    def _name_bots(self) -> None:
        """Give each bot a first name of its own that no person of the room has, and its seat the name
        "first (level)". A bot keeps the name it has while nobody takes it; a new one (or one whose name a person
        has just taken) gets the first free name from its seat's place in the list, which the room's code turns:
        so a room replayed from its log names its bots alike, and rooms differ."""
        people = {folded(s.name) for s in self.seats if s.kind is SeatKind.PERSON}
        bots = [s for s in self.seats if s.kind is SeatKind.BOT]

        def free(first: str, level: str | None, used: set[str]) -> bool:
            return not {folded(first), folded(f"{first} ({level})")} & people and folded(first) not in used

        used: set[str] = set()
        for seat in bots:
            if seat.first and free(seat.first, seat.level, used):
                used.add(folded(seat.first))
            else:
                seat.first = ""
        turn = zlib.crc32(self.code.encode())
        for i, seat in enumerate(self.seats):
            if seat.kind is not SeatKind.BOT or seat.first:
                continue
            names = [BOT_NAMES[(turn + i + k) % len(BOT_NAMES)] for k in range(len(BOT_NAMES))]
            seat.first = next((n for n in names if free(n, seat.level, used)), f"Bot {i + 1}")
            used.add(folded(seat.first))
        for seat in bots:
            seat.name = f"{seat.first} ({seat.level})"

    def _deal_match(self) -> None:
        # The room's seed deals every game of the match; nothing else draws from this generator.
        self.match = self.kind.new_match(random.Random(self.seed), self.options.target, self.options.games)
        self.status = Status.PLAYING
        self.position += 1
        self.ready.clear()

    def replay(self, entries: object) -> None:
        """Apply a stored log, entry by entry, as `apply` does; SaveFormatError (saying which entry and why) for
        anything that is not a log this room could have written: not a list of entries, an entry of the wrong
        shape or kind, one out of order (a move in the lobby, a second start), an illegal move."""
        if not isinstance(entries, list):
            raise SaveFormatError("the room's log is not a list of entries")
        for number, entry in enumerate(entries, 1):
            try:
                self.apply(self._checked(entry))
            except (SaveFormatError, EngineError) as exc:
                raise SaveFormatError(f"entry {number} of the room's log: {exc}") from None

    def _checked(self, entry: object) -> Entry:
        """``entry`` if this room, as it stands, could have stored it next; SaveFormatError otherwise."""
        if not isinstance(entry, dict) or not isinstance(entry.get("e"), str):
            raise SaveFormatError(f"not a log entry: {shown(entry)}")
        kind = entry["e"]
        if kind == "seat":
            seat, name = entry.get("seat"), entry.get("name", "")
            if self.status is not Status.LOBBY:
                raise SaveFormatError("a seat is taken after the start")
            if not (is_whole_number(seat) and 0 <= seat < len(self.seats)):
                raise SaveFormatError(f"there is no seat {shown(seat)}")
            if entry.get("kind") not in {k.value for k in SeatKind} or not isinstance(name, str):
                raise SaveFormatError(f"not a seat: {shown(entry)}")
            if any(not isinstance(entry.get(k), str | None) for k in ("level", "token", "account")):
                raise SaveFormatError(f"a seat's level, token and account are text: {shown(entry)}")
        elif kind == "swap":
            pair = entry.get("seats")
            if self.status is not Status.LOBBY:
                raise SaveFormatError("seats change places after the start")
            if not (isinstance(pair, list) and len(pair) == 2 and pair[0] != pair[1]):
                raise SaveFormatError(f"not two seats: {shown(pair)}")
            if not all(is_whole_number(s) and 0 <= s < len(self.seats) for s in pair):
                raise SaveFormatError(f"there is no seat {shown(pair)}")
        elif kind == "admit":
            seat = entry.get("seat")
            if self.status is Status.LOBBY:
                raise SaveFormatError("a seat is given a new token before the start")
            if not (is_whole_number(seat) and 0 <= seat < len(self.seats)):
                raise SaveFormatError(f"there is no seat {shown(seat)}")
            if self.seats[seat].kind is not SeatKind.PERSON or not isinstance(entry.get("token"), str):
                raise SaveFormatError(f"a new token for a seat that is not a person's, or no token: {shown(entry)}")
        elif kind == "start" and self.status is not Status.LOBBY:
            raise SaveFormatError("the room starts twice")
        elif kind in ("move", "undo") and (self.match is None or self.status is Status.LOBBY):
            raise SaveFormatError(f"a {kind} comes before the start")
        elif kind == "undo" and self.status is not Status.PLAYING:
            raise SaveFormatError("a move is taken back after its game is over")
        elif kind == "next" and self.status not in (Status.PLAYING, Status.BETWEEN):
            raise SaveFormatError(f"the next game is dealt while the room is {self.status.value}")
        elif kind == "restart" and (self.status is Status.LOBBY or not is_whole_number(entry.get("seed"))):
            raise SaveFormatError("a restart before the start, or without a seed")
        elif kind == "restart" and not _goes_on(entry.get("match"), self.matches + 1):
            raise SaveFormatError(f"a restart deals match {shown(entry.get('match'))} after match {self.matches}")
        elif kind == "restart" and not _goes_on(entry.get("position"), self.position):
            raise SaveFormatError(f"a restart goes back to position {shown(entry.get('position'))}")
        elif kind == "move" and self.status is not Status.PLAYING:
            assert self.match is not None
            if not (self.match.game_over and self.options.edition == PASS_COUNT_EDITION):
                raise SaveFormatError("a move comes after its game is over")
        return entry

    # ----- reading -----

    @property
    def game_number(self) -> int:
        return self.match.game_number if self.match else 0

    def to_act(self) -> int | None:
        """The seat whose move the game waits for, or None."""
        if self.status is not Status.PLAYING:
            return None
        assert self.match is not None
        return self.match.turn

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind is SeatKind.PERSON]

    def bot_seed(self) -> str:
        """A bot's random numbers for the decision at hand: a function of the room's seed and the position, so a
        bot's choice does not depend on when the server last started."""
        return f"{self.seed}:{self.matches}:{self.position}"

    def seat_of_token(self, token: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.kind is SeatKind.PERSON and same_token(token, seat.token_hash):
                return i
        return None

    def check_move(self, seat: int, position: object, raw: object) -> list[object]:
        """The move ``seat`` asks for, if the game is waiting for it, as it is stored: the engine's words when
        it is illegal."""
        if self.status is not Status.PLAYING:
            raise ProtocolError(Code.NOT_NOW, "no game is being played: there is nothing to move")
        if position != self.position:
            raise ProtocolError(Code.STALE, "that move answers a position that has passed; here is the table now")
        match = self.match
        assert match is not None
        if match.turn != seat:
            raise ProtocolError(Code.NOT_NOW, "it is not your turn")
        try:
            move = match.read_move(raw)
        except SaveFormatError as exc:
            raise ProtocolError(Code.BAD_MESSAGE, str(exc)) from None
        try:
            match.check(move)
        except EngineError as exc:
            raise ProtocolError(Code.ILLEGAL, str(exc)) from None
        written = match.write_move(move)
        self._last_checked = (written, move)
        return written

    def undo_point(self, seat: int) -> int | None:
        """How many moves of the game in play stay if ``seat`` takes back to its previous decision; None when it
        may not. Only a person alone with bots may: taking a move back in front of another person would show
        them, or let them see again, what the deal held; and only while a game is played."""
        if self.status is not Status.PLAYING or self.people() != [seat]:
            return None
        assert self.match is not None
        return self.match.undo_point(seat)

    def check_undo(self, seat: int) -> int:
        """The move count the game goes back to when ``seat`` asks to undo; ProtocolError with words if not."""
        if self.status is not Status.PLAYING:
            raise ProtocolError(Code.NOT_NOW, "no game is being played: there is nothing to undo")
        if self.people() != [seat]:
            raise ProtocolError(Code.NOT_NOW, "no undo with another person at the table")
        point = self.undo_point(seat)
        if point is None:
            raise ProtocolError(Code.NOT_NOW, "you have made no choice in this game to take back")
        return point

    def person_name(self, wanted: str) -> str:
        """The name a person who asks for ``wanted`` sits down with: it, unless a person of the room has it (in
        any case, surrounding spaces ignored); then numbered, "Ann 2", "Ann 3", as the first free number."""
        name = wanted.strip()
        taken = {folded(s.name) for s in self.seats if s.kind is SeatKind.PERSON}
        number = 1
        while folded(name) in taken:
            number += 1
            suffix = f" {number}"
            name = f"{wanted.strip()[: MAX_NAME - len(suffix)].rstrip()}{suffix}"
        return name

    def check_sit(self, seat: int, wanted: int) -> list[int]:
        """The two seats that change places when the person at ``seat`` moves to ``wanted``, an open seat, in the
        lobby; ProtocolError with words if not."""
        if self.status is not Status.LOBBY:
            raise ProtocolError(Code.NOT_NOW, "the game has started: everyone stays where they sit")
        self._seat_there(wanted)
        if wanted == seat:
            raise ProtocolError(Code.SEAT, f"you sit at seat {seat + 1} already")
        self._open(wanted)
        return [seat, wanted]

    def check_swap(self, pair: list[int]) -> list[int]:
        """Two seats the creator may swap (people, bots, open or taken alike), in the lobby; ProtocolError if not."""
        if self.status is not Status.LOBBY:
            raise ProtocolError(Code.NOT_NOW, "the game has started: everyone stays where they sit")
        a, b = pair
        self._seat_there(a)
        self._seat_there(b)
        if a == b:
            raise ProtocolError(Code.SEAT, "name two different seats to swap")
        return [a, b]

    # The words of a refusal count seats from 1, as people do (the table, `join --seat`); the protocol's fields
    # count from 0.
    def _seat_there(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise ProtocolError(Code.SEAT, f"there is no seat {seat + 1}: the seats are 1 to {len(self.seats)}")

    def _open(self, seat: int) -> None:
        """ProtocolError, saying who holds it and which seats are open, unless ``seat`` is open."""
        if self.seats[seat].kind is not SeatKind.OPEN:
            open_seats = [str(i + 1) for i, s in enumerate(self.seats) if s.kind is SeatKind.OPEN]
            others = f"the open seats are {', '.join(open_seats)}" if open_seats else "no seat is open"
            raise ProtocolError(Code.SEAT, f"seat {seat + 1} is taken ({self.seats[seat].name}): {others}")

    def knock_seat(self, name: str, wanted: int | None) -> int:
        """The seat a person who joins a started room as ``name`` (at ``wanted``, if they say) knocks for: a
        person's seat of that name (in any case) whose person is not connected. ProtocolError saying how to get in
        when there is none."""
        for i, seat in enumerate(self.seats):
            absent = seat.kind is SeatKind.PERSON and not seat.present
            if absent and folded(seat.name) == folded(name) and wanted in (None, i):
                return i
        if any(s.kind is SeatKind.PERSON and s.present and folded(s.name) == folded(name) for s in self.seats):
            # Someone of that name is connected: a knock would be for nobody's seat. Only the seat's token takes it
            # now, which the computer that person sat down at keeps.
            raise ProtocolError(
                Code.NOT_NOW,
                f"the game has started, and {name} is at the table now: only the computer {name} sat down at takes "
                f"that seat back; once {name} shows away, join again and ask the room's creator to let you in; "
                "or watch",
            )
        raise ProtocolError(
            Code.NOT_NOW,
            f"the game has started, and no player who is away from this room is called {name}: to take back your "
            "seat, join under the name you sat with and ask the room's creator to let you in; or watch",
        )

    def free_seat(self, wanted: int | None) -> int:
        if self.status is not Status.LOBBY:
            raise ProtocolError(Code.NOT_NOW, "the game has started: you may watch, or ask for a seat next time")
        if wanted is not None:
            self._seat_there(wanted)
            self._open(wanted)
            return wanted
        for i, seat in enumerate(self.seats):
            if seat.kind is SeatKind.OPEN:
                return i
        raise ProtocolError(Code.SEAT, "the room is full: you may watch")

    # ----- what is sent -----

    def info(self) -> dict[str, object]:
        match = self.match
        scores = match.scores if match else self.kind.zero_scores()
        options = self.options.to_json()
        options.pop("seats")
        return {
            "type": "room",
            "room": shown_code(self.code),
            "status": self.status.value,
            "options": options,
            "creator": self.creator,
            "seats": [s.to_json() for s in self.seats],
            "match": self.matches,
            "game": self.game_number,
            "scores": scores,
        }

    def observation(self, seat: int | None, undo: bool = False) -> dict[str, object] | None:
        """The ``obs`` message for ``seat`` (None: the ``view`` a spectator gets); None before the first deal.
        ``undo``: the room's host takes moves back, and says whether the seat may now."""
        match = self.match
        if match is None:
            return None
        head: dict[str, object] = {"match": self.matches, "game": self.game_number, "position": self.position}
        if seat is None:
            return {"type": "view", **head, "view": match.public()}
        # Said only when true, so that a seat that can never undo (a table of several people) is sent the same.
        can_undo = {"can_undo": True} if undo and self.undo_point(seat) is not None else {}
        return {"type": "obs", **head, "obs": match.observation(seat), **can_undo}

    def observation_text(self, seat: int, undo: bool = False) -> str | None:
        """`observation` of a seat as the protocol's JSON text, made from the text every seat shares (encoded once
        a move) and the seat's own; None before the first deal."""
        match = self.match
        if match is None:
            return None
        head = f'{{"type":"obs","match":{self.matches},"game":{self.game_number},"position":{self.position},"obs":'
        can_undo = ',"can_undo":true' if undo and self.undo_point(seat) is not None else ""
        return f"{head}{match.observation_text(seat)}{can_undo}}}"

    def result(self) -> dict[str, object] | None:
        """The ``result`` message of the game just over, or None while one is being played (it lays every hand
        open: never before the deal is over)."""
        match = self.match
        if match is None or not match.game_over:
            return None
        return {"type": "result", "match": self.matches, "game": self.game_number, **match.result()}


def _pair(entry: Entry) -> tuple[int, int]:
    pair = entry["seats"]
    assert isinstance(pair, list)  # checked: a list of two seats
    return int(pair[0]), int(pair[1])


def _seat_of(entry: Entry) -> int:
    seat = entry["seat"]
    assert isinstance(seat, int)
    return seat
