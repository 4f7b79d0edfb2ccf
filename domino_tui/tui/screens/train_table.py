"""The train table: the hub and every train, your hand, the room's seats, the log and the tile tracker, drawn from
what a room tells a seat, whatever carries it: a server online (`net.client.RoomClient`) or a room in the app's
process (a client with the same API). A spectator is a seat without a hand. At a keyboard several people share
(hot seat; see `RoomTable`) the table has a client per person's seat and shows only the seat to move's hand.

What the table shows is the seat's observation as the room last sent it; your moves go to the room and everyone's
come back as new observations. The client lives in a worker that posts what it hears as messages. The line games'
online table hands its client over to this screen when the room turns out to play a train game.

A move is a tile and a train: a tile's key (1-9, 0, then the letters under the tiles past the tenth), the cursor
and Enter, or a click; when it fits one train only it goes there, else a train's number (``m`` for the Mexican
train) or a click on its row. What the room allows decides the rest: undo (``u``) while the room offers it, the
tile tracker (``t``) and the hint (``h``, the coach's ranking of your moves) while the coach may help, and the bots
wait (``hold``) while the terminal is too small, where the room is in this process. Names and chat come from other
people: they are shown as plain text (never markup).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import RichLog, Static

from ...coach.tracker import track
from ...engine import Move, TrainObservation, TrainPlay
from ...net import heard as net
from ...net.heard import coach_allowed
from .. import side_panels
from ..online import CHAT_SHOWN, Connect
from ..sentence import sentence
from ..side_panels import Panel, Placement
from ..tile_keys import LETTERS, tile_key
from ..train_layout import LEGEND
from ..train_room import (
    bot_to_move,
    only_draw_or_pass,
    other_people,
    round_over_line,
    round_over_text,
    seats_text,
    undo_offered,
)
from ..train_words import describe, newest, nothing_fits, playable, round_title, totals_text, train_key, train_rows
from ..widgets.hand import HandView
from ..widgets.hint_panel import HintPanel
from ..widgets.key_footer import KeyFooter
from ..widgets.seat import tiles_text
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.tracker_panel import TrackerPanel
from ..widgets.trains import TrainsView
from .room_table import CREATOR, LOG_AUTO_WIDTH, MIN_HEIGHT, MIN_WIDTH, RoomTable, hand_keys, room_keys
from .train_choice import TILE_AND_TRAIN_KEYS, TrainChoice
from .train_round_over import TrainRoundOverScreen, of_result
from .train_score_sheet import TrainScoreSheetScreen, TrainSheet, of_observation

SHORT = 30  # rows below which the seats are shown on the board's border
# Columns the trains keep beside a panel: the longest label and a few tiles of every train (see train_layout).
BOARD_ROOM = 46
PANELS = ("hint", "tracker", "log")
PLAYING = {"number", "pick", "cursor", "play", "draw", "pass_turn", "hint"}
# Keys a spectator may press, and is told it is watching: every key that plays, or acts for a seat.
SEATED = PLAYING | CREATOR | {"next_game", "train", "cancel", "undo", "toggle_tracker"}
# While the terminal is too small only these act: the table waits for you.
WHILE_TOO_SMALL = {"leave", "help", "quit"}
# Keys that leave the choice of a train; off while choosing, so that the footer has room for the trains' keys.
NOT_WHILE_CHOOSING = {
    "draw",
    "pass_turn",
    "cursor",
    "play",
    "score_sheet",
    "toggle_log",
    "log",
    "undo",
    "new_game",
    "hint",
}


class TrainTable(TrainChoice, RoomTable):
    MOVE_KEYS = frozenset(
        {*(str(k) for k in range(10)), *LETTERS, "enter", "space", "left", "right", "m", "d", "p", "n", "r", "u"}
    )
    CSS_PATH = "train_table.tcss"
    PLAYED = "round"
    STOCK = "boneyard"
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[BindingType]] = [
        *TILE_AND_TRAIN_KEYS,
        *hand_keys(),
        Binding("left", "cursor(-1)", "Select", key_display="←→"),
        Binding("right", "cursor(1)", "Select", show=False),
        Binding("enter,space", "play", "Play"),
        *room_keys("round"),  # s starts the room in its lobby, then opens the score sheet
        Binding("u", "undo", "Undo", show=False),
        Binding("t", "toggle_tracker", "Tracker", show=False),
        Binding("h", "hint", "Hint", show=False),
        Binding("escape", "close_panel", "Close", show=False),
    ]

    # The tile waiting for you to choose a train (its index in your hand), and the trains it fits.
    choosing: reactive[tuple[int, tuple[int, ...]] | None] = reactive(None, bindings=True)
    connection: reactive[str] = reactive("connected", bindings=True)
    too_small: reactive[bool] = reactive(False, bindings=True)
    seat_view: net.TrainSeatView | None

    def __init__(self, connect: Connect | None, *clients: net.SeatClient) -> None:
        """The table of a train room the ``clients`` have entered already (they keep what they last heard), one
        per person's seat at this keyboard; ``connect``: the server and how it was entered, None for a room in
        this process."""
        super().__init__(connect, clients)
        self.info: net.RoomInfo | None = None
        if clients[0].info is not None:
            self.room_news(clients[0].info)
        self.shown: net.TrainSeatView | net.TrainSpectatorView | None = None  # the view the table last took
        self.spectator_view: net.TrainSpectatorView | None = None
        self.over: net.TrainRoundOver | None = None
        self.dialog = None
        self.chats: list[Text] = []
        self.logged = 0
        self.message = ""
        self.show_log: bool | None = None  # None: by the terminal's width
        self.show_tracker = False
        self.recent: list[str] = []  # the panels in the order last opened, the latest first
        self.placement = Placement()
        self.redraw_due = False
        self.sent_for: tuple[int, int, int] | None = None
        self.frame = 0  # the thinking spinner's

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Container(id="board"):
                yield TrainsView(id="trains")
            log = RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=24)
            # Not focusable from the start (the screen focuses the first focusable widget as it mounts): the arrows
            # belong to the hand and the choice of a train, not to scrolling, and nothing hidden may be maximized.
            log.can_focus = False
            yield log
            yield TrackerPanel(id="tracker")
            yield HintPanel(id="hint")
        yield Static(id="seats")
        yield from self.talk_lines()
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield Static(id="too-small")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.border_title = "Moves" if self.local else "Moves and chat"
        settings = getattr(self.app, "settings", None)
        self.show_log = getattr(settings, "show_log", None)
        self.set_class(self.watching, "-watching")
        self.set_class(True, "-no-chat")
        # A game at this keyboard: you and bots, no line saying who the people are (the legend keeps its place).
        self.set_class(self.local, "-local")
        self.fit()
        client = self.here[0].client
        if self.welcome is not None and self.watching:
            self.say(f"Watching room {self.welcome.room}: every hand is face down. c chats, q leaves.")
        elif self.welcome is not None and not self.local:
            if self.creator:  # a room started already (a quick match's) has nothing to start
                self.say(f"In room {self.welcome.room}. s starts when everyone is in.", holds=self.in_lobby)
            else:
                self.say(f"In room {self.welcome.room}.")
        if self.watching and client.train_view is not None:
            self.took(client.train_view)
        elif client.train_observation is not None and not self.hot_seat:  # else a hand waits for its handover
            self.took_seat_view(0, client.train_observation)
        if client.train_result is not None:
            self.round_over(client.train_result)
        self.redraw()
        self.set_interval(0.1, self.tick)
        for index in range(len(self.here)):
            self.listen(index)

    def tick(self) -> None:
        """Turn the thinking spinner, so a slow bot visibly works rather than looks stuck."""
        if bot_to_move(self.info, self.observation) is not None:
            self.frame += 1
            self.query_one(StatusBar).info = self.status_info()

    # ----- the terminal's size, and the panels beside the board -----

    def fit(self) -> None:
        size = self.app.size
        self.too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        self.set_class(self.too_small, "-too-small")
        if self.too_small:
            self.query_one("#too-small", Static).update(
                f"The terminal is {size.width}x{size.height}.\n"
                f"The table needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                "Please make it bigger: "
                + ("the bots wait." if self.can_hold else "the table comes back then.")
                + ("\nq quits." if self.local else "\nq leaves.")
            )
        self.hold(self.too_small)
        # Nine trains and the hand fill 24 rows: the seats' line then takes the board's bottom border, and the
        # latest chat the message line (all of it is in the log).
        self.set_class(size.height < SHORT, "-short")
        self.arrange_panels()
        if self.is_mounted:
            self.redraw()
            if not self.too_small:
                self.plan_auto_move()

    def wanted(self, panel: str) -> bool:
        if panel == "hint":
            return self.query_one(HintPanel).wanted and self.coached
        if panel == "tracker":
            return self.show_tracker and self.coached
        return self.show_log if self.show_log is not None else self.app.size.width >= LOG_AUTO_WIDTH

    def arrange_panels(self) -> None:
        """Each wanted panel beside the board while the trains keep their room, else the latest opened over the
        table's right side (the hand stays in view below it), else none for now."""
        order = [*self.recent, *(p for p in PANELS if p not in self.recent)]
        latest = self.recent[0] if self.recent else None
        wanted = [Panel(p, self.panel_width(p), p == latest) for p in order if self.wanted(p)]
        placement = side_panels.place(self.app.size.width - BOARD_ROOM, wanted)
        for panel in PANELS:
            self.set_class(not placement.shows(panel), f"-{panel}-hidden")
            self.set_class(placement.over == panel, f"-{panel}-over")
            self.query_one(f"#{panel}").border_subtitle = "Esc closes" if placement.over == panel else ""
        if placement != self.placement:
            self.placement = placement
            self.refresh_bindings()  # Esc closes a panel over the table

    def panel_width(self, panel: str) -> int:
        """The columns ``panel`` takes, as its style sets them (its border and padding included)."""
        width = self.query_one(f"#{panel}").styles.width
        return int(width.value) if width is not None else 0

    @property
    def can_hold(self) -> bool:
        """Whether the room's bots wait for this table (a room in this process; a server's play on)."""
        return self.connect_to is None

    # ----- what the room says -----

    def on_room_table_heard(self, message: RoomTable.Heard) -> None:
        event = message.event
        if message.index and not isinstance(event, net.TrainSeatView | net.ServerError):
            return  # the room's news comes to every seat here alike: the first seat's copy is heard
        if isinstance(event, net.RoomInfo):
            self.room_news(event)
            self.arrange_panels()  # the tracker goes once another person sits (and comes back if they leave)
            self.log_moves()
        elif isinstance(event, net.TrainSeatView):
            self.took_seat_view(message.index, event)
        elif isinstance(event, net.TrainSpectatorView):
            self.took(event)
        elif isinstance(event, net.TrainRoundOver):
            self.round_over(event)
        elif isinstance(event, net.Chat):
            line = Text.assemble((event.name, "bold"), ": ", event.text)
            self.chats = [*self.chats, line][-CHAT_SHOWN:]
            self.query_one("#chat", Static).update(Text("\n").join(self.chats))
            self.set_class(False, "-no-chat")
            self.query_one("#log", RichLog).write(line)
            if self.has_class("-short"):  # no line of its own: the latest says it in the message line
                self.say(line.plain)
        elif isinstance(event, net.ServerError):
            self.sent_for = None  # a refused move (stale, illegal) may be made again
            self.say(sentence(event.message), error=True)
        elif isinstance(event, net.Connection):
            self.connected(event)
        elif isinstance(event, net.RoomClosed):
            self.room_closed(event)
        # A bot's moves come in a burst: the table is drawn once, after the news already waiting.
        if not self.redraw_due:
            self.redraw_due = True
            self.call_later(self.redraw_now)

    def took_seat_view(self, index: int, view: net.TrainSeatView) -> None:
        """A seat here was sent its observation: kept, and shown when it is the seat on show's."""
        kept = self.here[index].seat_view
        if kept is not None and (view.match, view.game, view.position) < (kept.match, kept.game, kept.position):
            return  # heard before the one kept but read after (a room the line table handed over)
        self.keep_seat_view(index, view)
        if index == self.at:
            self.took(view)

    def took(self, view: net.TrainSeatView | net.TrainSpectatorView) -> None:
        """A new observation (a spectator's: the public view): the table as it is now."""
        key = (view.match, view.game)
        before = self.shown
        if before is None or (before.match, before.game) != key:
            self.choosing = None
            self.over = None if self.over is None or (self.over.match, self.over.game) != key else self.over
            self.close_dialog()  # a new deal: the last round's dialog gives way to the table
            title = f"— {view.observation.rules.title}, {round_title(view.game, self.rounds)} —"
            self.query_one("#log", RichLog).write(Text(title, style="bold"))
            self.logged = 0
        elif view.position < before.position:
            # Older than the table shown: heard before it but read after (a room the line table handed over with
            # the client's newest view). Every change, an undo too, makes a newer position.
            return
        else:
            if len(view.observation.history) < self.logged:
                self.choosing = None  # taken back (undo): the log goes on from the position returned to
                self.query_one("#log", RichLog).write(Text("— moves taken back —", style="dim"))
                self.logged = len(view.observation.history)
            if self.choosing is not None and not view.observation.legal:
                self.choosing = None
        if self.message and not self.message_is_error and view.observation.legal:
            self.say("")
        moved = (
            before is None
            or (before.match, before.game) != key
            or before.observation.history != view.observation.history
        )
        if moved and self.query_one(HintPanel).wanted:
            self.hide_hint()
        self.shown = view
        if isinstance(view, net.TrainSeatView):
            self.seat_view = view
        else:
            self.spectator_view = view
        obs = view.observation
        self.log_moves()
        if obs.legal and not self.message:
            self.say(nothing_fits(obs))
        self.plan_auto_move()

    def log_moves(self) -> None:
        """The moves not yet in the log, with their players' names once the room has named every seat."""
        obs = self.observation
        if obs is None or not self.names_known:
            return
        log = self.query_one("#log", RichLog)
        for ev in obs.history[self.logged :]:
            log.write(Text(describe(ev, obs.rules, self.names)))
        self.logged = len(obs.history)

    def plan_auto_move(self) -> None:
        """When your only move is to draw or pass and automatic moves are on, it is made for you after the bots'
        pause (so you see it happen), unless the table has moved on by then."""
        settings = getattr(self.app, "settings", None)
        view = self.seat_view
        if not getattr(settings, "auto_pass", False) or view is None or self.watching or not self.my_turn:
            return
        move = only_draw_or_pass(view.observation)
        if move is not None:
            pause = max(float(getattr(self.app, "pause", 0.0)), 0.05)
            self.set_timer(pause, lambda: self.auto_move(view, move))

    def auto_move(self, view: net.TrainSeatView, move: Move) -> None:
        if self.seat_view is view and not self.too_small:
            self._move(move)

    def handed_over(self) -> None:
        if self.seat_view is not None:
            self.took(self.seat_view)

    def last_move(self) -> str:
        view = self.here[self.handing_to].seat_view if self.handing_to is not None else None
        if not isinstance(view, net.TrainSeatView) or not view.observation.history:
            return ""
        return describe(view.observation.history[-1], view.observation.rules, self.names)

    def round_over(self, over: net.TrainRoundOver) -> None:
        if self.over == over:
            return
        self.over = over
        text = round_over_text(over, self.names, self.rounds)
        self.query_one("#log", RichLog).write(Text(text, style="bold"))
        if self.has_class("-short"):
            self.say(round_over_line(over, self.names))
        elif over.match_over:
            self.say(text + (" r restarts." if self.restarts else ""))
        elif self.watching:
            self.say(text + " The next round starts when the players are ready.")
        else:
            self.say(text + " n: next round.")
        if over.match_over:
            self.record(over)
        self.show_over()

    def record(self, over: net.TrainRoundOver) -> None:
        """Your record keeps the match, once, when its last round ends (never a round: the match is ranked)."""
        view = self.seat_view
        if view is None or view.match != over.match:
            return
        self.keep_in_record(over.match, 0, view.observation.rules, over.scores)

    # ----- the dialogs at a round's end, from the room's result -----

    def over_dialog(self) -> TrainRoundOverScreen | None:
        over, obs = self.over, self.observation
        if over is None or obs is None:
            return None
        buttons, keys, hint = self.end_choices(over.match_over, "score sheet")
        return TrainRoundOverScreen(of_result(over, obs, self.names, self.rounds, self.you, buttons, keys, hint))

    def score_sheet(self) -> TrainSheet | None:
        """The rounds of the match in view: those before this one as the observation has them, and this one's
        points once the room said it is over."""
        obs = self.observation
        if obs is None:
            return None
        over = self.over
        if over is not None and over.game == obs.round_index + 1:
            return of_observation(obs, self.names, over.points, over.scores)
        return of_observation(obs, self.names, None, obs.totals)

    def sheet_dialog(self) -> TrainScoreSheetScreen | None:
        about = self.score_sheet()
        return TrainScoreSheetScreen(about) if about is not None else None

    # ----- reading the table -----

    @property
    def observation(self) -> TrainObservation | None:
        """Your seat's observation; a spectator's: the table with no hand (and no legal move)."""
        view = self.spectator_view if self.watching else self.seat_view
        return view.observation if view else None

    @property
    def coached(self) -> bool:
        """Whether the coach may help this seat (the tile tracker), as the room allows."""
        return coach_allowed(self.info, self.seats_here)

    @property
    def players(self) -> int:
        if self.observation is not None:
            return self.observation.rules.players
        return len(self.info.seats) if self.info else 2

    @property
    def rounds(self) -> int:
        games = self.info.options.get("games") if self.info else None
        if isinstance(games, int):
            return games
        return self.observation.rules.rounds if self.observation else 13

    # ----- drawing -----

    def redraw(self) -> None:
        obs = self.observation
        names = self.names
        seats = seats_text(self.info, names)
        self.query_one("#seats", Static).update(seats)
        board = self.query_one("#board")
        board.border_subtitle = seats.plain if self.has_class("-short") and not self.local else LEGEND
        box = self.query_one("#hand-box")
        if obs is None:  # before the deal, or while the keyboard changes hands: nobody's hand
            board.border_title = self.room_title
            box.border_title = "The keyboard changes hands" if self.hot_seat else "You"
            self.query_one(HandView).show((), [], False)
            self.query_one(TrackerPanel).update("")
            self.query_one(StatusBar).info = self.status_info()
            return
        targets = self.choosing[1] if self.choosing else ()
        playing = self.status == "playing"
        self.query_one(TrainsView).show(obs.engine, train_rows(obs, names, playing), targets, newest(obs))
        self.query_one(HandView).max_height = self.hand_room(len(obs.trains))
        self.query_one(HandView).show(
            obs.hand, playable(obs) if self.my_turn else [], self.my_turn, max_pip=obs.rules.max_pip
        )
        if self.watching:
            box.border_title = "Watching · every hand is face down"
        else:
            who = names[obs.seat] if self.hot_seat else "You"  # at one keyboard "you" would not say whose
            box.border_title = (
                f"{who} · {tiles_text(len(obs.hand))} · {sum(t.pips for t in obs.hand)} pips"
                f" · your train is {train_key(obs.rules, obs.seat)}"
            )
        shown = self.spectator_view if self.watching else self.seat_view
        played = round_title(shown.game if shown else 1, self.rounds)
        board.border_title = f"{self.room_title} · {played}" if self.room_title else played
        self.query_one(StatusBar).info = self.status_info()
        if self.wanted("tracker"):
            self.query_one(TrackerPanel).show(track(obs), lambda seat: names[seat])

    def hand_room(self, trains: int) -> int:
        """The most rows your hand may take while every train keeps its row on the board: what is left of the
        terminal's height once each line around them has the most it may take (the hand packs its rows closer to
        fit, rather than push the last trains off the board)."""
        short = self.has_class("-short")
        message = 2
        seats = 0 if short or self.local else 2
        chat = 0 if short or self.has_class("-no-chat") else 3
        status = self.query_one(StatusBar).height_for(self.status_info(), self.app.size.width)
        footer, borders = 1, 2 + 2  # the board's and the hand's
        return self.app.size.height - (status + message + seats + chat + footer + borders + trains)

    def status_info(self) -> StatusInfo:
        obs = self.observation
        turn = self.turn_line(obs, bot_to_move(self.info, obs), "a train")
        if obs is None:
            return StatusInfo(turn, None)
        scores = self.over.scores if self.over is not None else obs.totals
        return StatusInfo(turn, obs.boneyard_size, totals_text(scores, self.names), "Boneyard")

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.closing or not self.face_allows(action):
            return False
        if self.too_small:
            return action in WHILE_TOO_SMALL
        if action == "close_panel":
            # Asked also while the screen is taken down and its panels gone.
            hinted = any(hint.wanted for hint in self.query(HintPanel))
            return (self.placement.over is not None or hinted) and not self.choosing
        if self.watching and action in SEATED:
            return False  # off the footer; the key itself says you are watching (see on_key)
        if action in PLAYING and (self.observation is None or self.status != "playing"):
            return False
        if action in CREATOR:
            if not (self.creator and self.connection == "connected"):
                return False
            if action == "start":
                return self.status == "lobby"
            return self.status != "lobby" if action == "restart" else True
        if action == "score_sheet":
            return self.status != "lobby" and self.observation is not None and not self.choosing
        if action == "chat":
            return self.connection == "connected"
        if action == "next_game":
            return self.status == "between"
        if action in ("train", "cancel"):
            return bool(self.choosing)
        # While a train is being chosen, the keys that would leave that choice are off.
        return not (self.choosing and action in NOT_WHILE_CHOOSING)

    def action_number(self, number: int) -> None:
        """A number key: a train while choosing one (1 is the first seat's train), else a tile of your hand."""
        if self.choosing:
            self.action_train(str(number))
            return
        self.action_pick((number - 1) % 10)

    def action_pick(self, index: int) -> None:
        """A tile of your hand chosen by its key or a click: the cursor goes to it, and it is played."""
        self.choosing = None
        if not self._can_move():
            return
        obs = self.observation
        assert obs is not None
        if index >= len(obs.hand):
            self.say(f"There is no tile {tile_key(index)} in your hand.", error=True)
            return
        self.query_one(HandView).cursor = index
        self.play_tile(index)

    def action_play(self) -> None:
        if self._can_move():
            self.play_tile(self.query_one(HandView).cursor)

    def action_hint(self) -> None:
        """The coach ranks your legal moves, in the panel beside the trains (over them where they need the room)."""
        if not self.coached:
            self.say("The coach does not help at this table: the room says so, or other people sit here.", error=True)
            return
        if self.ask_hint():
            self.opened("hint")

    def hide_hint(self) -> None:
        """The hint on show is for a position that is gone (your move made, taken back, a new deal)."""
        self.query_one(HintPanel).hide()
        self.recent = [p for p in self.recent if p != "hint"]
        self.arrange_panels()

    def action_undo(self) -> None:
        """Back to your previous decision, when the room offers it (you are the only person at the table)."""
        if self.watching or self.undo_refused():
            return
        if not undo_offered(self.seat_view):
            if other_people(self.info, self.mine):
                self.say("No undo at a table with other people: a move made stays made.", error=True)
            else:
                self.say("Nothing to take back just now.", error=True)
            return
        self.sent_for = None
        if self.seat_view is not None:
            self.coach_use.undo(self.seat_view.match, self.seat_view.game)
        self.send("undo")

    def action_toggle_tracker(self) -> None:
        if not self.coached:
            self.say("The coach does not help at this table: the room says so, or other people sit here.", error=True)
            return
        self.show_tracker = not self.show_tracker
        self.opened("tracker")

    def action_toggle_log(self) -> None:
        self.show_log = not self.placement.shows("log")
        remember = getattr(self.app, "remember", None)
        if callable(remember) and getattr(self.app, "save_settings", False):
            remember(show_log=self.show_log)
        self.opened("log")

    def opened(self, panel: str) -> None:
        """The player opened or closed ``panel``: an opened one comes first, and may open over the table."""
        self.recent = [panel, *(p for p in self.recent if p != panel)] if self.wanted(panel) else self.recent
        self.arrange_panels()
        self.redraw()

    def action_close_panel(self) -> None:
        """Esc: close the panel over the table, else the hint beside it."""
        over = self.placement.over
        if over == "hint" or (over is None and self.query_one(HintPanel).wanted):
            self.hide_hint()
            return
        if over == "tracker":
            self.show_tracker = False
        elif over == "log":
            self.show_log = False
        self.recent = [p for p in self.recent if p != over]
        self.arrange_panels()

    # What choosing a train (train_choice.py) asks of this table.

    def seat_sees(self) -> tuple[TrainObservation, Sequence[str]] | None:
        obs = self.observation
        return None if obs is None else (obs, self.names)

    def play_on(self, move: TrainPlay) -> None:
        self._move(move)

    def seat_to_play(self) -> bool:
        return self.my_turn

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        self.action_pick(message.index)

    async def go_away(self) -> None:
        await self.leave_room()
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
