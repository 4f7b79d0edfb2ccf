"""Tournaments: bots against bots over many games in parallel, ranked, exported; a CLI and a Python API.

from domino_tui.tournament import run_match, run_tournament
m = run_match("partnership9", "greedy", "dummy", games=1000, seed=1, jobs=2)
m.wins, m.ties, m.win_rate, m.interval
"""

from .api import EntryError, MatchResult, Settings, Standing, TournamentResult, run_match, run_tournament
from .export import to_csv, to_json

__all__ = [
    "EntryError",
    "MatchResult",
    "Settings",
    "Standing",
    "TournamentResult",
    "run_match",
    "run_tournament",
    "to_csv",
    "to_json",
]
