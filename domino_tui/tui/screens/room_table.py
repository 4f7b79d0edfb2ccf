"""What a table in a room does the same whatever game the room plays: its seats at this keyboard and their
clients, chat, the creator's keys, the message line, the names of the seats and whose turn it is.

A table shows a seat's observation as the room last sent it, from any transport: a `RoomClient` to a server, or a
client of a room in the app's process (the same API). Your moves go to the room, and everyone's come back as new
observations; each client is heard in a worker that posts what it hears as messages, so the interface never
waits. A client to a server reconnects by itself after a drop (the status says so) and takes the seat back with
its token. A spectator (`Connect.watch`) sees the public view, every hand face down, and a move key only says
that you are watching. The coach (hint, tracker, the review of a hand) works from what the seat saw, where the
room allows it (`net.heard.coach_allowed`); undo asks the room where the view says ``can_undo``; while the
terminal is too small the table waits, and a room in the app's process holds its bots (`client.hold`). Names and
chat come from other people: they are shown as plain text (never read as markup).

The table may hold several clients, one per person's seat at this keyboard (hot seat): the hand on show is only
ever the seat to move's, shown after the handover screen, and nobody's while the keyboard changes hands; nobody
takes a move back there (it would show the earlier hand to whoever has the keyboard now).

The panels beside the board (the move log, the tile tracker, the hint) are placed for the terminal's width by
`side_panels.place`: beside the board while it keeps its room, else the latest opened over the table, else
nowhere for now; Esc closes the one over the table.

A subclass (the line games' table, the Mexican Train one) provides its own layout and moves, the methods here
that raise NotImplementedError, the ``connection``, ``choosing`` and ``too_small`` reactives, and widgets
``#tracker`` (the move log ``#log`` is mounted before it when first shown), ``#hint``, ``#message`` (a Static),
``#chat-input`` (an Input), a ``StatusBar`` and a ``HandView``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from ...engine import DRAW, PASS, Move, Observation, PublicView, TrainObservation
from ...net import heard as net
from ...net.heard import coach_allowed
from ..coach_use import CoachUse
from ..online import CHAT_SHOWN, MAX_CHAT, Connect, seat_names
from ..sentence import possessive, sentence, verb
from ..side_panels import BOARD_ROOM, Panel, Placement, place
from ..table_options import local_names
from ..tile_keys import LETTERS, tile_key
from ..widgets.fitting_input import FittingInput
from ..widgets.hand import HandView
from ..widgets.hint_panel import HintPanel
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.tracker_panel import TrackerPanel

# The dialogs over the table load when first opened (the score sheet's DataTable with them), the log when first
# shown (see `mount_log`).
if TYPE_CHECKING:
    from ...engine import Rules, TrainRules
    from ...records import GameRecord
    from ..widgets.move_log import MoveLog
    from .confirm import ConfirmScreen
    from .over_dialog import OverDialog
    from .score_sheet import SheetDialog

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"  # a bot thinking: the status bar turns it, so a slow bot visibly works


MIN_WIDTH, MIN_HEIGHT = 80, 24  # below this a table cannot be read: it waits for a bigger terminal
LOG_AUTO_WIDTH = 130  # the move log opens by itself from this width (unless you said otherwise)
TRACKER_AUTO_WIDTH = 160  # the tracker shows by itself from this width (beside the log, which needs 130)
# The panels beside the board, by their widgets' ids.
PANELS = ("hint", "tracker", "log")
# What the status bar says of whose turn it is while the connection is not up.
NOT_CONNECTED = {"connecting": "Connecting…", "reconnecting": "Reconnecting…", "closed": "Not connected"}
# What may still be done while the terminal is too small: the game waits.
WHILE_TOO_SMALL = {"leave", "help", "quit"}


def hand_keys() -> list[BindingType]:
    """The keys of the hand past the ten number keys, the same at every table: letters for the tiles after the
    tenth (a Mexican Train hand, or a hand grown by draws), Home and End for the first and the last tile, the
    arrows and Enter to choose one and play it."""
    return [
        *[Binding(key, f"pick({index})", f"Tile {key}", show=False) for index, key in enumerate(LETTERS, 10)],
        Binding("home", "cursor_to(0)", "First tile", show=False),
        Binding("end", "cursor_to(-1)", "Last tile", show=False),
        Binding("left", "cursor(-1)", "Select", key_display="←→"),
        Binding("right", "cursor(1)", "Select", show=False),
        Binding("enter,space", "play", "Play"),
    ]


def room_keys(played: str) -> list[BindingType]:
    """The keys every table in a room has after its own move keys, in the footer's order (``played``: what the next
    deal is called, a game or a round). A key bound twice does what its first binding the table allows now does:
    at a game of this keyboard's the footer is the one its table always had (n a new match, s the score sheet, l
    the log, ? the help, q quits), online the room's (chat, the creator's start and restart, q leaves the room);
    see `RoomTable.face_allows`."""
    return [
        Binding("escape", "cancel", "Cancel"),
        Binding("d", "draw", "Draw"),
        Binding("p", "pass_turn", "Pass"),
        Binding("c", "chat", "Chat"),
        # At a game of this keyboard's, n is the new-game screen while no deal waits for its next (then n is that).
        Binding("n", "next_game", f"Next {played}"),
        Binding("n", "new_game", "New"),
        Binding("s", "start", "Start"),
        Binding("s", "score_sheet", "Scores"),
        Binding("r", "restart", "Restart"),
        Binding("x", "close_room", "Close room", show=False),
        Binding("l", "log", "Log"),
        Binding("l", "toggle_log", "Log", show=False),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        Binding("q", "leave", "Leave"),
        Binding("q", "quit", "Quit"),
        # Off the footer, which 80 columns fill already: the help and the palette list them.
        Binding("h", "hint", "Hint", show=False),
        Binding("u", "undo", "Undo", show=False),
        Binding("t", "toggle_tracker", "Tracker", show=False),
        # Esc also closes a panel over the table (never while Esc cancels a choice); each panel says so itself.
        Binding("escape", "close_panel", "Close", show=False),
    ]


# The keys of a game at this keyboard only, and those of a room online only; and the room's creator's keys.
LOCAL_ONLY = frozenset({"new_game", "log", "help", "quit"})
ONLINE_ONLY = frozenset({"chat", "restart", "close_room", "leave"})
CREATOR = frozenset({"start", "restart", "close_room"})


@dataclass
class SeatHere:
    """A seat at this keyboard: its client, and what it was last told."""

    client: net.SeatClient  # a RoomClient to a server, or a LocalClient of a room in the app's process
    welcome: net.Welcome | None = None
    seat_view: net.SeatView | net.TrainSeatView | None = None
    # This hand's observations where the seat had a choice, as they came: the line table's review rates them.
    seen: list[Observation] = field(default_factory=list)


class RoomTable(Screen[None]):
    """The keys and the lines every table in a room shares."""

    connect_to: Connect | None  # None: a room in the app's process (a game at this keyboard)
    welcome: net.Welcome | None
    connection: str
    too_small: bool
    choosing: object  # the tile waiting for a choice (of end or train), None when none
    seat_view: net.SeatView | net.TrainSeatView | None
    spectator_view: net.SpectatorView | net.TrainSpectatorView | None
    dialog: OverDialog | SheetDialog | None  # over the table at the end of a deal: its dialog or the score sheet
    over: net.GameOver | net.TrainRoundOver | None  # the room's result of the deal in view, once it is over
    over_offered: tuple[int, int] | None = None  # (match, game) of the deal whose end dialog was put in front
    # Whether the message line is still true (None: it stays until the next one): checked as the room's news comes.
    message_holds: Callable[[], bool] | None = None
    # The keys a spectator is told it is watching when it presses them: every key that plays or acts for a seat.
    MOVE_KEYS: ClassVar[frozenset[str]] = frozenset()
    # Keys that need a deal in play; keys a spectator may press (and is told it is watching): every key that plays,
    # or acts for a seat; keys off while an end or a train is chosen (they would leave the choice, or play nothing).
    PLAYING: ClassVar[frozenset[str]] = frozenset()
    SEATED: ClassVar[frozenset[str]] = frozenset()
    NOT_WHILE_CHOOSING: ClassVar[frozenset[str]] = frozenset()
    COACH_KEYS: ClassVar[frozenset[str]] = frozenset()  # keys off where the coach may not help
    PLAYED = "game"  # what a deal is called in messages: a game, or a round of Mexican Train
    STOCK = "stock"  # and the tiles left to draw: the stock, or Mexican Train's boneyard
    BOARD_ROOM = BOARD_ROOM  # the columns the board keeps beside the panels
    # What the room sends of the family's deals: a seat's view, a spectator's, a deal's result (a line table
    # entering a train room hears a train view or two before it hands over to the train table).
    HEARS: ClassVar[tuple[type, type, type]] = (net.SeatView, net.SpectatorView, net.GameOver)
    AUTO_FOCUS = None
    SHORT = 0  # rows below which the table packs its lines closer (class -short)

    class Heard(Message):
        """Something a client heard from its room (or the connection's news), from its worker; ``index``: which
        seat at this keyboard heard it."""

        def __init__(self, event: net.Event, index: int = 0) -> None:
            self.event = event
            self.index = index
            super().__init__()

    def __init__(self, connect: Connect | None, clients: Sequence[net.SeatClient] = ()) -> None:
        """``connect``: where the room is and how it was entered (None: a room in the app's process); ``clients``:
        those already in it, one per person's seat at this keyboard (seat 0's first)."""
        super().__init__()
        self.connect_to = connect
        self.here = [SeatHere(c, c.welcome) for c in clients]
        # The seat at this keyboard whose hand is on show (an index of ``here``); None while the keyboard
        # changes hands, or before the first turn at a keyboard several people share.
        self.at: int | None = 0 if len(self.here) == 1 else None
        self.handing_to: int | None = None  # the seat here the handover screen waits for
        self.holding: bool | None = None  # what the clients were last told of holding their bots
        self.sync()
        self.recorded: set[tuple[int, int]] = set()  # (match, game) this table put in your record
        self.played: set[int] = set()  # the matches this table saw in play (or between its games)
        # The hints asked and undos made per game, for the record (a game of this keyboard's: its app's, kept).
        self.coach_use = CoachUse()
        # The knocks the creator is being asked about, by (seat, name), with the question in front of them.
        self.knocks_asked: dict[tuple[int, str], ConfirmScreen] = {}
        self.info: net.RoomInfo | None = None
        self.spectator_view = None
        self.over = None
        self.dialog = None
        self.chats: list[Text] = []
        self.move_log: MoveLog | None = None  # mounted when first shown (see `mount_log`)
        self.unlogged: list[Text] = []  # the lines written before that
        self.logged = 0  # events of the deal in view already in the log
        self.message = ""
        self.show_log: bool | None = None  # None: by the terminal's width
        self.show_tracker: bool | None = None  # None: by the terminal's width
        self.redraw_due = False
        self.sent_for: tuple[int, int, int] | None = None  # the position your last move answered
        self.recent: list[str] = []  # panels opened by the player in this sitting, the latest first
        self.placement = Placement()
        self.frame = 0  # the thinking spinner's
        # The classes the table starts with are set before it mounts, where its widgets are styled once as they
        # mount: each change of them after that restyles all of the table (twice more before the first frame).
        self.set_class(self.watching, "-watching", update=False)
        self.add_class("-no-chat", update=False)  # the chat's lines take no row until someone says something
        # A game at this keyboard: you and bots, no line saying who the people are.
        self.set_class(self.local, "-local", update=False)
        # No panel beside the board until `arrange_panels` has the terminal's width (as `placement` says): at
        # 80 columns, where none fits, the table is not restyled for them.
        self.add_class(*(f"-{panel}-hidden" for panel in PANELS), update=False)

    def on_mount(self) -> None:
        self.show_log = getattr(getattr(self.app, "settings", None), "show_log", None)
        self.mounted()
        self.fit()
        self.redraw()
        self.set_interval(0.1, self.tick)
        if self.here:
            self.connection = "connected"
        for index in range(len(self.here)):
            self.listen(index)

    def mounted(self) -> None:
        """What the table does as it mounts, before its first layout and drawing."""

    @property
    def observation(self) -> Observation | TrainObservation | None:
        raise NotImplementedError

    @property
    def shown(self) -> Observation | PublicView | TrainObservation | None:
        """What the table shows: your seat's observation, or a spectator's public view."""
        raise NotImplementedError

    @property
    def players(self) -> int:
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def status_info(self) -> StatusInfo:
        raise NotImplementedError

    def over_dialog(self) -> OverDialog | None:
        """The end-of-deal dialog from the server's last result (None before one)."""
        raise NotImplementedError

    def sheet_dialog(self) -> SheetDialog | None:
        """The score sheet of the match in view (None while there is nothing to show)."""
        raise NotImplementedError

    def took_seat_view(self, index: int, view: Any) -> None:
        """A seat here was sent its observation (a `net.SeatView` or a `net.TrainSeatView`)."""
        raise NotImplementedError

    def took(self, view: Any) -> None:
        """A new observation, a seat's or a spectator's: the table as it is now."""
        raise NotImplementedError

    def deal_over(self, over: Any) -> None:
        """The room's result of a deal (a `net.GameOver` or a `net.TrainRoundOver`)."""
        raise NotImplementedError

    def describe(self, event: Any) -> str:
        """One move of the deal's history, for the log."""
        raise NotImplementedError

    def play_tile(self, index: int) -> None:
        """Play tile ``index`` of the hand where it fits, or ask where."""
        raise NotImplementedError

    def may_choose(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether a key that chooses where the tile waiting goes (an end, a train) may act now."""
        return True

    # ----- what the room says -----

    def on_room_table_heard(self, message: RoomTable.Heard) -> None:
        event, index = message.event, message.index
        seat_view, spectator_view, result = self.HEARS
        # The room's news comes to every seat here alike: the first seat's is heard, the others' copies not.
        first = index == 0
        if isinstance(event, net.Welcome):
            self.here[index].welcome = event
            self.sync()
            self.connection = "connected"
            if first:
                self.greet()
        elif isinstance(event, net.RoomInfo) and first:
            self.heard_room(event)
        elif isinstance(event, seat_view):
            self.took_seat_view(index, event)
        elif isinstance(event, spectator_view):
            self.took(event)
        elif isinstance(event, result) and first:
            self.deal_over(event)
        elif isinstance(event, net.Chat) and first:
            self.chatted(event)
        elif isinstance(event, net.ServerError):
            self.sent_for = None  # a refused move (stale, illegal) may be made again
            self.say(sentence(event.message), error=True)
        elif isinstance(event, net.Connection) and first:
            self.connected(event)
        elif isinstance(event, net.RoomClosed) and first:
            self.room_closed(event)
        # A bot's moves come in a burst: the table is drawn once, after the news already waiting.
        if not self.redraw_due:
            self.redraw_due = True
            self.call_later(self.redraw_now)

    def greet(self) -> None:
        """What the message line says on entering the room, or on being moved to another seat in it."""
        room = self.welcome.room if self.welcome is not None else ""
        if self.watching:
            self.say(f"Watching room {room}: every hand is face down. c chats, q leaves.")
        elif self.creator:  # a room started already (a quick match's) has nothing to start
            self.say(f"In room {room}. s starts the game when everyone is in.", holds=lambda: self.status == "lobby")
        else:
            self.say(f"In room {room}.")

    def heard_room(self, info: net.RoomInfo) -> None:
        self.room_news(info)
        self.arrange_panels()  # the coach's panels go once another person sits (and come back if they leave)
        self.log_moves()

    def chatted(self, chat: net.Chat) -> None:
        # Plain Text: a name or message with markup in it shows as written.
        line = Text.assemble((chat.name, "bold"), ": ", chat.text)
        self.chats = [*self.chats, line][-CHAT_SHOWN:]
        self.query_one("#chat", Static).update(Text("\n").join(self.chats))
        self.set_class(False, "-no-chat")
        self.log_line(line)
        if self.has_class("-short"):
            self.say(line.plain)  # no line of its own: the latest says it in the message line

    def new_deal(self, key: tuple[int, int], title: str) -> None:
        """A new deal (``key``: its match and game) on the table: the last deal's choice and dialog give way (its
        result too, unless heard for this deal already), and the log goes on under the deal's ``title``."""
        self.choosing = None
        self.over = None if self.over is None or (self.over.match, self.over.game) != key else self.over
        self.close_dialog()
        self.log_line(Text(title, style="bold"))
        self.logged = 0

    def log_moves(self) -> None:
        """The moves not yet in the log, with their players' names once the room has named every seat."""
        shown = self.shown
        if shown is None or not self.names_known:
            return
        for ev in shown.history[self.logged :]:
            self.log_line(Text(self.describe(ev)))
        self.logged = max(self.logged, len(shown.history))

    # ----- moves made for you, the terminal's size, the spinner -----

    def plan_auto_move(self) -> None:
        """With automatic moves on, a draw or a pass that is your only move is made for you after the bots'
        pause (so you see it happen), unless the table has moved on by then."""
        settings = getattr(self.app, "settings", None)
        view = self.seat_view
        if view is None or not getattr(settings, "auto_pass", False) or only_draw_or_pass(view.observation) is None:
            return
        planned = (view.match, view.game, view.position)
        pause = max(float(getattr(self.app, "pause", 0.0)), 0.05)
        self.set_timer(pause, lambda: self.auto_move(planned))

    def auto_move(self, planned: tuple[int, int, int]) -> None:
        view = self.seat_view
        if view is None or (view.match, view.game, view.position) != planned or self.too_small or not self.my_turn:
            return
        only = only_draw_or_pass(view.observation)
        if only is not None:
            self._move(only)

    def fit(self) -> None:
        """Wait while the terminal is too small (a room in the app's process holds its bots meanwhile); else
        arrange the panels for its size."""
        size = self.app.size
        self.too_small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        self.set_class(self.too_small, "-too-small")
        if self.too_small:
            self.query_one("#too-small", Static).update(
                f"The terminal is {size.width}x{size.height}.\n"
                f"domino-tui needs at least {MIN_WIDTH}x{MIN_HEIGHT}.\n"
                "Please make it bigger: "
                + ("your game waits." if self.local else "the table comes back then.")
                + ("\nq quits." if self.local else "\nq leaves.")
            )
        self.hold(self.too_small)
        self.set_class(size.height < self.SHORT, "-short")
        self.arrange_panels()

    @property
    def thinking(self) -> int | None:
        """The seat a bot is choosing for now (a bot's seat, or a person's away with a bot playing it), per the
        room's seats; None when a person is to move."""
        obs, info = self.shown, self.info
        if obs is None or info is None or self.connection != "connected" or info.status != "playing":
            return None
        return obs.turn if bot_to_move(info, obs.turn) else None

    def tick(self) -> None:
        """Turn the thinking spinner, so a slow bot visibly works rather than looks stuck."""
        if self.thinking is not None and not self.too_small:
            self.frame += 1
            self.query_one(StatusBar).info = self.status_info()

    # ----- the panels beside the board -----

    @property
    def coach_here(self) -> bool:
        """Whether the coach may help at this table (see `net.heard.coach_allowed`)."""
        return not self.watching and coach_allowed(self.info, self.seats_here)

    def coach_update(self) -> None:
        """What the tracker shows, after a change of the table or of where it is: what the seat on show may
        know, and nothing while the keyboard changes hands."""
        if self.has_class("-tracker-hidden"):
            return
        panel = self.query_one(TrackerPanel)
        obs = self.observation
        if obs is None or not self.coach_here:
            panel.update("")
        else:
            # Loaded once the tracker is shown: it reads the hands as the expert does, and with it come the bots.
            from ...coach.tracker import track

            names = self.names
            panel.show(track(obs), lambda seat: names[seat])

    def remember_log(self, shown: bool) -> None:
        """The player showed or hid the log: kept for the next start (where settings are kept)."""
        remember = getattr(self.app, "remember", None)
        if remember is not None:
            remember(show_log=shown)

    def opened(self, panel: str) -> None:
        """The player opened ``panel``: it comes first, and may open over the table."""
        self.recent = [panel, *(p for p in self.recent if p != panel)]

    def wanted(self, panel: str) -> bool:
        if panel == "hint":
            return self.query_one(HintPanel).wanted and self.coach_here
        if panel == "tracker":
            wanted = self.show_tracker if self.show_tracker is not None else self.app.size.width >= TRACKER_AUTO_WIDTH
            return wanted and self.coach_here
        return self.show_log if self.show_log is not None else self.app.size.width >= LOG_AUTO_WIDTH

    def taken_down(self) -> bool:
        """Whether the table's widgets are gone (they go before the screen, which may still hear a key)."""
        return not self.query(HintPanel)

    def arrange_panels(self) -> None:
        """Put each wanted panel beside the board while the board keeps its room, else over the table (the
        latest opened only), else nowhere for now."""
        if self.taken_down():
            return
        if self.wanted("log"):
            self.mount_log()
        order = [*self.recent, *(p for p in PANELS if p not in self.recent)]
        latest = self.recent[0] if self.recent else None
        wanted = [Panel(p, _width(self.query_one(f"#{p}")), p == latest) for p in order if self.wanted(p)]
        seats = sum(_width(seat) for seat in self.query(".-side") if not seat.has_class("-absent"))
        placement = place(self.app.size.width - seats - self.BOARD_ROOM, wanted)
        # Each change of the table's classes restyles all of it at once: the panels' changes are made together
        # and restyle it once (three times over at mount otherwise, before the first frame).
        before = set(self.classes)
        for panel in PANELS:
            self.set_class(not placement.shows(panel), f"-{panel}-hidden", update=False)
            self.set_class(placement.over == panel, f"-{panel}-over", update=False)
            for widget in self.query(f"#{panel}"):  # the log is not there until first shown
                widget.border_subtitle = "Esc closes" if placement.over == panel else ""
        if set(self.classes) != before:
            self.update_node_styles()
        if placement != self.placement:
            self.placement = placement
            self.refresh_bindings()  # Esc closes a panel over the table
        self.coach_update()

    def log_line(self, line: Text) -> None:
        """Write ``line`` in the move log; until the log is first shown it is kept for it (`mount_log`)."""
        if self.move_log is None:
            self.unlogged.append(line)
        else:
            self.move_log.write(line)

    def mount_log(self) -> None:
        """The move log, mounted the first time it is wanted (beside the board or over the table) with the lines
        kept for it: a RichLog, whose import (rich.pretty, which imports attrs: some 20 ms) a first frame without
        the log does without."""
        if self.move_log is not None:
            return
        from ..widgets.move_log import MoveLog

        self.move_log = log = MoveLog()
        log.border_title = "Moves" if self.local else "Moves and chat"
        tracker = self.query_one(TrackerPanel)
        assert isinstance(tracker.parent, Widget)
        tracker.parent.mount(log, before=tracker)  # the panels' order: the log, the tracker, the hint
        for line in self.unlogged:
            log.write(line)
        self.unlogged = []

    def close_panel(self, panel: str) -> None:
        """Close ``panel``; the one opened before it, if still wanted, may come back over the table."""
        self.recent = [p for p in self.recent if p != panel]
        if self.taken_down():
            return
        if panel == "hint":
            self.query_one(HintPanel).hide()
        elif panel == "tracker":
            self.show_tracker = False
        else:
            self.show_log = False
            self.remember_log(False)
        self.arrange_panels()

    def panel_to_close(self) -> bool:
        """Whether Esc has a panel to close (asked also while the screen is taken down and its panels gone)."""
        return self.placement.over is not None or any(hint.wanted for hint in self.query(HintPanel))

    def action_close_panel(self) -> None:
        """Esc otherwise: close the panel over the table, else the hint."""
        if self.placement.over is not None:
            self.close_panel(self.placement.over)
        elif any(hint.wanted for hint in self.query(HintPanel)):
            self.close_panel("hint")

    def action_toggle_log(self) -> None:
        if not self.has_class("-log-hidden"):
            self.close_panel("log")
            return
        self.show_log = True
        self.opened("log")
        self.remember_log(True)
        self.arrange_panels()

    def action_toggle_tracker(self) -> None:
        if not self.coach_here:
            self.say("The coach does not help at this table: the room says so, or other people sit here.", error=True)
            return
        if not self.has_class("-tracker-hidden"):
            self.close_panel("tracker")
            return
        self.show_tracker = True
        self.opened("tracker")
        self.arrange_panels()

    def action_hint(self) -> None:
        """The coach ranks your legal moves, in the panel beside the board (over it where it needs the room)."""
        if not self.coach_here:
            self.say("The coach does not help at this table: the room says so, or other people sit here.", error=True)
            return
        if self.ask_hint():
            self.opened("hint")
            self.arrange_panels()

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.closing or not self.face_allows(action):
            return False
        if self.too_small:
            return action in WHILE_TOO_SMALL  # the table waits until it can be seen
        if action in self.COACH_KEYS and not self.coach_here:
            return False
        if action == "close_panel":
            return not self.choosing and self.panel_to_close()
        if self.choosing and action in self.NOT_WHILE_CHOOSING:
            return False
        if self.watching and action in self.SEATED:
            return False  # off the footer; the key itself says you are watching (see on_key)
        if action in self.PLAYING and (self.observation is None or self.status != "playing"):
            return False  # no deal in play: off the footer
        if action in CREATOR:
            if not (self.creator and self.connection == "connected"):
                return False
            if action == "start":
                return self.status == "lobby"
            return self.status != "lobby" if action == "restart" else True
        if action == "draw":
            return not self.without_stock()
        if action == "chat":
            return self.connection == "connected"
        if action == "score_sheet":
            return self.status != "lobby" and self.shown is not None  # in the lobby s starts the room
        if action == "next_game":
            return self.status == "between"
        if action == "cancel":
            return bool(self.choosing)
        return self.may_choose(action, parameters)

    def action_pick(self, index: int) -> None:
        """A tile of your hand chosen by its key or a click: the cursor goes to it, and it is played."""
        if not self._can_move():
            return
        assert self.observation is not None
        if index >= len(self.observation.hand):
            self.say(f"There is no tile {tile_key(index)} in your hand.", error=True)
            return
        self.query_one(HandView).cursor = index
        self.play_tile(index)

    def action_play(self) -> None:
        if self._can_move():
            self.play_tile(self.query_one(HandView).cursor)

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        self.action_pick(message.index)

    def action_score_sheet(self) -> None:
        sheet = self.sheet_dialog()
        if sheet is not None and self.dialog is None and self.app.screen is self:
            self.dialog = sheet
            self.app.push_screen(sheet, lambda _: self.after_sheet())

    def face_allows(self, action: str) -> bool:
        """Whether ``action`` is one of this face's: a game of this keyboard's has no one to chat with and no room
        to restart or leave (a new match asks before it abandons this one; q quits); a room online has the app's
        new match, help and quitting in the palette."""
        if action in LOCAL_ONLY:
            return self.local
        if action in ONLINE_ONLY:
            return not self.local
        return True

    def action_new_game(self) -> None:
        self.post_message(self.Wanted("new"))

    def action_log(self) -> None:
        self.action_toggle_log()

    def action_help(self) -> None:
        help_action = getattr(self.app, "action_help", None)
        if help_action is not None:
            help_action()

    async def action_quit(self) -> None:
        await self.app.action_quit()

    def talk_lines(self) -> ComposeResult:
        """The lines under the board every table has: the latest chat, the message line, and the chat's input,
        disabled (so never focused) until c opens it: the keys belong to the table."""
        yield Static(id="chat")
        yield Static(id="message")
        yield FittingInput(
            id="chat-input", max_length=MAX_CHAT, placeholder="Say something (Enter sends, Esc cancels)", disabled=True
        )

    def action_next_game(self) -> None:
        self.send("next_game")
        self.say(
            f"Ready for the next {self.PLAYED}: it starts when everyone is.", holds=lambda: self.status == "between"
        )

    def disconnected(self) -> bool:
        return self.connection != "connected"

    def not_connected(self) -> None:
        """Said when a key or a message could not reach the room: until the connection is back."""
        self.say(
            "Not connected just now: the table comes back when the connection does.",
            error=True,
            holds=self.disconnected,
        )

    def connected(self, news: net.Connection) -> None:
        """The connection's news, in words true of whoever is here: a player's seat waits for them and comes back
        with their hand; a spectator only watches."""
        room = self.welcome.room if self.welcome is not None else ""
        if news.state == "reconnecting":
            self.connection = "reconnecting"
            waits = "the table comes back with it" if self.watching else "your seat waits for you"
            self.say(
                f"The connection dropped: trying again by itself ({waits}). q leaves.",
                error=True,
                holds=lambda: self.connection == "reconnecting",
            )
        elif news.state == "connected":
            self.connection = "connected"
            self.sent_for = None  # the server sends the table as it is: a move it did not store is yours again
            back = f"watching room {room}" if self.watching else "your seat and hand are back"
            self.say(f"Connected again: {back}.", holds=lambda: self.connection == "connected")
        elif self.connection != "closed":
            self.connection = "closed"
            self.say("The connection is closed. q leaves.", error=True)

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.has_class("-chatting"):
            event.stop()
            self.query_one("#chat-input", Input).value = ""
            self.end_chat()
        elif self.watching and event.key in self.MOVE_KEYS and not self.has_class("-chatting"):
            event.stop()
            self.say("You are watching: the players make the moves. c chats, q leaves.", error=True)
        elif event.key == "d" and not self.has_class("-chatting") and self.without_stock():
            # The rules have nothing to draw from: d is off the footer, and says why rather than do nothing.
            event.stop()
            self.say(f"No drawing in {self.observation.rules.title}: when no tile fits, p passes.", error=True)  # type: ignore[union-attr]  # without_stock saw it

    def without_stock(self) -> bool:
        obs = self.observation
        return obs is not None and not getattr(obs.rules, "has_stock", True)

    async def action_leave(self) -> None:
        """Leave the room; from a seat in a match online, after saying what that means and how to come back; at a
        game of this keyboard's, quit (the game is kept: the app closes its room as it ends)."""
        if self.local:
            await self.app.action_quit()
            return
        welcome = self.welcome
        if self.watching or welcome is None or self.status not in ("playing", "between"):
            await self.go_away()
            return
        where = f"{self.address.removeprefix('ws://')}/{welcome.room}"
        question = (
            f"Leave room {welcome.room}? Your seat stays yours until the match ends, a bot playing it meanwhile: "
            f"Play online, or domino-tui join {where}, takes it back on this computer."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.run_worker(self.go_away(), group="leave")

        from .confirm import ConfirmScreen

        self.app.push_screen(ConfirmScreen(question, "Leave"), answered)

    async def go_away(self) -> None:
        """Close the table's connections and go back to what was before it (the app ends at its last screen)."""
        await self.leave_room()
        if len(self.app.screen_stack) > 2:
            self.dismiss(None)
        else:
            self.app.exit()

    @property
    def closing(self) -> bool:
        """Whether the app is quitting (leaving a game of this keyboard's quits it): no key acts from then on, as one
        pressed on the way out would open a screen over a table being taken down."""
        return bool(getattr(self.app, "closing", False))

    # ----- the seats at this keyboard, and their clients -----

    def sync(self) -> None:
        """The table's seat, welcome and view are those of the seat here on show (none while handing over)."""
        here = self.here[self.at] if self.at is not None and self.at < len(self.here) else None
        self.welcome = here.welcome if here else None
        self.seat_view = here.seat_view if here else None

    @property
    def client(self) -> net.SeatClient | None:
        """The client of the seat on show (the first seat here's while none is; None before entering a room)."""
        if not self.here:
            return None
        return self.here[self.at if self.at is not None else 0].client

    @property
    def hot_seat(self) -> bool:
        """Several people take turns at this keyboard."""
        return len(self.here) > 1

    @property
    def seats_here(self) -> set[int]:
        """The seats played at this keyboard."""
        return {h.welcome.seat for h in self.here if h.welcome is not None and h.welcome.seat is not None}

    @property
    def creator(self) -> bool:
        return any(h.welcome is not None and h.welcome.creator for h in self.here)

    @property
    def you(self) -> int | None:
        """The seat the table's words call "you": yours, and nobody's where several people share the keyboard."""
        return None if self.hot_seat else self.mine

    def client_for(self, what: str) -> net.SeatClient | None:
        """Who sends ``what``: the room's creator its keys, else the seat on show."""
        if what in CREATOR:
            return next((h.client for h in self.here if h.welcome is not None and h.welcome.creator), self.client)
        return self.client

    @work(group="net")
    async def listen(self, index: int = 0) -> None:
        async for event in self.here[index].client.events():
            self.post_message(self.Heard(event, index))

    @work(group="send")
    async def send(self, what: str, *args: object) -> None:
        """One message to the room (in a worker: sending may wait on the network); "next_game" from every seat
        here (each says it is ready)."""
        clients = [h.client for h in self.here] if what == "next_game" else [self.client_for(what)]
        if not clients or clients[0] is None or self.connection != "connected":
            self.sent_for = None
            self.not_connected()
            return
        for client in clients:
            if not await getattr(client, what)(*args):
                self.sent_for = None  # not sent: the move may be made again when the table comes back
                self.not_connected()
                return

    async def leave_room(self) -> None:
        """Close the connections (a seat stays its person's on the server until the room ends)."""
        self.workers.cancel_group(self, "net")
        for here in self.here:
            await here.client.close()

    def hold(self, on: bool) -> None:
        """The room's bots wait while ``on`` (only a room in the app's process does)."""
        if on != self.holding:
            self.holding = on
            for here in self.here:
                here.client.hold(on)

    def keep_seat_view(self, index: int, view: net.SeatView | net.TrainSeatView) -> None:
        """A seat here was sent its view: kept, and the table's when it is the seat on show; at a shared keyboard
        the seat to move's comes after the handover."""
        self.here[index].seat_view = view
        if self.hot_seat and view.observation.legal and index != self.at:
            self.hand_over(index)
        if index == self.at:
            self.sync()

    def hand_over(self, index: int) -> None:
        """Another person's turn at this keyboard: the hand on show goes, the next shows once they are ready."""
        from .handover import HandoverScreen

        if self.handing_to == index:
            return
        self.handing_to = index
        self.at = None
        self.choosing = None
        # Someone is to move: a dialog of the last deal is over (left under the handover screen, it would come
        # back in front of the new deal), and the message line spoke of the last person's hand.
        self.close_dialog()
        if self.query_one(HintPanel).wanted:
            self.close_panel("hint")  # it spoke of the last person's hand
        self.say("")
        self.sync()
        self.redraw()
        last = self.last_move()
        news = f"Last move: {last}" if last else ""
        welcome = self.here[index].welcome
        seat = welcome.seat if welcome is not None else None
        name = self.names[seat] if seat is not None and seat < len(self.names) else "the next player"

        def ready(_: None) -> None:
            self.handing_to = None
            self.at = index
            self.sync()
            self.handed_over()
            self.redraw_now()

        self.app.push_screen(HandoverScreen(name, news), ready)

    def last_move(self) -> str:
        """The public news of the latest move (none before one), as the handover screen tells it."""
        view = self.here[self.handing_to].seat_view if self.handing_to is not None else None
        history = view.observation.history if view is not None else ()
        return self.describe(history[-1]) if history else ""

    def handed_over(self) -> None:
        """The next person has the keyboard: what the table says to them, and any move made for them."""
        raise NotImplementedError

    # ----- the room's news, and your record -----

    def room_news(self, info: net.RoomInfo) -> None:
        """The room as the server last described it; a match it says is in play is one this table saw played."""
        self.info = info
        if info.status in ("playing", "between"):
            self.played.add(info.match)
        if self.creator and self.is_mounted:
            waiting = {(knock.seat, knock.name) for knock in info.knocks}
            for knock in info.knocks:
                if (knock.seat, knock.name) not in self.knocks_asked:
                    self.ask_about(knock)
            for seat, name in [key for key in self.knocks_asked if key not in waiting]:
                # Gone from the door unanswered: its connection closed, or the server's wait ran out.
                self.knocks_asked.pop((seat, name)).withdraw()
                self.say(f"{name} gave up knocking for seat {seat + 1} (gone, or the wait ran out).")

    def ask_about(self, knock: net.KnockInfo) -> None:
        """The creator is asked whether to let a person back in who has lost their seat's token (on another
        computer, say): yes gives the seat a new token, and the old one no longer takes it. The question goes
        when the knock does (`room_news`)."""
        from .confirm import ConfirmScreen

        question = (
            f"{knock.name} asks to come back to seat {knock.seat + 1} without its token (another computer, or "
            f"a new start). Let them back in? Only say yes if it is really {knock.name}."
        )
        key = (knock.seat, knock.name)

        def answered(yes: bool | None) -> None:
            if self.knocks_asked.pop(key, None) is dialog and yes is not None:
                self.send("admit" if yes else "refuse", knock.seat)

        dialog = ConfirmScreen(question, "Let in", "Turn away")
        self.knocks_asked[key] = dialog
        self.app.push_screen(dialog, answered)

    def room_closed(self, closed: net.RoomClosed) -> None:
        """The room is closed (by its creator, or expired): said, and no seat of it kept to come back to."""
        self.connection = "closed"
        self.say(f"{sentence(closed.message)} q leaves.", error=True)
        kept = getattr(self.app, "kept_seats", None)
        if kept is not None and self.connect_to is not None and self.welcome is not None and not closed.seat_kept:
            kept.forget(self.connect_to.url, self.welcome.room)

    def keep_in_record(
        self,
        match: int,
        game: int,
        rules: Rules | TrainRules,
        points: Sequence[int],
        winner: int | None = None,
    ) -> GameRecord | None:
        """Your record keeps a game this table saw end (a Mexican Train match: ``game`` 0, the match whole, with
        each seat's total as ``points``), once, by one path for every face (`recording.room_record`): a room of
        this keyboard's gives its seed and the game's JSON, so that the statistics replay it; a server keeps
        them. Never a spectator's; never a match this table did not see in play (entered once it was over: the
        room's bots played it out for you, as a match left before its end is not recorded at the local table);
        never when the settings are not saved. The row's id is the game's in the room, so hearing its result
        again (a reconnect, the room entered anew) never doubles it; never a game of several people at one
        keyboard. The row kept, or None."""
        seat, welcome = self.mine, self.welcome
        key = (match, game)
        if seat is None or welcome is None or self.watching or key in self.recorded or match not in self.played:
            return None
        if self.hot_seat:  # a game at one keyboard shared by several people is nobody's alone
            return None
        self.recorded.add(key)
        coach = getattr(self.app, "coach", None)
        if coach is None or not getattr(self.app, "save_settings", False):
            return None
        from ..recording import online_uid, room_record

        seats = self.info.seats if self.info else ()
        client = self.client
        hints, undos = self.coach_use.of(match, game)
        row = room_record(
            rules,
            seat,
            tuple(s.kind for s in seats),
            tuple(s.level or s.name for s in seats),
            game or 1,
            points,
            winner,
            dealt=client.dealt(match) if client is not None else None,
            hints=hints,
            undos=undos,
        )
        row = replace(row, uid=online_uid(self.address, welcome.room, match, game, seat))
        coach.keep_record(row)
        return row

    def action_undo(self) -> None:
        """Back to your previous decision, where the room offers it (you are the only person at the table) and
        neither your settings (the palette's "Undo on/off") nor a keyboard several people share forbid it."""
        view, info = self.seat_view, self.info
        if not getattr(getattr(self.app, "settings", None), "undo", True):
            self.say("Undo is off in your settings (the command palette's Undo on/off).", error=True)
        elif self.hot_seat:
            self.say("No undo at a shared keyboard: it would show the earlier hand to whoever has it now.", error=True)
        elif view is None or not view.can_undo:
            others = info is not None and any(s.kind == "person" for i, s in enumerate(info.seats) if i != self.mine)
            if others:
                self.say("No undo at a table with other people: a move made stays made.", error=True)
            else:
                self.say("Nothing to undo: no choice of yours to take back just now.", error=True)
        else:
            self.choosing = None
            self.sent_for = None
            self.coach_use.undo(view.match, view.game)
            self.send("undo")
            self.say("You took back your move: your previous decision again.")

    # ----- the end of a deal -----

    def deal_ended(self) -> None:
        """A deal has just ended (the room said so): its dialog, and at a game of this keyboard's the app hears of
        it (a natural moment for it to look again at who owns the saved game)."""
        if self.local:
            self.post_message(self.DealOver())
        self.show_over()

    class DealOver(Message):
        """A deal at a game of this keyboard's has just ended."""

    def show_over(self) -> None:
        """The end-of-deal dialog over the table, unless a dialog or another screen is in front (then it comes when
        the table is back in front: `on_screen_resume`)."""
        if self.dialog is not None or self.app.screen is not self:
            return
        dialog = self.over_dialog()
        if dialog is not None:
            self.dialog = dialog
            over = self.over
            self.over_offered = (over.match, over.game) if over is not None else None
            self.app.push_screen(dialog, self.after_over)

    def on_screen_resume(self) -> None:
        """Only the screen in front hears of a resize: a table behind a dialog catches up here. And a deal that
        ended while another screen was in front (the help, the palette, a handover) has its end dialog once the
        table is back, once: seen and closed (Esc), it does not come again."""
        self.fit()
        over = self.over
        if over is not None and (over.match, over.game) != self.over_offered and self.status in ("between", "over"):
            self.show_over()

    class Wanted(Message):
        """Another match asked for at a game of this keyboard's: "again" (the same, a new deal) or "new" (the
        new-game screen); the app makes its room."""

        def __init__(self, what: str) -> None:
            self.what = what
            super().__init__()

    def after_over(self, choice: str | None) -> None:
        self.dialog = None
        if choice == "next":
            self.action_next_game()
        elif choice in ("again", "new") and self.local:
            self.post_message(self.Wanted(choice))
        elif choice == "again":
            self.action_restart()
        elif choice == "sheet":
            sheet = self.sheet_dialog()
            if sheet is not None:
                self.dialog = sheet
                self.app.push_screen(sheet, lambda _: self.after_sheet())
        elif choice == "review":
            self.review_hand()
        elif choice == "quit":
            self.call_later(self.action_leave)

    def review_hand(self) -> None:
        """The end dialog's review of your hand (a table whose coach reviews hands shows it)."""

    def after_sheet(self) -> None:
        self.dialog = None
        if self.status in ("between", "over"):
            self.show_over()

    def close_dialog(self) -> None:
        if self.dialog is not None and self.app.screen is self.dialog:
            self.dialog.dismiss(None)
        self.dialog = None

    def _move(self, move: Move) -> None:
        """Send a legal move of yours, once a position (a second key before the answer would be refused as stale)."""
        view = self.seat_view
        if view is None or not self.my_turn or move not in view.observation.legal:
            return
        answered = (view.match, view.game, view.position)
        if self.sent_for == answered:
            return
        self.sent_for = answered
        self.choosing = None
        self.say("")
        self.send("move", move, view.position)
        self.redraw()

    def ask_hint(self) -> bool:
        """The coach ranks the moves of your turn in the hint panel (seeded by the position, so a hint asked again
        is the same), and the hint is counted; whether it was asked (your turn, a coach, a seat's view): the table
        then opens its panel."""
        if not self._can_move():
            return False
        obs, view = self.observation, self.seat_view
        coach = getattr(self.app, "coach", None)
        if obs is None or view is None or coach is None:
            return False
        bot = coach.bot(random.Random(f"hint:{self.address}:{view.match}:{view.game}:{view.position}"))
        self.coach_use.hint(view.match, view.game)
        names = self.names
        self.query_one(HintPanel).ask(obs, bot, lambda seat: names[seat])
        return True

    def _can_move(self) -> bool:
        """Whether a move key may act now; if not, the message line says why."""
        if self.connection != "connected":
            self.say(
                "Not connected just now: wait for the connection to come back.", error=True, holds=self.disconnected
            )
            return False
        obs = self.observation
        if obs is None or self.status != "playing":
            self.say(f"No {self.PLAYED} is being played just now.", error=True, holds=lambda: self.status != "playing")
            return False
        if not obs.legal:
            turn = obs.turn
            self.say(
                f"Wait: it is {possessive(self.names[turn])} turn.",
                error=True,
                holds=lambda: (now := self.observation) is not None and now.turn == turn and not now.legal,
            )
            return False
        return True

    def action_cancel(self) -> None:
        self.choosing = None
        self.say("")
        self.redraw()

    def action_chat(self) -> None:
        self.set_class(True, "-chatting")
        box = self.query_one("#chat-input", Input)
        box.disabled = False
        box.focus()

    def action_close_room(self) -> None:
        from .confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.send("close_room")

        self.app.push_screen(ConfirmScreen("Close the room for everybody?", "Close it"), answered)

    def action_cursor(self, step: int) -> None:
        hand = self.query_one(HandView)
        if hand.tiles:
            hand.cursor = (hand.cursor + step) % len(hand.tiles)

    def action_cursor_to(self, index: int) -> None:
        """Home and End: the cursor on the first or (-1) the last tile of the hand."""
        hand = self.query_one(HandView)
        if hand.tiles:
            hand.cursor = index % len(hand.tiles)

    def action_draw(self) -> None:
        obs = self.observation
        if not self._can_move() or obs is None:
            return
        if DRAW in obs.legal:
            self._move(DRAW)
        else:
            self.say(f"You cannot draw now: a tile fits, or the {self.STOCK} is empty.", error=True)

    def action_pass_turn(self) -> None:
        obs = self.observation
        if not self._can_move() or obs is None:
            return
        if PASS in obs.legal:
            self._move(PASS)
        else:
            self.say("You cannot pass: play a tile that fits" + (" or draw." if DRAW in obs.legal else "."), error=True)

    def action_restart(self) -> None:
        if self.status == "lobby":
            self.say("The room has not started: s starts it.", error=True, holds=lambda: self.status == "lobby")
            return
        self.send("restart")

    def action_start(self) -> None:
        self.send("start")

    def turn_line(
        self, obs: Observation | PublicView | TrainObservation | None, thinking: int | None, choose: str
    ) -> str:
        """What the status bar says of whose turn it is, in the room's state: the connection, the lobby, between
        games, the match over, a bot thinking (``thinking``: its seat), or who plays (``choose``: what a person
        choosing a move is asked for, "an end" or "a train")."""
        played = self.PLAYED.capitalize()
        if self.connection in NOT_CONNECTED:
            return NOT_CONNECTED[self.connection]
        if self.status == "lobby":
            return "Waiting for players" + (": s starts" if self.creator else " and the start")
        if self.status == "between":
            return f"{played} over" if self.watching else f"{played} over: n next"
        if self.status == "over":
            return "Match over" + (": r restarts" if self.restarts else "")
        if obs is None:
            return "Dealing…"
        if thinking is not None:
            who = self.names[thinking]
            return f"{SPINNER[self.frame % len(SPINNER)]} {who} {verb(who, 'is', 'are')} thinking…"
        if self.watching:
            return f"Watching: {self.names[obs.turn]} to play"
        if self.my_turn:
            # At one keyboard "your" would not say whose: the seat's name does.
            turn = f"{self.names[obs.turn]} to play" if self.hot_seat else "Your turn"
            return turn + (f": choose {choose}" if self.choosing else "")
        return f"{self.names[obs.turn]} to play"

    @property
    def restarts(self) -> bool:
        """Whether r restarts a finished match here: the creator's key online (at this keyboard the end dialog
        offers to play again, and n a new game)."""
        return self.creator and not self.local

    @property
    def local(self) -> bool:
        """Whether the room is this keyboard's (in the app's process): its game is the player's own, so the end
        of it offers what the app offers (play again, a new game) rather than the room's restart."""
        return self.connect_to is None

    @property
    def room_title(self) -> str:
        """The board's title: the room's code online, where it is shared to bring others in; nothing at a game
        of this keyboard's, whose room nobody else can enter."""
        if self.local:
            return ""
        return f"Room {self.welcome.room if self.welcome else '…'}"

    @property
    def address(self) -> str:
        """Where the room is: the server's address, or "local" (a record's id and the coach's seeds name it)."""
        return "local" if self.connect_to is None else self.connect_to.url

    @property
    def watching(self) -> bool:
        if self.welcome is not None:
            return self.welcome.seat is None
        return self.connect_to is not None and self.connect_to.watch

    def end_choices(self, match_over: bool, sheet: str) -> tuple[tuple[tuple[str, str], ...], dict[str, str], str]:
        """The end dialog's buttons, its keys and the line that says them, for whoever sits here: a player says
        ready for the next deal, the room's creator restarts a finished match, everyone may look or leave; at a
        game of this keyboard's, the next deal, another match (again or new) or quitting. ``sheet``: what s
        opens, in the dialog's words."""
        if self.local:
            primary = ("again", "Play again") if match_over else ("next", f"Next {self.PLAYED}")
            return (
                (primary, ("new", "New game…"), ("quit", "Quit")),
                {"new": "new", "sheet": "sheet", "quit": "quit"},
                f"Enter continues · n new game · s {sheet} · Esc the table",
            )
        buttons: list[tuple[str, str]] = []
        keys = {"sheet": "sheet", "quit": "quit"}  # the dialog's keys: s the score sheet, q leave
        if not self.watching and not match_over:
            buttons.append(("next", f"Next {self.PLAYED}"))
            keys["new"] = "next"  # n: ready for the next deal
        if self.creator and match_over:
            buttons.append(("again", "Restart"))
            keys["review"] = "again"  # r: restart the match
        buttons += [("look", "See the table"), ("quit", "Leave")]
        if "new" in keys:
            hint = f"Enter or n: ready for the next {self.PLAYED}"
        elif "review" in keys:
            hint = "Enter or r restarts the match"
        elif match_over:
            hint = "The room's creator may restart the match"
        else:
            hint = f"The next {self.PLAYED} comes by itself"
        return tuple(buttons), keys, f"{hint} · s {sheet} · Esc the table"

    def end_chat(self) -> None:
        self.set_class(False, "-chatting")
        self.query_one("#chat-input", Input).disabled = True
        self.set_focus(None)

    @property
    def message_is_error(self) -> bool:
        return self.query_one("#message").has_class("-error")

    @property
    def mine(self) -> int | None:
        return self.welcome.seat if self.welcome else None

    @property
    def my_turn(self) -> bool:
        obs = self.observation
        return obs is not None and bool(obs.legal) and self.connection == "connected" and self.status == "playing"

    @property
    def names(self) -> tuple[str, ...]:
        if self.local and self.info is not None:
            variant = str(self.info.options.get("variant"))
            people = sum(s.kind == "person" for s in self.info.seats)
            return local_names(variant, self.players, people > 1)
        return seat_names(self.info, self.players, self.mine)

    @property
    def names_known(self) -> bool:
        """Whether the room's news has named every seat: a deal's first moves may come before the news of who took
        the seats (bots fill them at the start), and the log waits for it rather than write "Seat 4" for good."""
        info = self.info
        players = self.players
        return info is not None and len(info.seats) >= players and all(s.name for s in info.seats[:players])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        event.input.value = ""
        self.end_chat()
        if text:
            self.send("chat", text[:MAX_CHAT])

    def on_resize(self) -> None:
        self.fit()

    def redraw_now(self) -> None:
        self.redraw_due = False
        holds = self.message_holds
        if holds is not None and not holds():
            self.say("")  # no longer true: "Reconnecting", "Ready for the next game" once it has begun
        self.redraw()
        self.refresh_bindings()  # which keys apply follows the room's state

    def say(self, text: str, error: bool = False, holds: Callable[[], bool] | None = None) -> None:
        """The message line says ``text`` until the next message; or, given ``holds`` (whether it is still true),
        until the room's news makes it untrue."""
        self.message = text
        self.message_holds = holds
        widget = self.query_one("#message", Static)
        widget.update(Text(text))
        widget.set_class(error, "-error")

    @property
    def status(self) -> str:
        return self.info.status if self.info else "lobby"


def bot_to_move(info: net.RoomInfo | None, turn: int) -> bool:
    """Whether a bot makes the move of seat ``turn`` (a bot's seat, or a person's away with a bot playing)."""
    if info is None or info.status != "playing" or turn >= len(info.seats):
        return False
    seat = info.seats[turn]
    return seat.kind == "bot" or seat.away


def only_draw_or_pass(obs: Observation | TrainObservation | None) -> Move | None:
    """The draw or the pass when that is the seat's only move (made for it when automatic moves are on)."""
    if obs is None or len(obs.legal) != 1:
        return None
    move = obs.legal[0]
    return move if move in (DRAW, PASS) else None


def _width(widget: Widget) -> int:
    """The columns a widget of fixed width takes (its border and padding included)."""
    width = widget.styles.width
    return int(width.value) if width is not None else 0
