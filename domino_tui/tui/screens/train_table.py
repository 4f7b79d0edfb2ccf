"""The table of a train game (Mexican Train): the hub and every train, your hand, the status bar, the move log.

As at the line games' table (`table.py`), your moves come from keys and clicks and the bots' from a worker thread
that posts its move back, with a token that tells stale answers to go away. A move is a tile and a train: pick a
tile (its number, or the cursor and Enter, or a click); when it fits one train only it goes there, else the
trains it fits are marked and a train's number (``m`` for the Mexican train) or a click on its row chooses.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import RichLog, Static
from textual.worker import get_current_worker

from ...engine import Move
from ..train_session import TrainSession
from ..widgets.hand import HandView, key_label
from ..widgets.key_footer import KeyFooter
from ..widgets.seat import tiles_text
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.trains import TrainsView

if TYPE_CHECKING:
    from ..app import DominoApp

MIN_WIDTH, MIN_HEIGHT = 80, 24
LOG_AUTO_WIDTH = 130
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
# Keys that leave the choice of a train; hidden while choosing so that the footer has room for the trains' keys.
NOT_WHILE_CHOOSING = {"draw", "pass_turn", "new_game", "score_sheet", "toggle_log", "play", "cursor"}


class TrainTableScreen(Screen):
    BINDINGS: ClassVar[list[BindingType]] = [
        # A number picks a tile of your hand, or a train while you choose one for the tile picked.
        *[Binding(str(k % 10), f"number({k % 10})", f"Tile {k % 10}", show=False) for k in range(1, 11)],
        Binding("m", "train('m')", "Mexican train", key_display="m"),
        Binding("left", "cursor(-1)", "Select", key_display="←→"),
        Binding("right", "cursor(1)", "Select", show=False),
        Binding("enter,space", "play", "Play"),
        Binding("escape", "cancel", "Cancel"),
        Binding("d", "draw", "Draw"),
        Binding("p", "pass_turn", "Pass"),
        Binding("n", "new_game", "New"),
        Binding("s", "score_sheet", "Scores"),
        Binding("l", "toggle_log", "Log"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    class BotMoved(Message):
        def __init__(self, token: int, seat: int, move: object | None) -> None:
            self.token = token
            self.seat = seat
            self.move = move
            super().__init__()

    # The tile waiting for you to choose a train (its index in your hand), and the trains it fits.
    choosing: reactive[tuple[int, tuple[int, ...]] | None] = reactive(None, bindings=True)
    thinking: reactive[int | None] = reactive(None, bindings=True)
    too_small: reactive[bool] = reactive(False, bindings=True)

    def __init__(self, session: TrainSession) -> None:
        super().__init__()
        self.session = session
        self.token = 0
        self.logged = 0
        self.message = ""
        self.frame = 0
        self.held: TrainTableScreen.BotMoved | None = None
        self.stalled = False
        self.show_log: bool | None = None

    @property
    def game_app(self) -> DominoApp:
        return self.app  # type: ignore[return-value]  # the table lives in the domino app only

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Container(id="board"):
                yield TrainsView(id="trains")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=24)
        yield Static(id="message")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield Static(id="too-small")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.border_title = "Moves"
        log.can_focus = False
        self.show_log = self.game_app.settings.show_log
        self.set_interval(0.1, self.tick)
        self.start(self.session)

    def tick(self) -> None:
        if self.thinking is not None:
            self.frame += 1
            self.query_one(StatusBar).info = self.status_info()

    # ----- the flow of a round -----

    def start(self, session: TrainSession) -> None:
        """Sit down to ``session``'s round in play (a new match, or the next round of this one)."""
        self.workers.cancel_group(self, "bot")
        self.session = session
        self.token += 1
        self.thinking = None
        self.choosing = None
        self.logged = 0
        self.held = None
        self.stalled = False
        log = self.query_one("#log", RichLog)
        if session.round_index == 0:
            log.clear()
        log.write(Text(f"— {session.rules.title}, {session.round_title()} (seed {session.seed}) —", style="bold"))
        self.say("")
        self.fit_terminal()
        self.advance()

    def advance(self) -> None:
        """After a move: log it, then hand the turn to you or to a bot, or finish the round."""
        self.log_new_events()
        self.game_app.save_game()
        session = self.session
        if session.round_over:
            self.thinking = None
            self.redraw()
            self.query_one("#log", RichLog).write(Text(session.result_text(), style="bold"))
            self.round_finished()
            return
        if session.human_to_act:
            self.thinking = None
            self.redraw()
            self.hint()
            if self.game_app.settings.auto_pass:
                seen = session.moves_made
                self.set_timer(max(self.game_app.pause, 0.05), lambda token=self.token: self.auto_move(token, seen))
            return
        seat = session.turn
        self.thinking = seat
        self.redraw()
        if self.too_small:
            self.stalled = True
            return
        self.think(self.token, seat, session.bot_call(seat), self.game_app.pause)

    @work(thread=True, exclusive=True, group="bot")
    def think(self, token: int, seat: int, call: Callable[[], Move], pause: float) -> None:
        worker = get_current_worker()
        deadline = time.monotonic() + pause
        while (left := deadline - time.monotonic()) > 0:
            if worker.is_cancelled:
                return
            time.sleep(min(left, 0.05))
        try:
            move = call()
        except Exception:  # a broken bot must not take your game down with it
            move = None
        if not worker.is_cancelled:
            self.post_message(self.BotMoved(token, seat, move))

    def on_train_table_screen_bot_moved(self, message: BotMoved) -> None:
        if self.too_small and message.token == self.token:
            self.held = message
            return
        session = self.session
        if message.token != self.token or session.round_over or session.turn != message.seat:
            return
        if not session.apply_bot(message.move):
            name = session.name(message.seat)
            self.app.notify(f"{name}'s bot failed to move: a move was made for it.", severity="warning")
        self.advance()

    def auto_move(self, token: int, seen: int) -> None:
        session = self.session
        if token != self.token or session.moves_made != seen or not session.human_to_act or self.too_small:
            return
        only = session.only_draw_or_pass()
        if only is not None:
            self.make(only)

    def make(self, move: object) -> bool:
        problem = self.session.apply(move)
        if problem:
            self.say(problem, error=True)
            return False
        self.choosing = None
        self.say("")
        self.advance()
        return True

    def round_finished(self) -> None:
        if self.game_app.closing:
            return
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
            f" · your train is {session.train_key(viewer)}"
        )
        board = self.query_one("#board")
        board.border_title = f"{session.round_title()} · engine [{session.hub}|{session.hub}] in the hub"
        board.border_subtitle = "⚑ open to all · ◆ double to cover · ▸ end to match · ▶ to play"

    def status_info(self) -> StatusInfo:
        session = self.session
        if session.round_over:
            turn = "Round over"
        elif self.thinking is not None:
            turn = f"{SPINNER[self.frame % len(SPINNER)]} {session.name(self.thinking)} is thinking…"
        else:
            turn = "Your turn" + (": choose a train" if self.choosing else "")
        return StatusInfo(turn, session.boneyard, session.score_text(), "Boneyard")

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        widget = self.query_one("#message", Static)
        widget.update(text)
        widget.set_class(error, "-error")

    # ----- size -----

    def on_resize(self) -> None:
        self.fit_terminal()

    def on_screen_resume(self) -> None:
        self.fit_terminal()

    def fit_terminal(self) -> None:
        size = self.app.size
        self.too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        self.set_class(self.too_small, "-too-small")
        wide = self.show_log if self.show_log is not None else size.width >= LOG_AUTO_WIDTH
        self.set_class(not wide, "-log-hidden")
        if self.too_small:
            self.query_one("#too-small", Static).update(
                f"The terminal is {size.width}x{size.height}.\n"
                f"domino-tui needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                "Please make it bigger: your game waits.\n"
                "q quits."
            )
        elif self.held is not None:
            message, self.held = self.held, None
            self.on_train_table_screen_bot_moved(message)
        elif self.stalled:
            self.stalled = False
            self.advance()

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small and action not in ("help", "quit"):
            return False
        if self.choosing and action in NOT_WHILE_CHOOSING:
            return False
        if action in ("train", "cancel"):
            return bool(self.choosing)
        return True

    def _my_turn(self) -> bool:
        session = self.session
        if session.round_over:
            self.round_finished()
            return False
        if not session.human_to_act:
            self.say(f"Wait: it is {session.name(session.turn)}'s turn.", error=True)
            return False
        return True

    def action_cursor(self, step: int) -> None:
        hand = self.query_one(HandView)
        if hand.tiles:
            hand.cursor = (hand.cursor + step) % len(hand.tiles)

    def action_number(self, number: int) -> None:
        """A number key: a train while choosing one (1 is the first seat's train), else a tile of your hand."""
        if self.choosing:
            self.action_train(str(number))
            return
        self.pick((number - 1) % 10)

    def pick(self, index: int) -> None:
        if not self._my_turn():
            return
        hand = self.session.hand(self.session.viewer)
        if index >= len(hand):
            self.say(f"There is no tile {key_label(index)} in your hand.", error=True)
            return
        self.query_one(HandView).cursor = index
        self.play_tile(index)

    def action_play(self) -> None:
        if self.session.round_over:
            self.round_finished()
            return
        if self._my_turn():
            self.play_tile(self.query_one(HandView).cursor)

    def play_tile(self, index: int) -> None:
        session = self.session
        hand = session.hand(session.viewer)
        if index >= len(hand):
            return
        tile = hand[index]
        trains = session.trains_for(tile)
        if not trains:
            self.choosing = None
            self.say(f"{tile} fits no train you may play on: {session.where_you_may_play()}.", error=True)
            self.redraw()
            return
        if len(trains) == 1:
            self.make(session.play_move(tile, trains[0]))
            return
        self.choosing = (index, tuple(trains))
        options = " · ".join(f"{session.train_key_of(t)} {session.train_name(t)}" for t in trains)
        self.say(f"Play {tile} on which train? {options} · or click its row · Esc cancels")
        self.redraw()

    def action_train(self, key: str) -> None:
        if not self.choosing:
            return
        session = self.session
        index, trains = self.choosing
        train = session.train_by_key(key)
        tile = session.hand(session.viewer)[index]
        if train is None or train not in trains:
            named = "no train" if train is None else f"{session.train_name(train)}"
            self.say(f"{tile} cannot go on {named}: choose one of the marked trains.", error=True)
            return
        self.make(session.play_move(tile, train))

    def on_trains_view_train_clicked(self, message: TrainsView.TrainClicked) -> None:
        if self.choosing:
            self.action_train(self.session.train_key_of(message.train))
        elif self.session.human_to_act:
            self.say("Pick a tile first, then the train to play it on.", error=True)

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        if self.choosing:
            self.choosing = None
        self.pick(message.index)

    def action_cancel(self) -> None:
        self.choosing = None
        self.say("")
        self.redraw()

    def action_draw(self) -> None:
        if self._my_turn():
            self.make(self.session.draw_move())

    def action_pass_turn(self) -> None:
        if self._my_turn():
            self.make(self.session.pass_move())

    def action_new_game(self) -> None:
        self.game_app.action_new_game()

    def action_help(self) -> None:
        self.game_app.action_help()

    def action_score_sheet(self) -> None:
        self.game_app.action_score_sheet()

    def action_toggle_log(self) -> None:
        shown = not self.has_class("-log-hidden")
        self.show_log = not shown
        self.game_app.remember(show_log=self.show_log)
        self.fit_terminal()
