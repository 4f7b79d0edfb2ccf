"""Ratings of the people with accounts on a room server, per variant: openskill's Weng-Lin rating (Plackett-Luce)
with its defaults, as the record of games rates a person (records/ratings.py: a person's skill changes, so the
model's small drift before each match lets a rating follow it), shown as the leaderboards of the project show one:
``mu - 3 sigma`` (a skill the person has with 99.7% confidence), with the number of matches rated.

A match is rated when it ends, if every person's seat at it is held by an account, no account holds two, and the
accounts sit on at least two sides: bots' seats neither count nor are rated (a side of bots alone drops out, and
the others keep their order). The sides are the match's own: partners together in the partnership games, each
seat for itself elsewhere; their order is the match's places (the winner first, then by the match's scores: in
Mexican Train the fewest pips first; a match tied on games won is a tie).

The update is one transaction of the store (storage.GroupCommits.rate_match): the accounts' ratings read (locked
against another process's update), moved, written back, with the mark that the room's match is rated. The room's
host rates a match right after the move that ends it is stored and announced, before it lets anything else change
the room; a server that stops in between rates it when it resumes the room (still over: nothing but its creator's
restart moves it on), and the mark makes the second try a no-op. A match is rated at most once, and never lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.places import places_of
from .room import Room, SeatKind, Status

# A statement run in the rating's transaction (SQLite's ``?``): its rows and how many rows it changed.
Execute = Callable[[str, tuple[object, ...]], tuple[list[tuple[object, ...]], int]]

CAUTION = 3.0  # how many sigmas the shown rating stays below mu (tournament/ratings.py's)
DEFAULT_LIMIT = 20  # rows a leaderboard holds unless asked for more (protocol.MAX_LIMIT at most)


@dataclass(frozen=True, slots=True)
class Row:
    name: str
    rating: float  # mu - 3 sigma, to one decimal
    games: int

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "rating": self.rating, "games": self.games}


def shown(mu: float, sigma: float) -> float:
    return round(mu - CAUTION * sigma, 1)


def rated_sides(room: Room) -> tuple[list[list[str]], list[int]] | None:
    """The accounts' keys on each side of the match just over and each side's place (0 the best), or None when
    the match is not rated: not over, a person's seat held by a guest, an account on two seats, or fewer than
    two sides with an account."""
    match = room.match
    if room.status is not Status.OVER or match is None:
        return None
    people = [i for i, seat in enumerate(room.seats) if seat.kind is SeatKind.PERSON]
    accounts = [room.seats[i].account for i in people]
    if any(key is None for key in accounts) or len(set(accounts)) != len(accounts):
        return None
    rules = room.kind.rules
    result = match.result()
    scores = [int(s) for s in result["scores"]]  # type: ignore[attr-defined]  # the match's list of ints
    winners = result.get("winners")
    if not isinstance(winners, list):
        winners = [] if result.get("winner") is None else [result["winner"]]
    by_score = places_of(scores, rules.lowest_wins)
    # The winners first (a match of a number of games is won on games won, not points), then by the scores; a
    # match that ends with no winner (a tie on games won) is a tie for every side.
    places = (
        [0 if side in winners else 1 + place for side, place in enumerate(by_score)] if winners else [0] * len(by_score)
    )
    sides: dict[int, list[str]] = {}
    for seat in people:
        sides.setdefault(rules.team_of(seat), []).append(str(room.seats[seat].account))
    if len(sides) < 2:
        return None
    teams = sorted(sides)
    return [sides[team] for team in teams], [places[team] for team in teams]


def rate(
    execute: Execute, code: str, match: int, variant: str, sides: Sequence[Sequence[str]], ranks: Sequence[int]
) -> bool:
    """The rating's transaction (storage.GroupCommits.rate_now): False, changing nothing, when the match was
    rated already."""
    from openskill.models import PlackettLuce

    _, marked = execute("INSERT INTO rated VALUES (?, ?) ON CONFLICT (code, match) DO NOTHING", (code, match))
    if marked != 1:
        return False
    model = PlackettLuce()
    keys = [key for side in sides for key in side]
    marks = ", ".join("?" * len(keys))
    rows, _ = execute(f"SELECT count(*) FROM accounts WHERE key IN ({marks})", tuple(keys))
    if rows[0][0] != len(keys):
        return False  # an account removed while it sat at the table: its seat is nobody's to rate
    for key in keys:  # a first rating starts at the model's prior; then every key has a row to lock
        execute(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, 0) ON CONFLICT (key, variant) DO NOTHING",
            (key, variant, model.mu, model.sigma),
        )
    known: dict[str, tuple[float, float, int]] = {}
    for key in keys:
        rows, _ = execute(
            "SELECT mu, sigma, games FROM ratings WHERE key = ? AND variant = ? FOR UPDATE", (key, variant)
        )
        mu, sigma, games = rows[0]
        known[key] = (float(mu), float(sigma), int(games))  # type: ignore[arg-type, call-overload]  # the database's numbers
    teams = [[model.rating(mu=known[key][0], sigma=known[key][1]) for key in side] for side in sides]
    moved = model.rate(teams, ranks=[float(r) for r in ranks])
    for side, team in zip(sides, moved, strict=True):
        for key, belief in zip(side, team, strict=True):
            execute(
                "UPDATE ratings SET mu = ?, sigma = ?, games = ? WHERE key = ? AND variant = ?",
                (belief.mu, belief.sigma, known[key][2] + 1, key, variant),
            )
    return True


LEADERBOARD = (
    "SELECT accounts.name, ratings.mu, ratings.sigma, ratings.games FROM ratings "
    "JOIN accounts ON accounts.key = ratings.key WHERE ratings.variant = ? "
    f"ORDER BY ratings.mu - {CAUTION} * ratings.sigma DESC, ratings.key LIMIT ?"
)


# One account's ratings in every variant it has played rated matches of (its key: accounts.account_key).
OF_ACCOUNT = (
    "SELECT ratings.variant, ratings.mu, ratings.sigma, ratings.games FROM ratings "
    "WHERE ratings.key = ? ORDER BY ratings.variant"
)


def account_rows(rows: list[tuple[object, ...]]) -> list[dict[str, object]]:
    """The rows of `OF_ACCOUNT` as they are sent: variant, rating shown, games."""
    return [
        {"variant": str(variant), "rating": shown(float(mu), float(sigma)), "games": int(games)}  # type: ignore[arg-type, call-overload]  # the database's values
        for variant, mu, sigma, games in rows
    ]


def leaderboard_rows(rows: list[tuple[object, ...]]) -> list[Row]:
    """The rows of `LEADERBOARD` as they are sent: name, rating shown, games."""
    return [Row(str(name), shown(float(mu), float(sigma)), int(games)) for name, mu, sigma, games in rows]  # type: ignore[arg-type, call-overload]  # the database's values
