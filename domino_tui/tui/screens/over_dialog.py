"""The dialogs at the end of a deal, from plain data; every figure comes from the engine's result, nothing here
redoes a rule. The end of a hand of a line game (`GameOverScreen`, from the `GameOverText` the line table builds
from the room's result and what its seat saw): every hand laid open with its pips, the points broken down
(scored during play, the out or block bonus, its rounding) and the match score. The end of a round of a train
game (`TrainRoundOverScreen`, from the `TrainRoundOverText` of `of_result`): every hand laid open, the round's
points and the totals so far (lowest wins).

What they share (`OverDialog`): the title and how the deal ended, the buttons, the keys, and the answer they are
dismissed with ("next", "again", "new", "sheet", "review", "look" to see the table, "quit"). Each composes its
figures in ``figures`` (between the lines that say how the deal ended and the buttons); its ``BINDINGS`` are
``[*FIRST_KEYS, its own, *LAST_KEYS]`` (a subclass's keys would otherwise come after Quit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ...engine import TrainObservation
from ...net.heard import TrainRoundOver
from ..train_room import hands_at_the_end, round_over_text
from ..train_words import round_title

FIRST_KEYS = [
    Binding("enter", "choose('primary')", "Continue", show=False),
    Binding("n", "choose('new')", "New game"),
    Binding("s", "choose('sheet')", "Scores"),
]
LAST_KEYS = [
    Binding("escape", "choose('look')", "See the table"),
    Binding("q", "choose('quit')", "Quit"),
]


@dataclass(frozen=True)
class OverText:
    """What an end-of-deal dialog says, and the choices it offers."""

    title: str
    lines: tuple[str, ...]  # how the deal (and the match) ended
    buttons: tuple[tuple[str, str], ...]  # (what the dialog is dismissed with, label); Enter takes the first
    hint: str
    # A key's choice (n "new", s "sheet", r "review", q "quit") -> what the dialog is dismissed with; a key not
    # here does nothing.
    keys: dict[str, str]


class OverDialog(ModalScreen[str]):
    def __init__(self, about: OverText) -> None:
        super().__init__()
        self.about = about
        self.primary = about.buttons[0][0]

    def figures(self) -> ComposeResult:
        """The deal's figures, between how it ended and the buttons."""
        yield from ()

    def compose(self) -> ComposeResult:
        """The title, how the deal ended, the figures, the buttons (the first is Enter's, Quit is red) and the
        line that says the keys."""
        about = self.about
        with Vertical(id="over-box", classes="dialog"):
            yield Static(about.title, classes="dialog-title")
            yield Static(Text("\n".join(about.lines), style="bold"), id="over-text")
            yield from self.figures()
            with Horizontal(classes="buttons"):
                for i, (choice, label) in enumerate(about.buttons):
                    if i == 0:
                        yield Button(label, id=choice, variant="primary")
                    else:
                        yield Button(label, id=choice, variant="error" if choice == "quit" else "default")
            yield Static(about.hint, classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one(f"#{self.primary}", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id or "look")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters and parameters[0] not in ("primary", "look"):
            return str(parameters[0]) in self.about.keys
        return True

    def action_choose(self, what: str) -> None:
        if what == "primary":
            self.dismiss(self.primary)
        elif what == "look":
            self.dismiss("look")
        elif what in self.about.keys:
            self.dismiss(self.about.keys[what])


@dataclass(frozen=True)
class GameOverText(OverText):
    """What the end-of-hand dialog shows, and the choices it offers."""

    hands: tuple[tuple[str, str, int], ...]  # each seat: its name, its tiles in words, its pips
    teams: tuple[str, ...]
    points: tuple[tuple[str, tuple[int, ...]], ...]  # (label, figure per team) rows


class GameOverScreen(OverDialog):
    """Dismissed with one of its buttons' or keys' choices (at this keyboard: "next", "again", "new", "sheet",
    "review", "quit"), or "look" (close to see the table)."""

    BINDINGS: ClassVar[list[BindingType]] = [*FIRST_KEYS, Binding("r", "choose('review')", "Review"), *LAST_KEYS]
    about: GameOverText

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

    def figures(self) -> ComposeResult:
        yield Static(self.hands(), id="over-hands")
        yield Static(self.points(), id="over-points")


@dataclass(frozen=True)
class TrainRoundOverText(OverText):
    """What the end-of-round dialog shows, and the choices it offers."""

    hands: tuple[tuple[str, str, int, int], ...]  # each seat: its name, its tiles in words, the round's, its total


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
    return TrainRoundOverText(title, (text,), buttons, hint, keys, hands_at_the_end(over, obs, names, mine))


class TrainRoundOverScreen(OverDialog):
    """Dismissed with one of its buttons' or keys' choices (at this keyboard: "next", "again", "new", "sheet",
    "quit"), or "look" (close to see the table)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *FIRST_KEYS,
        Binding("r", "choose('review')", "Restart", show=False),
        *LAST_KEYS,
    ]
    about: TrainRoundOverText

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

    def figures(self) -> ComposeResult:
        with VerticalScroll(id="over-scroll"):
            yield Static(self.hands(), id="over-hands")
