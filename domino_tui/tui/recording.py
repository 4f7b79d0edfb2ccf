"""A finished game of the table as a row of the record (headless: the app stores it, the tests check it)."""

from __future__ import annotations

from ..records import GameRecord
from .session import HUMAN, Session


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
    )
