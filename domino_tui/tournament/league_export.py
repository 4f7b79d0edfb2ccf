"""A league's table as CSV or JSON.

The table never holds the league's seed: the deals of the rounds still to come are drawn from it. A CSV cell of
text that a spreadsheet would take for a formula (an entry named ``=HYPERLINK(...)``) gets a leading apostrophe,
which makes it text (spreadsheet.py, as in the tournament's table).
"""

from __future__ import annotations

import csv
import io
import json
import os

from .league import League, LeagueStanding
from .spreadsheet import cell

CSV_FIELDS = ["rank", "entry", "rating", "mu", "sigma", "matches", "games", "won", "tied", "lost", "points", "byes"]


RANKED_BY = {
    "points": "conservative rating: mu - 3 sigma of a fit of all the games' points (mu: points a game above average)",
    "openskill": "conservative rating: mu - 3 sigma of openskill's ratings",
}


def _row(s: LeagueStanding) -> dict:
    return {
        "rank": s.rank,
        "entry": s.name,
        "rating": round(s.rating.conservative, 3),
        "mu": round(s.rating.mu, 3),
        "sigma": round(s.rating.sigma, 3),
        "matches": s.matches,
        "games": s.games,
        "won": s.won,
        "tied": s.tied,
        "lost": s.lost,
        "points": s.points,
        "byes": s.byes,
    }


def to_csv(league: League) -> str:
    """One row per entry, best first. Only the entry's name is text; every other cell is a number. Lines end in
    CR LF (RFC 4180), so that a name holding a carriage return is quoted like one holding a newline."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\r\n")
    writer.writeheader()
    for s in league.standings():
        writer.writerow({**_row(s), "entry": cell(s.name)})
    return out.getvalue()


def to_json(league: League) -> dict:
    st = league.settings
    return {
        "variant": st.variant,
        "games_per_match": st.games,
        "entries_per_side": st.per_side,
        "rating_model": st.model.to_json(),
        "rounds": league.rounds,
        "games": league.games,
        "ranked_by": RANKED_BY[st.ranking],
        "table": [{**_row(s), "spec": s.spec} for s in league.standings()],
    }


def write_table(league: League, path: str) -> None:
    """The table as ``.csv`` or ``.json``, chosen by the file's extension."""
    ext = os.path.splitext(path)[1].lower()
    if ext not in (".csv", ".json"):
        raise ValueError(f"{path}: the file name must end in .csv or .json")
    text = to_csv(league) if ext == ".csv" else json.dumps(to_json(league), indent=2) + "\n"
    with open(path, "w", encoding="utf-8", newline="") as fh:
        fh.write(text)
