"""What the line table decides from what a seat sees and what the room says, with no UI: what a tile would score,
and the end-of-hand dialog's and the score sheet's figures from the room's result. (Whether the coach may help
is the room's rule for every table: `net.heard.coach_allowed`.)

Everything here reads a seat's observation, the room's news (`RoomInfo`) or its result (`GameOver`): the same from
a server or from a room in the app's process.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine import Kind, Observation, PublicView, Reason
from ..net.heard import GameOver
from .online import match_text, team_name

if TYPE_CHECKING:  # their screens load when a deal ends, not with the table (see RoomTable)
    from .screens.over_dialog import GameOverText
    from .screens.score_sheet import ScoreSheet


def play_points(obs: Observation) -> dict[int, int]:
    """What each tile of the seat's hand would score now (by its index), in a game that scores the count during
    play: the best of its legal plays, for the tiles that score at all."""
    if not obs.rules.fives:
        return {}
    points: dict[int, int] = {}
    for move in obs.legal:
        if move.kind is Kind.PLAY and move.tile is not None and move.end is not None:
            tile = move.tile
            scored = obs.rules.count_points(obs.board.layout.count_after(tile.low, tile.high, move.end))
            index = obs.hand.index(tile)
            points[index] = max(points.get(index, 0), scored)
    return points


def hand_points(over: GameOver, before: Sequence[int]) -> tuple[int, ...]:
    """Each side's points in the hand just over: the match's scores after it, less those before it."""
    return tuple(after - b for after, b in zip(over.scores, before, strict=True))


def over_text(
    shown: Observation | PublicView,
    over: GameOver,
    names: tuple[str, ...],
    hand: tuple[int, ...],
    ended: str,
    choices: tuple[tuple[tuple[str, str], ...], dict[str, str], str],
    mine: int | None = None,
) -> GameOverText:
    """The end-of-hand dialog for the game just over, from the room's result: ``shown`` what the seat (or a
    spectator) saw last, ``hand`` each side's points in the hand, ``ended`` how it ended in words, ``choices``
    the dialog's buttons, keys and hint for whoever sits here, ``mine`` the seat whose hand is on show."""
    from .screens.over_dialog import GameOverText

    rules, r = shown.rules, over.result
    teams = tuple(team_name(rules, names, t) for t in range(len(r.points)))
    lines = [ended]
    if over.match_over:
        lines.append(match_text(rules, names, over.winner, over.scores, shown.target))
    hands = []
    for seat in range(rules.players):
        # The result lays every hand open (the game is over); before it, only your own is known.
        if seat < len(over.hands):
            tiles = " ".join(str(t) for t in over.hands[seat]) or "out"
        elif seat == mine and isinstance(shown, Observation):
            tiles = " ".join(str(t) for t in shown.hand) or "out"
        else:
            tiles = "out" if shown.hand_sizes[seat] == 0 else "face down"
        hands.append((names[seat], tiles, r.pips[seat]))
    raw = rules.unrounded_points(r)
    points: list[tuple[str, tuple[int, ...]]] = []
    if rules.fives:
        points.append(("Scored during play", tuple(h - p for h, p in zip(hand, r.points, strict=True))))
    bonus = "Out bonus" if r.reason is Reason.OUT else "Block bonus"
    points.append((bonus, raw))
    if raw != r.points:
        points.append(("Rounding", tuple(p - w for p, w in zip(r.points, raw, strict=True))))
    points.append(("This hand", hand))
    if not rules.single_game:
        points.append(("Match" + (f" (to {shown.target})" if shown.target else ""), over.scores))
    buttons, keys, hint = choices
    title = "Match over" if over.match_over else f"Game {over.game} over"
    return GameOverText(title, tuple(lines), buttons, hint, keys, tuple(hands), teams, tuple(points))


def score_sheet(
    shown: Observation | PublicView | None,
    names: tuple[str, ...],
    games: Mapping[tuple[int, int], tuple[tuple[int, ...], str]],
    over: GameOver | None,
    in_view: tuple[int, int] | None = None,
) -> ScoreSheet:
    """The games of the match in view (``in_view``: the (match, game) on the table): those over as the room's
    results gave them (``games``: (match, game) -> each side's points and how it ended), then the game in play
    with its points so far; the match's target beside the totals until the match is over."""
    from .screens.score_sheet import ScoreSheet

    match = in_view[0] if in_view is not None else over.match if over else 0
    rows = [row for (m, _), row in sorted(games.items()) if m == match]
    if shown is not None and in_view is not None and in_view not in games:
        rows.append((tuple(shown.points), "in play"))
    teams = len(shown.points) if shown is not None else len(rows[0][0]) if rows else 0
    sides = tuple(team_name(shown.rules, names, t) for t in range(teams)) if shown else ()
    target = shown.target if shown is not None else None
    goal = f"to {target}" if target else ""
    title = "Score sheet" + (f" · {shown.rules.title}" if shown else "") + (f" · {goal}" if goal else "")
    total = "Match over" if over is not None and over.match_over else goal or "in play"
    return ScoreSheet(title, sides, tuple(rows), total)
