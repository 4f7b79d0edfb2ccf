"""Writing a tournament's results to a file: JSON or CSV, chosen by the file's extension."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

from ..stored_file import write_atomically
from .api import TournamentResult
from .faults import Fault
from .free_for_all import TableStanding
from .ranking import MatchResult, Standing
from .spreadsheet import cell


def match_json(m: MatchResult) -> dict:
    interval = m.interval
    return {
        "first": m.first,
        "second": m.second,
        "games": m.games,
        "wins": list(m.wins),
        "ties": m.ties,
        "points": list(m.points),
        "winner": None if m.winner is None else (m.first, m.second)[m.winner],
        "first_win_rate": m.win_rate,
        "first_win_rate_ci95": None if interval is None else list(interval),
        "forfeits": [m.faults[0], m.faults[1]],
        "fault_detail": list(m.notes),
        "abandoned": m.abandoned,
    }


def standing_json(s: Standing) -> dict:
    return {
        "rank": s.rank,
        "entry": s.name,
        "matches": {"won": s.matches_won, "drawn": s.matches_drawn, "lost": s.matches_lost},
        "games": {"won": s.games_won, "tied": s.games_tied, "lost": s.games_lost},
        "points": {"for": s.points_for, "against": s.points_against},
        "forfeits": s.faults,
    }


def table_standing_json(s: TableStanding) -> dict:
    return {
        "rank": s.rank,
        "entry": s.name,
        "points": s.points,
        "points_per_round": round(s.per_round, 3),
        "rounds": {"won": s.won, "tied": s.tied, "lost": s.lost},
        "forfeits": s.faults,
    }


def to_json(result: TournamentResult) -> dict:
    if result.tally is not None:
        return {
            "settings": result.settings.to_json(),
            "ranked_by": result.ranked_by,
            "ranking": [table_standing_json(s) for s in result.table],
            "run": {"seconds": round(result.seconds, 3), "rounds": result.games, "abandoned": result.tally.abandoned},
            "sandbox": result.sandbox,
        }
    return {
        "settings": result.settings.to_json(),
        "ranked_by": result.ranked_by,
        "ranking": [standing_json(s) for s in result.ranking],
        "matches": [match_json(m) for m in result.matches],
        "run": {"seconds": round(result.seconds, 3), "games": result.games},
        "sandbox": result.sandbox,
    }


CSV_FIELDS = (
    ["variant", "games_per_match", "seed", "move_limit_seconds", "first", "second", "games"]
    + ["first_wins", "second_wins", "ties", "first_points", "second_points", "winner"]
    + ["first_win_rate", "ci95_low", "ci95_high", "abandoned"]
    + [f"{side}_{f.value}" for side in ("first", "second") for f in Fault]
    + ["first_fault_detail", "second_fault_detail", "sandbox"]
)


def sandbox_text(sandbox: dict[str, str] | None) -> str:
    return "" if sandbox is None else "; ".join(f"{k}: {v}" for k, v in sandbox.items())


TABLE_FIELDS = [
    *("variant", "rounds", "seed", "move_limit_seconds", "rank", "entry", "points", "points_per_round"),
    *("rounds_won", "rounds_tied", "rounds_lost"),
    *(f.value for f in Fault),
    "sandbox",
]


def table_csv(result: TournamentResult) -> str:
    """One row per entry of a free-for-all table, best first, the settings repeated on each row."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=TABLE_FIELDS, lineterminator="\n")
    writer.writeheader()
    st = result.settings
    for s in result.table:
        row: dict[str, object] = {
            "variant": st.variant,
            "rounds": st.games,
            "seed": st.seed,
            "move_limit_seconds": st.move_limit,
            "rank": s.rank,
            "entry": s.name,
            "points": s.points,
            "points_per_round": f"{s.per_round:.3f}",
            "rounds_won": s.won,
            "rounds_tied": s.tied,
            "rounds_lost": s.lost,
            "sandbox": sandbox_text(result.sandbox),
        }
        for f in Fault:
            row[f.value] = s.faults.get(f.value, 0)
        writer.writerow({k: cell(v) for k, v in row.items()})
    return out.getvalue()


def to_csv(result: TournamentResult) -> str:
    """One row per match, the settings repeated on each row so that any row stands on its own."""
    if result.tally is not None:
        return table_csv(result)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    st = result.settings
    for m in result.matches:
        interval = m.interval
        row: dict[str, object] = {
            "variant": st.variant,
            "games_per_match": st.games,
            "seed": st.seed,
            "move_limit_seconds": st.move_limit,
            "first": m.first,
            "second": m.second,
            "games": m.games,
            "first_wins": m.wins[0],
            "second_wins": m.wins[1],
            "ties": m.ties,
            "first_points": m.points[0],
            "second_points": m.points[1],
            "winner": "" if m.winner is None else (m.first, m.second)[m.winner],
            "first_win_rate": "" if m.win_rate is None else f"{m.win_rate:.6f}",
            "ci95_low": "" if interval is None else f"{interval[0]:.6f}",
            "ci95_high": "" if interval is None else f"{interval[1]:.6f}",
            "abandoned": m.abandoned,
        }
        for side, faults in zip(("first", "second"), m.faults, strict=True):
            for f in Fault:
                row[f"{side}_{f.value}"] = faults.get(f.value, 0)
        row["first_fault_detail"], row["second_fault_detail"] = m.notes
        row["sandbox"] = sandbox_text(result.sandbox)
        writer.writerow({k: cell(v) for k, v in row.items()})
    return out.getvalue()


def check_out_path(path: str) -> None:
    """Refuse an --out the tournament could not write, before spending minutes on the games."""
    ext = os.path.splitext(path)[1].lower()
    if ext not in (".json", ".csv", ".jsonl"):
        raise ValueError(f"--out {path}: the file name must end in .json, .csv or .jsonl")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise ValueError(f"--out {path}: no such folder {folder}")


def write(result: TournamentResult, path: str) -> None:
    """The results as .json or .csv (a .jsonl out is the journal, already written as the matches finished)."""
    check_out_path(path)
    if path.lower().endswith(".jsonl"):
        return
    as_json = path.lower().endswith(".json")
    text = json.dumps(to_json(result), indent=2) + "\n" if as_json else to_csv(result)
    write_atomically(Path(path).absolute(), text)  # a full disk leaves the last results whole
