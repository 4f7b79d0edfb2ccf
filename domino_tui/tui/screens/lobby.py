"""The lobby of a room server: its public rooms waiting for players (Enter joins the one selected, as Play online
joins a room by its code), the variant's leaderboard, and Quick match (the server seats you with people of a
similar rating, bots filling the table after the wait chosen). Dismissed with where to go (a `Connect`), or None.

The server is asked in workers (the lobby every few seconds while the screen shows, a quick match until the
server seats you or you cancel): the screen never waits on the network."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.coordinate import Coordinate
from textual.css.query import NoMatches
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, DataTable, Input, Label, Select, Static

from ...net.heard import NetError
from ...net.protocol import MAX_SECRET
from ..online import DEFAULT_SERVER, MAX_NAME, Connect, check_name, refusal
from ..settings import variants
from ..widgets.fitting_input import FittingInput
from ..widgets.key_footer import KeyFooter
from .online import login_name

BOTS_AFTER: list[tuple[str, float | None]] = [("Never", None), ("30 s", 30.0), ("1 min", 60.0), ("2 min", 120.0)]
REFRESH = 5.0  # seconds between looks at the lobby while nobody is seeking


class LobbyScreen(Screen["Connect | None"]):
    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    LobbyScreen .lobby-title { height: 1; padding: 0 1; text-style: bold; color: $accent; }
    LobbyScreen .lobby-row { height: 1; padding: 0 1; }
    LobbyScreen .lobby-row Label { padding: 0 1 0 0; color: $foreground-muted; }
    LobbyScreen .lobby-row Input { width: 1fr; margin: 0 1 0 0; }
    LobbyScreen .lobby-row Select { width: 1fr; margin: 0 1 0 0; }
    LobbyScreen #lobby-lists { height: 1fr; }
    LobbyScreen #lobby-rooms { width: 2fr; }
    LobbyScreen #lobby-board { width: 1fr; min-width: 32; }
    LobbyScreen #lobby-buttons { height: 1; padding: 0 1; }
    LobbyScreen #lobby-buttons Button { margin: 0 1 0 0; }
    LobbyScreen #lobby-buttons Label { padding: 0 1 0 0; color: $foreground-muted; }
    LobbyScreen #lobby-buttons Select { width: 16; margin: 0 1 0 0; }
    LobbyScreen #lobby-status { height: auto; max-height: 2; padding: 0 1; }
    LobbyScreen #lobby-status.-error { color: $text-error; text-style: bold; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Cancel / close"),
        Binding("ctrl+f", "quick", "Find a quick match"),
        Binding("ctrl+r", "refresh", "Refresh"),
    ]

    class Seated(Message):
        """A quick match's end: where to go, or why not."""

        def __init__(self, connect: Connect | None, problem: str | None) -> None:
            self.connect = connect
            self.problem = problem
            super().__init__()

    def __init__(self, variant: str, server: str | None = None, name: str | None = None) -> None:
        super().__init__()
        self.variant = variant if variant in variants() else "classic"
        self.given = (server, name)
        self.seeking_since: float | None = None  # time.monotonic() when the quick match began; None: not seeking
        self.rooms: list[str] = []  # the codes listed, in the table's order

    def compose(self) -> ComposeResult:
        server, name = self.given
        yield Static("Lobby: public rooms waiting for players, and quick match", classes="lobby-title")
        with Horizontal(classes="lobby-row"):
            yield Label("Server")
            yield FittingInput(server or DEFAULT_SERVER, id="lobby-server", compact=True)
            yield Label("Variant")
            titles = [(rules.title, key) for key, rules in variants().items()]
            yield Select(titles, value=self.variant, allow_blank=False, id="lobby-variant", compact=True)
        with Horizontal(classes="lobby-row"):
            yield Label("Name")
            yield FittingInput(name or login_name(), id="lobby-name", max_length=MAX_NAME, compact=True)
            yield Label("Account")
            yield FittingInput(id="lobby-account", max_length=MAX_NAME, placeholder="(guest)", compact=True)
            yield Label("Password")
            yield Input(id="lobby-password", password=True, max_length=MAX_SECRET, placeholder="(kept)", compact=True)
        with Horizontal(id="lobby-lists"):
            yield DataTable(id="lobby-rooms", cursor_type="row", zebra_stripes=True)
            yield DataTable(id="lobby-board", cursor_type="none", zebra_stripes=True)
        with Horizontal(id="lobby-buttons"):
            yield Label("Bots after")
            yield Select(BOTS_AFTER, value=60.0, allow_blank=False, id="lobby-bots-after", compact=True)
            yield Button("Quick match", id="lobby-quick", variant="primary", compact=True)
            yield Button("Join selected", id="lobby-join", compact=True)
        yield Static("", id="lobby-status")
        yield KeyFooter(compact=True)

    def on_mount(self) -> None:
        rooms = self.query_one("#lobby-rooms", DataTable)
        rooms.add_columns("room", "open", "players (rating)")  # of the variant chosen: it goes without saying
        self.query_one("#lobby-board", DataTable).add_columns("#", "rated", "rating", "games")
        self.say("Asking the server for its lobby…")
        self.action_refresh()
        self.set_interval(REFRESH, self.refresh_quietly)
        self.set_interval(1.0, self.tick)
        rooms.focus()

    # ----- the lobby's list -----

    def server(self) -> str:
        return self.query_one("#lobby-server", Input).value.strip() or DEFAULT_SERVER

    def chosen_variant(self) -> str:
        return str(self.query_one("#lobby-variant", Select).value)

    def action_refresh(self) -> None:
        self.ask_lobby(self.server(), self.chosen_variant())

    def refresh_quietly(self) -> None:
        if self.seeking_since is None:
            self.action_refresh()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "lobby-variant" and self.is_mounted:
            self.action_refresh()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_refresh()

    @work(exclusive=True, group="lobby")
    async def ask_lobby(self, server: str, variant: str) -> None:
        """The lobby's answer, listed (a worker in the screen's own loop: the list is drawn where it is heard)."""
        from ...net.client import lobby, server_url

        try:
            url = server_url(server)
            rooms, rows = await lobby(url, variant)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return
        except NetError as exc:
            self.say(refusal(exc, url), error=True)
            return
        try:
            table = self.query_one("#lobby-rooms", DataTable)
            board = self.query_one("#lobby-board", DataTable)
        except NoMatches:
            # The lobby is being taken down (not only by its own dismiss, which ends this worker): its widgets go
            # one by one, and an answer heard between them has nowhere to be drawn.
            return
        chosen = self.selected_room()
        table.clear()
        self.rooms = []
        for room in rooms:
            people = ", ".join(name if rating is None else f"{name} ({rating:.1f})" for name, rating, _ in room.people)
            # Every cell a Text: a string cell is markup to the table, and these are the server's words.
            table.add_row(Text(room.room), f"{room.free} of {room.players}", Text(people), key=room.room)
            self.rooms.append(room.room)
        if chosen in self.rooms:
            table.move_cursor(row=self.rooms.index(chosen))
        board.clear()
        for place, row in enumerate(rows, 1):
            board.add_row(str(place), Text(row.name), f"{row.rating:.1f}", str(row.games))
        if self.seeking_since is None:
            count = len(self.rooms)
            waiting = "no public room is waiting" if not count else f"{count} public room{'s' * (count != 1)} waiting"
            self.say(f"{waiting} · Enter joins the one selected · Ctrl+F finds a quick match")

    def selected_room(self) -> str | None:
        table = self.query_one("#lobby-rooms", DataTable)
        if not self.rooms or table.cursor_row < 0:
            return None
        key = table.coordinate_to_cell_key(Coordinate(table.cursor_row, 0)).row_key.value
        return str(key) if key is not None else None

    # ----- joining a room listed -----

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "lobby-rooms":
            self.join_selected()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "lobby-quick":
            self.action_quick()
        elif event.button.id == "lobby-join":
            self.join_selected()

    def where(self, to: Callable[[str], Connect]) -> Connect | None:
        """Where ``to`` goes for the name on the form, under the account given (with its password, if given);
        None, saying why, when the name or the server's address is wrong."""
        account = self.query_one("#lobby-account", Input).value.strip()
        name = account or self.query_one("#lobby-name", Input).value.strip()
        try:
            problem = check_name(name)
            if problem:
                raise ValueError(problem)
            where = to(name)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return None
        if not account:
            return where
        return replace(where, account=account, account_password=self.query_one("#lobby-password", Input).value or None)

    def join_selected(self) -> None:
        room = self.selected_room()
        if room is None or self.seeking_since is not None:
            return
        address = f"{self.server().removeprefix('ws://').rstrip('/')}/{room}"
        connect = self.where(lambda name: replace(Connect.join(address, name), variant=self.chosen_variant()))
        if connect is not None:
            self.dismiss(connect)

    # ----- quick match -----

    def action_quick(self) -> None:
        if self.seeking_since is not None:
            return
        connect = self.where(lambda name: Connect.create(self.server(), name, self.chosen_variant(), "Easy"))
        if connect is None:
            return
        bots_after = self.query_one("#lobby-bots-after", Select).value
        self.seeking_since = time.monotonic()
        self.query_one("#lobby-quick", Button).disabled = True
        self.tick()
        self.seek(connect, bots_after if isinstance(bots_after, float) else None)

    @work(exclusive=True, group="seek")
    async def seek(self, connect: Connect, bots_after: float | None) -> None:
        from ...net.client import quick_match

        accounts = getattr(self.app, "kept_accounts", None)
        try:
            session = await connect.session(accounts)
            matched = await quick_match(
                connect.url, connect.variant, connect.name, bots_after=bots_after, session=session
            )
        except NetError as exc:
            if exc.code == "account" and accounts is not None and connect.account is not None:
                accounts.forget(connect.url, connect.account)
            self.post_message(self.Seated(None, refusal(exc, connect.url)))
            return
        seated = Connect.matched(
            connect.url, matched.name, matched.room, matched.token, connect.variant, account=connect.account
        )
        self.post_message(self.Seated(seated, None))

    def on_lobby_screen_seated(self, message: Seated) -> None:
        self.stop_seeking()
        if message.connect is not None:
            self.dismiss(message.connect)
        elif message.problem is not None:
            self.say(message.problem, error=True)

    def stop_seeking(self) -> None:
        self.workers.cancel_group(self, "seek")  # its connection closes: the server forgets the seeker
        self.seeking_since = None
        self.query_one("#lobby-quick", Button).disabled = False

    def tick(self) -> None:
        if self.seeking_since is None:
            return
        waited = int(time.monotonic() - self.seeking_since)
        variant = self.chosen_variant()
        self.say(f"Seeking a {variant} table… {waited // 60}:{waited % 60:02d} waited · Esc cancels")

    def dismiss(self, result: Connect | None = None) -> AwaitComplete:
        """Go, its workers ended first: an answer heard as the screen is taken down (its widgets gone before the
        screen itself, whose going ends its workers) would draw on nothing, and a search would seat nobody."""
        self.workers.cancel_node(self)
        return super().dismiss(result)

    def action_back(self) -> None:
        if self.seeking_since is not None:
            self.stop_seeking()
            self.say("Quick match cancelled.")
            return
        self.dismiss(None)

    def say(self, text: str, error: bool = False) -> None:
        status = self.query_one("#lobby-status", Static)
        status.update(Text(text))  # may quote a server's words: no markup
        status.set_class(error, "-error")
