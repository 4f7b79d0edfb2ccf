"""The table of a train game (Mexican Train): the hub and every train, your hand, the status bar, the move log.

The flow of the round, the bot worker and the size check are every table's (`table_base.py`); here, what a train
game adds. A move is a tile and a train: pick a
tile (its number, or the cursor and Enter, or a click); when it fits one train only it goes there, else the
trains it fits are marked and a train's number (``m`` for the Mexican train) or a click on its row chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal
from textual.reactive import reactive
from textual.widgets import RichLog

from ...engine import Move, TrainObservation, TrainPlay
from ..train_layout import LEGEND
from ..train_session import TrainSession
from ..widgets.hand import HandView
from ..widgets.seat import tiles_text
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.trains import TrainsView
from .table_base import CURSOR_KEYS, LEAVING_KEYS, LOG_AUTO_WIDTH, SPINNER, TURN_KEYS, TableBase
from .train_choice import TILE_AND_TRAIN_KEYS, TrainChoice

# Keys that leave the choice of a train; hidden while choosing so that the footer has room for the trains' keys.
NOT_WHILE_CHOOSING = {"draw", "pass_turn", "new_game", "score_sheet", "toggle_log", "play", "cursor"}


class TrainTableScreen(TrainChoice, TableBase[TrainSession]):
    BINDINGS: ClassVar[list[BindingType]] = [
        *TILE_AND_TRAIN_KEYS,
        *CURSOR_KEYS,
        Binding("escape", "cancel", "Cancel"),
        *TURN_KEYS,
        *LEAVING_KEYS,
    ]

    # The tile waiting for you to choose a train (its index in your hand), and the trains it fits.
    choosing: reactive[tuple[int, tuple[int, ...]] | None] = reactive(None, bindings=True)

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Container(id="board"):
                yield TrainsView(id="trains")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=24)
        yield from self.compose_below_board()

    # ----- the flow of a round -----

    def announce(self, session: TrainSession) -> None:
        log = self.query_one("#log", RichLog)
        if session.round_index == 0:
            log.clear()
        log.write(Text(f"— {session.rules.title}, {session.round_title()} (seed {session.seed}) —", style="bold"))
        self.fit_terminal()

    # What the shared flow asks of a train game.

    @property
    def game_over(self) -> bool:
        return self.session.round_over

    @property
    def to_move(self) -> int:
        return self.session.turn

    @property
    def moves_made(self) -> int:
        return self.session.moves_made

    def person_to_move(self) -> bool:
        return self.session.human_to_act

    def your_turn(self) -> bool:
        return self.session.human_to_act

    def bot_call(self, seat: int) -> Callable[[], Move]:
        return self.session.bot_call(seat)

    def apply_move(self, move: object) -> str:
        return self.session.apply(move)

    def apply_bot(self, seat: int, move: object | None) -> None:
        if not self.session.apply_bot(move):
            name = self.session.name(seat)
            self.app.notify(f"{name}'s bot failed to move: a move was made for it.", severity="warning")

    def only_draw_or_pass(self) -> Move | None:
        return self.session.only_draw_or_pass()

    def finished(self) -> None:
        self.round_finished()

    def round_finished(self) -> None:
        if self.game_app.closing:
            return
        self.game_app.coach.train_finished(self.session)  # a finished match goes to your record (once)
        from .train_round_over import TrainRoundOverScreen

        if isinstance(self.app.screen, TrainRoundOverScreen):
            return
        self.app.push_screen(TrainRoundOverScreen(self.session), self.after_round)

    def after_round(self, choice: str | None) -> None:
        session = self.session
        if choice == "next" and not session.match_over:
            session.next_round()
            self.start(session)
        elif choice == "again":
            self.game_app.begin(replace(self.game_app.settings, seed=None))
        elif choice == "new":
            self.game_app.action_new_game()
        elif choice == "sheet":
            from .train_score_sheet import TrainScoreSheetScreen

            self.app.push_screen(TrainScoreSheetScreen(session), lambda _: self.round_finished())
        elif choice == "quit":
            self.app.exit()

    def log_new_events(self) -> None:
        log = self.query_one("#log", RichLog)
        events = self.session.events()
        for text in events[self.logged :]:
            log.write(text)
        self.logged = len(events)

    def hint(self) -> None:
        if self.message:
            return
        what = self.session.nothing_fits()
        if what:
            self.say(what)

    # ----- drawing -----

    def redraw(self) -> None:
        session = self.session
        targets = self.choosing[1] if self.choosing else ()
        self.query_one(TrainsView).show(session.hub, session.rows(), targets, session.newest())
        human_turn = session.human_to_act
        playable = session.playable_indices() if human_turn else []
        hand = session.hand(session.viewer)
        self.query_one(HandView).show(hand, playable, human_turn, max_pip=session.rules.max_pip)
        self.query_one(StatusBar).info = self.status_info()
        box = self.query_one("#hand-box")
        viewer = session.viewer
        box.border_title = (
            f"{session.name(viewer)} · {tiles_text(len(hand))} · {sum(t.pips for t in hand)} pips"
            f" · your train is {session.train_key_of(viewer)}"
        )
        board = self.query_one("#board")
        board.border_title = f"{session.round_title()} · engine [{session.hub}|{session.hub}] in the hub"
        board.border_subtitle = LEGEND

    def status_info(self) -> StatusInfo:
        session = self.session
        if session.round_over:
            turn = "Round over"
        elif self.thinking is not None:
            turn = f"{SPINNER[self.frame % len(SPINNER)]} {session.name(self.thinking)} is thinking…"
        else:
            turn = "Your turn" + (": choose a train" if self.choosing else "")
        return StatusInfo(turn, session.boneyard, session.score_text(), "Boneyard")

    def arrange_panels(self) -> None:
        wide = self.show_log if self.show_log is not None else self.app.size.width >= LOG_AUTO_WIDTH
        self.set_class(not wide, "-log-hidden")

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
            return False
        if self.choosing and action in NOT_WHILE_CHOOSING:
            return False
        if action in ("train", "cancel"):
            return bool(self.choosing)
        return True

    def action_number(self, number: int) -> None:
        """A number key: a train while choosing one (1 is the first seat's train), else a tile of your hand."""
        if self.choosing:
            self.action_train(str(number))
            return
        self.action_pick((number - 1) % 10)

    def hand_size(self) -> int:
        return len(self.session.hand(self.session.viewer))

    def action_play(self) -> None:
        if self.session.round_over:
            self.round_finished()
            return
        if self._my_turn():
            self.play_tile(self.query_one(HandView).cursor)

    # What choosing a train (train_choice.py) asks of this table.

    def seat_sees(self) -> tuple[TrainObservation, Sequence[str]]:
        return self.session.observation(), self.session.names

    def play_on(self, move: TrainPlay) -> None:
        self.make(move)

    def seat_to_play(self) -> bool:
        return self.session.human_to_act

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        if self.choosing:
            self.choosing = None
        self.action_pick(message.index)

    def action_draw(self) -> None:
        if self._my_turn():
            self.make(self.session.draw_move())

    def action_pass_turn(self) -> None:
        if self._my_turn():
            self.make(self.session.pass_move())

    def action_toggle_log(self) -> None:
        shown = not self.has_class("-log-hidden")
        self.show_log = not shown
        self.game_app.remember(show_log=self.show_log)
        self.fit_terminal()
