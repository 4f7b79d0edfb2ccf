"""Play online: create a room on a room server (variant, match length, the bots in the seats nobody takes, an
optional password), join one by its code, or watch one; as a guest, or under an account on that server.
Dismissed with where to go (a `Connect`), or None."""

from __future__ import annotations

import getpass
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ...engine import TRAIN_VARIANTS, get_rules
from ...net.protocol import MAX_SECRET
from ..online import DEFAULT_SERVER, MAX_NAME, Connect, check_name
from ..opponents import PERSON, choices
from ..settings import variants
from ..widgets.fitting_input import FittingInput
from .form import DIGITS, FormScreen, line_length, show_length, variant_choices


def login_name() -> str:
    try:
        return getpass.getuser()[:MAX_NAME]
    except (OSError, KeyError):  # no login name where the app runs (a container, a browser tab's server)
        return ""


class OnlineScreen(FormScreen[Connect | None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self, variant: str, server: str | None = None, name: str | None = None, room: str | None = None
    ) -> None:
        """``server``, ``name``, ``room``: what the form was last given (the app keeps them), or a seat's room."""
        super().__init__()
        self.variant = variant
        self.given = (server, name, room)

    def compose(self) -> ComposeResult:
        with Vertical(id="online-box", classes="dialog"):
            yield Static("Play online", classes="dialog-title")
            with VerticalScroll(id="online-form", classes="form"):
                yield Label("Room server (HOST or HOST:PORT, started with domino-tui serve)")
                server, name, room = self.given
                yield FittingInput(server or DEFAULT_SERVER, id="server", compact=True)
                yield Label(f"Your name (up to {MAX_NAME} characters)")
                yield FittingInput(name or login_name(), id="name", max_length=MAX_NAME, compact=True)
                yield Label("Account on that server (optional; played under instead of the name)")
                yield FittingInput(id="account", max_length=MAX_NAME, compact=True)
                yield Label("Account's password (empty: the session kept on this computer)")
                yield Input(id="account-password", password=True, max_length=MAX_SECRET, compact=True)
                yield Label("Password (optional; to join a room that has one, or to give a new room one)")
                yield Input(id="password", password=True, max_length=128, compact=True)
                yield Label("To join or watch: the room's code (empty to create a room)")
                yield FittingInput(room or "", id="room", max_length=16, placeholder="e.g. K7QM-3XPA", compact=True)
                yield Label("A new room's variant")
                yield Select(
                    variant_choices(),
                    value=self.variant if self.variant in variants() else "classic",
                    allow_blank=False,
                    id="online-variant",
                    compact=True,
                )
                yield Label("", id="online-target-label")
                yield Input(restrict=DIGITS, max_length=5, id="online-target", placeholder="default", compact=True)
                yield Label("Players (2 to 8)", id="online-players-label")
                yield Input(restrict=DIGITS, max_length=1, id="online-players", placeholder="4", compact=True)
                yield Label("Bots in the seats nobody takes")
                bots = [(label, name) for label, name in choices() if name != PERSON]
                yield Select(bots, value="Easy", allow_blank=False, id="online-bots", compact=True)
                yield Checkbox("Public room (listed in the server's lobby; never with a password)", id="public")
                yield Static("", id="online-error")
            with Horizontal(classes="buttons"):
                yield Button("Create room", id="create", variant="primary")
                yield Button("Join room", id="join")
                yield Button("Watch", id="watch")
                yield Button("Cancel", id="cancel")
            yield Static("Tab moves · Enter joins the room given, or creates one · Esc cancels", classes="dialog-hint")

    def on_mount(self) -> None:
        self.sync_variant(str(self.query_one("#online-variant", Select).value))
        self.query_one("#server", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "online-variant" and isinstance(event.value, str):
            self.sync_variant(event.value)

    def sync_variant(self, variant: str) -> None:
        trains = TRAIN_VARIANTS.get(variant)
        counts = variants()[variant].player_counts
        # The number of players is asked of the rules that seat several numbers (the train games, Fives and
        # Threes); the others' rules fix it.
        self.query_one("#online-players-label", Label).update(f"Players ({counts[0]} to {counts[-1]})")
        self.query_one("#online-players", Input).placeholder = str(4 if trains is not None else counts[0])
        self.query_one("#online-players-label").display = len(counts) > 1
        self.query_one("#online-players").display = len(counts) > 1
        said = (f"Rounds in the match (default {trains.rounds})", True) if trains else line_length(get_rules(variant))
        show_length(self.query_one("#online-target-label", Label), self.query_one("#online-target", Input), *said)

    def read(self, create: bool, watch: bool = False) -> Connect | str:
        """Where to go, or what is wrong with the form."""
        found = self.read_room(create, watch)
        account = self.query_one("#account", Input).value.strip()
        if isinstance(found, str) or not account:
            return found
        password = self.query_one("#account-password", Input).value or None
        return replace(found, name=account, account=account, account_password=password)

    def read_room(self, create: bool, watch: bool) -> Connect | str:
        """Where to go as a guest, or what is wrong with the form."""
        server = self.query_one("#server", Input).value.strip() or DEFAULT_SERVER
        name = self.query_one("#account", Input).value.strip() or self.query_one("#name", Input).value.strip()
        problem = check_name(name)
        if problem:
            return problem
        password = self.query_one("#password", Input).value or None
        room = self.query_one("#room", Input).value.strip()
        try:
            if not create:
                if not room:
                    verb = "watch" if watch else "join"
                    return f"Give the room's code to {verb} it (the creator sees it on the table)."
                return Connect.join(f"{server.removeprefix('ws://').rstrip('/')}/{room}", name, password, watch)
            variant = str(self.query_one("#online-variant", Select).value)
            trains = TRAIN_VARIANTS.get(variant)
            options: dict[str, object] = {}
            box = self.query_one("#online-target", Input)
            chosen = variants()[variant]
            counts = chosen.player_counts
            players = self.query_one("#online-players", Input).value
            if players and len(counts) > 1:
                if int(players) not in counts:
                    return f"{chosen.title} is played by {counts[0]} to {counts[-1]} players."
                options["players"] = int(players)
            if trains is not None:
                if box.value:
                    if not 1 <= int(box.value) <= trains.rounds:
                        return f"A match is 1 to {trains.rounds} rounds."
                    options["games"] = int(box.value)
            elif box.value and not box.disabled:
                number = int(box.value)
                if not 1 <= number <= 10_000:
                    return "The match length must be between 1 and 10000."
                options["target" if get_rules(variant).target is not None else "games"] = number
            bots = str(self.query_one("#online-bots", Select).value)
            if self.query_one("#public", Checkbox).value:
                if password:
                    return "A room with a password cannot be public: leave the password empty, or the room private."
                options["public"] = True
            return Connect.create(server, name, variant, bots, password, **options)
        except ValueError as exc:
            return str(exc)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field: join when a room's code is given, else create a room."""
        event.stop()
        self.go(create=not self.query_one("#room", Input).value.strip())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        self.go(create=event.button.id == "create", watch=event.button.id == "watch")

    def go(self, create: bool, watch: bool = False) -> None:
        result = self.read(create, watch)
        if isinstance(result, str):
            self.query_one("#online-error", Static).update(Text(result))  # may quote what was typed: no markup
            return
        self.dismiss(result)
