"""A finished game of the table as a row of the record (headless: the app stores it, the tests check it)."""

from __future__ import annotations

from ..engine import GameResult, Rules
from ..records import GameRecord
from ..records.ratings import places_of, result_of
from .session import HUMAN, Session
from .train_session import TrainSession


def record_of(session: Session, index: int) -> GameRecord:
    """Game ``index`` (from 0) of ``session``'s match, seen from your side, with the coach's use."""
    game = session.match.games[index]
    rules = session.rules
    mine = rules.team_of(HUMAN)
    winner = game.result.winner if game.result else None
    result = "drawn" if winner is None else ("won" if winner == mine else "lost")
    points = game.team_points()
    if rules.fives:  # where plays score, a hand is won by the side that earned more in it, not by who went out
        theirs = max(p for team, p in enumerate(points) if team != mine)
        result = "drawn" if points[mine] == theirs else ("won" if points[mine] > theirs else "lost")
    seats = ("You", *(session.opponent_name(s) for s in range(1, rules.players)))
    opponents = sorted({seats[s] for s in range(rules.players) if rules.team_of(s) != mine})
    places: tuple[int, ...] = ()
    if len(points) > 2:  # several sides (Fives and Threes for three or four): a ranking, most points first
        by_side = places_of(points, lowest_wins=False)
        places = tuple(by_side[rules.team_of(s)] for s in range(rules.players))
        result = result_of(places, HUMAN)
    return GameRecord(
        variant=rules.name,
        seats=seats,
        opponent="/".join(opponents),
        seed=session.seed,
        game_no=index + 1,
        result=result,
        points_for=points[mine],
        points_against=sum(p for team, p in enumerate(points) if team != mine),
        game=game.to_json(),
        hints=session.hints.get(index, 0),
        undos=session.undos.get(index, 0),
        places=places,
    )


def train_record_of(session: TrainSession) -> GameRecord:
    """A finished Mexican Train match, seen from your seat: every seat ranked by its total (the lowest wins),
    the match's JSON kept whole (the statistics' replay shows line games only, and says so)."""
    totals = session.match.totals
    places = places_of(totals, lowest_wins=True)
    seats = ("You", *(session.opponent_name(s) for s in range(1, session.players)))
    return GameRecord(
        variant=session.rules.name,
        seats=seats,
        opponent="/".join(sorted(set(seats[1:]))),
        seed=session.seed,
        game_no=1,
        result=result_of(places, HUMAN),
        points_for=totals[HUMAN],
        points_against=sum(totals) - totals[HUMAN],
        game=session.match.to_json(),
        places=places,
    )


# The opponent a game online is rated against when a person sits on the other side: one pooled "people".
PEOPLE = "people"


def online_record(
    rules: Rules,
    seat: int,
    kinds: tuple[str, ...],
    levels: tuple[str, ...],
    game_no: int,
    result: GameResult,
    points: tuple[int, ...],
) -> GameRecord:
    """A game played in a room, seen from ``seat``. The server keeps the deal secret, so the record has no
    game to replay (an empty one) and seed 0; the other team is "people" when a person sat in it, else its bots'
    levels, so your rating against people is kept apart from your rating against each bot level."""
    mine = rules.team_of(seat)
    winner = result.winner
    outcome = "drawn" if winner is None else ("won" if winner == mine else "lost")
    others = [s for s in range(rules.players) if rules.team_of(s) != mine]
    person = any(s < len(kinds) and kinds[s] == "person" for s in others)
    opponent = PEOPLE if person else "/".join(sorted({levels[s] for s in others if s < len(levels)})) or PEOPLE
    seats = tuple(
        "You"
        if s == seat
        else (PEOPLE if s < len(kinds) and kinds[s] == "person" else levels[s] if s < len(levels) else "?")
        for s in range(rules.players)
    )
    return GameRecord(
        variant=rules.name,
        seats=seats,
        opponent=opponent,
        seed=0,
        game_no=game_no,
        result=outcome,
        points_for=points[mine],
        points_against=sum(p for team, p in enumerate(points) if team != mine),
        game={},
    )
