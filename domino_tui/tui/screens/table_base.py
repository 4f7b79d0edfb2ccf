"""What every table screen shares: the flow of a game between you and the bots, the bot worker, the size check,
the message line, the spinner, and the keys every table has.

The flow: after each move `advance` logs it, saves, and then finishes the game, waits for a person, or starts the
bot to move in a worker thread (`think`) that posts its move back as `BotMoved`; a token tells stale answers (from
a game since replaced) to go away. While the terminal is too small the bot's turn is held back and played once the
table can be seen again: the game waits for you.

A subclass provides:
- ``compose``: a `StatusBar`, the board and a RichLog ``#log``, then `compose_below_board` (the message line, the
  hand, the notice of a terminal too small, the keys);
- a ``choosing`` reactive (the tile waiting for a choice of where, or None) and its own ``BINDINGS`` (the pieces
  below keep the shared keys in one place, in the order the footer shows them);
- what its kind of game says: ``game_over``, ``to_move``, ``moves_made``, ``person_to_move``, ``your_turn``,
  ``bot_call``, ``apply_move``, ``apply_bot``, ``only_draw_or_pass``, ``log_new_events``, ``announce``,
  ``finished``, ``redraw``, ``status_info``, ``hint``;
- optionally ``seat_ready`` (hot seat: hand the keyboard over first), ``before_advance`` (the coach) and
  ``arrange_panels`` (what sits beside the board at this width).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, cast

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import RichLog, Static
from textual.worker import get_current_worker

from ..widgets.hand import HandView, key_label
from ..widgets.key_footer import KeyFooter
from ..widgets.status import StatusBar, StatusInfo

if TYPE_CHECKING:
    from ..app import DominoApp

MIN_WIDTH, MIN_HEIGHT = 80, 24
LOG_AUTO_WIDTH = 130
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"

# The keys every table has, in pieces so that each table lists its own keys between them in the footer's order.
CURSOR_KEYS = [
    Binding("left", "cursor(-1)", "Select", key_display="←→"),
    Binding("right", "cursor(1)", "Select", show=False),
    Binding("enter,space", "play", "Play"),
]
TURN_KEYS = [
    Binding("d", "draw", "Draw"),
    Binding("p", "pass_turn", "Pass"),
    Binding("n", "new_game", "New"),
    Binding("s", "score_sheet", "Scores"),
    Binding("l", "toggle_log", "Log"),
]
LEAVING_KEYS = [
    Binding("question_mark,f1", "help", "Help", key_display="?"),
    Binding("q", "app.quit", "Quit"),
]


class SeatedSession(Protocol):
    """What the shared flow reads of a session (a line game's or a train game's)."""

    @property
    def human_to_act(self) -> bool: ...

    def name(self, seat: int) -> str: ...

    def result_text(self) -> str: ...


S = TypeVar("S", bound=SeatedSession)


class TableBase(Screen[None], Generic[S]):
    class BotMoved(Message):
        """A bot's choice, posted from its worker thread; ``move`` None when the bot failed."""

        def __init__(self, token: int, seat: int, move: object | None) -> None:
            self.token = token
            self.seat = seat
            self.move = move
            super().__init__()

    # The choice waiting for you (the subclass narrows its type).
    choosing: reactive[Any] = reactive(None, bindings=True)
    thinking: reactive[int | None] = reactive(None, bindings=True)
    too_small: reactive[bool] = reactive(False, bindings=True)

    def __init__(self, session: S) -> None:
        super().__init__()
        self.session = session
        self.token = 0
        self.logged = 0
        self.show_log: bool | None = None  # None: by width
        self.message = ""
        self.frame = 0
        # A bot's turn held back while the terminal is too small to show it (the game waits for you).
        self.held: TableBase.BotMoved | None = None
        self.stalled = False

    @property
    def game_app(self) -> DominoApp:
        """The app this screen runs in, typed: a table only ever runs inside DominoApp."""
        return cast("DominoApp", self.app)

    def compose_below_board(self) -> ComposeResult:
        """The message line, your hand, the notice of a terminal too small, and the keys: every table's bottom."""
        yield Static(id="message")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield Static(id="too-small")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.border_title = "Moves"
        log.can_focus = False  # the arrows belong to the hand and the choice of where to play, not to scrolling
        self.show_log = self.game_app.settings.show_log
        self.arrange_panels()
        self.set_interval(0.1, self.tick)
        self.start(self.session)

    def tick(self) -> None:
        """Turn the thinking spinner, so a slow bot visibly works rather than looks stuck."""
        if self.thinking is not None:
            self.frame += 1
            self.query_one(StatusBar).info = self.status_info()

    # ----- what a subclass provides -----

    @property
    def game_over(self) -> bool:
        raise NotImplementedError

    @property
    def to_move(self) -> int:
        raise NotImplementedError

    @property
    def moves_made(self) -> int:
        raise NotImplementedError

    def person_to_move(self) -> bool:
        """Whether a person (not a bot) is to move."""
        raise NotImplementedError

    def your_turn(self) -> bool:
        """Whether the person at the keyboard may move now."""
        raise NotImplementedError

    def bot_call(self, seat: int) -> Callable[[], object]:
        """The bot's choice for ``seat``, to be called in the worker thread."""
        raise NotImplementedError

    def apply_move(self, move: object) -> str:
        """Your move applied; else why not (and nothing changes)."""
        raise NotImplementedError

    def apply_bot(self, seat: int, move: object | None) -> None:
        """A bot's move applied; a faulty one is dealt with and the player told."""
        raise NotImplementedError

    def only_draw_or_pass(self) -> object | None:
        """The draw or pass when that is your only move, else None."""
        raise NotImplementedError

    def log_new_events(self) -> None:
        raise NotImplementedError

    def announce(self, session: S) -> None:
        """Sit down to ``session``: the log's heading and whatever the table shows of it."""
        raise NotImplementedError

    def finished(self) -> None:
        """The game or round is over: what next."""
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def status_info(self) -> StatusInfo:
        raise NotImplementedError

    def hint(self) -> None:
        raise NotImplementedError

    def hand_size(self) -> int:
        """How many tiles the hand of the person to move holds."""
        raise NotImplementedError

    def play_tile(self, index: int) -> None:
        """Play tile ``index`` of your hand, asking where when it may go more than one way."""
        raise NotImplementedError

    def seat_ready(self, seat: int) -> bool:
        """Whether the person to move sits at the keyboard; at one shared keyboard they may first take it."""
        return True

    def before_advance(self) -> None:
        """Heard after every move, before it is logged."""

    def arrange_panels(self) -> None:
        """Arrange what sits beside the board for the terminal's width."""

    # ----- the flow of a game -----

    def start(self, session: S) -> None:
        """Sit down to ``session``'s current game (a new match, or the next game of this one)."""
        self.workers.cancel_group(self, "bot")
        self.session = session
        self.token += 1
        self.thinking = None
        self.choosing = None
        self.logged = 0
        self.held = None
        self.stalled = False
        self.announce(session)
        self.say("")
        self.advance()

    def advance(self) -> None:
        """After a move: log it, then hand the turn to you or to a bot, or finish the game."""
        self.before_advance()
        self.log_new_events()
        self.game_app.save_game()
        if self.game_over:
            self.thinking = None
            self.redraw()
            self.query_one("#log", RichLog).write(Text(self.session.result_text(), style="bold"))
            self.finished()
            return
        if self.person_to_move():
            self.thinking = None
            if not self.seat_ready(self.to_move):
                return
            self.redraw()
            self.hint()
            if self.game_app.settings.auto_pass:
                # When your only move is to draw or pass, it is made for you after the bots' pause (so you
                # see it happen), unless the game has moved on by then.
                seen = self.moves_made
                self.set_timer(max(self.game_app.pause, 0.05), lambda token=self.token: self.auto_move(token, seen))
            return
        seat = self.to_move
        self.thinking = seat
        self.redraw()
        if self.too_small:
            self.stalled = True  # the bot waits until you can see the table again
            return
        self.think(self.token, seat, self.bot_call(seat), self.game_app.pause)

    @work(thread=True, exclusive=True, group="bot")
    def think(self, token: int, seat: int, call: Callable[[], object], pause: float) -> None:
        worker = get_current_worker()
        deadline = time.monotonic() + pause
        while (left := deadline - time.monotonic()) > 0:
            if worker.is_cancelled:
                return
            time.sleep(min(left, 0.05))
        try:
            move: object | None = call()
        except Exception:  # a broken bot must not take your game down with it
            move = None
        if not worker.is_cancelled:
            # post_message is thread-safe and never waits, so a closing app is not held up by its bots.
            self.post_message(self.BotMoved(token, seat, move))

    def on_table_base_bot_moved(self, message: BotMoved) -> None:
        if self.too_small and message.token == self.token:
            self.held = message  # played once the table can be seen again
            return
        if message.token != self.token or self.game_over or self.to_move != message.seat:
            return
        self.apply_bot(message.seat, message.move)
        self.advance()

    def auto_move(self, token: int, seen: int) -> None:
        """The automatic draw or pass, unless the game has moved on since it was planned."""
        if token != self.token or self.moves_made != seen or not self.session.human_to_act or self.too_small:
            return
        only = self.only_draw_or_pass()
        if only is not None:
            self.make(only)

    def make(self, move: object) -> bool:
        """Your move: applied, or a message saying why not (and nothing changes)."""
        problem = self.apply_move(move)
        if problem:
            self.say(problem, error=True)
            return False
        self.choosing = None
        self.say("")
        self.advance()
        return True

    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        widget = self.query_one("#message", Static)
        widget.update(text)
        widget.set_class(error, "-error")

    # ----- size -----

    def on_resize(self) -> None:
        self.fit_terminal()

    def on_screen_resume(self) -> None:
        # Only the screen in front hears of a resize: a table behind a dialog or the palette catches up here.
        self.fit_terminal()

    def fit_terminal(self) -> None:
        """Wait when the terminal is too small; else arrange the panels for its width."""
        size = self.app.size
        self.too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        self.set_class(self.too_small, "-too-small")
        if self.too_small:
            self.query_one("#too-small", Static).update(
                f"The terminal is {size.width}x{size.height}.\n"
                f"domino-tui needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                "Please make it bigger: your game waits.\n"
                "q quits."
            )
        else:
            self.resume()
        self.arrange_panels()

    def resume(self) -> None:
        """The table can be seen again: the bot that was held back moves."""
        if self.held is not None:
            message, self.held = self.held, None
            self.on_table_base_bot_moved(message)
        elif self.stalled:
            self.stalled = False
            self.advance()

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # While the terminal is too small only the help and quitting work: the game waits.
        return not self.too_small or action in ("help", "quit")

    def action_pick(self, index: int) -> None:
        """A tile of your hand chosen by its key or a click: the cursor goes to it, and it is played."""
        if not self._my_turn():
            return
        if index >= self.hand_size():
            self.say(f"There is no tile {key_label(index)} in your hand.", error=True)
            return
        self.query_one(HandView).cursor = index
        self.play_tile(index)

    def _my_turn(self) -> bool:
        if self.game_over:
            self.finished()
            return False
        if not self.your_turn():
            self.say(f"Wait: it is {self.session.name(self.to_move)}'s turn.", error=True)
            return False
        return True

    def action_cursor(self, step: int) -> None:
        hand = self.query_one(HandView)
        if hand.tiles:
            hand.cursor = (hand.cursor + step) % len(hand.tiles)

    def action_cancel(self) -> None:
        """Esc while choosing where to play: give up the choice."""
        self.choosing = None
        self.say("")
        self.redraw()

    def action_new_game(self) -> None:
        self.game_app.action_new_game()

    def action_help(self) -> None:
        self.game_app.action_help()

    def action_score_sheet(self) -> None:
        self.game_app.action_score_sheet()
