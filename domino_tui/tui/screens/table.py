"""The table: the line of play, the seats around it, your hand, the status bar, the move log, every game key.

The flow of a game, the bot worker and the size check are every table's (`table_base.py`); here, what a line game
adds: the seats around the board, the choice of an end, the coach and the panels beside the board.

The table is drawn from one seat, the ``viewer``: its hand, and the others around it. Alone at the keyboard that
is always you; at one keyboard shared by several people (hot seat) it is the person to move, shown only once they
have taken the keyboard (the handover screen), and nobody while the keyboard changes hands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer
from textual.reactive import reactive
from textual.widgets import RichLog

from ...engine import CLOSED, DRAW, PASS, End, IllegalMoveError, Kind, Move, Tile
from .. import equal_plays
from ..sentence import sentence
from ..session import HUMAN, Session
from ..side_panels import Placement
from ..widgets.hand import HandView
from ..widgets.hint_panel import END_KEYS, HintPanel
from ..widgets.seat import SeatInfo, SeatView, tiles_text
from ..widgets.snake import SnakeView
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.tracker_panel import TrackerPanel
from .beside_board import BesidePanels
from .coach import CoachActions
from .table_base import CURSOR_KEYS, LEAVING_KEYS, SPINNER, TURN_KEYS, TableBase
from .table_base import MIN_HEIGHT as MIN_HEIGHT  # the smallest terminal, where the table's users look for it
from .table_base import MIN_WIDTH as MIN_WIDTH

# Where each other seat sits, by the number of players and its place after the viewer's: opposite on top, the
# sides left and right.
PLACES = {2: {1: "top"}, 3: {1: "left", 2: "right"}, 4: {1: "left", 2: "top", 3: "right"}}
# Keys that leave the choice of an end; hidden while choosing so the footer has room for the end keys.
NOT_WHILE_CHOOSING = {"draw", "pass_turn", "new_game", "score_sheet", "toggle_log", "play"}


class MoveLog(RichLog, can_focus=False):
    """The log of moves. Not focusable from the start: the arrows belong to the hand and the ends."""


class TableScreen(CoachActions, BesidePanels, TableBase[Session]):
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(k % 10), f"pick({k - 1})", f"Tile {k % 10}", show=False) for k in range(1, 11)],
        *CURSOR_KEYS,
        Binding("left", "end('left')", "Left end", key_display="←"),
        Binding("right", "end('right')", "Right end", key_display="→"),
        Binding("up", "end('up')", "Up end", key_display="↑"),
        Binding("down", "end('down')", "Down end", key_display="↓"),
        Binding("escape", "cancel", "Cancel"),
        # Esc also closes a panel; off the footer, which 80 columns fill already (each panel says so itself).
        Binding("escape", "close_panel", "Close", show=False),
        *TURN_KEYS,
        # Off the footer, which 80 columns fill already: the help and the palette list them.
        Binding("h", "hint", "Hint", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("t", "toggle_tracker", "Tracker", show=False),
        *LEAVING_KEYS,
    ]

    # The tile waiting for you to choose an end, and the ends it fits.
    choosing: reactive[tuple[Tile, tuple[End, ...]] | None] = reactive(None, bindings=True)

    def __init__(self, session: Session) -> None:
        super().__init__(session)
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
        yield from self.compose_below_board()

    # ----- the flow of a game -----

    def announce(self, session: Session) -> None:
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

    # What the shared flow asks of a line game.

    @property
    def game_over(self) -> bool:
        return self.session.game.over

    @property
    def to_move(self) -> int:
        return self.session.game.turn

    @property
    def moves_made(self) -> int:
        return len(self.session.game.history)

    def person_to_move(self) -> bool:
        return self.session.game.turn in self.session.people

    def your_turn(self) -> bool:
        return self.session.human_to_act and self.session.game.turn == self.viewer

    def seat_ready(self, seat: int) -> bool:
        if seat != self.viewer:
            self.hand_over(seat)
            return False
        return True

    def before_advance(self) -> None:
        self.coach_moved()

    def bot_call(self, seat: int) -> Callable[[], Move]:
        bot, obs = self.session.bots[seat], self.session.observation(seat)
        return lambda: bot.choose(obs)

    def apply_move(self, move: object) -> str:
        try:
            self.session.apply(move)  # type: ignore[arg-type]  # a move from this screen's keys
        except IllegalMoveError as exc:
            return sentence(str(exc))
        return ""

    def apply_bot(self, seat: int, move: object | None) -> None:
        try:
            if move is None:
                raise IllegalMoveError("the bot failed")
            self.session.apply(move)  # type: ignore[arg-type]  # what a line game's bot chooses
        except IllegalMoveError:
            # A faulty bot loses its turn (a forced pass) rather than stopping your game.
            self.session.game.forfeit()
            self.app.notify(f"{self.session.name(seat)}'s bot failed to move and loses the turn.", severity="warning")

    def only_draw_or_pass(self) -> Move | None:
        legal = self.session.game.legal_moves()
        return legal[0] if len(legal) == 1 and legal[0].kind is not Kind.PLAY else None

    def finished(self) -> None:
        self.game_app.game_finished(self.session)

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

    # ----- the panels beside the board -----

    def remember_log(self, shown: bool) -> None:
        self.game_app.remember(show_log=shown)

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not super().check_action(action, parameters):
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
            return self.panel_to_close()
        return True

    def hand_size(self) -> int:
        return self.session.game.hand_size(self.session.game.turn)

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
