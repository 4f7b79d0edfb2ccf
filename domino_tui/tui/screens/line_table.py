"""The line table: the line of play, the seats around it, your hand, the status, and the panels beside the board
(the move log, the coach's hint and tile tracker); `RoomTable` is what every table in a room shares. While the
keyboard changes hands (hot seat) the public table goes on, and nobody's hand shows; a spectator has no hand of
its own, so the bottom of the table shows the first seat's, face down like the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ...engine import DRAW, TRAIN_VARIANTS, VARIANTS, End, Event, Kind, Move, Observation, PublicView, Tile, get_rules
from ...games import match_kind
from ...net import heard as net  # the client base: a room online loads the network's client when it enters
from .. import equal_plays
from ..line_room import hand_points, over_text, play_points, score_sheet
from ..move_words import describe, last_action
from ..online import Connect, match_text, playable, refusal, result_text, seat_kind, team_name
from ..tile_keys import TILE_KEYS
from ..widgets.hand import HandView
from ..widgets.hint_panel import END_KEYS, HintPanel
from ..widgets.key_footer import KeyFooter
from ..widgets.seat import SeatInfo, SeatView, tiles_text
from ..widgets.snake import SnakeView
from ..widgets.status import StatusBar, StatusInfo
from ..widgets.tracker_panel import TrackerPanel
from .room_table import CREATOR, RoomTable, SeatHere, hand_keys, room_keys

PLAYING = frozenset({"pick", "cursor", "play", "draw", "pass_turn", "hint", "undo"})

if TYPE_CHECKING:
    from ...records import GameRecord  # the record loads when a game ends, not for the first frame
    from .over_dialog import GameOverScreen  # the dialogs load when first opened (see RoomTable)
    from .score_sheet import ScoreSheetScreen

# Where each other seat sits around the board, by the number of players (yours is at the bottom).
PLACES = {2: {1: "top"}, 3: {1: "left", 2: "right"}, 4: {1: "left", 2: "top", 3: "right"}}


def plays_trains(info: net.RoomInfo) -> bool:
    """Whether the room plays a train game: then the train table takes over from the line table."""
    return info.options.get("variant") in TRAIN_VARIANTS


class LineTable(RoomTable):
    MOVE_KEYS = frozenset({*TILE_KEYS, "enter", "space", "left", "right", "up", "down", "d", "p", "n", "s", "r"})
    PLAYING = PLAYING
    SEATED = PLAYING | CREATOR | {"next_game", "end", "cancel", "toggle_tracker"}
    NOT_WHILE_CHOOSING = PLAYING | {"new_game", "score_sheet", "log"}
    COACH_KEYS = frozenset({"hint", "toggle_tracker"})
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(k % 10), f"pick({k - 1})", f"Tile {k % 10}", show=False) for k in range(1, 11)],
        *hand_keys(),
        Binding("left", "end('left')", "Left end", key_display="←"),
        Binding("right", "end('right')", "Right end", key_display="→"),
        Binding("up", "end('up')", "Up end", key_display="↑"),
        Binding("down", "end('down')", "Down end", key_display="↓"),
        *room_keys("game"),  # s starts the room in its lobby, then opens the score sheet
    ]

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
    too_small: reactive[bool] = reactive(False, bindings=True)
    seat_view: net.SeatView | None
    spectator_view: net.SpectatorView | None
    over: net.GameOver | None

    def __init__(self, connect: Connect | None, clients: Sequence[net.SeatClient] = ()) -> None:
        """``connect``: where the room is and how to enter it (None: a room in the app's process); ``clients``:
        clients already in it (one per person's seat at this keyboard), else the table enters a server's room
        with a `RoomClient` of its own."""
        super().__init__(connect, clients)
        self.latest: net.SeatView | None = None  # the newest view any seat here was sent
        self.sheet_games: dict[tuple[int, int], tuple[tuple[int, ...], str]] = {}  # each game's points, its end
        self.game_key: tuple[int, int] | None = None  # (match, game) of the deal in view
        self.refused: str | None = None  # the server's code for why the room could not be entered

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        # The seats around the board are absent until the room says who sits there (`redraw`).
        yield SeatView(id="seat-top", classes="-absent")
        with Horizontal(id="main"):
            yield SeatView(id="seat-left", classes="-side -absent")
            with ScrollableContainer(id="board", can_focus=False):
                yield SnakeView(id="snake")
            yield SeatView(id="seat-right", classes="-side -right -absent")
            yield TrackerPanel(id="tracker")
            yield HintPanel(id="hint")
        yield from self.talk_lines()
        with Vertical(id="hand-box"):
            yield HandView(id="hand")
            yield SeatView(id="seat-bottom")  # a spectator's: the first seat's hand, face down
        yield Static(id="too-small")
        yield KeyFooter(compact=True)

    def mounted(self) -> None:
        if not self.here and self.connect_to is not None:
            self.say(f"Connecting to {self.connect_to.url}…")
            self.run_connection()

    # ----- the client online, in a worker -----

    @work(exclusive=True, group="net")
    async def run_connection(self) -> None:
        connect = self.connect_to
        assert connect is not None  # a local room's table is given its clients
        from ...net.client import RoomClient

        accounts = getattr(self.app, "kept_accounts", None)
        try:
            session = await connect.session(accounts)
            client = await connect.enter(
                lambda: RoomClient(connect.url, session=session), getattr(self.app, "kept_seats", None)
            )
        except net.NetError as exc:
            if exc.code == "account" and accounts is not None and connect.account is not None:
                accounts.forget(connect.url, connect.account)  # the server no longer takes it: log in again
            self.post_message(self.Refused(exc.code, refusal(exc, connect.url, connect.seat)))
            return
        self.here = [SeatHere(client)]
        self.at = 0
        async for event in client.events():
            self.post_message(self.Heard(event, 0))
            if isinstance(event, net.RoomInfo) and plays_trains(event):
                # The train table takes the client over when this table reads that: what comes after stays in
                # the client for it to hear. Read on here, it would reach this table, going (each description
                # of the room more would start one more train table, and the start heard meanwhile by one not
                # in front would never reach the one that is).
                return

    # ----- what the room says -----

    def on_line_table_refused(self, message: Refused) -> None:
        self.connection = "closed"
        self.refused = message.code
        self.add_class("-refused")
        self.say(message.text + " q leaves.", error=True)
        self.redraw()

    def heard_room(self, info: net.RoomInfo) -> None:
        if plays_trains(info):
            self.to_train_table()
        else:
            super().heard_room(info)

    def to_train_table(self) -> None:
        """The room plays a train game: its own table takes over these clients (and what they have heard)."""
        from .train_table import TrainTable

        self.workers.cancel_group(self, "net")
        self.app.switch_screen(TrainTable(self.connect_to, *(h.client for h in self.here)))

    def took_seat_view(self, index: int, view: net.SeatView) -> None:
        here = self.here[index]
        obs = view.observation
        if here.seat_view is None or (here.seat_view.match, here.seat_view.game) != (view.match, view.game):
            here.seen = []
        # Decisions taken back (undo) are no longer this hand's.
        here.seen = [o for o in here.seen if len(o.history) < len(obs.history)]
        if len(obs.legal) > 1:
            here.seen.append(obs)
            coach = getattr(self.app, "coach", None)
            if coach is not None and self.coach_here and len(here.seen) > 1:
                # This hand will be reviewed. The second choice, not the first: that may be on the first frame,
                # which loads nothing it does not show (tests/tui/test_startup_imports.py).
                coach.warm_up()
        moved = here.seat_view is not None and len(here.seat_view.observation.history) != len(obs.history)
        latest = self.latest
        if latest is None or (view.match, view.game, view.position) >= (latest.match, latest.game, latest.position):
            self.latest = view
        self.keep_seat_view(index, view)
        if index == self.at:
            if moved and self.query_one(HintPanel).wanted:
                self.close_panel("hint")  # the hint on show is for a position that is gone
            self.took(view)
            if obs.legal:
                self.plan_auto_move()
        elif self.at is None:
            self.took(view)  # the public table goes on while the keyboard changes hands

    def took(self, view: net.SeatView | net.SpectatorView) -> None:
        key = (view.match, view.game)
        shown = view.observation if isinstance(view, net.SeatView) else view.view
        legal = view.observation.legal if isinstance(view, net.SeatView) and self.mine is not None else ()
        if self.game_key is None or key > self.game_key:
            self.game_key = key
            self.new_deal(key, f"— {shown.rules.title}, game {view.game} —")
        elif self.choosing is not None and not legal:
            self.choosing = None
        if key == self.game_key and len(shown.history) < self.logged:
            self.logged = len(shown.history)
            self.log_line(Text("— move taken back —", style="italic"))
        if self.message and not self.message_is_error and legal:
            self.say("")
        if isinstance(view, net.SpectatorView):
            self.spectator_view = view
        self.log_moves()
        if isinstance(view, net.SeatView) and legal:
            self.hint(view.observation)

    def handed_over(self) -> None:
        current = self.seat_view
        if current is not None and current.observation.legal:
            self.hint(current.observation)
            self.plan_auto_move()

    def describe(self, event: Event) -> str:
        return describe(event, self.names)

    def deal_over(self, over: net.GameOver) -> None:
        self.over = over
        shown = self.shown
        if shown is None:
            return
        r = over.result
        hand = hand_points(over, shown.match_scores or (0,) * len(over.scores))
        text = result_text(shown.rules, self.names, r.reason, r.winner, r.out_seat, r.points, hand)
        self.log_line(Text(text, style="bold"))
        if over.match_over:
            who = match_text(shown.rules, self.names, over.winner, over.scores, shown.target)
            self.say(f"{text} {who}" + (" r restarts." if self.restarts else ""))
        elif self.watching:
            self.say(f"{text} The next game starts when the players are ready.")
        else:
            self.say(f"{text} n: next game.")
        self.sheet_games[(over.match, over.game)] = (hand, text)
        obs = self.observation
        if obs is not None and not self.hot_seat:
            # A game at one keyboard shared by several people is nobody's alone: not in anyone's record. Your
            # record keeps the game (and so your rating against people), once.
            record = self.keep_in_record(over.match, over.game, obs.rules, obs.points, over.result.winner)
            self.review(over, record)
        self.deal_ended()

    def review(self, over: net.GameOver, record: GameRecord | None) -> None:
        """The coach reviews your decisions in the hand just over (in a worker), from what your seat saw; the
        review joins the game's ``record`` when it was kept."""
        coach = getattr(self.app, "coach", None)
        mine, view = self.mine, self.seat_view
        if coach is None or mine is None or view is None or not self.coach_here:
            return
        seen = self.here[self.at or 0].seen if self.here else []
        names = self.names
        seed = f"review:{self.address}:{over.match}:{over.game}"
        coach.review_seen(mine, over.game - 1, seen, view.observation.history, lambda s: names[s], seed, record)

    def review_hand(self) -> None:
        """The review of the last hand, then the end-of-hand dialog again."""
        coach = getattr(self.app, "coach", None)
        if coach is not None and self.coach_here:
            coach.open_review(self.show_over)

    def over_dialog(self) -> GameOverScreen | None:
        from .over_dialog import GameOverScreen

        over, shown = self.over, self.shown
        if over is None or shown is None:
            return None
        hand, text = self.sheet_games[(over.match, over.game)]
        choices = self.end_choices(over.match_over, "scores")
        return GameOverScreen(over_text(self.observation or shown, over, self.names, hand, text, choices, self.mine))

    def end_choices(self, match_over: bool, sheet: str) -> tuple[tuple[tuple[str, str], ...], dict[str, str], str]:
        """The room's choices, and the review of your hand where the coach helps (r, unless r restarts)."""
        buttons, keys, hint = super().end_choices(match_over, sheet)
        if not self.coach_here or self.hot_seat:
            return buttons, keys, hint
        look = next(i for i, (choice, _) in enumerate(buttons) if choice in ("look", "new"))
        buttons = (*buttons[:look], ("review", "Review"), *buttons[look:])
        if "review" not in keys:
            keys = {**keys, "review": "review"}
            hint = hint.replace(" · s ", " · r review · s ", 1)
        return buttons, keys, hint

    def sheet_dialog(self) -> ScoreSheetScreen:
        from .score_sheet import ScoreSheetScreen

        return ScoreSheetScreen(score_sheet(self.shown, self.names, self.sheet_games, self.over, self.game_key))

    # ----- reading the table -----

    @property
    def observation(self) -> Observation | None:
        return self.seat_view.observation if self.seat_view else None

    @property
    def shown(self) -> Observation | PublicView | None:
        if self.watching:
            return self.spectator_view.view if self.spectator_view else None
        if self.observation is None and self.latest is not None:
            return self.latest.observation  # while the keyboard changes hands: only its public parts are drawn
        return self.observation

    @property
    def players(self) -> int:
        obs = self.shown
        if obs is not None:
            return obs.rules.players
        connect = self.connect_to
        asked = {"variant": connect.variant, **connect.options} if connect is not None else {}
        options = self.info.options if self.info else asked
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
        board = self.query_one("#board")
        board.border_title = self.room_title
        board.border_subtitle = ""
        if obs is not None:
            last = next((ev.tile for ev in reversed(obs.history) if ev.kind is Kind.PLAY), None)
            targets = self.choosing[1] if self.choosing else ()
            self.query_one(SnakeView).show(obs.board, last, targets)
            # The count of the ends where it scores, and what the newest tile's and the spinner's marks mean.
            count = f"Count {obs.board.count()}" if obs.rules.fives and not obs.board.empty else ""
            board.border_title = " · ".join(t for t in (self.room_title, count) if t)
            legend = ["━ newest"] if last else []
            if obs.board.spinner is not None:
                legend.append("═ spinner")
            board.border_subtitle = " · ".join(legend)
        hand = self.observation
        if hand is not None:
            points = play_points(hand) if self.my_turn else {}
            self.query_one(HandView).show(hand.hand, playable(hand) if self.my_turn else [], self.my_turn, points)
        else:  # never another seat's hand: nobody's while the keyboard changes hands
            self.query_one(HandView).show((), [], False)
        places = PLACES.get(self.players, {})
        sides = [seat.has_class("-absent") for seat in self.query(".-side")]
        for place in ("top", "left", "right"):
            self.query_one(f"#seat-{place}", SeatView).set_class(place not in places.values(), "-absent")
        if sides != [seat.has_class("-absent") for seat in self.query(".-side")]:
            # The room's news seated players beside the board: the panels make room for them.
            self.arrange_panels()
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
                # At this keyboard the names say who plays (a person's seat is named for its place, a bot's is
                # "Computer" or its place); online, whether a person or a bot sits there.
                label = names[seat] if self.local else f"{names[seat]} ({self.kind(seat)})"
                view.info = SeatInfo(label, tiles, acting, action)
        box = self.query_one("#hand-box")
        # Online, how you sit (a person; a bot plays for you while you are away); at this keyboard, plainly you.
        you = "You" if self.welcome is None or self.local else f"You · {self.kind(mine)}"
        if self.hot_seat:
            you = "The keyboard changes hands" if self.welcome is None else names[mine]
        title = "Watching" if self.watching else you
        if self.observation is not None:
            yours = self.observation.hand
            title += f" · {tiles_text(len(yours))} · {sum(t.pips for t in yours)} pips"
            action = last_action(self.observation.history, mine)
            title += f" · {action}" if action else ""
        box.border_title = title
        self.query_one(StatusBar).info = self.status_info()
        self.coach_update()

    def on_click(self, event: events.Click) -> None:
        """In the lobby of a room online, a click on a seat takes it: an open one for yourself, any one for the
        room's creator (who changes places with whoever sits there, person or bot), so partners sit as partners."""
        view = event.widget
        if not isinstance(view, SeatView) or self.status != "lobby" or self.local or self.watching:
            return
        mine = self.mine
        place = (view.id or "").removeprefix("seat-")
        offset = next((o for o, p in PLACES.get(self.players, {}).items() if p == place), None)
        if mine is None or offset is None:
            return
        event.stop()
        seat = (mine + offset) % self.players
        if self.kind(seat) == "open":
            self.send("sit", seat)
            self.say(f"You move to seat {seat + 1}.")
        elif self.creator:
            self.send("swap", mine, seat)
            self.say(f"You change places with {self.names[seat]}.")
        else:
            self.say(f"Seat {seat + 1} is taken: click an open seat (the creator may move anyone).", error=True)

    def kind(self, seat: int) -> str:
        if self.info is None or seat >= len(self.info.seats):
            return "person" if seat == self.mine else "open"
        return seat_kind(self.info.seats[seat])

    def status_info(self) -> StatusInfo:
        obs = self.shown
        turn = self.turn_line(obs, self.thinking, "an end")
        score = ""
        if obs is not None:
            names = self.names
            teams = range(len(obs.points))
            totals = [(obs.match_scores[t] if t < len(obs.match_scores) else 0) + obs.points[t] for t in teams]
            score = " · ".join(f"{team_name(obs.rules, names, t)} {p}" for t, p in zip(teams, totals, strict=True))
            score += f" (to {obs.target})" if obs.target else self.game_of_match()
        stock = obs.stock_size if obs is not None and obs.rules.has_stock else None
        return StatusInfo(turn, stock, score, teams=self.lobby_teams() if obs is None else "")

    def game_of_match(self) -> str:
        """ " (game 3 of 10)" in a match of a number of games (partnership9's at the table), else nothing."""
        info, key = self.info, self.game_key
        variant, games = (info.options.get("variant"), info.options.get("games")) if info is not None else (None, None)
        if key is None or not isinstance(variant, str) or variant not in VARIANTS:
            return ""
        target, count = match_kind(variant).length(None, games if isinstance(games, int) else None)
        return f" (game {key[1]} of {count})" if target is None and count is not None and count > 1 else ""

    def lobby_teams(self) -> str:
        """Before the deal of a partnership room, who plays with whom (partners sit two apart, which the places
        round the board do not say): your side first. Empty in any other room."""
        if self.local or self.status != "lobby" or self.info is None:
            return ""
        variant = self.info.options.get("variant")
        rules = get_rules(variant) if isinstance(variant, str) and variant in VARIANTS else None
        if rules is None or not rules.partnership or self.players != 4:
            return ""
        names, mine = self.names, self.mine
        if mine is None:  # watching: the sides in the seats' order
            return f"{team_name(rules, names, 0)} vs {team_name(rules, names, 1)}"
        return f"{names[mine]} & {names[(mine + 2) % 4]} vs {team_name(rules, names, 1 - mine % 2)}"

    def hint(self, obs: Observation) -> None:
        if obs.board.empty:
            self.say("You lead: pick any tile.")
        elif not playable(obs):
            self.say("No tile fits: press d to draw." if DRAW in obs.legal else "No tile fits: press p to pass.")

    # ----- actions -----

    def may_choose(self, action: str, parameters: tuple[object, ...]) -> bool:
        if action == "end":
            choosing = self.choosing
            return choosing is not None and End[str(parameters[0]).upper()] in choosing[1]
        return True

    def play_tile(self, index: int) -> None:
        obs = self.observation
        assert obs is not None
        tile = obs.hand[index]
        ends = tuple(m.end for m in obs.legal if m.kind is Kind.PLAY and m.tile == tile and m.end is not None)
        if not ends:
            shows = ", ".join(f"{e.label} {obs.board.ends[e]}" for e in obs.board.open_ends())
            self.say(f"{tile} does not fit: the open ends show {shows}.", error=True)
            return
        choices = equal_plays.distinct(obs.board, tile, ends, bool(obs.rules.count_scores))
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
        self.action_end(message.end.name)
