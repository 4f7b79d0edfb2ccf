"""Mexican Train's matches (`TrainMatch`: rounds, the lowest total winning). A table's "game" is a round, and a
table may be made for fewer rounds than the rules' thirteen (``games``), the lowest total after the last one
winning."""

from __future__ import annotations

import json
import random
import re

from ..engine import (
    Move,
    SaveFormatError,
    TrainMatch,
    TrainObservation,
    TrainRules,
    observe_match,
    places_of,
    train_observation_from_json,
    train_observation_to_json,
)
from ..engine.errors import shown
from ..engine.tiles import is_whole_number
from ..engine.train_moves import train_move_from_json
from ..engine.train_state import options_to_json
from .played import GameChoiceError, Json, MatchKind, PlayedMatch, hands_json

# Marks in an observation's encoded text where each seat's own goes (`TrainPlayedMatch.observation_text`).
_MARKS = {key: f"\0{key}" for key in ("seat", "hand", "legal")}
_compact = json.JSONEncoder(separators=(",", ":")).encode  # as the protocol encodes its messages


class TrainKind(MatchKind):
    trains = True

    def __init__(self, rules: TrainRules) -> None:
        self.rules: TrainRules = rules

    def length(self, target: int | None, games: int | None) -> tuple[int | None, int | None]:
        rounds = self.rules.rounds
        if target is not None:
            raise GameChoiceError(f"{self.rules.title} is played for rounds, not to a target")
        if games is not None and not 1 <= games <= rounds:
            raise GameChoiceError(f"{self.rules.title} is played for 1 to {rounds} rounds")
        return None, games or rounds

    def new_match(self, rng: random.Random, target: int | None, games: int | None) -> PlayedMatch:
        _, rounds = self.length(target, games)
        assert rounds is not None
        return TrainPlayedMatch(TrainMatch(self.rules, rng), rounds)

    def zero_scores(self) -> list[int]:
        return [0] * self.rules.players

    def write_move(self, move: Move) -> list[object]:
        return move.to_json()

    def read_observation(self, data: Json) -> TrainObservation:
        return train_observation_from_json(data, self.rules)

    def house(self) -> dict[str, object] | None:
        return options_to_json(self.rules.options)


class TrainPlayedMatch(PlayedMatch):
    def __init__(self, match: TrainMatch, rounds: int) -> None:
        self.match = match
        self.rounds = rounds  # the match ends after these many rounds (the rules' thirteen by default)
        # What every seat sees of the round as it stands (the trains, the history, the score sheet) as JSON text,
        # cut where each seat's own goes (its seat, hand and legal moves), and the round, moves and events it was
        # made at: encoded once a move, not once a seat (a move is observed by every seat of its room).
        self._shared_text: tuple[object, int, int, list[str]] = (None, -1, -1, [])

    @property
    def turn(self) -> int:
        return self.match.round.turn

    @property
    def game_over(self) -> bool:
        return self.match.round.over

    @property
    def over(self) -> bool:
        return self.match.over or (self.game_over and len(self.match.rounds) >= self.rounds)

    @property
    def game_number(self) -> int:
        return len(self.match.rounds)

    @property
    def scores(self) -> list[int]:
        return list(self.match.totals)

    def legal_moves(self) -> list[Move]:
        state = self.match.round
        return [] if state.over else state.legal_moves()

    def read_move(self, raw: object) -> Move:
        return train_move_from_json(raw)

    def write_move(self, move: Move) -> list[object]:
        return move.to_json()

    def check(self, move: Move) -> None:
        state = self.match.round
        if not state.is_legal(move):
            state.copy().apply(move)  # raises the engine's words for why not

    def apply(self, move: Move) -> None:
        self.match.round.apply(move)

    def next_game(self) -> None:
        self.match.next_round()

    def undo_point(self, seat: int) -> int | None:
        state = self.match.round
        if state.over:
            return None
        point = None
        for before, _ in state.replay_moves():
            if before.turn == seat and len(before.legal_moves()) > 1:
                point = len(before.moves)
        return point

    def rewind(self, plies: int) -> None:
        state = self.match.round
        if state.over or not (is_whole_number(plies) and 0 <= plies < len(state.moves)):
            raise SaveFormatError(f"cannot take the round in play back to move {shown(plies)}")
        self.match.rounds[-1] = state.rewound(plies)

    def observe(self, seat: int) -> TrainObservation:
        return observe_match(self.match, seat)

    def observation(self, seat: int) -> Json:
        return train_observation_to_json(self.observe(seat))

    def observation_text(self, seat: int) -> str:
        state = self.match.round
        made_at, moves, events, pieces = self._shared_text
        if made_at is not state or moves != len(state.moves) or events != len(state.history):
            # Encoded with a mark where each seat's own goes, and cut there: the text is byte for byte the
            # observation's encoding, its keys in their order.
            marked = {**self.observation(seat), **_MARKS}
            pieces = re.split(r'"\\u0000(seat|hand|legal)"', _compact(marked))
            self._shared_text = (state, len(state.moves), len(state.history), pieces)
        legal = state.legal_moves() if seat == state.turn and not state.over else []
        own = {
            "seat": str(seat),
            "hand": _compact([t.to_json() for t in state.hand(seat)]),
            "legal": _compact([m.to_json() for m in legal]),
        }
        return "".join(own[piece] if n % 2 else piece for n, piece in enumerate(pieces))

    def public(self) -> Json:
        data = self.observation(0)
        data.update(seat=None, hand=[], legal=[], on_first_run=False)
        return data

    def result(self) -> Json:
        match = self.match
        state = match.round
        totals = list(match.totals)
        # A table may stop short of the match's rounds: its own end, not the match's, decides the winners.
        first = [s for s, place in enumerate(places_of(totals, match.rules.lowest_wins)) if place == 0]
        winners = first if self.over else []
        return {
            "result": {"points": list(state.points()), "out_seat": state.out_seat},
            "scores": totals,
            "match_over": self.over,
            "winner": winners[0] if len(winners) == 1 else None,
            "winners": winners,
            "hands": hands_json(state.hand(s) for s in range(state.players)),
        }

    def to_json(self) -> Json:
        return self.match.to_json()
