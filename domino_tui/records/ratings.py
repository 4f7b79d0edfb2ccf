"""Your rating against each opponent, with its uncertainty: openskill's Weng-Lin rating (Plackett-Luce), worked
out from the record's games in the order you played them.

For each variant and opponent (a bot level, or a pair of them) the model holds two beliefs, yours and the
opponent's, both starting at mu 25, sigma 8.33, and every game moves them: a win moves you up and the opponent
down, each by as much as its uncertainty allows, and narrows both sigmas. So the rating says how strong you are
measured against that opponent's play, and ``conservative`` (mu - 3 sigma) how strong you are at least, with 99.7%
confidence. Unlike a bot's (which the tournament's league rates with no drift), a person's skill changes: the
model keeps openskill's defaults, whose small drift before each game lets the rating follow you as you improve.

Nothing is stored: the ratings are a function of the games, so they are the same wherever they are shown (the
statistics screen, ``domino-tui stats``) and never out of step with the record.
"""

from __future__ import annotations

from collections.abc import Iterable
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
    opponent_mu: float  # the opponent's rating, measured by the same games

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> str:
        """``27.1 ± 2.4`` (mu and sigma), as the statistics show it."""
        return f"{self.mu:.1f} ± {self.sigma:.1f}"


def ratings(records: Iterable[GameRecord]) -> list[Rating]:
    """One rating per variant and opponent you have finished a game against, sorted as the statistics' table."""
    model = PlackettLuce()
    beliefs: dict[tuple[str, str], tuple[PlackettLuceRating, PlackettLuceRating, int]] = {}
    for r in records:
        ranks = _RANKS.get(r.result)
        if ranks is None:
            continue  # a game without a result rates nothing
        key = (r.variant, r.opponent)
        you, them, games = beliefs.get(key) or (model.rating(), model.rating(), 0)
        [[you], [them]] = model.rate([[you], [them]], ranks=ranks)
        beliefs[key] = (you, them, games + 1)
    return [
        Rating(variant, opponent, you.mu, you.sigma, games, them.mu)
        for (variant, opponent), (you, them, games) in sorted(beliefs.items())
    ]
