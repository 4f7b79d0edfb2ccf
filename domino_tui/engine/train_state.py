"""A round of Mexican Train in progress (`TrainRoundState`) and a match of rounds with its score sheet
(`TrainMatch`): the recorders around the train kernel (train_core.TrainRound).

The kernel decides everything the rules decide; these keep what people see and save: the hands in the order their
tiles arrived, the trains, the public history, and JSON that replays to an equal state (a save is the deal and the
moves, so it can never hold an impossible position).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from .checks import check_deal, check_rng, check_seat
from .core import DRAW_MOVE, NOBODY, PASS_MOVE
from .errors import ArgumentError, GameOverError, IllegalMoveError, SaveFormatError, shown
from .moves import Kind, Move
from .places import places_of
from .saves import reading, replay_saved, saved_header, saved_list, saved_tiles
from .tiles import Tile, is_whole_number
from .train_core import ROUND_OUT, TrainRound, deal_round, mask_of
from .train_moves import TrainEvent, TrainPlay, train_code_of, train_move_from_json, train_move_of
from .train_rules import PASS_COUNT_EDITION, RULES_EDITION, EngineSearch, TrainOptions, TrainRules
from .variants import get_train_rules

# A save's version is the edition of the rules it was played under (train_rules.py); every edition still reads.
SAVE_VERSION = RULES_EDITION


class TrainRoundState:
    """One round: hands, trains with owner and marker, the open double, the boneyard, the history."""

    def __init__(
        self,
        rules: TrainRules,
        round_index: int,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        first_seat: int,
    ) -> None:
        """Start round ``round_index`` (0 to rules.rounds - 1; its engine is the double max_pip - round_index) from
        a given deal; ``boneyard`` is drawn from its end. Use `TrainRoundState.new` for a random deal."""
        if not isinstance(rules, TrainRules):
            raise ArgumentError(f"not train rules: {shown(rules)}")
        if not (is_whole_number(round_index) and 0 <= round_index < rules.rounds):
            raise ArgumentError(f"no round {shown(round_index)}: rounds are 0 to {rules.rounds - 1}")
        check_seat(first_seat, rules.players)
        check_deal(hands, boneyard)
        if len(hands) != rules.players:
            raise ArgumentError(f"{len(hands)} hands for {rules.players} players")
        ts = rules.tiles
        for tiles in (*hands, boneyard):
            for t in tiles:
                if t.__class__ is not Tile or t not in ts.index:
                    raise ArgumentError(f"not a tile of the double-{rules.max_pip} set: {shown(t)}")
        self._start(
            rules, round_index, [[ts.index[t] for t in h] for h in hands], [ts.index[t] for t in boneyard], first_seat
        )

    def _start(self, rules: TrainRules, round_index: int, hands: list[list[int]], rest: list[int], first: int) -> None:
        self.rules = rules
        self.ts = rules.tiles
        self.round_index = round_index
        self.engine = rules.engine_of(round_index)
        everything = [i for h in hands for i in h] + rest
        expected = set(range(self.ts.size))
        if rules.options.engine_search is EngineSearch.SET_ASIDE:
            expected.discard(self.ts.grid[self.engine][self.engine])
        if len(everything) != len(set(everything)) or set(everything) != expected:
            raise ArgumentError("the hands and the boneyard must hold every tile of the set once (but the engine)")
        self.deal = (tuple(tuple(h) for h in hands), tuple(rest), first)
        try:
            self.kernel = TrainRound(rules.kernel, self.engine, [mask_of(h) for h in hands], rest, first)
        except ValueError as exc:
            raise IllegalMoveError(str(exc)) from None
        self.hands = [list(h) for h in hands]
        self.history: list[TrainEvent] = []
        engine_tile = self.ts.grid[self.engine][self.engine]
        for seat in self.kernel.search_draws:
            self.hands[seat].append(rest[len(rest) - 1 - len(self.history)])
            self.history.append(TrainEvent(seat, Kind.DRAW))
        for h in self.hands:
            if engine_tile in h:
                h.remove(engine_tile)
        self.engine_seat: int | None = (
            None if rules.options.engine_search is EngineSearch.SET_ASIDE else self.kernel.turn
        )
        self.moves: list[Move] = []
        self.forfeits: list[int] = []  # for each forfeit, how many moves were made before it (for the save)

    @classmethod
    def new(cls, rules: TrainRules, round_index: int, rng: random.Random) -> TrainRoundState:
        """Shuffle with ``rng`` and deal round ``round_index``."""
        if not isinstance(rules, TrainRules):
            raise ArgumentError(f"not train rules: {shown(rules)}")
        check_rng(rng)
        _, hands, rest, first = deal_round(rules.kernel, round_index, rng)
        state = cls.__new__(cls)
        state._start(rules, round_index, hands, rest, first)
        return state

    # ----- reading -----

    @property
    def over(self) -> bool:
        return self.kernel.over

    @property
    def turn(self) -> int:
        return self.kernel.turn

    @property
    def players(self) -> int:
        return self.rules.players

    def hand(self, seat: int) -> tuple[Tile, ...]:
        check_seat(seat, self.players)
        return self.ts.tiles_at(self.hands[seat])

    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard's tiles, drawn from the end (hidden from every seat: only its size is public)."""
        return self.ts.tiles_at(self.kernel.boneyard)

    @property
    def boneyard_size(self) -> int:
        return len(self.kernel.boneyard)

    def train(self, index: int) -> tuple[Tile, ...]:
        """Train ``index``'s tiles from the hub out."""
        return self.ts.tiles_at(self.kernel.trains[index])

    def train_owner(self, index: int) -> int | None:
        """The seat that owns train ``index``; None for the Mexican train."""
        return None if index == self.rules.mexican else index

    def train_end(self, index: int) -> int:
        return self.kernel.ends[index]

    def marked(self, index: int) -> bool:
        """Train ``index`` is open to everybody (its owner's marker is out; the Mexican train always is)."""
        return self.kernel.marked[index]

    @property
    def open_double(self) -> int | None:
        """The train whose double must be satisfied before any other play, if any."""
        x = self.kernel.open_double
        return None if x == NOBODY else x

    @property
    def engine_draws(self) -> int:
        """How many of the history's first events are the seats' draws while nobody held the engine."""
        return len(self.kernel.search_draws)

    @property
    def on_first_run(self) -> bool:
        """The seat to act is on its first turn's run of tiles on its own train (first_turn_chain): a pass now
        stops the run and puts no marker out."""
        return self.kernel.stops_run()

    def legal_moves(self) -> list[Move]:
        return [train_move_of(code, self.ts) for code in self.kernel.legal()]

    def is_legal(self, move: Move) -> bool:
        try:
            return not self.over and train_code_of(move, self.ts) in self.kernel.legal()
        except (ArgumentError, KeyError):
            return False

    def points(self) -> tuple[int, ...]:
        """What each seat's hand scores now (its pips; [0|0] at the rules' value): the round's score once over."""
        return tuple(self.kernel.points())

    @property
    def out_seat(self) -> int | None:
        """The seat that emptied its hand, once the round is over that way."""
        k = self.kernel
        return k.out_seat if k.over and k.reason == ROUND_OUT else None

    # ----- moves -----

    def apply(self, move: Move) -> None:
        """Make a legal move; IllegalMoveError (state unchanged) otherwise, GameOverError after the end."""
        if self.over:
            raise GameOverError("the round is over")
        if not isinstance(move, Move):
            raise IllegalMoveError(f"not a move: {shown(move)}")
        try:
            code = train_code_of(move, self.ts)
        except (ArgumentError, KeyError):
            raise IllegalMoveError(f"{move} is not a move of the double-{self.rules.max_pip} train game") from None
        if code not in self.kernel.legal():
            raise IllegalMoveError(self._why_illegal(move))
        seat = self.turn
        stops_run = self.kernel.stops_run()
        drawn = self.kernel.apply(code)
        if code == DRAW_MOVE:
            self.hands[seat].append(drawn)
            self.history.append(TrainEvent(seat, Kind.DRAW))
        elif code == PASS_MOVE:
            self.history.append(TrainEvent(seat, Kind.PASS, marked=not stops_run))
        else:
            assert isinstance(move, TrainPlay)
            self.hands[seat].remove(self.ts.index[move.tile])
            self.history.append(TrainEvent(seat, Kind.PLAY, move.tile, move.train))
        self.moves.append(move)

    def forfeit(self) -> None:
        """The seat to act forfeits the round (a faulty bot in a tournament; the kernel's rule, train_core.py):
        it is out, its train opens to all, and it scores its hand and the boneyard's tiles as they are now."""
        if self.over:
            raise GameOverError("the round is over")
        seat = self.turn
        self.kernel.forfeit()
        self.history.append(TrainEvent(seat, Kind.PASS, marked=True, forfeit=True))
        self.forfeits.append(len(self.moves))

    def _why_illegal(self, move: Move) -> str:
        legal = self.kernel.legal()
        if isinstance(move, TrainPlay):
            if move.tile not in self.hand(self.turn):
                return f"{move.tile} is not in seat {self.turn}'s hand"
            if move.train > self.rules.mexican:
                return f"there is no train {move.train} (trains 0 to {self.rules.mexican})"
            if self.open_double is not None and move.train != self.open_double:
                return f"the double on train {self.open_double} must be satisfied first"
            if DRAW_MOVE in legal or (PASS_MOVE in legal and len(legal) == 1):
                return f"{move.tile} fits nowhere it may go"
            return f"{move} is not allowed: train {move.train} is closed to seat {self.turn} or shows another number"
        if DRAW_MOVE not in legal and move.kind is Kind.DRAW:
            return "you may draw only when no tile fits and you have not drawn this turn, from a boneyard with tiles"
        return "you may pass only when no tile fits and you cannot draw"

    def copy(self) -> TrainRoundState:
        other = TrainRoundState.__new__(TrainRoundState)
        other.__dict__.update(self.__dict__)
        other.kernel = self.kernel.copy()
        other.hands = [list(h) for h in self.hands]
        other.history = list(self.history)
        other.moves = list(self.moves)
        other.forfeits = list(self.forfeits)
        return other

    # ----- taking moves back -----

    def rewound(self, plies: int) -> TrainRoundState:
        """The round as it was after its first ``plies`` moves (and the forfeits before them), replayed from its
        deal."""
        state = TrainRoundState.__new__(TrainRoundState)
        hands, rest, first = self.deal
        state._start(self.rules, self.round_index, [list(h) for h in hands], list(rest), first)
        for number in range(min(plies, len(self.moves)) + 1):
            for _ in range(self.forfeits.count(number)):
                state.forfeit()
            if number < min(plies, len(self.moves)):
                state.apply(self.moves[number])
        return state

    def replay_moves(self) -> Iterator[tuple[TrainRoundState, Move]]:
        """The round again from its deal: each move with the position it was made in. The position is one
        TrainRoundState, moved on after each step: copy it to keep it."""
        state = self.rewound(0)
        for number, move in enumerate(self.moves):
            for _ in range(self.forfeits.count(number) if number else 0):  # rewound(0) made those before any move
                state.forfeit()
            yield state, move
            state.apply(move)

    # ----- saving -----

    def to_json(self) -> dict[str, object]:
        tiles = self.ts.tiles
        hands, rest, first = self.deal
        return {
            "version": SAVE_VERSION,
            "variant": self.rules.name,
            "players": self.players,
            "options": options_to_json(self.rules.options),
            "round": self.round_index,
            "first": first,
            "hands": [[tiles[i].to_json() for i in h] for h in hands],
            "boneyard": [tiles[i].to_json() for i in rest],
            "moves": [m.to_json() for m in self.moves],
            # Only a round with a forfeit has the key, so that every other save reads as before.
            **({"forfeits": list(self.forfeits)} if self.forfeits else {}),
        }

    @classmethod
    def from_json(cls, data: object) -> TrainRoundState:
        """Replay a save made by `to_json`; SaveFormatError saying what is wrong for anything else."""
        with reading("train round"):
            rules = saved_rules(data)
            assert isinstance(data, dict)  # saved_rules says so
            hands = saved_list(data["hands"], "the hands")
            state = cls(
                rules, data["round"], [saved_tiles(h) for h in hands], saved_tiles(data["boneyard"]), data["first"]
            )
            state.replay(data)
            return state

    def replay(self, data: dict[str, object]) -> None:
        """Make the moves and forfeits of a save of this round (its deal, checked by the caller) in order.

        A save of the first edition of the rules (version 1) ended a blocked round only once every seat had
        passed in a row: the passes after the position was blocked change nothing and are dropped. A round that
        edition ended while a seat could still play reads as the round in progress that it really is."""
        with reading("train round"):
            moves = saved_list(data["moves"], "the moves")
            forfeits = data.get("forfeits", [])
            if not (isinstance(forfeits, list) and all(f.__class__ is int for f in forfeits)):
                raise SaveFormatError(f"the forfeits are not a list of move counts: {shown(forfeits)}")
            if forfeits != sorted(forfeits) or any(not 0 <= f <= len(moves) for f in forfeits):
                raise SaveFormatError(f"the forfeits are not move counts in order: {shown(forfeits)}")
            idle_tail = data.get("version") == PASS_COUNT_EDITION
            replay_saved(self, moves, train_move_from_json, "round", forfeits, idle_tail)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TrainRoundState):
            return NotImplemented
        return self.rules == other.rules and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable and compared by value

    def __repr__(self) -> str:
        return f"<TrainRoundState round={self.round_index} turn={self.turn} over={self.over}>"


# What a saved match says it is (its JSON's "kind"), so that a reader of saves tells it from a line game.
MATCH_KIND = "mexican-train-match"


class TrainMatch:
    """A match: one round per double from the highest down, each dealt from ``rng``; the score sheet adds each
    round's points; the lowest total after the last round wins."""

    def __init__(self, rules: TrainRules, rng: random.Random) -> None:
        if not isinstance(rules, TrainRules):
            raise ArgumentError(f"not train rules: {shown(rules)}")
        self.rules = rules
        self.rng = check_rng(rng)
        self.rounds: list[TrainRoundState] = [TrainRoundState.new(rules, 0, rng)]

    @classmethod
    def from_seed(cls, rules: TrainRules, seed: int) -> TrainMatch:
        """A match that a seed replays whole: every deal comes from ``random.Random(seed)``."""
        return cls(rules, random.Random(seed))

    @property
    def round(self) -> TrainRoundState:
        """The round being played (or the last one, once the match is over)."""
        return self.rounds[-1]

    @property
    def sheet(self) -> list[tuple[int, ...]]:
        """The score sheet: each finished round's points per seat."""
        return [r.points() for r in self.rounds if r.over]

    @property
    def totals(self) -> tuple[int, ...]:
        totals = [0] * self.rules.players
        for row in self.sheet:
            for s, p in enumerate(row):
                totals[s] += p
        return tuple(totals)

    @property
    def over(self) -> bool:
        return len(self.rounds) == self.rules.rounds and self.round.over

    def next_round(self) -> TrainRoundState:
        """Deal the next round once the current one is over."""
        if not self.round.over:
            raise IllegalMoveError("the round is not over yet")
        if self.over:
            raise GameOverError("the match is over")
        self.rounds.append(TrainRoundState.new(self.rules, len(self.rounds), self.rng))
        return self.round

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the lowest total once the match is over (more than one when they tie)."""
        if not self.over:
            return ()
        return tuple(s for s, place in enumerate(places_of(self.totals, self.rules.lowest_wins)) if place == 0)

    def to_json(self) -> dict[str, object]:
        return {"version": SAVE_VERSION, "kind": MATCH_KIND, "rounds": [r.to_json() for r in self.rounds]}

    @classmethod
    def from_json(cls, data: object, rng: random.Random | None = None) -> TrainMatch:
        """Replay a match saved by `to_json`; the next rounds are dealt from ``rng`` (a fresh one if None)."""
        if not isinstance(data, dict) or data.get("kind") != MATCH_KIND:
            raise SaveFormatError("not a domino-tui Mexican Train match")
        raw = saved_header(data, SAVE_VERSION, "train match", oldest=PASS_COUNT_EDITION).get("rounds")
        if not isinstance(raw, list) or not raw:
            raise SaveFormatError(f"the rounds are not a list of rounds: {shown(raw)}")
        rounds = [TrainRoundState.from_json(r) for r in raw]
        rules = rounds[0].rules
        if len(rounds) > rules.rounds:
            raise SaveFormatError(f"{len(rounds)} rounds in a match of {rules.rounds}")
        for i, r in enumerate(rounds):
            if r.rules != rules or r.round_index != i:
                raise SaveFormatError(f"round {i + 1} does not follow the match's rules and order")
            if i < len(rounds) - 1 and not r.over:
                raise SaveFormatError(unfinished_round(i, raw[i]))
        match = cls.__new__(cls)
        match.rules = rules
        match.rng = rng if rng is not None else random.Random()
        match.rounds = rounds
        return match


def unfinished_round(index: int, saved: object) -> str:
    """Why a saved match whose round ``index`` (from 0) is not over but has a later round is refused."""
    if isinstance(saved, dict) and saved.get("version") == PASS_COUNT_EDITION:
        return (
            f"round {index + 1} was ended by an earlier version of domino-tui while a seat could still play (it "
            "judged a round blocked after every seat passed in a row): the scores of this match cannot be trusted"
        )
    return f"round {index + 1} is unfinished but a later round follows it"


def options_to_json(o: TrainOptions) -> dict[str, object]:
    return {
        "hand_sizes": list(o.hand_sizes),
        "engine_search": o.engine_search.name.lower(),
        "first_turn_chain": o.first_turn_chain,
        "double_blank": o.double_blank,
        "out_on_double": o.out_on_double,
    }


def saved_rules(data: object) -> TrainRules:
    """The rules a save of a round was played by, read in the words of its own edition (its version)."""
    with reading("train round"):
        header = saved_header(data, SAVE_VERSION, "train round", oldest=PASS_COUNT_EDITION)
        return rules_from_json(header, header["version"])


def rules_from_json(data: dict[str, object], edition: int = RULES_EDITION) -> TrainRules:
    """The rules a save of the rules' ``edition`` names: its variant, players and options, each checked."""
    try:
        variant = data["variant"]
        if not isinstance(variant, str):
            raise SaveFormatError(f"the variant is not a name: {shown(variant)}")
        base = get_train_rules(variant)
        players = data["players"]
        if not is_whole_number(players):
            raise SaveFormatError(f"the number of players is not a whole number: {shown(players)}")
        raw = data["options"]
        if not isinstance(raw, dict) or set(raw) != set(options_to_json(base.options)):
            raise SaveFormatError(f"the options are not the train game's: {shown(raw)}")
        sizes = raw["hand_sizes"]
        search = raw["engine_search"]
        searches = {e.name.lower(): e for e in EngineSearch}
        if edition == PASS_COUNT_EDITION:  # its "drawn" stopped at the first seat to draw the engine
            searches["drawn"] = EngineSearch.DRAWN_UNTIL_FOUND
        if not isinstance(sizes, list) or not isinstance(search, str) or search not in searches:
            raise SaveFormatError(f"the options are damaged: {shown(raw)}")
        for flag in ("first_turn_chain", "out_on_double"):
            if raw[flag].__class__ is not bool:
                raise SaveFormatError(f"{flag} is true or false, not {shown(raw[flag])}")
        options = TrainOptions(
            tuple(sizes), searches[search], raw["first_turn_chain"], raw["double_blank"], raw["out_on_double"]
        )
        return TrainRules(base.name, base.title, base.summary, base.max_pip, players, options)
    except ArgumentError as exc:
        raise SaveFormatError(f"the train round's rules are damaged: {exc}") from None
