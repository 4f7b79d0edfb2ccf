"""A league match played here, in this process: for bots of our own code (the built-in ones, by name), never for
an entry's untrusted code.

A match is a number of games on deals drawn from its seed. Each deal is played once per side, the sides moving
round the table's teams (two sides: each deal twice with the sides swapping seats), so that neither side gets the
better hands. Everything about a game comes from (seed, game): the same seed plays the same match.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from ..ai import Bot
from ..bot_registry import BOTS, make_bot
from ..engine import GameState, get_rules, observe
from .outcome import MatchOutcome
from .ratings import Ranks

BotMaker = Callable[[random.Random], Bot]


class LocalMatches:
    """``play_match(sides, seed)`` for a league: each side a sequence of entries, an entry a bot's name, or in a
    partnership variant a pair of names (``greedy+dummy``; a single name is two of it) when it plays a side alone.

    ``bots`` names the bots that may play (each made from its game's ``random.Random``); by default the built-in
    ones."""

    def __init__(self, variant: str, games: int, bots: Mapping[str, BotMaker] | None = None) -> None:
        if games < 1:
            raise ValueError(f"a match needs at least one game, not {games}")
        self.rules = get_rules(variant)
        self.games = games
        self.bots: Mapping[str, BotMaker] = bots if bots is not None else {name: _builtin(name) for name in BOTS}

    def check(self, spec: str, seats: int) -> None:
        """Refuse an entry that could not take ``seats`` seats, with a message saying why."""
        names = spec.split("+")
        for name in names:
            if name not in self.bots:
                raise ValueError(f"unknown bot {name!r}; the bots here: {', '.join(self.bots)}")
        if len(names) not in (1, seats):
            raise ValueError(f"{spec!r}: an entry here plays {seats} seat(s): give one bot, or {seats} joined by '+'")

    def __call__(self, sides: Sequence[Sequence[str]], seed: int) -> MatchOutcome:
        rules = self.rules
        if len(sides) != len(rules.teams):
            raise ValueError(f"{rules.name} is played by {len(rules.teams)} sides, not {len(sides)}")
        team_bots = [self._seat_bots(side) for side in sides]
        count = len(sides)
        results: Counter[Ranks] = Counter()
        points = [0] * count
        for game in range(self.games):
            deal, turn = divmod(game, count)
            team_of_side = [(j + turn) % count for j in range(count)]
            names = [""] * rules.players
            for j, team in enumerate(team_of_side):
                for seat, name in zip(rules.teams[team], team_bots[j], strict=True):
                    names[seat] = name
            deal_seed = f"domino-tui league/{seed}/{deal}"
            opening = rules.first_opening(rules, random.Random(f"{deal_seed}/lead"))
            state = GameState.new(rules, random.Random(deal_seed), opening)
            players = [
                self.bots[name](random.Random(f"domino-tui league/{seed}/{game}/seat{seat}"))
                for seat, name in enumerate(names)
            ]
            while not state.over:
                seat = state.turn
                state.apply(players[seat].choose(observe(state, seat)))
            winner = state.result.winner  # type: ignore[union-attr]  # the game is over
            results[tuple(0 if winner in (None, team) else 1 for team in team_of_side)] += 1
            team_points = state.team_points()
            for j, team in enumerate(team_of_side):
                points[j] += team_points[team]
        return MatchOutcome.of(results, points)

    def _seat_bots(self, side: Sequence[str]) -> list[str]:
        """The bot of each of a team's seats, in seat order: the side's entries share the seats evenly."""
        seats = len(self.rules.teams[0]) // len(side)
        bots = []
        for spec in side:
            self.check(spec, seats)
            names = spec.split("+")
            bots += names * seats if len(names) == 1 else names
        return bots


def _builtin(name: str) -> BotMaker:
    return lambda rng: make_bot(name, rng)
