"""The train table online: the hub and every train, your hand and the room's seats, driven by a room server that
plays Mexican Train.

As at the line games' online table (line_table.py), what the table shows is the seat's observation as the
server last sent it; your moves go to the server and everyone's come back as new observations. The connection
lives in a worker that posts what it hears as messages; the client library reconnects by itself after a drop.
The line games' online table hands its connection over to this screen when the room turns out to play a train
game (a room joined by its code says so in its first news), so `domino-tui join` and "Play online" reach it.

A move is a tile and a train, chosen as at the local train table: a tile's number (or the cursor and Enter, or a
click); when it fits one train only it goes there, else a train's number (``m`` for the Mexican train) or a click
on its row. Names and chat come from other people: they are shown as plain text (never read as markup).

A spectator (`Connect.watch`) sees the same table from the public view the server sends it: every train, marker
and open double, every hand face down with its size (beside its owner's train), the log, the scores and the chat;
it has no hand, and a move key only says that you are watching.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Input, RichLog, Static

from ...engine import TrainObservation, TrainPlay
from ...net import client as net
from ..online import CHAT_SHOWN, MAX_CHAT, Connect
from ..online_trains import round_over_line, round_over_text, seats_text
from ..sentence import sentence
from ..train_layout import LEGEND
from ..train_words import (
    describe,
    newest,
    nothing_fits,
    playable,
    round_title,
    totals_text,
    train_key,
    train_rows,
)
from ..widgets.hand import HandView, key_label
from ..widgets.key_footer import KeyFooter
from ..widgets.seat import tiles_text
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.trains import TrainsView
from .room_table import RoomTable, room_keys
from .train_choice import TILE_AND_TRAIN_KEYS, TrainChoice
from .train_round_over import TrainRoundOverScreen, TrainRoundOverText
from .train_score_sheet import TrainScoreSheetScreen, TrainSheet, of_observation

if TYPE_CHECKING:
    from ...records import GameRecord

SHORT = 30  # rows below which the seats are shown on the board's border
PLAYING = {"number", "cursor", "play", "draw", "pass_turn"}
CREATOR = {"start", "restart", "close_room"}
# Keys a spectator may press, and is told it is watching: every key that plays, or acts for a seat.
SEATED = PLAYING | CREATOR | {"next_game", "train", "cancel"}
MOVE_KEYS = {*(str(k) for k in range(10)), "enter", "space", "left", "right", "m", "d", "p", "n", "s", "r"}


class OnlineTrainTableScreen(TrainChoice, RoomTable):
    PLAYED = "round"
    STOCK = "boneyard"
    AUTO_FOCUS = None
    DEFAULT_CSS = """
    OnlineTrainTableScreen { layout: vertical; background: $background; }
    OnlineTrainTableScreen #seats { height: auto; max-height: 2; padding: 0 1; color: $foreground-muted; }
    OnlineTrainTableScreen #chat { height: auto; max-height: 3; padding: 0 1; color: $foreground-muted; }
    OnlineTrainTableScreen #chat-input { display: none; height: 1; border: none; padding: 0 1; }
    OnlineTrainTableScreen.-chatting #chat-input { display: block; }
    OnlineTrainTableScreen.-chatting #message { display: none; }
    OnlineTrainTableScreen.-narrow #log { display: none; }
    OnlineTrainTableScreen.-short #seats, OnlineTrainTableScreen.-short #chat { display: none; }
    OnlineTrainTableScreen.-watching #hand { display: none; }
    OnlineTrainTableScreen.-watching #hand-box { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *TILE_AND_TRAIN_KEYS,
        Binding("left", "cursor(-1)", "Select", key_display="←→"),
        Binding("right", "cursor(1)", "Select", show=False),
        Binding("enter,space", "play", "Play"),
        *room_keys("round"),
    ]

    class Heard(Message):
        """Something the server said (or the connection's news), from the network worker."""

        def __init__(self, event: net.Event) -> None:
            self.event = event
            super().__init__()

    # The tile waiting for you to choose a train (its index in your hand), and the trains it fits.
    choosing: reactive[tuple[int, tuple[int, ...]] | None] = reactive(None, bindings=True)
    connection: reactive[str] = reactive("connected", bindings=True)

    def __init__(self, connect: Connect, client: net.RoomClient) -> None:
        """The table of a train room ``client`` has entered already (it keeps what it last heard)."""
        super().__init__()
        self.connect_to = connect
        self.client = client
        self.welcome: net.Welcome | None = client.welcome
        self.info: net.RoomInfo | None = None
        if client.info is not None:
            self.room_news(client.info)
        self.seat_view: net.TrainSeatView | None = None
        self.spectator_view: net.TrainSpectatorView | None = None
        self.over: net.TrainRoundOver | None = None
        self.dialog = None
        self.chats: list[Text] = []
        self.logged = 0
        self.message = ""
        self.show_log: bool | None = None
        self.redraw_due = False
        self.sent_for: tuple[int, int, int] | None = None

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Container(id="board"):
                yield TrainsView(id="trains")
            yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=24)
        yield Static(id="seats")
        yield Static(id="chat")
        yield Static(id="message")
        yield Input(
            id="chat-input", max_length=MAX_CHAT, placeholder="Say something (Enter sends, Esc cancels)", disabled=True
        )
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        log.border_title = "Moves and chat"
        log.can_focus = False
        self.set_class(self.watching, "-watching")
        self.fit()
        client = self.client
        if self.welcome is not None and self.watching:
            self.say(f"Watching room {self.welcome.room}: every hand is face down. c chats, q leaves.")
        elif self.welcome is not None:
            self.say(f"In room {self.welcome.room}." + (" s starts when everyone is in." if self.creator else ""))
        view = client.train_view if self.watching else client.train_observation
        if view is not None:
            self.took(view)
        if client.train_result is not None:
            self.round_over(client.train_result)
        self.redraw()
        self.listen()

    def fit(self) -> None:
        wide = self.app.size.width >= 130 if self.show_log is None else self.show_log
        self.set_class(not wide, "-narrow")
        # Nine trains and the hand fill 24 rows: the seats' line then takes the board's bottom border, and the
        # latest chat the message line (all of it is in the log, l).
        self.set_class(self.app.size.height < SHORT, "-short")
        if self.is_mounted:
            self.redraw()

    # ----- the network, in a worker -----

    @work(exclusive=True, group="net")
    async def listen(self) -> None:
        async for event in self.client.events():
            self.post_message(self.Heard(event))

    @work(group="send")
    async def send(self, what: str, *args: object) -> None:
        """One message to the server (in a worker: sending may wait on the network)."""
        if self.connection != "connected" or not await getattr(self.client, what)(*args):
            self.sent_for = None  # not sent: the move may be made again when the table comes back
            self.say("Not connected just now: the table comes back when the connection does.", error=True)

    # ----- what the server says -----

    def on_online_train_table_screen_heard(self, message: Heard) -> None:
        event = message.event
        if isinstance(event, net.RoomInfo):
            self.room_news(event)
            self.log_moves()
        elif isinstance(event, net.TrainSeatView | net.TrainSpectatorView):
            self.took(event)
        elif isinstance(event, net.TrainRoundOver):
            self.round_over(event)
        elif isinstance(event, net.Chat):
            line = Text.assemble((event.name, "bold"), ": ", event.text)
            self.chats = [*self.chats, line][-CHAT_SHOWN:]
            self.query_one("#chat", Static).update(Text("\n").join(self.chats))
            self.query_one("#log", RichLog).write(line)
            if self.has_class("-short"):  # no line of its own: the latest says it in the message line
                self.say(line.plain)
        elif isinstance(event, net.ServerError):
            self.sent_for = None  # a refused move (stale, illegal) may be made again
            self.say(sentence(event.message), error=True)
        elif isinstance(event, net.Connection):
            self.connected(event)
        elif isinstance(event, net.RoomClosed):
            self.connection = "closed"
            self.say(f"{sentence(event.message)} q leaves.", error=True)
        # A bot's moves come in a burst: the table is drawn once, after the news already waiting.
        if not self.redraw_due:
            self.redraw_due = True
            self.call_later(self.redraw_now)

    def took(self, view: net.TrainSeatView | net.TrainSpectatorView) -> None:
        """A new observation (a spectator's: the public view): the table as it is now."""
        key = (view.match, view.game)
        before = self.spectator_view if self.watching else self.seat_view
        if before is None or (before.match, before.game) != key:
            self.choosing = None
            self.over = None if self.over is None or (self.over.match, self.over.game) != key else self.over
            self.close_dialog()  # a new deal: the last round's dialog gives way to the table
            title = f"— {view.observation.rules.title}, {round_title(view.game, self.rounds)} —"
            self.query_one("#log", RichLog).write(Text(title, style="bold"))
            self.logged = 0
        elif self.choosing is not None and not view.observation.legal:
            self.choosing = None
        if self.message and not self.message_is_error and view.observation.legal:
            self.say("")
        if isinstance(view, net.TrainSeatView):
            self.seat_view = view
        else:
            self.spectator_view = view
        obs = view.observation
        self.log_moves()
        if obs.legal and not self.message:
            self.say(nothing_fits(obs))

    def log_moves(self) -> None:
        """The moves not yet in the log, with their players' names once the room has named every seat."""
        obs = self.observation
        if obs is None or not self.names_known:
            return
        log = self.query_one("#log", RichLog)
        for ev in obs.history[self.logged :]:
            log.write(Text(describe(ev, obs.rules, self.names, self.mine)))
        self.logged = len(obs.history)

    def round_over(self, over: net.TrainRoundOver) -> None:
        if self.over == over:
            return
        self.over = over
        text = round_over_text(over, self.names, self.rounds, self.mine)
        self.query_one("#log", RichLog).write(Text(text, style="bold"))
        if self.has_class("-short"):
            self.say(round_over_line(over, self.names, self.mine))
        elif over.match_over:
            self.say(text + (" r restarts." if self.creator else ""))
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
        rules = view.observation.rules
        from ..recording import online_train_record

        def row(seat: int, kinds: tuple[str, ...], levels: tuple[str, ...]) -> GameRecord:
            return online_train_record(rules, seat, kinds, levels, over.scores)

        self.keep_in_record(over.match, 0, row)

    # ----- the dialogs at a round's end, from the server's results -----

    def round_over_text(self) -> TrainRoundOverText | None:
        """The end-of-round dialog's data for the round just over, from the server's result."""
        over, obs = self.over, self.observation
        if over is None or obs is None:
            return None
        names = self.names
        hands = []
        for seat in range(obs.rules.players):
            # The result lays every hand open (the round is over); before it, only your own is known.
            if seat < len(over.hands):
                tiles = " ".join(str(t) for t in over.hands[seat]) or "out"
            elif seat == self.mine:
                tiles = " ".join(str(t) for t in obs.hand) or "out"
            else:
                tiles = "out" if obs.hand_sizes[seat] == 0 else "face down"
            hands.append((names[seat], tiles, over.points[seat], over.scores[seat]))
        buttons, keys, hint = self.end_choices(over.match_over, "score sheet")
        title = "Match over" if over.match_over else f"{round_title(over.game, self.rounds)} over"
        text = round_over_text(over, names, self.rounds, self.mine)
        return TrainRoundOverText(title, (text,), tuple(hands), buttons, hint, keys)

    def score_sheet(self) -> TrainSheet | None:
        """The rounds of the match in view: those before this one as the observation has them, and this one's
        points once the server said it is over."""
        obs = self.observation
        if obs is None:
            return None
        over = self.over
        done = over is not None and over.game == obs.round_index + 1
        if over is not None and done:
            return of_observation(obs, self.names, over.points, over.scores)
        return of_observation(obs, self.names, None, obs.totals)

    def over_dialog(self) -> TrainRoundOverScreen | None:
        about = self.round_over_text()
        return TrainRoundOverScreen(about) if about is not None else None

    def sheet_dialog(self) -> TrainScoreSheetScreen | None:
        about = self.score_sheet()
        return TrainScoreSheetScreen(about) if about is not None else None

    def connected(self, news: net.Connection) -> None:
        if news.state == "reconnecting":
            self.connection = "reconnecting"
            self.say("The connection dropped: trying again by itself (your seat waits for you). q leaves.", error=True)
        elif news.state == "connected":
            self.connection = "connected"
            self.sent_for = None
            self.say("Connected again: your seat and hand are back.")
        elif self.connection != "closed":
            self.connection = "closed"
            self.say("The connection is closed. q leaves.", error=True)

    # ----- reading the table -----

    @property
    def observation(self) -> TrainObservation | None:
        """Your seat's observation; a spectator's: the table with no hand (and no legal move)."""
        view = self.spectator_view if self.watching else self.seat_view
        return view.observation if view else None

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
        room = self.welcome.room if self.welcome else "…"
        board = self.query_one("#board")
        board.border_subtitle = seats.plain if self.has_class("-short") else LEGEND
        box = self.query_one("#hand-box")
        if obs is None:
            board.border_title = f"Room {room}"
            box.border_title = "You"
            self.query_one(StatusBar).info = self.status_info()
            return
        targets = self.choosing[1] if self.choosing else ()
        playing = self.status == "playing"
        self.query_one(TrainsView).show(obs.engine, train_rows(obs, names, playing), targets, newest(obs))
        self.query_one(HandView).show(
            obs.hand, playable(obs) if self.my_turn else [], self.my_turn, max_pip=obs.rules.max_pip
        )
        if self.watching:
            box.border_title = "Watching · every hand is face down"
        else:
            box.border_title = (
                f"You · {tiles_text(len(obs.hand))} · {sum(t.pips for t in obs.hand)} pips"
                f" · your train is {train_key(obs.rules, obs.seat)}"
            )
        shown = self.spectator_view if self.watching else self.seat_view
        board.border_title = f"Room {room} · {round_title(shown.game if shown else 1, self.rounds)}"
        self.query_one(StatusBar).info = self.status_info()

    def status_info(self) -> StatusInfo:
        obs = self.observation
        if self.connection == "reconnecting":
            turn = "Reconnecting…"
        elif self.connection == "closed":
            turn = "Not connected"
        elif self.status == "lobby":
            turn = "Waiting for players" + (": s starts" if self.creator else " and the start")
        elif self.status == "between":
            turn = "Round over" if self.watching else "Round over: n next"
        elif self.status == "over":
            turn = "Match over" + (": r restarts" if self.creator else "")
        elif obs is None:
            turn = "Dealing…"
        elif self.watching:
            turn = f"Watching: {self.names[obs.turn]} to play"
        elif obs.legal:
            turn = "Your turn" + (": choose a train" if self.choosing else "")
        else:
            turn = f"{self.names[obs.turn]} to play"
        if obs is None:
            return StatusInfo(turn, None)
        scores = self.over.scores if self.over is not None else obs.totals
        return StatusInfo(turn, obs.boneyard_size, totals_text(scores, self.names), "Boneyard")

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
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
        if action == "chat":
            return self.connection == "connected"
        if action == "next_game":
            return self.status == "between"
        if action in ("train", "cancel"):
            return bool(self.choosing)
        # While a train is being chosen, the keys that would leave that choice are off.
        return not (self.choosing and action in ("draw", "pass_turn", "cursor", "play"))

    def action_number(self, number: int) -> None:
        """A number key: a train while choosing one (1 is the first seat's train), else a tile of your hand."""
        if self.choosing:
            self.action_train(str(number))
            return
        self.pick((number - 1) % 10)

    def pick(self, index: int) -> None:
        if not self._can_move():
            return
        obs = self.observation
        assert obs is not None
        if index >= len(obs.hand):
            self.say(f"There is no tile {key_label(index)} in your hand.", error=True)
            return
        self.query_one(HandView).cursor = index
        self.play_tile(index)

    def action_play(self) -> None:
        if self._can_move():
            self.play_tile(self.query_one(HandView).cursor)

    # What choosing a train (train_choice.py) asks of this table.

    def seat_sees(self) -> tuple[TrainObservation, Sequence[str]] | None:
        obs = self.observation
        return None if obs is None else (obs, self.names)

    def play_on(self, move: TrainPlay) -> None:
        self._move(move)

    def seat_to_play(self) -> bool:
        return self.my_turn

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        self.choosing = None
        self.pick(message.index)

    def action_next_game(self) -> None:
        self.send("next_game")
        self.say("Ready for the next round: it starts when everyone is.")

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.has_class("-chatting"):
            event.stop()
            self.query_one("#chat-input", Input).value = ""
            self.end_chat()
        elif self.watching and event.key in MOVE_KEYS and not self.has_class("-chatting"):
            event.stop()
            self.say("You are watching: the players make the moves. c chats, q leaves.", error=True)

    async def action_leave(self) -> None:
        self.workers.cancel_group(self, "net")
        await self.client.close()
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
