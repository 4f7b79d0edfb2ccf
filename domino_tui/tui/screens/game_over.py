"""The end of a hand: every hand laid open with its pips, the points broken down (scored during play, the out
or block bonus, its rounding), the match score, and what next (next game, play again, new game, quit).

Every figure comes from the engine's result; nothing here redoes a rule.
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from ...engine import Reason
from ..session import Session
from .over_dialog import FIRST_KEYS, LAST_KEYS, OverDialog


def breakdown(session: Session) -> list[tuple[str, tuple[int, ...]]]:
    """(label, figure per team) rows of the hand's points, then the match score."""
    game = session.game
    result = game.result
    assert result is not None
    rules = session.rules
    rows: list[tuple[str, tuple[int, ...]]] = []
    if rules.fives:
        rows.append(("Scored during play", tuple(game.fives)))
    bonus = "Out bonus" if result.reason is Reason.OUT else "Block bonus"
    raw = rules.unrounded_points(result)
    if raw != result.points:
        rows.append((bonus, raw))
        rows.append(("Rounding", tuple(p - r for p, r in zip(result.points, raw, strict=True))))
    else:
        rows.append((bonus, result.points))
    rows.append(("This hand", game.team_points()))
    if session.multi_game:
        rows.append(("Match" + (f" ({session.goal()})" if session.goal() else ""), tuple(session.match.scores)))
    return rows


class GameOverScreen(OverDialog):
    """Dismissed with "next", "again", "new", "sheet", "review", "look" (close to see the table) or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [*FIRST_KEYS, Binding("r", "choose('review')", "Review"), *LAST_KEYS]

    def __init__(self, session: Session) -> None:
        super().__init__(session.match.over)
        self.session = session

    def hands(self) -> Table:
        s = self.session
        game = s.game
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        table.add_column(justify="right")
        for seat in range(s.players):
            tiles = " ".join(str(t) for t in game.hand(seat)) or "out"
            pips = game.result.pips[seat]  # type: ignore[union-attr]  # the game is over, so it has a result
            table.add_row(s.name(seat), tiles, f"{pips} pip" if pips == 1 else f"{pips} pips")
        return table

    def points(self) -> Table:
        s = self.session
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("Points")
        for t in range(len(s.rules.teams)):
            table.add_column(s.team_name(t), justify="right")
        for label, figures in breakdown(s):
            bold = label.startswith(("This hand", "Match"))
            shown = [f"{f:+d}" if label == "Rounding" and f else str(f) for f in figures]
            table.add_row(label, *shown, style="bold" if bold else "")
        return table

    def compose(self) -> ComposeResult:
        s = self.session
        match_over = s.match.over
        title = "Game over"
        if s.multi_game:
            title = "Match over" if match_over else f"{s.part.capitalize()} {len(s.match.games)} over"
        lines = [s.result_text()]
        if match_over and s.multi_game:
            lines.append(s.match_text())
        with Vertical(id="over-box", classes="dialog"):
            yield from self.heading(title, lines)
            yield Static(self.hands(), id="over-hands")
            yield Static(self.points(), id="over-points")
            yield from self.buttons("Play again" if match_over else f"Next {s.part}")
            yield Static("Enter continues · r review · n new game · s scores · Esc the table", classes="dialog-hint")
