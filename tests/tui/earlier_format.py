"""Games saved in the app's earlier format (game.json: the settings, the match seed and every game's deal and
moves), written as that version wrote them, for the tests of their conversion into a room's log. The app no
longer writes this format; it reads it once (`tui.earlier_saves`)."""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path

from domino_tui.engine import Match, TrainMatch, TrainRules
from domino_tui.tui.earlier_saves import VERSION
from domino_tui.tui.opponents import PERSON
from domino_tui.tui.settings import Settings, line_rules_of, rules_of


@dataclass
class EarlierMatch:
    """A match as the earlier app kept it: dealt from ``seed`` as that version dealt it."""

    settings: Settings
    seed: int
    match: Match | TrainMatch
    hints: dict[int, int] = field(default_factory=dict)  # the coach's use per game, by game number from 0
    undos: dict[int, int] = field(default_factory=dict)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played at the keyboard: seat 0 and any the settings gave to a person."""
        players = rules_of(self.settings).players
        return (0, *(seat for seat in range(1, players) if self.settings.opponent(seat) == PERSON))

    @property
    def state(self):
        return self.match.round if isinstance(self.match, TrainMatch) else self.match.game

    def next_deal(self) -> None:
        self.match.next_round() if isinstance(self.match, TrainMatch) else self.match.next_game()

    def match_json(self) -> object:
        """The match as a room's `PlayedMatch.to_json` writes it."""
        if isinstance(self.match, TrainMatch):
            return self.match.to_json()
        return {"games": [g.to_json() for g in self.match.games]}

    def save(self) -> dict:
        """The save's document, as the earlier app wrote it."""
        settings = asdict(self.settings)
        settings["bots"] = list(self.settings.bots)
        games = self.match.rounds if isinstance(self.match, TrainMatch) else self.match.games
        return {
            "version": VERSION,
            "settings": settings,
            "seed": self.seed,
            "games": [g.to_json() for g in games],
            "coach": {"hints": self.hints, "undos": self.undos},
        }

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.save()), encoding="utf-8")


def dealt(settings: Settings, seed: int) -> EarlierMatch:
    """A new match of ``settings`` (fitted to its variant), dealt from ``seed`` as the earlier app dealt it."""
    rules = rules_of(settings)
    if isinstance(rules, TrainRules):
        return EarlierMatch(settings, seed, TrainMatch(rules, random.Random(seed)))
    target, games = settings.match_length()
    return EarlierMatch(settings, seed, Match(line_rules_of(settings), random.Random(seed), target=target, games=games))


def played(settings: Settings, seed: int, games: int, moves: int) -> EarlierMatch:
    """A match of ``settings`` with ``games`` games finished and ``moves`` random moves into the next."""
    earlier = dealt(settings, seed)
    rng = random.Random(seed)
    for _ in range(games):
        while not earlier.state.over:
            earlier.state.apply(rng.choice(earlier.state.legal_moves()))
        if earlier.match.over:
            return earlier
        earlier.next_deal()
    for _ in range(moves):
        if earlier.state.over:
            break
        earlier.state.apply(rng.choice(earlier.state.legal_moves()))
    return earlier
