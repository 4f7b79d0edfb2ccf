"""Statistics over the record: games, wins and points per variant and opponent, streaks, and the review's
average loss per decision over time (how you improve). Plain data and plain text: the terminal's
``domino-tui stats``, its ``--csv`` and the statistics screen all show these same rows."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from dataclasses import astuple, dataclass, fields
from typing import TextIO

from .ratings import Rating, ratings
from .store import GameRecord


@dataclass(frozen=True, slots=True)
class Row:
    variant: str
    opponent: str
    games: int
    won: int
    lost: int
    drawn: int
    points_for: int
    points_against: int
    hints: int
    undos: int
    # Your rating against this opponent in this variant (ratings.py): openskill's mu and its uncertainty sigma.
    rating_mu: float = 25.0
    rating_sigma: float = 25 / 3

    @property
    def rating(self) -> str:
        return f"{self.rating_mu:.1f} ± {self.rating_sigma:.1f}"

    @property
    def win_share(self) -> str:
        return f"{100 * self.won / self.games:.0f}%" if self.games else "-"


@dataclass(frozen=True, slots=True)
class Streaks:
    current: str  # "won 3", "lost 1", or "" before any decided game
    longest_won: int


@dataclass(frozen=True, slots=True)
class Progress:
    """The review's average loss per decision over one day's reviewed games of one variant."""

    day: str
    variant: str
    decisions: int
    average_loss: float


def table(records: Iterable[GameRecord]) -> list[Row]:
    records = list(records)
    groups: dict[tuple[str, str], list[GameRecord]] = {}
    for r in records:
        groups.setdefault((r.variant, r.opponent), []).append(r)
    rated = {(x.variant, x.opponent): x for x in ratings(records)}
    return [
        Row(
            variant,
            opponent,
            len(rs),
            sum(r.result == "won" for r in rs),
            sum(r.result == "lost" for r in rs),
            sum(r.result == "drawn" for r in rs),
            sum(r.points_for for r in rs),
            sum(r.points_against for r in rs),
            sum(r.hints for r in rs),
            sum(r.undos for r in rs),
            *_rating(rated.get((variant, opponent))),
        )
        for (variant, opponent), rs in sorted(groups.items())
    ]


def _rating(found: Rating | None) -> tuple[float, float]:
    # As computed: rounded here and again when shown, 20.8496 would show as 20.9 beside its Rating's 20.8.
    return (25.0, 25 / 3) if found is None else (found.mu, found.sigma)


def streaks(records: Iterable[GameRecord]) -> Streaks:
    """Runs of wins or losses in the order played (a drawn game breaks a run)."""
    current_kind, current, longest = "", 0, 0
    for r in records:
        if r.result == current_kind:
            current += 1
        else:
            current_kind, current = r.result, 1
        if current_kind == "won":
            longest = max(longest, current)
    shown = f"{current_kind} {current}" if current_kind in ("won", "lost") else ""
    return Streaks(shown, longest)


def progress(records: Iterable[GameRecord]) -> list[Progress]:
    days: dict[tuple[str, str], tuple[int, float]] = {}
    for r in records:
        if not r.review_decisions or r.review_loss is None:
            continue
        key = (r.played_at[:10], r.variant)
        n, total = days.get(key, (0, 0.0))
        days[key] = (n + r.review_decisions, total + r.review_loss * r.review_decisions)
    return [Progress(day, variant, n, total / n) for (day, variant), (n, total) in sorted(days.items())]


def chance_lost(loss: float) -> str:
    """A review's loss per decision as every screen shows it: points of the chance of winning given away. The
    record keeps the expert's values (from -1, a sure loss, to 1, a sure win), so a point of chance is 1/50 of
    one, as the review and the hint count it."""
    return f"{loss * 50:.1f}% chance"


HEADERS = (
    *("variant", "opponent", "games", "won", "lost", "drawn", "won %", "rating"),
    *("points", "against", "hints", "undos"),
)
RATING_NOTE = (
    "Rating: your skill against that opponent, mu ± sigma (25 ± 8.3 at first);\n"
    "you are at least mu - 3 sigma with 99.7% confidence (openskill's Weng-Lin)."
)

# Shown beside the rating note when the record holds a game among several sides.
TABLE_NOTE = (
    "A table of several sides is rated by every seat's place, against the set of\n"
    "its bot levels (won: first alone; drawn: first shared; lost: behind someone)."
)


def notes(records: list[GameRecord]) -> str:
    """The rating's note, and the table's when some game had several sides."""
    return RATING_NOTE + ("\n" + TABLE_NOTE if any(r.places for r in records) else "")


def result_shown(record: GameRecord) -> str:
    """A game's result as the listing shows it: with your place among several sides ("lost, 2nd of 4")."""
    if not record.places:
        return record.result
    place = record.places[0] + 1
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{record.result}, {place}{suffix} of {len(record.places)}"


def cells(row: Row) -> tuple[str, ...]:
    return (
        row.variant,
        row.opponent,
        str(row.games),
        str(row.won),
        str(row.lost),
        str(row.drawn),
        row.win_share,
        row.rating,
        str(row.points_for),
        str(row.points_against),
        str(row.hints),
        str(row.undos),
    )


def render(records: list[GameRecord]) -> str:
    """The statistics as a plain text table, for the terminal."""
    if not records:
        return "No games recorded yet: finish a game at the table and it appears here.\n"
    rows = [HEADERS, *(cells(r) for r in table(records))]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADERS))]
    lines = [
        "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True)))
        for r in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    s = streaks(records)
    lines.append(notes(records))
    lines.append("")
    lines.append(f"Streak: {s.current or 'none'} · longest run of wins: {s.longest_won}")
    steps = progress(records)
    if steps:
        lines.append("")
        lines.append("Review, chance given away per decision (lower is better):")
        lines.extend(
            f"  {p.day}  {p.variant:<12} {chance_lost(p.average_loss):>12} over {p.decisions} decisions" for p in steps
        )
    return "\n".join(lines).rstrip() + "\n"


def write_csv(records: list[GameRecord], out: TextIO) -> None:
    """The per-variant-and-opponent table as CSV (one header row, one row per group)."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([f.name for f in fields(Row)])
    for row in table(records):
        writer.writerow(round(v, 3) if isinstance(v, float) else v for v in astuple(row))
