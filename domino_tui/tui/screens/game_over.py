"""The end of a hand: every hand laid open with its pips, the points broken down (scored during play, the out
or block bonus, its rounding), the match score, and what next (next game, play again, new game, quit).

The dialog shows plain data (`GameOverText`): a local sitting's (`of_session`) or a room's result online (the
online table builds it from what the server sent). Every figure comes from the engine's result; nothing here
redoes a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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


@dataclass(frozen=True)
class GameOverText:
    """What the end-of-hand dialog shows, and the choices it offers."""

    title: str
    lines: tuple[str, ...]  # how the hand (and the match) ended
    hands: tuple[tuple[str, str, int], ...]  # each seat: its name, its tiles in words, its pips
    teams: tuple[str, ...]
    points: tuple[tuple[str, tuple[int, ...]], ...]  # (label, figure per team) rows, see `breakdown`
    buttons: tuple[tuple[str, str], ...]  # (what the dialog is dismissed with, label); Enter takes the first
    hint: str
    # A key's choice (n "new", s "sheet", r "review", q "quit") -> what the dialog is dismissed with; a key not
    # here does nothing.
    keys: dict[str, str] = field(default_factory=dict)


def of_session(session: Session) -> GameOverText:
    """The dialog for a local sitting's hand just over."""
    s = session
    game = s.game
    result = game.result
    assert result is not None
    match_over = s.match.over
    title = "Game over"
    if s.multi_game:
        title = "Match over" if match_over else f"{s.part.capitalize()} {len(s.match.games)} over"
    lines = [s.result_text()]
    if match_over and s.multi_game:
        lines.append(s.match_text())
    hands = tuple(
        (s.name(seat), " ".join(str(t) for t in game.hand(seat)) or "out", result.pips[seat])
        for seat in range(s.players)
    )
    primary = ("again", "Play again") if match_over else ("next", f"Next {s.part}")
    return GameOverText(
        title,
        tuple(lines),
        hands,
        tuple(s.team_name(t) for t in range(len(s.rules.teams))),
        tuple(breakdown(s)),
        (primary, ("new", "New game…"), ("quit", "Quit")),
        "Enter continues · r review · n new game · s scores · Esc the table",
        {"new": "new", "sheet": "sheet", "review": "review", "quit": "quit"},
    )


class GameOverScreen(OverDialog):
    """Dismissed with one of its buttons' or keys' choices (a local sitting's: "next", "again", "new", "sheet",
    "review", "quit"), or "look" (close to see the table)."""

    BINDINGS: ClassVar[list[BindingType]] = [*FIRST_KEYS, Binding("r", "choose('review')", "Review"), *LAST_KEYS]

    def __init__(self, about: GameOverText | Session) -> None:
        self.about = about if isinstance(about, GameOverText) else of_session(about)
        super().__init__(self.about.buttons, self.about.keys)

    def hands(self) -> Table:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold")
        table.add_column()
        table.add_column(justify="right")
        for name, tiles, pips in self.about.hands:
            table.add_row(name, tiles, f"{pips} pip" if pips == 1 else f"{pips} pips")
        return table

    def points(self) -> Table:
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("Points")
        for team in self.about.teams:
            table.add_column(team, justify="right")
        for label, figures in self.about.points:
            bold = label.startswith(("This hand", "Match"))
            shown = [f"{f:+d}" if label == "Rounding" and f else str(f) for f in figures]
            table.add_row(label, *shown, style="bold" if bold else "")
        return table

    def compose(self) -> ComposeResult:
        about = self.about
        with Vertical(id="over-box", classes="dialog"):
            yield from self.heading(about.title, list(about.lines))
            yield Static(self.hands(), id="over-hands")
            yield Static(self.points(), id="over-points")
            yield from self.choices(about.hint)
