"""One sitting at the table, with no UI: the match, the bots in the other seats, and what to say about moves.

Seat 0 is a person; so is every seat the settings give to a person at this keyboard (hot seat). Each bot gets
its own random.Random derived from the match seed, so a seed replays the deals and every bot's choice.
"""

from __future__ import annotations

import random

from ..ai import Bot
from ..engine import Event, GameState, Kind, Match, Move, Observation, Reason, Rules, observe
from .move_words import describe, last_action
from .opponents import PERSON, seat_bots
from .settings import Settings, line_rules_of

HUMAN = 0
TWO_NAMES = ("You", "Computer")
FOUR_NAMES = ("You", "West", "Partner", "East")
# Three or four each for himself (Fives and Threes): the others by where they sit.
EACH_FOR_HIMSELF_NAMES = {3: ("You", "West", "East"), 4: ("You", "West", "North", "East")}
# At one keyboard "you" is everyone in turn: the seats go by the compass.
HOT_SEAT_NAMES = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}


def seat_names(rules: Rules) -> tuple[str, ...]:
    """What the table calls each seat, seat 0 being you."""
    if rules.players == 2:
        return TWO_NAMES
    return FOUR_NAMES if rules.partnership else EACH_FOR_HIMSELF_NAMES[rules.players]


def rewound(game: GameState, plies: int) -> GameState:
    """``game`` as it was after its first ``plies`` moves, rebuilt from its deal (a forced move of the engine,
    like the opening double, counts as one)."""
    return game.rewound(plies)


def pick_seed(seed: int | None) -> int:
    """A seed picked at the edge, so that a game without a chosen seed can still be replayed."""
    return seed if seed is not None else random.SystemRandom().randrange(1 << 31)


class Session:
    def __init__(self, settings: Settings, seed: int, bots: dict[int, Bot] | None = None) -> None:
        self.settings = settings
        self.seed = seed
        self.rules = line_rules_of(settings)
        target, games = settings.match_length()
        self.match = Match(self.rules, random.Random(seed), target=target, games=games)
        players = self.rules.players
        # What the coach was asked for in each game of the match (by game number from 0), for the record.
        self.hints: dict[int, int] = {}
        self.undos: dict[int, int] = {}
        # The seats played at this keyboard: seat 0 and any the settings give to a person.
        self.people = (HUMAN, *(seat for seat in range(1, players) if self.opponent_name(seat) == PERSON))
        self.bots: dict[int, Bot] = bots or seat_bots(
            {seat: self.opponent_name(seat) for seat in range(1, players) if seat not in self.people}, seed
        )

    def opponent_name(self, seat: int) -> str:
        """The level or bot the settings put in ``seat`` (1 and up)."""
        return self.settings.opponent(seat)

    @property
    def game(self) -> GameState:
        return self.match.game

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hot_seat(self) -> bool:
        """Several people take turns at this keyboard."""
        return len(self.people) > 1

    def name(self, seat: int) -> str:
        if self.hot_seat:
            return HOT_SEAT_NAMES[self.players][seat]
        return seat_names(self.rules)[seat]

    def team_name(self, team: int) -> str:
        if self.rules.partnership:
            return f"{self.name(team)} & {self.name(team + 2)}"
        return self.name(team)

    @property
    def human_to_act(self) -> bool:
        """A person at this keyboard is to act."""
        return not self.game.over and self.game.turn in self.people

    def observation(self, seat: int) -> Observation:
        return observe(self.game, seat, tuple(self.match.scores_before(len(self.match.games) - 1)), self.match.target)

    def scores(self) -> tuple[int, ...]:
        """Match score per team including points earned so far in the game in play."""
        before = self.match.scores_before(len(self.match.games) - 1)
        return tuple(a + b for a, b in zip(before, self.game.team_points(), strict=True))

    @property
    def multi_game(self) -> bool:
        return self.match.target is not None or (self.match.max_games or 1) > 1

    def goal(self) -> str:
        if self.match.target is not None:
            return f"to {self.match.target}"
        if (self.match.max_games or 1) > 1:
            return f"game {len(self.match.games)} of {self.match.max_games}"
        return ""

    def apply(self, move: Move) -> None:
        self.game.apply(move)

    # ----- the coach -----

    @property
    def game_index(self) -> int:
        return len(self.match.games) - 1

    def note_hint(self) -> None:
        self.hints[self.game_index] = self.hints.get(self.game_index, 0) + 1

    def undo_point(self) -> int | None:
        """How many moves of this game stay after an undo: up to your previous decision (a turn of yours with
        more than one legal move, before the present one). None when there is nothing to undo; always None at
        one keyboard, where taking a move back would show the hand before it to whoever holds the keyboard."""
        if not self.settings.undo or self.game.over or self.hot_seat:
            return None
        point = None
        for state, _ in self.game.replay():
            if state.turn == HUMAN and len(state.legal_moves()) > 1:
                point = len(state.moves)
        return point

    def undo(self) -> bool:
        """Back to your previous decision: the game is dealt again and replayed without its last moves, so the
        state is exactly the one you saw then. False when there is nothing to undo (or undo is off)."""
        point = self.undo_point()
        if point is None:
            return False
        self.match.games[-1] = rewound(self.game, point)
        self.undos[self.game_index] = self.undos.get(self.game_index, 0) + 1
        return True

    def last_play(self) -> Event | None:
        for ev in reversed(self.game.history):
            if ev.kind is Kind.PLAY:
                return ev
        return None

    def last_action(self, seat: int) -> str:
        """``seat``'s latest turn in words: "passed", "drew 2", "[6|3] on the right +15", "led [6|6]"."""
        return last_action(self.game.history, seat)

    def plural(self, team: int) -> bool:
        """Whether ``team``'s name takes a plural verb ("You win", "West & East win", "Computer wins")."""
        return (team == HUMAN and not self.hot_seat) or self.rules.partnership

    def describe(self, ev: Event) -> str:
        return describe(ev, [self.name(seat) for seat in range(self.players)])

    @property
    def part(self) -> str:
        """What one game of the match is called: a hand of a match to a target, else a game."""
        return "hand" if self.match.target is not None else "game"

    def result_text(self, game: GameState | None = None) -> str:
        """How the game (or hand) ended and who won it; with `match_text` after it, one story."""
        g = game or self.game
        res = g.result
        if res is None:
            return ""
        if res.reason is Reason.OUT:
            how = f"{self.name(res.out_seat)} went out"  # type: ignore[arg-type]  # a game won by going out names who went out
        elif res.reason is Reason.STALEMATE:
            how = "The line is locked (eight of a number at both ends)"
        else:
            how = f"The {self.part} is blocked"
        if self.rules.fives:
            # Where plays score, who went out may have earned the less in the hand (in Fives and Threes going out
            # is worth 1 point): say what each side earned, not who "won".
            earned = ", ".join(f"{self.team_name(t)} {p}" for t, p in enumerate(g.team_points()))
            return f"{how}. This {self.part}: {earned}."
        if res.winner is None:
            outcome = "a draw" if self.rules.single_game else "a tie"
            return f"{how}: {outcome}."
        points = g.team_points()[res.winner]
        worth = f", {points} points" if self.rules.wins_by_points else ""
        return f"{how}: {self.team_name(res.winner)} {self.verb(res.winner)} the {self.part}{worth}."

    def match_text(self) -> str:
        """Who won the match, and by what: points in a match to a target, else games."""
        m = self.match
        if not m.over:
            return ""
        tally = m.scores if m.target is not None else m.wins
        if m.winner is None:
            return f"The match is tied, {tally[0]} {self.part}s each." if m.target is None else "The match is tied."
        loser = 1 - m.winner
        margin = f"{tally[m.winner]} to {tally[loser]}"
        if m.target is None:
            margin = f"{tally[m.winner]} games to {tally[loser]}"
        return f"{self.team_name(m.winner)} {self.verb(m.winner)} the match, {margin}."

    def verb(self, team: int) -> str:
        return "win" if self.plural(team) else "wins"
