"""Games strung into a match or series: running scores, who leads next, and when it is over."""

from __future__ import annotations

import random

from .checks import check_match_length, check_rng, check_rules
from .errors import GameOverError, IllegalMoveError
from .rules import Opening, Rules
from .state import GameState


class Match:
    """A match of ``rules``: first team to ``target`` at the end of a game (ahead of the other), or a fixed
    number of ``games``. All randomness (deals, a random first leader) comes from ``rng``."""

    def __init__(
        self,
        rules: Rules | str,
        rng: random.Random,
        target: int | None = None,
        games: int | None = None,
        opening: Opening | None = None,
    ) -> None:
        self.rules = check_rules(rules)
        self.rng = check_rng(rng)
        check_match_length(target, games)
        self.target = target if target is not None else (None if games else self.rules.target)
        self.max_games = games if games is not None else (None if self.target else self.rules.games)
        self.games: list[GameState] = [GameState.new(self.rules, rng, opening)]

    @property
    def game(self) -> GameState:
        return self.games[-1]

    def _finished(self) -> list[GameState]:
        return [g for g in self.games if g.over]

    @property
    def scores(self) -> list[int]:
        """Points per team over the finished games (worked out when read; reading changes nothing)."""
        return list(self.scores_before(len(self.games)))

    @property
    def wins(self) -> list[int]:
        wins = [0] * len(self.rules.teams)
        for g in self._finished():
            assert g.result is not None
            if g.result.winner is not None:
                wins[g.result.winner] += 1
        return wins

    @property
    def ties(self) -> int:
        return sum(1 for g in self._finished() if g.result is not None and g.result.winner is None)

    @property
    def over(self) -> bool:
        if not self.game.over:
            return False
        if self.target is not None:
            scores = self.scores
            top = max(scores)
            return top >= self.target and scores.count(top) == 1
        return self.max_games is not None and len(self.games) >= self.max_games

    @property
    def winner(self) -> int | None:
        """The winning team once the match is over (None for a tied fixed-length match)."""
        if not self.over:
            return None
        if self.target is not None:
            scores = self.scores
            return scores.index(max(scores))
        wins = self.wins
        if wins[0] == wins[1]:
            return None
        return 0 if wins[0] > wins[1] else 1

    def next_game(self) -> GameState:
        """Deal the next game, led as the variant says after the last one."""
        last = self.game
        if not last.over:
            raise IllegalMoveError("the current game has not finished, so the next cannot be dealt")
        if self.over:
            raise GameOverError("the match is over: there is no next game")
        assert last.result is not None
        opening = self.rules.next_opening(self.rules, last.result, last.opening, last.leader, len(self.games))
        self.games.append(GameState.new(self.rules, self.rng, opening))
        return self.game

    def scores_before(self, index: int) -> tuple[int, ...]:
        totals = [0] * len(self.rules.teams)
        for g in self.games[:index]:
            if not g.over:
                continue
            for team, pts in enumerate(g.team_points()):
                totals[team] += pts
        return tuple(totals)
