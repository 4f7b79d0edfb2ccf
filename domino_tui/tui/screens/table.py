"""The table: the line of play, the seats around it, your hand, the status bar, the move log, every game key.

The screen owns the flow of a game: your moves come from bindings and clicks, the bots' from a worker thread
that posts its move back; a token tells stale bot answers (from a game since replaced) to go away.

The table is drawn from one seat, the ``viewer``: its hand, and the others around it. Alone at the keyboard that
is always you; at one keyboard shared by several people (hot seat) it is the person to move, shown only once they
have taken the keyboard (the handover screen), and nobody while the keyboard changes hands.
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import RichLog, Static
from textual.worker import get_current_worker

from ...ai import Bot
from ...engine import CLOSED, DRAW, PASS, End, IllegalMoveError, Kind, Move, Observation, Tile
from .. import equal_plays, side_panels
from ..session import HUMAN, Session
from ..side_panels import BOARD_ROOM, Panel, Placement
from ..widgets.hand import HandView, key_label
from ..widgets.hint_panel import END_KEYS, HintPanel
from ..widgets.key_footer import KeyFooter
from ..widgets.seat import SeatInfo, SeatView, tiles_text
from ..widgets.snake import SnakeView
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.tracker_panel import TrackerPanel
from .coach import CoachActions

MIN_WIDTH, MIN_HEIGHT = 80, 24
LOG_AUTO_WIDTH = 130
SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
# Where each other seat sits, by the number of players and its place after the viewer's: opposite on top, the
# sides left and right.
PLACES = {2: {1: "top"}, 3: {1: "left", 2: "right"}, 4: {1: "left", 2: "top", 3: "right"}}
# Keys that leave the choice of an end; hidden while choosing so the footer has room for the end keys.
NOT_WHILE_CHOOSING = {"draw", "pass_turn", "new_game", "score_sheet", "toggle_log", "play"}
# The panels beside the board, by their widgets' ids (see `side_panels`).
PANELS = ("hint", "tracker", "log")


class MoveLog(RichLog, can_focus=False):
    """The log of moves. Not focusable from the start: the arrows belong to the hand and the ends."""


class TableScreen(CoachActions, Screen):
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(k % 10), f"pick({k - 1})", f"Tile {k % 10}", show=False) for k in range(1, 11)],
        Binding("left", "cursor(-1)", "Select", key_display="←→"),
        Binding("right", "cursor(1)", "Select", show=False),
        Binding("enter,space", "play", "Play"),
        Binding("left", "end('left')", "Left end", key_display="←"),
        Binding("right", "end('right')", "Right end", key_display="→"),
        Binding("up", "end('up')", "Up end", key_display="↑"),
        Binding("down", "end('down')", "Down end", key_display="↓"),
        Binding("escape", "cancel", "Cancel"),
        # Esc also closes a panel; off the footer, which 80 columns fill already (each panel says so itself).
        Binding("escape", "close_panel", "Close", show=False),
        Binding("d", "draw", "Draw"),
        Binding("p", "pass_turn", "Pass"),
        Binding("n", "new_game", "New"),
        Binding("s", "score_sheet", "Scores"),
        Binding("l", "toggle_log", "Log"),
        # Off the footer, which 80 columns fill already: the help and the palette list them.
        Binding("h", "hint", "Hint", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("t", "toggle_tracker", "Tracker", show=False),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    class BotMoved(Message):
        """A bot's choice, posted from its worker thread; ``move`` None when the bot failed."""

        def __init__(self, token: int, seat: int, move: Move | None) -> None:
            self.token = token
            self.seat = seat
            self.move = move
            super().__init__()

    # The tile waiting for you to choose an end, and the ends it fits.
    choosing: reactive[tuple[Tile, tuple[End, ...]] | None] = reactive(None, bindings=True)
    thinking: reactive[int | None] = reactive(None, bindings=True)
    too_small: reactive[bool] = reactive(False, bindings=True)

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.token = 0
        self.logged = 0
        self.show_log: bool | None = None  # None: by width
        self.message = ""
        self.frame = 0
        # A bot's turn held back while the terminal is too small to show it (the game waits for you).
        self.held: TableScreen.BotMoved | None = None
        self.stalled = False
        self.recent: list[str] = []  # panels opened by the player in this sitting, the latest first
        self.placement = Placement()
        self.viewer = HUMAN  # the seat whose hand is shown; None: nobody's

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield SeatView(id="seat-top")
        with Horizontal(id="main"):
            yield SeatView(id="seat-left", classes="-side")
            # Not focusable: arrows belong to the hand and the choice of end, not to scrolling.
            with ScrollableContainer(id="board", can_focus=False):
                yield SnakeView(id="snake")
            yield SeatView(id="seat-right", classes="-side -right")
            yield MoveLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=24)
            yield TrackerPanel(id="tracker")
            yield HintPanel(id="hint")
        yield Static(id="message")
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield Static(id="too-small")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.border_title = "Moves"
        self.show_log = self.game_app.settings.show_log
        self.arrange_panels()
        self.set_interval(0.1, self.tick)
        self.start(self.session)

    def tick(self) -> None:
        """Turn the thinking spinner, so a slow bot visibly works rather than looks stuck."""
        if self.thinking is not None:
            self.frame += 1
            self.query_one(StatusBar).info = self.status_info()

    # ----- the flow of a game -----

    def start(self, session: Session) -> None:
        """Sit down to ``session``'s current game (a new match, or the next game of this one)."""
        self.workers.cancel_group(self, "bot")
        self.session = session
        self.token += 1
        self.thinking = None
        self.choosing = None
        self.logged = 0
        self.held = None
        self.stalled = False
        # At one keyboard, each game's first hand too is shown only to its player.
        self.viewer = None if session.hot_seat else HUMAN
        places = PLACES[session.players]
        for place in ("top", "left", "right"):
            self.query_one(f"#seat-{place}", SeatView).set_class(place not in places.values(), "-absent")
        log = self.query_one("#log", RichLog)
        if len(session.match.games) == 1:
            log.clear()
        game_no = len(session.match.games)
        log.write(Text(f"— {session.rules.title}, {session.part} {game_no} (seed {session.seed}) —", style="bold"))
        self.say("")
        self.advance()

    def advance(self) -> None:
        """After a move: log it, then hand the turn to you or to a bot, or finish the game."""
        self.coach_moved()
        self.log_new_events()
        self.game_app.save_game()
        game = self.session.game
        if game.over:
            self.thinking = None
            self.redraw()
            self.query_one("#log", RichLog).write(Text(self.session.result_text(), style="bold"))
            self.game_app.game_finished(self.session)
            return
        if game.turn in self.session.people:
            self.thinking = None
            if game.turn != self.viewer:
                self.hand_over(game.turn)
                return
            self.redraw()
            self.hint()
            if self.game_app.settings.auto_pass:
                # When your only move is to draw or pass, it is made for you after the bots' pause (so you
                # see it happen), unless the game has moved on by then.
                seen = len(game.history)
                self.set_timer(max(self.game_app.pause, 0.05), lambda token=self.token: self.auto_move(token, seen))
            return
        seat = game.turn
        self.thinking = seat
        self.redraw()
        if self.too_small:
            self.stalled = True  # the bot waits until you can see the table again
            return
        self.think(self.token, self.session.bots[seat], self.session.observation(seat), self.game_app.pause)

    def hand_over(self, seat: int) -> None:
        """Another person's turn at this keyboard: the hand on show goes, the next shows once they are ready."""
        from .handover import HandoverScreen

        self.viewer = None
        self.redraw()
        last = self.session.game.history[-1:] if self.session.game.history else []
        news = f"Last move: {self.session.describe(last[0])}" if last else ""

        def ready(_: None, token: int = self.token) -> None:
            game = self.session.game
            if token == self.token and not game.over and game.turn == seat:
                self.viewer = seat
                self.advance()

        self.app.push_screen(HandoverScreen(self.session.name(seat), news), ready)

    @work(thread=True, exclusive=True, group="bot")
    def think(self, token: int, bot: Bot, obs: Observation, pause: float) -> None:
        worker = get_current_worker()
        deadline = time.monotonic() + pause
        while (left := deadline - time.monotonic()) > 0:
            if worker.is_cancelled:
                return
            time.sleep(min(left, 0.05))
        try:
            move: Move | None = bot.choose(obs)
        except Exception:  # a broken bot must not take your game down with it
            move = None
        if not worker.is_cancelled:
            # post_message is thread-safe and never waits, so a closing app is not held up by its bots.
            self.post_message(self.BotMoved(token, obs.seat, move))

    def on_table_screen_bot_moved(self, message: BotMoved) -> None:
        token, seat, move = message.token, message.seat, message.move
        if self.too_small and token == self.token:
            self.held = message  # played once the table can be seen again
            return
        if token != self.token or self.session.game.over or self.session.game.turn != seat:
            return
        try:
            if move is None:
                raise IllegalMoveError("the bot failed")
            self.session.apply(move)
        except IllegalMoveError:
            # A faulty bot loses its turn (a forced pass) rather than stopping your game.
            self.session.game.forfeit()
            self.app.notify(f"{self.session.name(seat)}'s bot failed to move and loses the turn.", severity="warning")
        self.advance()

    def auto_move(self, token: int, seen: int) -> None:
        """The automatic draw or pass, unless the game has moved on since it was planned."""
        game = self.session.game
        if token != self.token or len(game.history) != seen or not self.session.human_to_act or self.too_small:
            return
        legal = game.legal_moves()
        if len(legal) == 1 and legal[0].kind is not Kind.PLAY:
            self.make(legal[0])

    def make(self, move: Move) -> bool:
        """Your move: applied, or a message saying why not (and nothing changes)."""
        try:
            self.session.apply(move)
        except IllegalMoveError as exc:
            self.say(_sentence(str(exc)), error=True)
            return False
        self.choosing = None
        self.say("")
        self.advance()
        return True

    def rewind(self) -> None:
        """The game was taken back (undo): drop what bots are thinking and go on from the earlier position."""
        self.workers.cancel_group(self, "bot")
        self.token += 1
        self.choosing = None
        self.logged = len(self.session.game.history)
        self.query_one("#log", RichLog).write(Text("— move taken back —", style="italic"))
        self.advance()

    def log_new_events(self) -> None:
        log = self.query_one("#log", RichLog)
        history = self.session.game.history
        for ev in history[self.logged :]:
            log.write(self.session.describe(ev))
        self.logged = len(history)

    def hint(self) -> None:
        game = self.session.game
        if self.message:
            return
        if self.viewer is None:
            return
        if not game.playable(self.viewer) or game.board.empty:
            legal = game.legal_moves()
            if game.board.empty:
                self.say("You lead: pick any tile.")
            elif DRAW in legal:
                self.say("No tile fits: press d to draw.")
            elif PASS in legal:
                self.say("No tile fits: press p to pass.")

    # ----- drawing -----

    def redraw(self) -> None:
        session = self.session
        game = session.game
        last = session.last_play()
        targets = self.choosing[1] if self.choosing else ()
        self.query_one(SnakeView).show(game.board.copy(), last.tile if last else None, targets)
        viewer = self.viewer
        human_turn = session.human_to_act and game.turn == viewer
        playable = []
        if human_turn:
            playable = game.playable_places(game.turn)
        points: dict[int, int] = {}
        if human_turn and session.rules.fives:
            for m in game.legal_moves():
                if m.kind is Kind.PLAY:
                    i = game.hand(game.turn).index(m.tile)
                    points[i] = max(points.get(i, 0), game.points_for(m))
        hand = game.hand(viewer) if viewer is not None else ()
        self.query_one(HandView).show(hand, playable, human_turn, points)
        self.query_one(StatusBar).info = self.status_info()
        # The table turns with the viewer: the seat after theirs on their left, and so on round.
        around = HUMAN if viewer is None else viewer
        for offset, place in PLACES[session.players].items():
            seat = (around + offset) % session.players
            self.query_one(f"#seat-{place}", SeatView).info = SeatInfo(
                session.name(seat),
                game.hand_size(seat),
                seat == game.turn and not game.over,
                session.last_action(seat),
            )
        box = self.query_one("#hand-box")
        if viewer is None:
            box.border_title = "The keyboard changes hands"
        else:
            title = f"{session.name(viewer)} · {tiles_text(game.hand_size(viewer))} · {game.pips(viewer)} pips"
            action = session.last_action(viewer)
            box.border_title = title + (f" · {action}" if action else "")
        board = self.query_one("#board")
        board.border_title = f"Count {game.board.count()}" if session.rules.fives and not game.board.empty else ""
        legend = ["━ newest"] if last else []
        if game.board.spinner is not None:
            legend.append("═ spinner")
        board.border_subtitle = " · ".join(legend)
        self.coach_update()

    def status_info(self) -> StatusInfo:
        session = self.session
        game = session.game
        if game.over:
            turn = f"{session.part.capitalize()} over"
        elif self.thinking is not None:
            turn = f"{SPINNER[self.frame % len(SPINNER)]} {session.name(self.thinking)} is thinking…"
        else:
            # At one keyboard "your" would not say whose: the seat's name does.
            turn = f"{session.name(game.turn)} to play" if session.hot_seat else "Your turn"
            if self.choosing:
                turn += ": choose an end"
        scores = session.scores()
        score = ""
        if session.multi_game or session.rules.fives:
            parts = [f"{session.team_name(t)} {p}" for t, p in enumerate(scores)]
            goal = session.goal()
            score = " · ".join(parts) + (f" ({goal})" if goal else "")
        stock = game.stock_size if session.rules.has_stock else None
        return StatusInfo(turn, stock, score)

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
            self.on_table_screen_bot_moved(message)
        elif self.stalled:
            self.stalled = False
            self.advance()

    # ----- the panels beside the board -----

    def opened(self, panel: str) -> None:
        """The player opened ``panel``: it comes first, and may open over the table."""
        self.recent = [panel, *(p for p in self.recent if p != panel)]

    def wanted(self, panel: str) -> bool:
        if panel == "hint":
            return self.query_one(HintPanel).wanted
        if panel == "tracker":
            return self.tracker_wanted()
        return self.show_log if self.show_log is not None else self.app.size.width >= LOG_AUTO_WIDTH

    def arrange_panels(self) -> None:
        """Put each wanted panel beside the board while the board keeps its room, else over the table (the
        latest opened only), else nowhere for now."""
        order = [*self.recent, *(p for p in PANELS if p not in self.recent)]
        latest = self.recent[0] if self.recent else None
        wanted = [Panel(p, _width(self.query_one(f"#{p}")), p == latest) for p in order if self.wanted(p)]
        seats = sum(_width(seat) for seat in self.query(".-side") if not seat.has_class("-absent"))
        placement = side_panels.place(self.app.size.width - seats - BOARD_ROOM, wanted)
        # Each change of the table's classes restyles all of it at once: the panels' changes are made together
        # and restyle it once (three times over at mount otherwise, before the first frame).
        before = set(self.classes)
        for panel in PANELS:
            self.set_class(not placement.shows(panel), f"-{panel}-hidden", update=False)
            self.set_class(placement.over == panel, f"-{panel}-over", update=False)
            self.query_one(f"#{panel}").border_subtitle = "Esc closes" if placement.over == panel else ""
        if set(self.classes) != before:
            self.update_node_styles()
        if placement != self.placement:
            self.placement = placement
            self.refresh_bindings()  # Esc closes a panel over the table
        self.coach_update()

    def close_panel(self, panel: str) -> None:
        """Close ``panel``; the one opened before it, if still wanted, may come back over the table."""
        self.recent = [p for p in self.recent if p != panel]
        if panel == "hint":
            self.query_one(HintPanel).hide()
        elif panel == "tracker":
            self.show_tracker = False
        else:
            self.show_log = False
            self.game_app.remember(show_log=False)
        self.arrange_panels()

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.too_small and action not in ("help", "quit"):
            return False
        if action == "draw" and not self.session.rules.has_stock:
            return False
        if self.choosing and action in NOT_WHILE_CHOOSING:
            return False
        if action == "end":
            if not self.choosing:
                return False
            return End[str(parameters[0]).upper()] in self.choosing[1]
        if action == "cursor":
            return not self.choosing
        if action == "cancel":
            return bool(self.choosing)
        if action == "close_panel":
            return self.placement.over is not None or self.query_one(HintPanel).wanted
        return True

    def _my_turn(self) -> bool:
        session = self.session
        if session.game.over:
            self.game_app.game_finished(session)
            return False
        if not session.human_to_act or session.game.turn != self.viewer:
            self.say(f"Wait: it is {session.name(session.game.turn)}'s turn.", error=True)
            return False
        return True

    def action_cursor(self, step: int) -> None:
        hand = self.query_one(HandView)
        if hand.tiles:
            hand.cursor = (hand.cursor + step) % len(hand.tiles)

    def action_pick(self, index: int) -> None:
        if not self._my_turn():
            return
        tiles = self.session.game.hand(self.session.game.turn)
        if index >= len(tiles):
            self.say(f"There is no tile {key_label(index)} in your hand.", error=True)
            return
        self.query_one(HandView).cursor = index
        self.play_tile(index)

    def action_play(self) -> None:
        if self.session.game.over:
            self.game_app.game_finished(self.session)
            return
        if self.choosing and len(self.choosing[1]) == 1:
            self.make(Move.play(self.choosing[0], self.choosing[1][0]))
            return
        if self._my_turn():
            self.play_tile(self.query_one(HandView).cursor)

    def play_tile(self, index: int) -> None:
        game = self.session.game
        tile = game.hand(game.turn)[index]
        ends = tuple(m.end for m in game.legal_moves() if m.kind is Kind.PLAY and m.tile == tile)
        if not ends:
            self.choosing = None
            shows = ", ".join(f"{e.label} {game.board.ends[e]}" for e in game.board.open_ends())
            self.say(f"{tile} does not fit: the open ends show {shows}.", error=True)
            self.redraw()
            return
        choices = equal_plays.distinct(game.board, tile, ends)  # type: ignore[arg-type]  # a PLAY move always has an end
        if len(choices) == 1:  # one end, or ends that come to the same thing: nothing to ask
            self.make(Move.play(tile, choices[0]))
            return
        self.choosing = (tile, ends)  # type: ignore[assignment]  # a PLAY move always has an end
        options = " · ".join(f"{END_KEYS[e]} {e.label} ({game.board.ends[e]})" for e in choices)
        self.say(f"Play {tile} where? {options} · or click an end · Esc cancels")
        self.redraw()

    def action_end(self, name: str) -> None:
        if not self.choosing:
            return
        end = End[name.upper()]
        tile, ends = self.choosing
        if end not in ends:
            self.say(f"{tile} does not fit the {end.label} end.", error=True)
            return
        self.make(Move.play(tile, end))

    def action_cancel(self) -> None:
        """Esc while choosing an end: give up the choice."""
        self.choosing = None
        self.say("")
        self.redraw()

    def action_close_panel(self) -> None:
        """Esc otherwise: close the panel over the table, else the hint."""
        if self.placement.over is not None:
            self.close_panel(self.placement.over)
        elif self.query_one(HintPanel).wanted:
            self.close_panel("hint")

    def on_snake_view_end_clicked(self, message: SnakeView.EndClicked) -> None:
        if self.choosing:
            self.action_end(message.end.name)
        elif self.session.human_to_act and self.session.game.board.ends[message.end] != CLOSED:
            self.say("Pick a tile first, then the end to play it on.", error=True)

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        self.action_pick(message.index)

    def action_draw(self) -> None:
        if not self._my_turn():
            return
        self.make(DRAW)

    def action_pass_turn(self) -> None:
        if not self._my_turn():
            return
        self.make(PASS)

    def action_new_game(self) -> None:
        self.game_app.action_new_game()

    def action_help(self) -> None:
        self.game_app.action_help()

    def action_score_sheet(self) -> None:
        self.game_app.action_score_sheet()

    def action_toggle_log(self) -> None:
        if not self.has_class("-log-hidden"):
            self.close_panel("log")
            return
        self.show_log = True
        self.opened("log")
        self.game_app.remember(show_log=True)
        self.arrange_panels()


def _width(widget: Widget) -> int:
    """The columns a widget of fixed width takes (its border and padding included)."""
    width = widget.styles.width
    return int(width.value) if width is not None else 0


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."
