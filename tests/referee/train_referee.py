"""A referee for Mexican Train written from the rule books, not from the engine: it imports none of the engine's
rule code (train_core.py, train_state.py), only `Tile` and the rules' declared data (the number of players, the
hand size, the options), and keeps its own table of plain Python lists.

Sources, named beside each rule below (docs/rules.md, "mexicantrain", links every one):
- the sheets: the Mexican Train sheets we read, where they agree (the Idaho Good Sam sheet, htfbw.com, htuse.com);
- Good Sam: the Idaho Good Sam sheet (the markers, doubles to satisfy, everyone drawing for the engine);
- set aside: htuse.com, the Texas Good Sam sheet, ourpastimes.com (the engine set in the hub before the deal);
- Celko: Joe Celko's article on Cardinal's game (drawing in turn until someone holds the engine);
- mexicantrain.com: its rules and its page on how a round ends (draw one, else pass; no plays left ends it);
- the house rules this project offers where the sheets differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from domino_tui.engine import EngineSearch, Tile, TrainRules

PLAY, DRAW, PASS = "play", "draw", "pass"
# How a round ended: a hand emptied, nobody able to play with the boneyard empty, or every seat forfeited.
OUT, BLOCKED, EVERY_SEAT_FORFEITED = "out", "blocked", "every seat forfeited"


@dataclass
class TrainReferee:
    """One round, dealt as given: ``hands`` per seat, the ``boneyard`` drawn from its end, and the round's first
    seat. Moves are tuples: ("play", tile, train), ("draw",), ("pass",)."""

    rules: TrainRules
    round_index: int
    hands: list[list[Tile]]
    boneyard: list[Tile]
    first: int
    trains: list[list[Tile]] = field(init=False)
    ends: list[int] = field(init=False)
    marked: list[bool] = field(init=False)
    open_double: int | None = None
    turn: int = 0
    drew: bool = False
    chaining: bool = False
    played_first_turn: list[bool] = field(init=False)
    out: list[bool] = field(init=False)
    penalty: list[int] = field(init=False)
    over: bool = False
    out_seat: int | None = None
    ending: str | None = None  # OUT, BLOCKED or EVERY_SEAT_FORFEITED once over
    search_draws: int = 0
    search_drawers: list[int] = field(default_factory=list)  # the seat of each draw of the engine's search, in order
    engine_holder: int | None = None  # the seat that laid the engine in the hub (None: it was set aside)

    def __post_init__(self) -> None:
        n = self.rules.players
        self.hands = [list(h) for h in self.hands]
        self.boneyard = list(self.boneyard)
        # the sheets: round r is started from the double 12 - r in the hub; each seat has a train, and the Mexican
        # train (index n here) is open to all from the start.
        self.engine = self.rules.max_pip - self.round_index
        self.trains = [[] for _ in range(n + 1)]
        self.ends = [self.engine] * (n + 1)
        self.marked = [False] * n + [True]
        self.played_first_turn = [False] * n
        self.out = [False] * n
        self.penalty = [0] * n
        self.turn = self.first
        self._find_engine()
        self._end_if_blocked()

    # ----- the start -----

    def _find_engine(self) -> None:
        engine = Tile(self.engine, self.engine)
        search = self.rules.options.engine_search
        if search is EngineSearch.SET_ASIDE:
            # set aside: the engine is set in the hub before the deal; the round's first seat plays first.
            assert all(engine not in h for h in self.hands) and engine not in self.boneyard
            return
        n = self.rules.players

        def holder() -> int | None:
            return next((s for s, h in enumerate(self.hands) if engine in h), None)

        seat = self.first
        # When nobody holds it, the seats draw one tile each in turn from the first seat. Good Sam has every player
        # draw ("all players will draw an additional tile ... until the starting double is found"), so a turn of
        # the table is finished; Celko's stops at the first who draws it.
        while holder() is None or (search is EngineSearch.DRAWN and seat != self.first):
            if not self.boneyard:
                break
            self.hands[seat].append(self.boneyard.pop())
            self.search_draws += 1
            self.search_drawers.append(seat)
            seat = (seat + 1) % n
        found = holder()
        assert found is not None, "the engine is in the set"
        # The holder lays it in the hub and plays first.
        self.hands[found].remove(engine)
        self.turn = self.engine_holder = found

    # ----- what may be played -----

    def _trains_open_to(self, seat: int) -> list[int]:
        n = self.rules.players
        if self.open_double is not None:
            # Good Sam: a double must be satisfied before any other play, by whoever's turn it is.
            return [self.open_double]
        if self.chaining:
            # The house rule first_turn_chain: on the first turn, more tiles on one's own train.
            return [seat]
        # the sheets: one's own train, the Mexican train, and any train whose owner's marker is out.
        return [x for x in range(n + 1) if x == seat or self.marked[x]]

    def legal(self) -> set[tuple]:
        if self.over:
            return set()
        seat = self.turn
        plays = {
            (PLAY, t, x)
            for x in self._trains_open_to(seat)
            for t in self.hands[seat]
            if self.ends[x] in (t.low, t.high)
        }
        if self.chaining and self.open_double is None:
            return plays | {(PASS,)}  # the run of tiles may stop at any time
        if plays:
            return plays  # Fundex's sheet: a player who can play must (no drawing by choice)
        if self.boneyard and not self.drew:
            return {(DRAW,)}  # mexicantrain.com: unable to play, draw one
        return {(PASS,)}  # still unable: pass, and put the marker out

    # ----- moves -----

    def apply(self, move: tuple) -> None:
        assert move in self.legal(), f"{move} is not legal: {sorted(map(str, self.legal()))}"
        seat = self.turn
        if move[0] == DRAW:
            self.hands[seat].append(self.boneyard.pop())
            self.drew = True
            self._end_if_blocked()
            return
        if move[0] == PASS:
            if not (self.chaining and self.open_double is None):
                self.marked[seat] = True  # Good Sam: a player who cannot play puts a marker on their train
            if not self._end_if_blocked():
                self._next_turn()
            return
        _, tile, train = move
        self.hands[seat].remove(tile)
        self.trains[train].append(tile)
        # Laid with the matching number against the train's end; the other number is the new end.
        self.ends[train] = tile.high if tile.low == self.ends[train] else tile.low
        if train == seat:
            self.marked[seat] = False  # Good Sam: playing on one's own train takes the marker off
        if self.open_double == train:
            self.open_double = None  # the double is satisfied
        double = tile.low == tile.high
        if double:
            self.open_double = train
        self.drew = False
        if self._end_if_out() or self._end_if_blocked():
            return
        if double:
            return  # Good Sam: the player of a double plays again to satisfy it
        if train == seat and self.rules.options.first_turn_chain and not self.played_first_turn[seat]:
            self.chaining = True
            return
        self._next_turn()

    def forfeit(self) -> None:
        """The tournaments' rule for a faulty bot (docs/tournaments.md): out of the round, its train open, and
        it scores its hand and the boneyard as they are now."""
        seat = self.turn
        self.out[seat] = True
        self.marked[seat] = True
        self.penalty[seat] = self._points_of(self.boneyard)
        self.chaining = False
        if all(self.out):
            self.over, self.ending = True, EVERY_SEAT_FORFEITED
            return
        if not self._end_if_blocked():
            self._next_turn()

    def _next_turn(self) -> None:
        self.played_first_turn[self.turn] = True
        self.chaining = False
        self.drew = False
        n = self.rules.players
        turn = (self.turn + 1) % n
        while self.out[turn]:
            turn = (turn + 1) % n
        self.turn = turn

    # ----- the end and the score -----

    def _end_if_out(self) -> bool:
        # the sheets: the round ends when a player plays their last tile. The option out_on_double says whether a
        # last tile that is a double ends it at once or only once the double is satisfied.
        if self.open_double is not None and not self.rules.options.out_on_double:
            return False
        n = self.rules.players
        for i in range(n):
            seat = (self.turn + i) % n
            if not self.hands[seat]:
                self.over, self.out_seat, self.ending = True, seat, OUT
                return True
        return False

    def _end_if_blocked(self) -> bool:
        # mexicantrain.com, htuse: the round also ends when no one can play and the boneyard is empty. A seat
        # that cannot play passes and opens its train, so "can play" is against every train's end (or the open
        # double's, which must be satisfied first), for every seat still in the round.
        if self.boneyard:
            return False
        ends = {self.ends[self.open_double]} if self.open_double is not None else set(self.ends)
        for seat, hand in enumerate(self.hands):
            if not self.out[seat] and any(t.low in ends or t.high in ends for t in hand):
                return False
        self.over, self.ending = True, BLOCKED
        return True

    def _points_of(self, tiles: list[Tile]) -> int:
        # htfbw.com: the dots left in hand; the option double_blank gives [0|0] a value (a house rule's 50).
        return sum(t.low + t.high for t in tiles) + (self.rules.options.double_blank if Tile(0, 0) in tiles else 0)

    def points(self) -> list[int]:
        return [self._points_of(h) + p for h, p in zip(self.hands, self.penalty, strict=True)]
