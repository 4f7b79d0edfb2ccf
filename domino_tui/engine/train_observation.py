"""What one seat may know of a Mexican Train round (`TrainObservation`), and its JSON for the bot protocol.

Hidden tiles are absent by construction: other hands appear only as counts, the boneyard as a size, and the
history names no drawn tile. The trains are public: every train's owner, marker and tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .checks import check_seat
from .errors import ArgumentError, SaveFormatError, shown
from .moves import Kind, Move
from .tiles import Tile, is_whole_number
from .train_moves import TrainEvent, train_move_from_json
from .train_rules import TrainRules

if TYPE_CHECKING:
    from .train_state import TrainMatch, TrainRoundState


@dataclass(frozen=True, slots=True)
class TrainView:
    """One train as everybody sees it: its owner (None for the Mexican train), whether it is open to all (the
    owner's marker is out, or it is the Mexican train), its tiles from the hub out, the number at its open end."""

    index: int
    owner: int | None
    marked: bool
    tiles: tuple[Tile, ...]
    end: int

    def oriented(self, engine: int) -> tuple[tuple[int, int], ...]:
        """The tiles as they lie, each (number towards the hub, number away from it), from the hub out."""
        return oriented(self.tiles, engine)


def oriented(tiles: Sequence[Tile], engine: int) -> tuple[tuple[int, int], ...]:
    """A train's ``tiles`` as they lie from a hub showing ``engine``: each (number towards the hub, number away)."""
    out = []
    showing = engine
    for t in tiles:
        far = t.other(showing)
        out.append((showing, far))
        showing = far
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TrainObservation:
    """A seat's view of a round of Mexican Train, built fresh for every decision."""

    rules: TrainRules
    seat: int
    round_index: int  # 0 for the first round (engine [12|12])
    engine: int  # the hub double's number
    engine_seat: int | None  # who laid the engine (None when it was set aside before the deal)
    turn: int
    hand: tuple[Tile, ...]
    trains: tuple[TrainView, ...]  # one per seat, then the Mexican train
    open_double: int | None  # the train whose double must be satisfied first
    boneyard_size: int
    hand_sizes: tuple[int, ...]
    history: tuple[TrainEvent, ...]
    legal: tuple[Move, ...]  # the seat's legal moves when it is to act, else empty
    round_scores: tuple[tuple[int, ...], ...] = ()  # the score sheet of the rounds finished before this one
    on_first_run: bool = False  # the seat to act is on a first turn's run: a pass stops it without a marker
    # How many of the history's first events are the draws of the engine's search (seen by all); None when a
    # client or a bot of an earlier version did not say.
    engine_draws: int | None = 0

    @property
    def mexican(self) -> int:
        return self.rules.mexican

    @property
    def own_train(self) -> TrainView:
        return self.trains[self.seat]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds."""
        return tuple(sum(row[s] for row in self.round_scores) for s in range(self.rules.players))


def observe_train(
    state: TrainRoundState, seat: int, round_scores: tuple[tuple[int, ...], ...] = ()
) -> TrainObservation:
    """Build ``seat``'s observation of the round ``state``; ArgumentError for a seat not at the table."""
    check_seat(seat, state.players)
    return TrainObservation(
        rules=state.rules,
        seat=seat,
        round_index=state.round_index,
        engine=state.engine,
        engine_seat=state.engine_seat,
        turn=state.turn,
        hand=state.hand(seat),
        trains=tuple(
            TrainView(x, state.train_owner(x), state.marked(x), state.train(x), state.train_end(x))
            for x in range(state.rules.trains)
        ),
        open_double=state.open_double,
        boneyard_size=state.boneyard_size,
        hand_sizes=state.hand_sizes(),
        history=tuple(state.history),
        legal=tuple(state.legal_moves()) if seat == state.turn and not state.over else (),
        round_scores=tuple(round_scores),
        on_first_run=state.on_first_run,
        engine_draws=state.engine_draws,
    )


def observe_match(match: TrainMatch, seat: int) -> TrainObservation:
    """``seat``'s observation of the match's current round, with the score sheet of the rounds before it."""
    sheet = match.sheet
    if match.round.over:
        sheet = sheet[:-1]
    return observe_train(match.round, seat, tuple(sheet))


# ----- JSON (the bot protocol's form) -----


def train_observation_to_json(obs: TrainObservation) -> dict[str, object]:
    return {
        "variant": obs.rules.name,
        "players": obs.rules.players,
        "seat": obs.seat,
        "round": obs.round_index,
        "engine": obs.engine,
        "engine_seat": obs.engine_seat,
        "turn": obs.turn,
        "hand": [t.to_json() for t in obs.hand],
        "trains": [
            {"owner": v.owner, "marked": v.marked, "tiles": [t.to_json() for t in v.tiles], "end": v.end}
            for v in obs.trains
        ],
        "open_double": obs.open_double,
        "boneyard": obs.boneyard_size,
        "hand_sizes": list(obs.hand_sizes),
        "history": [e.to_json() for e in obs.history],
        "legal": [m.to_json() for m in obs.legal],
        "round_scores": [list(row) for row in obs.round_scores],
        "on_first_run": obs.on_first_run,
        "engine_draws": obs.engine_draws,
    }


def train_observation_from_json(data: object, rules: TrainRules | None = None) -> TrainObservation:
    """An equal TrainObservation from `train_observation_to_json`'s JSON; SaveFormatError for anything else. The
    options are not in the JSON: they are ``rules``' (by default the variant's own for the number of players)."""
    from .variants import get_train_rules

    if not isinstance(data, dict):
        raise SaveFormatError(f"an observation is a JSON object, not {shown(data)}")
    try:
        r = _Reader(data)
        variant = data["variant"]
        players = r.count("players")
        if rules is None:
            rules = get_train_rules(variant, players)
        elif rules.name != variant or rules.players != players:
            raise SaveFormatError(f"an observation of {shown(variant)} for {players}, not of these rules")
        n = rules.players
        ts = rules.tiles
        seat = r.seat("seat", n)
        round_index = r.count("round")
        if round_index >= rules.rounds:
            raise SaveFormatError(f"no round {round_index} in a match of {rules.rounds}")
        engine = rules.engine_of(round_index)
        if data["engine"] != engine:
            raise SaveFormatError(f"round {round_index}'s engine is {engine}, not {shown(data['engine'])}")
        engine_seat = None if data["engine_seat"] is None else r.seat("engine_seat", n)
        turn = r.seat("turn", n)
        hand = tuple(r.tile(t, ts.index) for t in r.array("hand"))
        raw_trains = r.array("trains")
        if len(raw_trains) != rules.trains:
            raise SaveFormatError(f"{len(raw_trains)} trains, not {rules.trains}")
        trains = []
        seen = set(hand)
        for x, raw in enumerate(raw_trains):
            if not isinstance(raw, dict) or set(raw) != {"owner", "marked", "tiles", "end"}:
                raise SaveFormatError(f"train {x} is not an object with owner, marked, tiles and end")
            owner = None if x == rules.mexican else x
            if raw["owner"] != owner or raw["marked"].__class__ is not bool:
                raise SaveFormatError(f"train {x}'s owner or marker is wrong: {shown(raw)}")
            tiles = tuple(r.tile(t, ts.index) for t in r.array_of(raw["tiles"], f"train {x}'s tiles"))
            end = engine
            for t in tiles:
                if end not in t:
                    raise SaveFormatError(f"train {x}'s tiles do not match end to end: {t} after {end}")
                end = t.other(end)
            if raw["end"] != end:
                raise SaveFormatError(f"train {x} ends in {end}, not {shown(raw['end'])}")
            trains.append(TrainView(x, owner, raw["marked"], tiles, end))
            if seen & set(tiles) or len(set(tiles)) != len(tiles):
                raise SaveFormatError(f"a tile of train {x} is also elsewhere")
            seen |= set(tiles)
        if len(seen) != len(hand) + sum(len(v.tiles) for v in trains):
            raise SaveFormatError("a tile appears twice in the hand")
        open_double = data["open_double"]
        if open_double is not None:
            open_double = r.index(open_double, rules.trains, "open_double")
        hand_sizes = tuple(r.count_of(v, "a hand size") for v in r.array("hand_sizes"))
        if len(hand_sizes) != n or hand_sizes[seat] != len(hand):
            raise SaveFormatError(f"the hand sizes do not fit the table or seat {seat}'s hand: {shown(hand_sizes)}")
        history = tuple(r.event(e, n, ts.index) for e in r.array("history"))
        legal = tuple(r.move(m, ts.index) for m in r.array("legal"))
        scores = tuple(
            tuple(r.count_of(v, "a score") for v in r.array_of(row, "a round's scores"))
            for row in r.array("round_scores")
        )
        if any(len(row) != n for row in scores) or len(scores) > round_index:
            raise SaveFormatError("the score sheet does not fit the table and the round")
        on_first_run = data["on_first_run"]
        if on_first_run.__class__ is not bool:
            raise SaveFormatError(f"on_first_run is true or false, not {shown(on_first_run)}")
        engine_draws = data.get("engine_draws")  # absent from an earlier version's observations
        if engine_draws is not None:
            engine_draws = r.count("engine_draws")
            if engine_draws > len(history):
                raise SaveFormatError(f"{engine_draws} draws of the engine's search in a history of {len(history)}")
        return TrainObservation(
            rules=rules,
            seat=seat,
            round_index=round_index,
            engine=engine,
            engine_seat=engine_seat,
            turn=turn,
            hand=hand,
            trains=tuple(trains),
            open_double=open_double,
            boneyard_size=r.count("boneyard"),
            hand_sizes=hand_sizes,
            history=history,
            legal=legal,
            round_scores=scores,
            on_first_run=on_first_run,
            engine_draws=engine_draws,
        )
    except KeyError as exc:
        raise SaveFormatError(f"the observation has no {shown(exc.args[0])}") from None
    except ArgumentError as exc:
        raise SaveFormatError(f"the observation is damaged: {exc}") from None


class _Reader:
    def __init__(self, data: dict[str, object]) -> None:
        self.data = data

    @staticmethod
    def count_of(value: object, what: str) -> int:
        if not (is_whole_number(value) and 0 <= value <= 10_000):
            raise SaveFormatError(f"{what} is a whole number from 0, not {shown(value)}")
        return value

    def count(self, key: str) -> int:
        return self.count_of(self.data[key], key)

    @staticmethod
    def index(value: object, size: int, what: str) -> int:
        if not (is_whole_number(value) and 0 <= value < size):
            raise SaveFormatError(f"{what} is 0 to {size - 1}, not {shown(value)}")
        return value

    def seat(self, key: str, players: int) -> int:
        return self.index(self.data[key], players, key)

    @staticmethod
    def array_of(value: object, what: str) -> list[object]:
        if not isinstance(value, list):
            raise SaveFormatError(f"{what} is not a list: {shown(value)}")
        return value

    def array(self, key: str) -> list[object]:
        return self.array_of(self.data[key], key)

    @staticmethod
    def tile(raw: object, index: dict[Tile, int]) -> Tile:
        tile = Tile.from_json(raw)
        if tile not in index:
            raise SaveFormatError(f"{tile} is not a tile of the set")
        return tile

    def move(self, raw: object, index: dict[Tile, int]) -> Move:
        move = train_move_from_json(raw)
        if move.tile is not None and move.tile not in index:
            raise SaveFormatError(f"{move.tile} is not a tile of the set")
        return move

    def event(self, raw: object, players: int, index: dict[Tile, int]) -> TrainEvent:
        if not (isinstance(raw, list) and len(raw) >= 2 and raw[1] in ("play", "draw", "pass", "forfeit")):
            raise SaveFormatError(f"not an event: {shown(raw)}")
        seat = self.index(raw[0], players, "an event's seat")
        if raw[1] == "play" and len(raw) == 5:
            return TrainEvent(seat, Kind.PLAY, self.tile(raw[2:4], index), self.index(raw[4], players + 1, "a train"))
        if raw[1] == "pass" and len(raw) == 3 and raw[2].__class__ is bool:
            return TrainEvent(seat, Kind.PASS, marked=raw[2])
        if raw[1] == "draw" and len(raw) == 2:
            return TrainEvent(seat, Kind.DRAW)
        if raw[1] == "forfeit" and len(raw) == 2:
            return TrainEvent(seat, Kind.PASS, marked=True, forfeit=True)
        raise SaveFormatError(f"not an event: {shown(raw)}")
