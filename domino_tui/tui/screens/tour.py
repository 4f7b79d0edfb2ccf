"""The first-run tour: one short page naming the parts of the table and the keys, shown once."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

LINE_TOUR = """\
[b]Top:[/b] whose turn it is, the stock and the score.
[b]Around the board:[/b] every other seat, with its tiles and what it did last
("passed", "drew 2", "[6|3] on the right +15").
[b]The board:[/b] the newest tile in heavy lines, the All Fives spinner in double
lines, the open ends marked ◁ ▷ △ ▽ (filled when your tile fits there).
[b]Bottom:[/b] your hand. Tiles marked ✓ fit now; in All Fives, +10 says what they score.

[b]Keys:[/b] 1-9 and 0 play a tile · ← → and Enter too · ← → ↑ ↓ choose an end
d draw · p pass · n new game · s scores · l move log · ? help · Ctrl+P everything · q quit
[b]The coach:[/b] h hint · t tile tracker · u undo"""

TRAIN_TOUR = """\
[b]Top:[/b] whose turn it is, the boneyard and the score (lowest wins).
[b]The board:[/b] the engine in the hub, a train for each seat and the
Mexican train (m). ▸ is the number a train's next tile must match,
⚑ a train open to all, ◆ a double to cover, ▶ the seat to play.
[b]Bottom:[/b] your hand. Tiles marked ✓ fit a train you may play on now.

[b]Keys:[/b] 1-9, 0, then letters pick a tile · ← → and Enter too · then,
where it fits several trains, the train's number or m · d draw · p pass
n new game · s scores · l log · ? help · Ctrl+P everything · q quit
[b]The coach:[/b] h hint · t tile tracker · u undo"""


class TourScreen(ModalScreen[None]):
    """Closed by Enter (and Esc or Space); ? and F1 close it onto the help, q quits, as at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,space", "close", "Start playing", key_display="Enter"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, tour: str = LINE_TOUR) -> None:
        super().__init__()
        self.tour = tour  # the page of the table it is over: the line games' or Mexican Train's

    def compose(self) -> ComposeResult:
        with Vertical(id="tour-box", classes="dialog"):
            yield Static("Welcome to domino-tui", classes="dialog-title")
            yield Static(Text.from_markup(self.tour), id="tour-text")
            yield Static("Enter starts playing · ? shows the rules and the keys", classes="dialog-hint")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        self.dismiss(None)
        self.app.call_later(self.app.action_help)  # type: ignore[attr-defined]  # the tour runs in DominoApp
