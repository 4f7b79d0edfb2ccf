"""The end of a game: the result, the match score, and what next (next game, play again, new game, quit)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..session import Session


class GameOverScreen(ModalScreen[str]):
    """Dismissed with "next", "again", "new", "review", "look" (close to see the table) or "quit"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose('primary')", "Continue", show=False),
        Binding("n", "choose('new')", "New game"),
        Binding("s", "choose('sheet')", "Scores"),
        Binding("r", "choose('review')", "Review"),
        Binding("escape", "choose('look')", "See the table"),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.primary = "again" if session.match.over else "next"

    def compose(self) -> ComposeResult:
        s = self.session
        match_over = s.match.over
        title = "Game over"
        if s.multi_game:
            title = "Match over" if match_over else f"Game {len(s.match.games)} over"
        lines = [s.result_text()]
        if s.multi_game:
            scores = " · ".join(f"{s.team_name(t)} {p}" for t, p in enumerate(s.match.scores))
            lines.append(f"Match: {scores}" + (f" ({s.goal()})" if s.goal() else ""))
            if match_over:
                lines.append(s.match_text())
        pips = ", ".join(f"{s.name(seat)} {p}" for seat, p in enumerate(s.game.result.pips))  # type: ignore[union-attr]
        lines.append(f"Pips left: {pips}")
        with Vertical(id="over-box", classes="dialog"):
            yield Static(title, classes="dialog-title")
            yield Static("\n".join(lines), id="over-text")
            with Horizontal(classes="buttons"):
                label = "Play again" if match_over else "Next game"
                yield Button(label, id=self.primary, variant="primary")
                yield Button("New game…", id="new")
                yield Button("Quit", id="quit", variant="error")
            yield Static("Enter continues · r review · n new game · s scores · Esc the table", classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(f"#{self.primary}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "look")

    def action_choose(self, what: str) -> None:
        self.dismiss(self.primary if what == "primary" else what)
