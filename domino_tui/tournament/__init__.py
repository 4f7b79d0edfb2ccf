"""Tournaments: bots against bots over many games in parallel, ranked, exported; a CLI and a Python API.
Leagues: many entries in Swiss rounds, ranked by ratings with uncertainty.

from domino_tui.tournament import run_match, run_tournament
m = run_match("partnership9", "greedy", "dummy", games=1000, seed=1, jobs=2)
m.wins, m.ties, m.win_rate, m.interval

The names are imported on first use: a bot host (pyhost.py) lives in this package and must not hold the referee's
modules (the schedule, the runner), so importing the package imports nothing else.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .api import (
        EntryError,
        MatchResult,
        Settings,
        Standing,
        TournamentResult,
        resume_tournament,
        run_match,
        run_tournament,
    )
    from .export import to_csv, to_json
    from .league import League
    from .local_match import LocalMatches
    from .outcome import MatchOutcome
    from .ratings import RatingModel, Ratings

_WHERE = {
    "EntryError": "api",
    "League": "league",
    "LocalMatches": "local_match",
    "MatchOutcome": "outcome",
    "RatingModel": "ratings",
    "Ratings": "ratings",
    "MatchResult": "api",
    "Settings": "api",
    "Standing": "api",
    "TournamentResult": "api",
    "run_match": "api",
    "run_tournament": "api",
    "resume_tournament": "api",
    "to_csv": "export",
    "to_json": "export",
}

__all__ = [
    "EntryError",
    "League",
    "LocalMatches",
    "MatchOutcome",
    "MatchResult",
    "RatingModel",
    "Ratings",
    "Settings",
    "Standing",
    "TournamentResult",
    "resume_tournament",
    "run_match",
    "run_tournament",
    "to_csv",
    "to_json",
]


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)
