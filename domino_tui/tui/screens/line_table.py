"""The table online: the local table's line of play, seats, hand and status, driven by a room server.

What the table shows is the seat's observation as the server last sent it; your moves go to the server, and the
others' moves come back as new observations. The connection lives in a worker that posts what it hears as
messages, so the interface never waits on the network; the client library reconnects by itself after a drop
(the status says so) and takes the seat back with its token, and the server then sends the table as it is.

A spectator (`Connect.watch`) sees the same table from the public view the server sends it: every hand face
down with its size, the board, the log, the scores, the seats and the chat. It has no hand of its own, so the
bottom of the table shows the first seat's like the others, and a move key only says that you are watching.

Names and chat come from other people: they are shown as plain text (never read as markup).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Input, RichLog, Static

from ...engine import DRAW, VARIANTS, End, Kind, Move, Observation, PublicView, Reason, Tile, get_rules
from ...net import client as net
from .. import equal_plays
from ..online import (
    CHAT_SHOWN,
    MAX_CHAT,
    Connect,
    describe,
    last_action,
    playable,
    refusal,
    result_text,
    seat_kind,
    team_name,
)
from ..online_trains import plays_trains
from ..sentence import sentence
from ..widgets.hand import HandView, key_label
from ..widgets.hint_panel import END_KEYS
from ..widgets.key_footer import KeyFooter
from ..widgets.seat import SeatInfo, SeatView, tiles_text
from ..widgets.snake import SnakeView
from ..widgets.status import StatusBar, StatusInfo
from .game_over import GameOverScreen, GameOverText
from .room_table import RoomTable, room_keys
from .score_sheet import ScoreSheet, ScoreSheetScreen
from .table import PLACES, MoveLog

if TYPE_CHECKING:
    from ...records import GameRecord

# Keys that need a game in play, a seat at the table, or the room's creator.
PLAYING = {"pick", "cursor", "play", "draw", "pass_turn"}
CREATOR = {"start", "restart", "close_room"}
# Keys a spectator may press, and is told it is watching: every key that plays, or acts for a seat.
SEATED = PLAYING | CREATOR | {"next_game", "end", "cancel"}
MOVE_KEYS = {*(str(k) for k in range(10)), "enter", "space", "left", "right", "up", "down", "d", "p", "n", "s", "r"}


class LineTable(RoomTable):
    AUTO_FOCUS = None
    DEFAULT_CSS = """
    LineTable { layout: vertical; background: $background; }
    LineTable #chat { height: auto; max-height: 3; padding: 0 1; color: $foreground-muted; }
    LineTable #chat-input { display: none; height: 1; border: none; padding: 0 1; }
    LineTable.-chatting #chat-input { display: block; }
    LineTable.-chatting #message { display: none; }
    LineTable.-narrow #log { display: none; }
    LineTable #seat-bottom { display: none; }
    LineTable.-watching #seat-bottom { display: block; }
    LineTable.-watching #hand { display: none; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(k % 10), f"pick({k - 1})", f"Tile {k % 10}", show=False) for k in range(1, 11)],
        Binding("left", "cursor(-1)", "Select", key_display="←→"),
        Binding("right", "cursor(1)", "Select", show=False),
        Binding("enter,space", "play", "Play"),
        Binding("left", "end('left')", "Left end", key_display="←"),
        Binding("right", "end('right')", "Right end", key_display="→"),
        Binding("up", "end('up')", "Up end", key_display="↑"),
        Binding("down", "end('down')", "Down end", key_display="↓"),
        *room_keys("game"),
    ]

    class Heard(Message):
        """Something the server said (or the connection's news), from the network worker."""

        def __init__(self, event: net.Event) -> None:
            self.event = event
            super().__init__()

    class Refused(Message):
        """The room could not be entered: the server's code for why, and why in words."""

        def __init__(self, code: str, text: str) -> None:
            self.code = code
            self.text = text
            super().__init__()

    # The tile waiting for you to choose an end, and the ends it fits.
    choosing: reactive[tuple[Tile, tuple[End, ...]] | None] = reactive(None, bindings=True)
    # What the table is doing: "connecting", "connected", "reconnecting" or "closed".
    connection: reactive[str] = reactive("connecting", bindings=True)

    def __init__(self, connect: Connect) -> None:
        super().__init__()
        self.connect_to = connect
        self.client: net.RoomClient | None = None
        self.welcome: net.Welcome | None = None
        self.info: net.RoomInfo | None = None
        self.seat_view: net.SeatView | None = None
        self.spectator_view: net.SpectatorView | None = None
        self.over: net.GameOver | None = None
        self.dialog = None
        self.sheet_games: dict[tuple[int, int], tuple[tuple[int, ...], str]] = {}  # each game's points, its end
        self.chats: list[Text] = []
        self.logged = 0  # events of the game in view already in the log
        self.logged_game: tuple[int, int] | None = None
        self.message = ""
        self.why = ""  # why the connection is down
        self.show_log: bool | None = None
        self.said_next = False  # you said next since the last game ended
        self.redraw_due = False
        self.sent_for: tuple[int, int, int] | None = None  # the position your last move answered
        self.refused: str | None = None  # the server's code for why the room could not be entered

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield SeatView(id="seat-top")
        with Horizontal(id="main"):
            yield SeatView(id="seat-left", classes="-side")
            with ScrollableContainer(id="board", can_focus=False):
                yield SnakeView(id="snake")
            yield SeatView(id="seat-right", classes="-side -right")
            yield MoveLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=24)
        yield Static(id="chat")
        yield Static(id="message")
        # Disabled (so never focused) until c opens it: the keys belong to the table.
        yield Input(
            id="chat-input", max_length=MAX_CHAT, placeholder="Say something (Enter sends, Esc cancels)", disabled=True
        )
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
            yield SeatView(id="seat-bottom")  # a spectator's: the first seat's hand, face down
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "Moves and chat"
        for place in ("top", "left", "right"):
            self.query_one(f"#seat-{place}", SeatView).set_class(True, "-absent")
        self.set_class(self.watching, "-watching")
        self.say(f"Connecting to {self.connect_to.url}…")
        self.fit()
        self.redraw()
        self.run_connection()

    def fit(self) -> None:
        wide = self.app.size.width >= 110 if self.show_log is None else self.show_log
        self.set_class(not wide, "-narrow")

    # ----- the network, in a worker -----

    @work(exclusive=True, group="net")
    async def run_connection(self) -> None:
        client = self.client = net.RoomClient(self.connect_to.url)
        try:
            await self.connect_to.enter(client)
        except net.NetError as exc:
            self.post_message(self.Refused(exc.code, refusal(exc, self.connect_to.url)))
            await client.close()
            return
        async for event in client.events():
            self.post_message(self.Heard(event))

    @work(group="send")
    async def send(self, what: str, *args: object) -> None:
        """One message to the server (in a worker: sending may wait on the network)."""
        client = self.client
        if client is None or self.connection != "connected":
            self.sent_for = None
            self.say("Not connected just now: the table comes back when the connection does.", error=True)
            return
        sent = await getattr(client, what)(*args)
        if not sent:
            self.sent_for = None  # not sent: the move may be made again when the table comes back
            self.say("Not connected just now: the table comes back when the connection does.", error=True)

    async def leave_room(self) -> None:
        """Close the connection (your seat stays yours on the server until the room ends)."""
        self.workers.cancel_group(self, "net")
        if self.client is not None:
            await self.client.close()

    # ----- what the server says -----

    def on_line_table_refused(self, message: Refused) -> None:
        self.connection = "closed"
        self.refused = message.code
        self.say(message.text + " q leaves.", error=True)
        self.redraw()

    def on_line_table_heard(self, message: Heard) -> None:
        event = message.event
        if isinstance(event, net.Welcome):
            self.welcome = event
            self.connection = "connected"
            if self.watching:
                self.say(f"Watching room {event.room}: every hand is face down. c chats, q leaves.")
            else:
                start = " s starts the game when everyone is in." if event.creator else ""
                self.say(f"In room {event.room}." + start)
        elif isinstance(event, net.RoomInfo):
            if plays_trains(event):
                self.to_train_table()
                return
            self.room_news(event)
            self.log_moves()
        elif isinstance(event, net.SeatView | net.SpectatorView):
            self.took(event)
        elif isinstance(event, net.GameOver):
            self.game_over(event)
        elif isinstance(event, net.Chat):
            self.chatted(event)
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

    def to_train_table(self) -> None:
        """The room plays a train game: its own table takes over this connection (and what it has heard)."""
        from .online_trains import OnlineTrainTableScreen

        assert self.client is not None
        self.workers.cancel_group(self, "net")
        self.app.switch_screen(OnlineTrainTableScreen(self.connect_to, self.client))

    def took(self, view: net.SeatView | net.SpectatorView) -> None:
        """A new observation (a spectator: the public view): the table as it is now."""
        key = (view.match, view.game)
        before = self.seat_view or self.spectator_view
        shown = view.observation if isinstance(view, net.SeatView) else view.view
        legal = view.observation.legal if isinstance(view, net.SeatView) else ()
        if before is None or (before.match, before.game) != key:
            self.choosing = None
            self.over = None if self.over is None or (self.over.match, self.over.game) != key else self.over
            self.log_line(Text(f"— {shown.rules.title}, game {view.game} —", style="bold"))
            self.close_dialog()  # a new deal: the last game's dialog gives way to the table
            self.logged = 0
        elif self.choosing is not None and not legal:
            self.choosing = None
        if self.message and not self.message_is_error and legal:
            self.say("")
        if isinstance(view, net.SeatView):
            self.seat_view = view
        else:
            self.spectator_view = view
        self.log_moves()
        if isinstance(view, net.SeatView) and legal:
            self.hint(view.observation)

    def log_moves(self) -> None:
        """The moves not yet in the log, with their players' names once the room has named every seat."""
        shown = self.shown
        if shown is None or not self.names_known:
            return
        names = self.names
        for ev in shown.history[self.logged :]:
            self.log_line(Text(describe(ev, names)))
        self.logged = len(shown.history)

    def game_over(self, over: net.GameOver) -> None:
        self.over = over
        self.said_next = False
        shown = self.shown
        if shown is None:
            return
        r = over.result
        text = result_text(shown.rules, self.names, r.reason, r.winner, r.out_seat, r.points)
        self.log_line(Text(text, style="bold"))
        if over.match_over:
            who = "The match is over" + (
                "." if over.winner is None else f": {team_name(shown.rules, self.names, over.winner)} won it."
            )
            self.say(f"{text} {who}" + (" r restarts." if self.creator else ""))
        elif self.watching:
            self.say(f"{text} The next game starts when the players are ready.")
        else:
            self.say(f"{text} n: next game.")
        before = shown.match_scores or (0,) * len(over.scores)
        hand = tuple(after - b for after, b in zip(over.scores, before, strict=True))
        self.sheet_games[(over.match, over.game)] = (hand, text)
        if self.observation is not None:
            self.record(over, self.observation)
        self.show_over()

    def over_text(self) -> GameOverText | None:
        """The game-over dialog's data for the game just over, from the server's result."""
        over, shown = self.over, self.shown
        if over is None or shown is None:
            return None
        rules, r, names = shown.rules, over.result, self.names
        teams = tuple(team_name(rules, names, t) for t in range(len(r.points)))
        hand, text = self.sheet_games[(over.match, over.game)]
        lines = [text]
        if over.match_over:
            lines.append("The match is over" + ("." if over.winner is None else f": {teams[over.winner]} won it."))
        hands = []
        for seat in range(rules.players):
            # The result lays every hand open (the game is over); before it, only your own is known.
            if seat < len(over.hands):
                tiles = " ".join(str(t) for t in over.hands[seat]) or "out"
            elif seat == self.mine and self.observation is not None:
                tiles = " ".join(str(t) for t in self.observation.hand) or "out"
            else:
                tiles = "out" if shown.hand_sizes[seat] == 0 else "face down"
            hands.append((names[seat], tiles, r.pips[seat]))
        raw = rules.unrounded_points(r)
        points: list[tuple[str, tuple[int, ...]]] = []
        if rules.fives:
            points.append(("Scored during play", tuple(h - p for h, p in zip(hand, r.points, strict=True))))
        bonus = "Out bonus" if r.reason is Reason.OUT else "Block bonus"
        points.append((bonus, raw))
        if raw != r.points:
            points.append(("Rounding", tuple(p - w for p, w in zip(r.points, raw, strict=True))))
        points.append(("This hand", hand))
        if not rules.single_game:
            points.append(("Match" + (f" (to {shown.target})" if shown.target else ""), over.scores))
        buttons, keys, hint = self.end_choices(over.match_over, "scores")
        title = "Match over" if over.match_over else f"Game {over.game} over"
        return GameOverText(title, tuple(lines), tuple(hands), teams, tuple(points), buttons, hint, keys)

    def over_dialog(self) -> GameOverScreen | None:
        about = self.over_text()
        return GameOverScreen(about) if about is not None else None

    def sheet_dialog(self) -> ScoreSheetScreen:
        return ScoreSheetScreen(self.score_sheet())

    def score_sheet(self) -> ScoreSheet:
        """The games of the match in view, as the server's results gave them."""
        shown = self.shown
        match = self.over.match if self.over else 0
        games = tuple(row for (m, _), row in sorted(self.sheet_games.items()) if m == match)
        teams = len(games[0][0]) if games else 0
        names = tuple(team_name(shown.rules, self.names, t) for t in range(teams)) if shown else ()
        title = "Score sheet" + (f" · {shown.rules.title}" if shown else "")
        total = "Match over" if self.over is not None and self.over.match_over else "in play"
        return ScoreSheet(title, names, games, total)

    def chatted(self, chat: net.Chat) -> None:
        # Plain Text: a name or message with markup in it shows as written.
        line = Text.assemble((chat.name, "bold"), ": ", chat.text)
        self.chats = [*self.chats, line][-CHAT_SHOWN:]
        self.query_one("#chat", Static).update(Text("\n").join(self.chats))
        self.log_line(line)

    def connected(self, news: net.Connection) -> None:
        if news.state == "reconnecting":
            self.connection = "reconnecting"
            self.why = news.reason
            self.say("The connection dropped: trying again by itself (your seat waits for you). q leaves.", error=True)
        elif news.state == "connected":
            self.connection = "connected"
            self.sent_for = None  # the server sends the table as it is: a move it did not store is yours again
            self.say("Connected again: your seat and hand are back.")
        elif self.connection != "closed":
            self.connection = "closed"
            self.say("The connection is closed. q leaves.", error=True)

    def record(self, over: net.GameOver, obs: Observation) -> None:
        """Your record keeps the game (and so your rating against people), once."""
        from ..recording import online_record

        def row(seat: int, kinds: tuple[str, ...], levels: tuple[str, ...]) -> GameRecord:
            return online_record(obs.rules, seat, kinds, levels, over.game, over.result, obs.points)

        self.keep_in_record(over.match, over.game, row)

    # ----- reading the table -----

    @property
    def observation(self) -> Observation | None:
        return self.seat_view.observation if self.seat_view else None

    @property
    def shown(self) -> Observation | PublicView | None:
        """What the table shows: your seat's observation, or a spectator's public view."""
        if self.watching:
            return self.spectator_view.view if self.spectator_view else None
        return self.observation

    @property
    def players(self) -> int:
        obs = self.shown
        if obs is not None:
            return obs.rules.players
        options = self.info.options if self.info else {"variant": self.connect_to.variant, **self.connect_to.options}
        variant, players = options.get("variant"), options.get("players")
        # A train room's variant is not a line game's: its own table takes over once the room's news says so.
        if not (isinstance(variant, str) and variant in VARIANTS):
            return 2
        # Rules that seat several numbers (Fives and Threes for 3 or 4) are dealt for the room's.
        counts = get_rules(variant).player_counts
        return players if isinstance(players, int) and players in counts else get_rules(variant).players

    # ----- drawing -----

    def redraw(self) -> None:
        obs = self.shown
        names = self.names
        mine = self.mine if self.mine is not None else 0
        if obs is not None:
            last = next((ev.tile for ev in reversed(obs.history) if ev.kind is Kind.PLAY), None)
            targets = self.choosing[1] if self.choosing else ()
            self.query_one(SnakeView).show(obs.board, last, targets)
        if self.observation is not None:
            hand = self.observation
            self.query_one(HandView).show(hand.hand, playable(hand) if self.my_turn else [], self.my_turn)
        places = PLACES.get(self.players, {})
        for place in ("top", "left", "right"):
            self.query_one(f"#seat-{place}", SeatView).set_class(place not in places.values(), "-absent")
        if self.watching:  # no hand of yours: the first seat sits at the bottom, face down like the others
            places = {0: "bottom", **places}
        for offset, place in places.items():
            seat = (mine + offset) % self.players
            acting = obs is not None and obs.turn == seat and self.status == "playing"
            tiles = obs.hand_sizes[seat] if obs is not None else 0
            action = last_action(obs.history, seat) if obs is not None else ""
            view = self.query_one(f"#seat-{place}", SeatView)
            if obs is None:  # before the deal: who sits there, and nothing about tiles
                view.info = None
                view.update(
                    Text.assemble(
                        ("  " + names[seat], "bold"), "\n  " if view.has_class("-side") else " ", f"({self.kind(seat)})"
                    )
                )
            else:
                view.info = SeatInfo(f"{names[seat]} ({self.kind(seat)})", tiles, acting, action)
        box = self.query_one("#hand-box")
        you = "You" if self.welcome is None else f"You · {self.kind(mine)}"
        title = "Watching" if self.watching else you
        if self.observation is not None:
            title += f" · {tiles_text(len(self.observation.hand))}"
            action = last_action(self.observation.history, mine)
            title += f" · {action}" if action else ""
        box.border_title = title
        room = self.welcome.room if self.welcome else "…"
        self.query_one("#board").border_title = f"Room {room}"
        self.query_one(StatusBar).info = self.status_info()

    def kind(self, seat: int) -> str:
        if self.info is None or seat >= len(self.info.seats):
            return "person" if seat == self.mine else "open"
        return seat_kind(self.info.seats[seat])

    def status_info(self) -> StatusInfo:
        obs = self.shown
        if self.connection == "reconnecting":
            turn = "Reconnecting…"
        elif self.connection == "connecting":
            turn = "Connecting…"
        elif self.connection == "closed":
            turn = "Not connected"
        elif self.status == "lobby":
            turn = "Waiting for players" + (": s starts" if self.creator else " and the start")
        elif self.status == "between":
            turn = "Game over" if self.watching else "Game over: n next"
        elif self.status == "over":
            turn = "Match over" + (": r restarts" if self.creator else "")
        elif obs is None:
            turn = "Dealing…"
        elif self.watching:
            turn = f"Watching: {self.names[obs.turn]} to play"
        elif isinstance(obs, Observation) and obs.legal:
            turn = "Your turn" + (": choose an end" if self.choosing else "")
        else:
            turn = f"{self.names[obs.turn]} to play"
        score = ""
        if obs is not None:
            names = self.names
            teams = range(len(obs.points))
            totals = [(obs.match_scores[t] if t < len(obs.match_scores) else 0) + obs.points[t] for t in teams]
            score = " · ".join(f"{team_name(obs.rules, names, t)} {p}" for t, p in zip(teams, totals, strict=True))
            score += f" (to {obs.target})" if obs.target else ""
        stock = obs.stock_size if obs is not None and obs.rules.has_stock else None
        return StatusInfo(turn, stock, score)

    def log_line(self, line: Text) -> None:
        self.query_one("#log", RichLog).write(line)

    def hint(self, obs: Observation) -> None:
        if obs.board.empty:
            self.say("You lead: pick any tile.")
        elif not playable(obs):
            self.say("No tile fits: press d to draw." if DRAW in obs.legal else "No tile fits: press p to pass.")

    # ----- actions -----

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.watching and action in SEATED:
            return False  # off the footer; the key itself says you are watching (see on_key)
        if action in PLAYING and (self.observation is None or self.status != "playing"):
            return False  # no game in play: off the footer
        if action in CREATOR:
            if not (self.creator and self.connection == "connected"):
                return False
            if action == "start":
                return self.status == "lobby"
            return self.status != "lobby" if action == "restart" else True
        if action == "draw":
            obs = self.observation
            return obs is None or obs.rules.has_stock
        if action == "chat":
            return self.connection == "connected"
        if action == "next_game":
            return self.status == "between"
        if action == "end":
            choosing = self.choosing
            return choosing is not None and End[str(parameters[0]).upper()] in choosing[1]
        if action in ("cursor", "play", "pass_turn", "pick") and self.choosing:
            return action == "play"
        if action == "cancel":
            return bool(self.choosing)
        return True

    def action_pick(self, index: int) -> None:
        if not self._can_move():
            return
        assert self.observation is not None
        if index >= len(self.observation.hand):
            self.say(f"There is no tile {key_label(index)} in your hand.", error=True)
            return
        self.query_one(HandView).cursor = index
        self.play_tile(index)

    def action_play(self) -> None:
        if self.choosing and len(self.choosing[1]) == 1:
            tile = self.choosing[0]
            self._move(next(m for m in self.legal_plays() if m.tile == tile))
            return
        if self._can_move():
            self.play_tile(self.query_one(HandView).cursor)

    def legal_plays(self) -> list[Move]:
        obs = self.observation
        return [m for m in obs.legal if m.kind is Kind.PLAY] if obs else []

    def play_tile(self, index: int) -> None:
        obs = self.observation
        assert obs is not None
        tile = obs.hand[index]
        ends = tuple(m.end for m in self.legal_plays() if m.tile == tile and m.end is not None)
        if not ends:
            shows = ", ".join(f"{e.label} {obs.board.ends[e]}" for e in obs.board.open_ends())
            self.say(f"{tile} does not fit: the open ends show {shows}.", error=True)
            return
        choices = equal_plays.distinct(obs.board, tile, ends)
        if len(choices) == 1:
            self._move(Move.play(tile, choices[0]))
            return
        self.choosing = (tile, ends)
        options = " · ".join(f"{END_KEYS[e]} {e.label} ({obs.board.ends[e]})" for e in choices)
        self.say(f"Play {tile} where? {options} · Esc cancels")
        self.redraw()

    def action_end(self, name: str) -> None:
        if self.choosing:
            tile, ends = self.choosing
            end = End[name.upper()]
            if end in ends:
                self._move(Move.play(tile, end))

    def on_snake_view_end_clicked(self, message: SnakeView.EndClicked) -> None:
        if self.choosing:
            self.action_end(message.end.name)

    def on_hand_view_tile_clicked(self, message: HandView.TileClicked) -> None:
        self.action_pick(message.index)

    def action_next_game(self) -> None:
        self.send("next_game")
        self.said_next = True
        self.say("Ready for the next game: it starts when everyone is.")

    def on_key(self, event: events.Key) -> None:
        if event.key == "escape" and self.has_class("-chatting"):
            event.stop()
            self.query_one("#chat-input", Input).value = ""
            self.end_chat()
        elif self.watching and event.key in MOVE_KEYS and not self.has_class("-chatting"):
            event.stop()
            self.say("You are watching: the players make the moves. c chats, q leaves.", error=True)

    async def action_leave(self) -> None:
        await self.leave_room()
        stack = self.app.screen_stack
        if len(stack) > 2:
            self.dismiss(None)
        else:
            self.app.exit()
