"""The train table: the hub and every train, your hand, the room's seats, the log and the tile tracker;
`RoomTable` is what every table in a room shares. A spectator is a seat without a hand. The line games' online
table hands its client over to this screen when the room turns out to play a train game.

A move is a tile and a train: a tile's key (1-9, 0, then the letters under the tiles past the tenth), the cursor
and Enter, or a click; when it fits one train only it goes there, else a train's number (``m`` for the Mexican
train) or a click on its row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import TrainEvent, TrainObservation, TrainPlay
from ...net import heard as net
from ..online import Connect
from ..tile_keys import TILE_KEYS
from ..train_layout import LEGEND
from ..train_room import round_over_line, round_over_text, seats_text
from ..train_words import (
    PICK_A_TILE_FIRST,
    cannot_go,
    describe,
    fits_no_train,
    newest,
    nothing_fits,
    playable,
    round_title,
    totals_text,
    train_by_key,
    train_key,
    train_rows,
    trains_for,
    which_train,
)
from ..widgets.hand import HandView
from ..widgets.hint_panel import HintPanel
from ..widgets.key_footer import KeyFooter
from ..widgets.seat import tiles_text
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.tracker_panel import TrackerPanel
from ..widgets.trains import TrainsView
from .room_table import CREATOR, RoomTable, hand_keys, room_keys

if TYPE_CHECKING:  # the dialogs load when first opened (see RoomTable)
    from .over_dialog import TrainRoundOverScreen
    from .score_sheet import TrainScoreSheetScreen

PLAYING = frozenset({"number", "pick", "cursor", "play", "draw", "pass_turn", "hint"})


class TrainTable(RoomTable):
    MOVE_KEYS = frozenset({*TILE_KEYS, "enter", "space", "left", "right", "m", "d", "p", "n", "r", "u"})
    PLAYING = PLAYING
    SEATED = PLAYING | CREATOR | {"next_game", "train", "cancel", "undo", "toggle_tracker"}
    # Off while choosing a train (they would leave the choice), so that the footer has room for the trains' keys.
    NOT_WHILE_CHOOSING = frozenset(
        {"draw", "pass_turn", "cursor", "play", "score_sheet", "toggle_log", "log", "undo", "new_game", "hint"}
    )
    CSS_PATH = "train_table.tcss"
    PLAYED = "round"
    STOCK = "boneyard"
    # Columns the trains keep beside a panel: the longest label and a few tiles of every train (see train_layout).
    BOARD_ROOM = 46
    SHORT = 30  # rows below which the seats are shown on the board's border
    HEARS = (net.TrainSeatView, net.TrainSpectatorView, net.TrainRoundOver)
    BINDINGS: ClassVar[list[BindingType]] = [
        # A number picks a tile of your hand, or a train while you choose one for the tile picked.
        *[Binding(str(k % 10), f"number({k % 10})", f"Tile {k % 10}", show=False) for k in range(1, 11)],
        Binding("m", "train('m')", "Mexican train", key_display="m"),
        *hand_keys(),
        *room_keys("round"),  # s starts the room in its lobby, then opens the score sheet
    ]

    # The tile waiting for you to choose a train (its index in your hand), and the trains it fits.
    choosing: reactive[tuple[int, tuple[int, ...]] | None] = reactive(None, bindings=True)
    connection: reactive[str] = reactive("connected", bindings=True)
    too_small: reactive[bool] = reactive(False, bindings=True)
    seat_view: net.TrainSeatView | None
    spectator_view: net.TrainSpectatorView | None
    over: net.TrainRoundOver | None

    def __init__(self, connect: Connect | None, *clients: net.SeatClient) -> None:
        """The table of a train room the ``clients`` have entered already (they keep what they last heard), one
        per person's seat at this keyboard; ``connect``: the server and how it was entered, None for a room in
        this process."""
        super().__init__(connect, clients)
        if clients[0].info is not None:
            self.room_news(clients[0].info)
        self.view_shown: net.TrainSeatView | net.TrainSpectatorView | None = None  # the view the table last took
        self.show_tracker = False  # only when asked for

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        with Horizontal(id="main"):
            with Container(id="board"):
                yield TrainsView(id="trains")
            yield TrackerPanel(id="tracker")
            yield HintPanel(id="hint")
        yield Static(id="seats")
        yield from self.talk_lines()
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
        yield Static(id="too-small")
        yield KeyFooter(compact=True)

    def mounted(self) -> None:
        client = self.here[0].client
        if self.welcome is not None and (self.watching or not self.local):
            self.greet()
        if self.watching and client.train_view is not None:
            self.took(client.train_view)
        elif client.train_observation is not None and not self.hot_seat:  # else a hand waits for its handover
            self.took_seat_view(0, client.train_observation)
        if client.train_result is not None:
            self.deal_over(client.train_result)

    def fit(self) -> None:
        super().fit()
        if self.is_mounted:
            self.redraw()  # the hand's rows follow the terminal's height (`hand_room`)
            if not self.too_small:
                self.plan_auto_move()  # a move made for you waited while the terminal was too small

    # ----- what the room says -----

    def took_seat_view(self, index: int, view: net.TrainSeatView) -> None:
        kept = self.here[index].seat_view
        if kept is not None and (view.match, view.game, view.position) < (kept.match, kept.game, kept.position):
            return  # heard before the one kept but read after (a room the line table handed over)
        self.keep_seat_view(index, view)
        if index == self.at:
            self.took(view)

    def took(self, view: net.TrainSeatView | net.TrainSpectatorView) -> None:
        key = (view.match, view.game)
        before = self.view_shown
        if before is None or (before.match, before.game) != key:
            self.new_deal(key, f"— {view.observation.rules.title}, {round_title(view.game, self.rounds)} —")
        elif view.position < before.position:
            # Older than the table shown: heard before it but read after (a room the line table handed over with
            # the client's newest view). Every change, an undo too, makes a newer position.
            return
        else:
            if len(view.observation.history) < self.logged:
                self.choosing = None  # taken back (undo): the log goes on from the position returned to
                self.log_line(Text("— moves taken back —", style="dim"))
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
            self.close_panel("hint")  # the hint on show is for a position that is gone
        self.view_shown = view
        if isinstance(view, net.TrainSeatView):
            self.seat_view = view
        else:
            self.spectator_view = view
        obs = view.observation
        self.log_moves()
        if obs.legal and not self.message:
            self.say(nothing_fits(obs))
        self.plan_auto_move()

    def handed_over(self) -> None:
        if self.seat_view is not None:
            self.took(self.seat_view)

    def describe(self, event: TrainEvent) -> str:
        view = self.view_shown  # the rules of the table last shown (none is while the keyboard changes hands)
        return describe(event, view.observation.rules, self.names) if view is not None else ""

    def deal_over(self, over: net.TrainRoundOver) -> None:
        if self.over == over:
            return
        self.over = over
        text = round_over_text(over, self.names, self.rounds)
        self.log_line(Text(text, style="bold"))
        if self.has_class("-short"):
            self.say(round_over_line(over, self.names))
        elif over.match_over:
            self.say(text + (" r restarts." if self.restarts else ""))
        elif self.watching:
            self.say(text + " The next round starts when the players are ready.")
        else:
            self.say(text + " n: next round.")
        view = self.seat_view
        if over.match_over and view is not None and view.match == over.match:
            # Your record keeps the match, once, when its last round ends (never a round: the match is ranked).
            self.keep_in_record(over.match, 0, view.observation.rules, over.scores)
        self.deal_ended()

    # ----- the dialogs at a round's end, from the room's result -----

    def over_dialog(self) -> TrainRoundOverScreen | None:
        from .over_dialog import TrainRoundOverScreen, of_result

        over, obs = self.over, self.observation
        if over is None or obs is None:
            return None
        buttons, keys, hint = self.end_choices(over.match_over, "score sheet")
        return TrainRoundOverScreen(of_result(over, obs, self.names, self.rounds, self.you, buttons, keys, hint))

    def sheet_dialog(self) -> TrainScoreSheetScreen | None:
        """The rounds of the match in view: those before this one as the observation has them, and this one's
        points once the room said it is over."""
        from .score_sheet import TrainScoreSheetScreen, of_observation

        obs, over = self.observation, self.over
        if obs is None:
            return None
        if over is not None and over.game == obs.round_index + 1:
            return TrainScoreSheetScreen(of_observation(obs, self.names, over.points, over.scores))
        return TrainScoreSheetScreen(of_observation(obs, self.names, None, obs.totals))

    # ----- reading the table -----

    @property
    def observation(self) -> TrainObservation | None:
        """Your seat's observation; a spectator's: the table with no hand (and no legal move)."""
        view = self.spectator_view if self.watching else self.seat_view
        return view.observation if view else None

    @property
    def shown(self) -> TrainObservation | None:
        return self.observation

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
            self.query_one(StatusBar).info = self.status_info()
            self.coach_update()
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
        self.coach_update()

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
        turn = self.turn_line(obs, self.thinking, "a train")
        if obs is None:
            return StatusInfo(turn, None)
        scores = self.over.scores if self.over is not None else obs.totals
        return StatusInfo(turn, obs.boneyard_size, totals_text(scores, self.names), "Boneyard")

    # ----- actions -----

    def may_choose(self, action: str, parameters: tuple[object, ...]) -> bool:
        return action != "train" or bool(self.choosing)

    def action_number(self, number: int) -> None:
        """A number key: a train while choosing one (1 is the first seat's train), else a tile of your hand."""
        if self.choosing:
            self.action_train(str(number))
            return
        self.action_pick((number - 1) % 10)

    # ----- choosing the train for a tile: one it fits alone, else a train's key or a click on its row -----

    def play_tile(self, index: int) -> None:
        obs = self.observation
        if obs is None or index >= len(obs.hand):
            return
        tile = obs.hand[index]
        trains = trains_for(obs, tile)
        if not trains:
            self.choosing = None
            self.say(fits_no_train(obs, self.names, tile), error=True)
            self.redraw()
            return
        if len(trains) == 1:
            self._move(TrainPlay(tile, trains[0]))
            return
        self.choosing = (index, tuple(trains))
        self.say(which_train(obs, self.names, tile, trains))
        self.redraw()

    def action_train(self, key: str) -> None:
        obs = self.observation
        if not self.choosing or obs is None:
            return
        index, trains = self.choosing
        train = train_by_key(obs.rules, key)
        tile = obs.hand[index]
        if train is None or train not in trains:
            self.say(cannot_go(obs, self.names, tile, train), error=True)
            return
        self._move(TrainPlay(tile, train))

    def on_trains_view_train_clicked(self, message: TrainsView.TrainClicked) -> None:
        obs = self.observation
        if self.choosing and obs is not None:
            self.action_train(train_key(obs.rules, message.train))
        elif self.my_turn:
            self.say(PICK_A_TILE_FIRST, error=True)
