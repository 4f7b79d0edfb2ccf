"""Your rating against each opponent, with its uncertainty: openskill's Weng-Lin rating (Plackett-Luce), worked
out from the record's games in the order you played them.

For each variant and opponent (a bot level, or a pair of them) the model holds two beliefs, yours and the
opponent's, both starting at mu 25, sigma 8.33, and every game moves them: a win moves you up and the opponent
down, each by as much as its uncertainty allows, and narrows both sigmas. So the rating says how strong you are
measured against that opponent's play, and ``conservative`` (mu - 3 sigma) how strong you are at least, with 99.7%
confidence. Unlike a bot's (which the tournament's league rates with no drift), a person's skill changes: the
model keeps openskill's defaults, whose small drift before each game lets the rating follow you as you improve.

A game among more than two sides (Mexican Train, Fives and Threes for three or four) is rated as the ranking it
is: every seat's place goes to openskill at once, so finishing second of four moves you up against the two
behind you and down against the one ahead. Your rating "against" such a table is kept under the set of bot
levels that sat at it ("Hard", or "Easy/Hard" when the levels differ), as for a team of bots in the line games
(online: "people" when a person sat at it, a person's seat then counting as the level "people"); within it each
level holds a belief of its own, and seats of the same level share it (it takes the mean of their updates), so two
Hard bots are one opponent's play measured twice.

Nothing is stored: the ratings are a function of the games, so they are the same wherever they are shown (the
statistics screen, ``domino-tui stats``) and never out of step with the record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from .store import GameRecord

# Each game's order of the two sides (you, the opponent), by its result.
_RANKS = {"won": [0.0, 1.0], "lost": [1.0, 0.0], "drawn": [0.0, 0.0]}


@dataclass(frozen=True, slots=True)
class Rating:
    variant: str
    opponent: str
    mu: float
    sigma: float
    games: int  # rated games (won, lost or drawn)
    opponent_mu: float  # the opponent's rating by the same games (its levels' mean at a table of several)

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> str:
        """``27.1 ± 2.4`` (mu and sigma), as the statistics show it."""
        return f"{self.mu:.1f} ± {self.sigma:.1f}"


def result_of(places: Sequence[int], mine: int) -> str:
    """Your result among several sides: won alone first, drawn when sharing first, else lost."""
    if places[mine]:
        return "lost"
    return "drawn" if sum(p == 0 for p in places) > 1 else "won"


def ratings(records: Iterable[GameRecord]) -> list[Rating]:
    """One rating per variant and opponent you have finished a game against, sorted as the statistics' table."""
    model = PlackettLuce()
    # Per variant and opponent: your belief, each level's belief (one level: the opponent itself), games rated.
    beliefs: dict[tuple[str, str], tuple[PlackettLuceRating, dict[str, PlackettLuceRating], int]] = {}
    for r in records:
        if r.places:  # a ranking of several seats; seat 0 is you
            levels, ranks = list(r.seats[1:]), [float(p) for p in r.places]
        elif r.result in _RANKS:
            levels, ranks = [r.opponent], _RANKS[r.result]
        else:
            continue  # a game without a result rates nothing
        key = (r.variant, r.opponent)
        you, known, games = beliefs.get(key) or (model.rating(), {}, 0)
        before = {level: known.get(level) or model.rating() for level in levels}
        teams = [[you], *([before[level]] for level in levels)]
        [[you], *after] = model.rate(teams, ranks=ranks)
        updates: dict[str, list[PlackettLuceRating]] = {}
        for level, [new] in zip(levels, after, strict=True):
            updates.setdefault(level, []).append(new)
        for level, news in updates.items():
            mu = sum(n.mu for n in news) / len(news)
            sigma = sum(n.sigma for n in news) / len(news)
            known[level] = model.rating(mu=mu, sigma=sigma)
        beliefs[key] = (you, known, games + 1)
    return [
        Rating(variant, opponent, you.mu, you.sigma, games, sum(t.mu for t in known.values()) / len(known))
        for (variant, opponent), (you, known, games) in sorted(beliefs.items())
    ]
