"""One sitting at a train game's table (Mexican Train), with no UI: the match of rounds, the bots in the other
seats, and what the table says about trains and moves.

The table (screens/train_table.py) asks this class only; every rule is the engine's (engine/train_state.py).
Seat 0 is you; every other seat is a bot with its own random.Random derived from the match seed, so that a seed
replays the deals and every bot's choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..ai import Bot
from ..engine import DRAW, PASS, IllegalMoveError, Kind, Move, Tile, TrainMatch, TrainPlay, TrainRules
from ..engine.train_observation import observe_match, oriented
from ..engine.train_state import TrainRoundState
from .opponents import seat_bots
from .settings import Settings, rules_of
from .train_layout import TrainRow

HUMAN = 0
# The seats go by names rather than numbers, so that "Ben's train" and "train 3" are not mixed up.
NAMES = ("You", "Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus")
MEXICAN_KEY = "m"


class TrainSession:
    def __init__(self, settings: Settings, seed: int, bots: dict[int, Bot] | None = None) -> None:
        rules = rules_of(settings)
        assert isinstance(rules, TrainRules)
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
        return f"Round {self.round_index + 1} of {self.rules.rounds}"

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

    # ----- the trains -----

    def train_key_of(self, train: int) -> str:
        """The key that chooses ``train``: its owner's seat number from 1, ``m`` for the Mexican train."""
        return MEXICAN_KEY if train == self.rules.mexican else str(train + 1)

    def train_key(self, seat: int) -> str:
        return self.train_key_of(seat)

    def train_by_key(self, key: str) -> int | None:
        if key == MEXICAN_KEY:
            return self.rules.mexican
        if key.isdigit() and 1 <= int(key) <= self.players:
            return int(key) - 1
        return None

    def train_name(self, train: int) -> str:
        if train == self.rules.mexican:
            return "the Mexican train"
        return "your train" if train == self.viewer else f"{self.name(train)}'s train"

    def rows(self) -> list[TrainRow]:
        r = self.round
        rows = []
        sizes = r.hand_sizes()
        for x in range(self.rules.trains):
            owner = r.train_owner(x)
            rows.append(
                TrainRow(
                    self.train_key_of(x),
                    "Mexican" if owner is None else self.name(owner),
                    None if owner is None else sizes[owner],
                    r.marked(x),
                    oriented(r.train(x), r.engine),
                    r.train_end(x),
                    acting=owner is not None and owner == r.turn and not r.over,
                    double=r.open_double == x,
                )
            )
        return rows

    def newest(self) -> tuple[int, int] | None:
        """(train, tile index) of the last tile played this round."""
        for ev in reversed(self.round.history):
            if ev.kind is Kind.PLAY and ev.train is not None:
                return ev.train, len(self.round.train(ev.train)) - 1
        return None

    # ----- your moves -----

    def legal(self) -> list[Move]:
        return self.round.legal_moves() if not self.round.over else []

    def trains_for(self, tile: Tile) -> list[int]:
        """The trains ``tile`` may go on now (none when it is not your turn)."""
        if not self.human_to_act:
            return []
        return [m.train for m in self.legal() if isinstance(m, TrainPlay) and m.tile == tile]

    def playable_indices(self) -> list[int]:
        fits = {m.tile for m in self.legal() if isinstance(m, TrainPlay)}
        return [i for i, t in enumerate(self.hand(self.viewer)) if t in fits]

    def where_you_may_play(self) -> str:
        """The numbers a tile must show now, train by train, in words."""
        r = self.round
        if r.open_double is not None:
            x = r.open_double
            return f"the double on {self.train_name(x)} must be covered first (a tile with {r.train_end(x)})"
        open_to_you = [x for x in range(self.rules.trains) if x == self.viewer or r.marked(x)]
        return ", ".join(f"{self.train_name(x)} needs {r.train_end(x)}" for x in open_to_you)

    def nothing_fits(self) -> str:
        """What to do when no tile fits, or ""."""
        legal = self.legal()
        if any(isinstance(m, TrainPlay) for m in legal):
            return ""
        if DRAW in legal:
            return "No tile fits: press d to draw."
        if PASS in legal:
            return "No tile fits: press p to pass (your train opens to everyone)."
        return ""

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
            return _sentence(str(exc))
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
        out = []
        for ev in self.round.history:
            who = self.name(ev.seat)
            if ev.kind is Kind.PLAY:
                assert ev.train is not None
                out.append(f"{who}: {ev.tile} on {self._train_words(ev.train, ev.seat)}")
            elif ev.kind is Kind.DRAW:
                out.append(f"{who}: draws")
            else:
                out.append(f"{who}: passes" + (", train open" if ev.marked else ""))
        return out

    def _train_words(self, train: int, seat: int) -> str:
        if train == self.rules.mexican:
            return "the Mexican train"
        if train == seat:
            return "your own train" if seat == HUMAN else "own train"
        return f"{self.name(train)}'s train"

    def round_points(self) -> tuple[int, ...]:
        return self.round.points()

    def totals(self) -> tuple[int, ...]:
        """Each seat's total: the finished rounds, and the round in play once it is over."""
        return self.match.totals

    def sheet(self) -> list[tuple[int, int, tuple[int | None, ...]]]:
        """(round number, engine, points per seat or None while in play) for every round dealt so far."""
        out = []
        for i, r in enumerate(self.match.rounds):
            points: tuple[int | None, ...] = r.points() if r.over else (None,) * self.players
            out.append((i + 1, r.engine, points))
        return out

    def score_text(self) -> str:
        totals = self.totals()
        parts = " · ".join(f"{self.short_name(s)} {t}" for s, t in enumerate(totals))
        return f"{self.round_title()} · {parts} (lowest wins)"

    def result_text(self) -> str:
        r = self.round
        if not r.over:
            return ""
        out = r.out_seat
        points = r.points()
        if out is not None:
            verb = "go" if out == HUMAN else "goes"
            how = f"{self.name(out)} {verb} out"
        else:
            how = "Nobody can play and the boneyard is empty"
        low = min(points)
        best = [self.name(s) for s, p in enumerate(points) if p == low]
        return f"{self.round_title()}: {how}; lowest this round: {', '.join(best)} ({low})."

    def match_text(self) -> str:
        if not self.match.over:
            return ""
        winners = self.match.winners
        totals = self.match.totals
        names = " and ".join(self.name(s) for s in winners)
        verb = "win" if len(winners) > 1 or winners[0] == HUMAN else "wins"
        return f"{names} {verb} the match with {totals[winners[0]]} points, the lowest total."


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."
