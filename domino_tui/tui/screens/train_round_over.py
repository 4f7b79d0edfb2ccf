"""The end of a round of a train game: every hand laid open with its pips, the round's points and the totals so
far (lowest wins), and what next: the next round, or at the match's end who won and a new match.

The dialog shows plain data (`TrainRoundOverText`), built one way (`of_result`): from a room's result of the round
and the seat's observation. Every figure comes from the engine's result; nothing here redoes a rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from ...engine import TrainObservation
from ...net.heard import TrainRoundOver
from ..train_room import hands_at_the_end, round_over_text
from ..train_words import round_title
from .over_dialog import FIRST_KEYS, LAST_KEYS, OverDialog


@dataclass(frozen=True)
class TrainRoundOverText:
    """What the end-of-round dialog shows, and the choices it offers."""

    title: str
    lines: tuple[str, ...]  # how the round (and the match) ended
    hands: tuple[tuple[str, str, int, int], ...]  # each seat: its name, its tiles in words, the round's, its total
    buttons: tuple[tuple[str, str], ...]  # (what the dialog is dismissed with, label); Enter takes the first
    hint: str
    # A key's choice (n "new", s "sheet", r "review", q "quit") -> what the dialog is dismissed with; a key not
    # here does nothing.
    keys: dict[str, str] = field(default_factory=dict)


def of_result(
    over: TrainRoundOver,
    obs: TrainObservation,
    names: tuple[str, ...],
    rounds: int,
    mine: int | None,
    buttons: tuple[tuple[str, str], ...],
    keys: dict[str, str],
    hint: str,
) -> TrainRoundOverText:
    """The dialog for a round just over, from the room's result and the seat's last observation (``mine``: the
    seat's, None for a spectator), with the choices whoever sits here has."""
    title = "Match over" if over.match_over else f"{round_title(over.game, rounds)} over"
    text = round_over_text(over, names, rounds)
    return TrainRoundOverText(title, (text,), hands_at_the_end(over, obs, names, mine), buttons, hint, keys)


class TrainRoundOverScreen(OverDialog):
    """Dismissed with one of its buttons' or keys' choices (at this keyboard: "next", "again", "new", "sheet",
    "quit"), or "look" (close to see the table)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *FIRST_KEYS,
        Binding("r", "choose('review')", "Restart", show=False),
        *LAST_KEYS,
    ]

    def __init__(self, about: TrainRoundOverText) -> None:
        self.about = about
        super().__init__(self.about.buttons, self.about.keys)

    def hands(self) -> Table:
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("")
        table.add_column("Tiles left")
        table.add_column("Round", justify="right")
        table.add_column("Total", justify="right")
        best = min(total for *_, total in self.about.hands)
        for name, tiles, points, total in self.about.hands:
            lead = " ◀ lowest" if total == best else ""
            table.add_row(name, tiles, str(points), f"{total}{lead}")
        return table

    def compose(self) -> ComposeResult:
        about = self.about
        with Vertical(id="over-box", classes="dialog"):
            yield from self.heading(about.title, list(about.lines))
            with VerticalScroll(id="over-scroll"):
                yield Static(self.hands(), id="over-hands")
            yield from self.choices(about.hint)
