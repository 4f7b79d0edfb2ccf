"""A recorded game replayed step by step, every hand face up: ← → step, Home / End jump."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ...engine import GameState, SaveFormatError
from ...engine.train_state import MATCH_KIND
from ...records import GameRecord
from ...records.replay import positions
from ..table_options import local_names
from ..widgets.key_footer import KeyFooter
from ..widgets.snake import SnakeView


class ReplayScreen(Screen[None]):
    DEFAULT_CSS = """
    ReplayScreen { layout: vertical; }
    ReplayScreen #replay-step { height: auto; padding: 0 1; background: $panel; }
    ReplayScreen #replay-board { height: 1fr; border: round $primary 40%; }
    ReplayScreen #replay-hands { height: auto; padding: 0 1; border: round $accent 60%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back", key_display="←"),
        Binding("right", "step(1)", "Forward", key_display="→"),
        Binding("home", "jump(0)", "Start"),
        Binding("end", "jump(-1)", "End"),
        Binding("escape,q", "dismiss", "Close"),
    ]

    index: reactive[int] = reactive(0)

    def __init__(self, record: GameRecord) -> None:
        super().__init__()
        self.record = record
        self.states: list[GameState] = []
        if not record.game:
            # A game played online: the server keeps the deal, so the record has none to replay.
            self.problem = "A game played online is recorded without its deal: there is nothing to replay."
            return
        if record.game.get("kind") == MATCH_KIND:
            # A train match is recorded whole (nothing lost), but the replay draws the line games' snake only.
            self.problem = "A Mexican Train match is recorded for your statistics: replays show the line games only."
            return
        try:
            self.states = positions(record.game)
            self.problem = ""
        except (SaveFormatError, KeyError, TypeError) as exc:
            self.problem = f"This recorded game does not replay: {exc}"

    def compose(self) -> ComposeResult:
        yield Static(id="replay-step")
        with ScrollableContainer(id="replay-board", can_focus=False):
            yield SnakeView(id="replay-snake")
        yield Static(id="replay-hands")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#replay-hands").border_title = "Every hand"
        self.show()

    def watch_index(self) -> None:
        if self.is_mounted:
            self.show()

    def show(self) -> None:
        step = self.query_one("#replay-step", Static)
        if not self.states:
            step.update(self.problem)
            return
        state = self.states[self.index]
        names = local_names(state.rules.name, state.rules.players, False)
        r = self.record
        head = f"{r.variant} · game {r.game_no} of seed {r.seed} · {r.played_at[:10]} · move {self.index} of "
        head += f"{len(self.states) - 1}"
        if self.index:
            ev = state.history[-1]
            what = f"{ev.tile} on the {ev.end.label}" if ev.tile is not None and ev.end is not None else ev.kind.value
            head += f" · {names[ev.seat]}: {what}"
        if state.over:
            head += f" · over: {r.result} {r.points_for}-{r.points_against}"
        step.update(head)
        last = state.history[-1].tile if state.history and state.history[-1].tile else None
        self.query_one(SnakeView).show(state.board.copy(), last, ())
        hands = Text()
        for seat in range(state.rules.players):
            marker = "▸" if seat == state.turn and not state.over else " "
            hands.append(f"{marker}{names[seat]:<9}", style="bold")
            hands.append(" ".join(str(t) for t in state.hand(seat)) or "(out)")
            hands.append("\n")
        if state.rules.has_stock:
            hands.append(f" Stock     {len(state.stock)} tiles", style="dim")
        self.query_one("#replay-hands", Static).update(hands)

    def action_step(self, delta: int) -> None:
        if self.states:
            self.index = max(0, min(len(self.states) - 1, self.index + delta))

    def action_jump(self, where: int) -> None:
        if self.states:
            self.index = where % len(self.states)
