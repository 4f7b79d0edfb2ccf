"""One sitting at a train game's table (Mexican Train), with no UI: the match of rounds, the bots in the other
seats, and your seat's view of the round.

The table (screens/train_table.py) asks this class, and says what it sees in the words of train_words.py from
your seat's observation, as the table online does; every rule is the engine's (engine/train_state.py).
Seat 0 is you; every other seat is a bot with its own random.Random derived from the match seed, so that a seed
replays the deals and every bot's choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..ai import Bot
from ..engine import DRAW, PASS, IllegalMoveError, Move, Tile, TrainMatch, TrainObservation, TrainPlay, TrainRules
from ..engine.train_observation import observe_match
from ..engine.train_state import TrainRoundState
from .opponents import seat_bots
from .sentence import sentence
from .settings import Settings, rules_of
from .train_layout import TrainRow
from .train_words import (
    describe,
    match_end_text,
    newest,
    nothing_fits,
    playable,
    round_end_text,
    round_title,
    totals_text,
    train_key,
    train_rows,
    trains_for,
)

HUMAN = 0
# The seats go by names rather than numbers, so that "Ben's train" and "train 3" are not mixed up.
NAMES = ("You", "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus")


class TrainSession:
    def __init__(
        self, settings: Settings, seed: int, bots: dict[int, Bot] | None = None, rules: TrainRules | None = None
    ) -> None:
        """A match of the train game ``settings`` name, under its default ``rules`` unless others are given (a
        save's own, begun under other defaults)."""
        if rules is None:
            chosen = rules_of(settings)
            assert isinstance(chosen, TrainRules)
            rules = chosen
        self.settings = settings
        self.seed = seed
        self.rules: TrainRules = rules
        self.match = TrainMatch(rules, random.Random(seed))
        self.viewer = HUMAN
        self.people = (HUMAN,)
        self.bots: dict[int, Bot] = bots or seat_bots(
            {seat: self.opponent_name(seat) for seat in range(1, rules.players)}, seed
        )
        # The coach's use, per round (the record keeps it beside each game): none at the train table yet.
        self.hints: dict[int, int] = {}
        self.undos: dict[int, int] = {}

    # ----- who sits where -----

    def opponent_name(self, seat: int) -> str:
        return self.settings.opponent(seat)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hot_seat(self) -> bool:
        return False

    def name(self, seat: int) -> str:
        return NAMES[seat]

    def short_name(self, seat: int) -> str:
        return NAMES[seat]

    # ----- the round in play -----

    @property
    def round(self) -> TrainRoundState:
        return self.match.round

    @property
    def round_index(self) -> int:
        return len(self.match.rounds) - 1

    @property
    def game_index(self) -> int:
        return self.round_index

    def round_title(self) -> str:
        return round_title(self.round_index + 1, self.rules.rounds)

    @property
    def hub(self) -> int:
        return self.round.engine

    @property
    def turn(self) -> int:
        return self.round.turn

    @property
    def round_over(self) -> bool:
        return self.round.over

    @property
    def match_over(self) -> bool:
        return self.match.over

    @property
    def human_to_act(self) -> bool:
        return not self.round.over and self.round.turn in self.people

    @property
    def moves_made(self) -> int:
        return len(self.round.history)

    @property
    def boneyard(self) -> int:
        return self.round.boneyard_size

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self.round.hand(seat)

    def next_round(self) -> None:
        self.match.next_round()

    # ----- the trains, in words and rows (train_words.py, as at the table online) -----

    def observation(self) -> TrainObservation:
        """What your seat may see of the round: all the table's words and rows come from it."""
        return observe_match(self.match, self.viewer)

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[: self.players]

    def train_key_of(self, train: int) -> str:
        """The key that chooses ``train``: its owner's seat number from 1, ``m`` for the Mexican train."""
        return train_key(self.rules, train)

    def rows(self) -> list[TrainRow]:
        return train_rows(self.observation(), self.names, not self.round.over)

    def newest(self) -> tuple[int, int] | None:
        """(train, tile index) of the last tile played this round."""
        return newest(self.observation())

    # ----- your moves -----

    def legal(self) -> list[Move]:
        return self.round.legal_moves() if not self.round.over else []

    def trains_for(self, tile: Tile) -> list[int]:
        """The trains ``tile`` may go on now (none when it is not your turn)."""
        return trains_for(self.observation(), tile)

    def playable_indices(self) -> list[int]:
        return playable(self.observation())

    def nothing_fits(self) -> str:
        """What to do when no tile fits, or ""."""
        return nothing_fits(self.observation())

    def only_draw_or_pass(self) -> Move | None:
        legal = self.legal()
        return legal[0] if len(legal) == 1 and not isinstance(legal[0], TrainPlay) else None

    @staticmethod
    def play_move(tile: Tile, train: int) -> Move:
        return TrainPlay(tile, train)

    @staticmethod
    def draw_move() -> Move:
        return DRAW

    @staticmethod
    def pass_move() -> Move:
        return PASS

    def apply(self, move: object) -> str:
        """Make your move; "" when made, else what is wrong with it (and nothing changes)."""
        if not isinstance(move, Move):
            return "That is no move."
        try:
            self.round.apply(move)
        except IllegalMoveError as exc:
            return sentence(str(exc))
        return ""

    # ----- the bots -----

    def bot_call(self, seat: int) -> Callable[[], Move]:
        """What the worker thread runs for ``seat``'s bot: its choice on its observation, built here (the bot
        never sees the round)."""
        bot = self.bots[seat]
        obs = observe_match(self.match, seat)
        return lambda: bot.choose_train(obs)

    def apply_bot(self, move: object) -> bool:
        """A bot's move; a bot that failed or chose an illegal move gets its first legal move made for it (the
        round goes on). False when that happened."""
        if isinstance(move, Move) and self.round.is_legal(move):
            self.round.apply(move)
            return True
        legal = self.legal()
        self.round.apply(next((m for m in legal if not isinstance(m, TrainPlay)), legal[0]))
        return False

    # ----- words -----

    def events(self) -> list[str]:
        """The round's history in words, one line an event (the move log)."""
        return [describe(ev, self.rules, self.names, self.viewer) for ev in self.round.history]

    def round_points(self) -> tuple[int, ...]:
        return self.round.points()

    def totals(self) -> tuple[int, ...]:
        """Each seat's total: the finished rounds, and the round in play once it is over."""
        return self.match.totals

    def score_text(self) -> str:
        return f"{self.round_title()} · {totals_text(self.totals(), self.names)}"

    def result_text(self) -> str:
        r = self.round
        if not r.over:
            return ""
        return round_end_text(self.round_index + 1, self.rules.rounds, r.out_seat, r.points(), self.names, self.viewer)

    def match_text(self) -> str:
        if not self.match.over:
            return ""
        return match_end_text(self.match.winners, self.match.totals, self.names, self.viewer)
