"""The new-game screen: variant, the opponent in every other seat (or one level for all), target, optional
seed, and the table's options: the bots' pause and automatic draw or pass."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ...engine import Rules, TrainRules
from ...engine.train_rules import MAX_PLAYERS, MIN_PLAYERS
from ..opponents import PERSON, choices, known, opponent_for
from ..settings import DEFAULT_BOT, Settings, rules_of
from ..table_options import local_names
from .form import DIGITS, FormScreen, line_length, show_length, variant_choices

if TYPE_CHECKING:
    from ..online import Connect

SEAT_LABELS = {2: ("Opponent",), 4: ("West (opponent)", "Partner (opposite you)", "East (opponent)")}


def seat_labels(rules: Rules) -> tuple[str, ...]:
    """The form's label of each other seat's opponent."""
    if rules.players == 2 or rules.partnership:
        return SEAT_LABELS[rules.players]
    return tuple(f"{name} (opponent)" for name in local_names(rules.name, rules.players, False)[1:])


SEED_DIGITS = 4300  # a seed as long as Python reads: sys.get_int_max_str_digits()'s default
PAUSES = [("None (instant)", 0.0), ("Short (0.3 s)", 0.3), ("Normal (0.6 s)", 0.6), ("Slow (1.2 s)", 1.2)]


class NewGameScreen(FormScreen["Settings | Connect | None"]):
    """Dismissed with the settings of a new match, or where to play online (a `Connect`), or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "start", "Start"),
        Binding("ctrl+o", "online", "Play online"),
        Binding("ctrl+l", "lobby", "Lobby"),
    ]

    def __init__(self, settings: Settings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        options = choices()
        with Vertical(id="new-box", classes="dialog"):
            yield Static("New game", classes="dialog-title")
            with VerticalScroll(id="new-form", classes="form"):
                yield Label("Variant")
                yield Select(
                    variant_choices(),
                    value=s.variant,
                    allow_blank=False,
                    id="variant",
                    compact=True,
                )
                # A train game, or a line game for more players (Fives and Threes): how many sit at the table;
                # a train game has one level for every opponent.
                yield Label("Players (you and the bots)", id="players-label")
                players = s.players or 4
                yield Select(
                    [(str(n), n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
                    value=players,
                    allow_blank=False,
                    id="players",
                    compact=True,
                )
                # A train game: the first seats are the people sharing this keyboard (hot seat), the rest bots.
                yield Label("People at this keyboard (the other seats are bots)", id="people-label")
                people = min(1 + s.bots.count(PERSON), players)
                yield Select(
                    [(str(n), n) for n in range(1, players + 1)],
                    value=people,
                    allow_blank=False,
                    id="people",
                    compact=True,
                )
                yield Label("The bots' level", id="level-label")
                level = opponent_for(next((b for b in s.bots if b != PERSON and known(b)), DEFAULT_BOT), trains=True)
                yield Select(choices(trains=True), value=level, allow_blank=False, id="level", compact=True)
                yield Label("Every opponent at once", id="all-label")
                yield Select(options, prompt="(set each seat below)", id="all-seats", compact=True)
                for i in range(3):
                    bot = s.bots[i] if i < len(s.bots) and known(s.bots[i]) else DEFAULT_BOT
                    yield Label("", id=f"seat-label-{i}", classes="seat")
                    yield Select(options, value=bot, allow_blank=False, id=f"seat-{i}", classes="seat", compact=True)
                yield Label("", id="target-label")
                # Digits only, by a pattern that checks each key in linear time: Textual's type="integer" pattern
                # backtracks exponentially on a letter after a long run of digits, and the app stopped answering.
                yield Input(
                    value=str(s.target) if s.target else "",
                    restrict=DIGITS,
                    max_length=6,
                    id="target",
                    placeholder="default",
                    compact=True,
                )
                yield Label("Seed (empty: a new deal each time)")
                yield Input(
                    value=str(s.seed) if s.seed is not None else "",
                    restrict=DIGITS,
                    max_length=SEED_DIGITS,
                    id="seed",
                    compact=True,
                )
                yield Label("The bots' pause before each move")
                pauses = PAUSES if s.pause in [p for _, p in PAUSES] else [*PAUSES, (f"{s.pause:g} s", s.pause)]
                yield Select(pauses, value=s.pause, allow_blank=False, id="pause", compact=True)
                yield Checkbox("Draw or pass for me when that is my only move", s.auto_pass, id="auto-pass")
                yield Static("", id="new-error")
            with Horizontal(classes="buttons"):
                yield Button("Start", id="start", variant="primary")
                yield Button("Play online…", id="online")
                yield Button("Lobby…", id="lobby")
                yield Button("Cancel", id="cancel")
            yield Static("Tab · Ctrl+S starts · Ctrl+O online · Ctrl+L lobby · Esc cancels", classes="dialog-hint")

    def on_mount(self) -> None:
        self.sync_variant(self.settings.variant)
        self.query_one("#variant", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "variant" and isinstance(event.value, str):
            self.sync_variant(event.value)
        elif event.select.id == "players" and isinstance(event.value, int):
            self.sync_seats()
        elif event.select.id == "all-seats" and isinstance(event.value, str):
            for i in range(3):
                self.query_one(f"#seat-{i}", Select).value = event.value

    def sync_variant(self, variant: str) -> None:
        rules = rules_of(replace(self.settings, variant=variant))
        trains = isinstance(rules, TrainRules)
        counts = rules.player_counts
        players = self.query_one("#players", Select)
        chosen = players.value if isinstance(players.value, int) and players.value in counts else rules.players
        players.set_options([(str(n), n) for n in counts])
        players.value = chosen
        for widget in ("#players-label", "#players"):
            self.query_one(widget).display = len(counts) > 1
        for widget in ("#people-label", "#people", "#level-label", "#level"):
            self.query_one(widget).display = trains
        self.sync_seats()
        self.sync_length(rules)

    def chosen_rules(self) -> Rules | TrainRules:
        """The rules of the variant on the form, for the number of players chosen where it takes a choice."""
        variant = self.query_one("#variant", Select).value
        chosen = self.query_one("#players", Select).value
        players = chosen if isinstance(chosen, int) else None
        return rules_of(replace(self.settings, variant=str(variant), players=players))

    def sync_seats(self) -> None:
        """One opponent's choice for each other seat of a line game, named where it sits."""
        rules = self.chosen_rules()
        labels = () if isinstance(rules, TrainRules) else seat_labels(rules)
        people = self.query_one("#people", Select)
        chosen = people.value if isinstance(people.value, int) else 1
        people.set_options([(str(n), n) for n in range(1, rules.players + 1)])
        people.value = min(chosen, rules.players)
        for widget in ("#all-label", "#all-seats"):
            self.query_one(widget).display = len(labels) > 1
        for i in range(3):
            visible = i < len(labels)
            self.query_one(f"#seat-label-{i}", Label).update(labels[i] if visible else "")
            self.query_one(f"#seat-label-{i}").display = visible
            self.query_one(f"#seat-{i}").display = visible

    def sync_length(self, rules: Rules | TrainRules) -> None:
        if isinstance(rules, TrainRules):
            said = f"{rules.title} is {rules.rounds} rounds, from [{rules.max_pip}|{rules.max_pip}] down.", False
        else:
            said = line_length(rules)
        show_length(self.query_one("#target-label", Label), self.query_one("#target", Input), *said)

    def read(self) -> Settings | str:
        """The settings on the form, or a message saying what is wrong with them."""
        rules = self.chosen_rules()
        seats: int | None = None
        if isinstance(rules, TrainRules):
            chosen = self.query_one("#players", Select).value
            seats = chosen if isinstance(chosen, int) else rules.players
            people = self.query_one("#people", Select).value
            persons = people - 1 if isinstance(people, int) else 0
            bots = (PERSON,) * persons + (str(self.query_one("#level", Select).value),) * (seats - 1 - persons)
        else:
            if len(rules.player_counts) > 1:
                seats = rules.players
            bots = tuple(str(self.query_one(f"#seat-{i}", Select).value) for i in range(rules.players - 1))
        numbers: dict[str, int | None] = {}
        for field in ("target", "seed"):
            box = self.query_one(f"#{field}", Input)
            text = box.value.strip()
            if not text or box.disabled:
                numbers[field] = None
                continue
            try:
                numbers[field] = int(text)
            except ValueError:
                return f"The {field} must be a whole number, not {text!r}."
        target = numbers["target"]
        if target is not None and not 1 <= target <= 100_000:
            return "The target must be between 1 and 100000."
        seed = numbers["seed"]
        if seed is not None and seed < 0:
            return "The seed must be zero or more."
        pause = self.query_one("#pause", Select).value
        auto_pass = self.query_one("#auto-pass", Checkbox).value
        return replace(
            self.settings,
            variant=str(self.query_one("#variant", Select).value),
            players=seats if seats is not None else self.settings.players,
            bots=bots,
            target=target,
            seed=seed,
            pause=float(pause) if isinstance(pause, int | float) else self.settings.pause,
            auto_pass=auto_pass,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        getattr(self, f"action_{event.button.id}")()  # each button's id names its action: start, online, ...

    def action_start(self) -> None:
        result = self.read()
        if isinstance(result, str):
            self.query_one("#new-error", Static).update(result)
            return
        self.dismiss(result)

    def action_online(self) -> None:
        """Play online instead: create a room on a server, or join one."""
        from .online import OnlineScreen

        self.go_online(getattr(self.app, "online_form", OnlineScreen))

    def action_lobby(self) -> None:
        """A server's lobby: its public rooms, and quick match."""
        from .lobby import LobbyScreen

        self.go_online(getattr(self.app, "lobby_screen", LobbyScreen))

    def go_online(self, screen: Callable[[str], Screen[Connect | None]]) -> None:
        """The form or lobby ``screen`` makes for the variant chosen (the app's is filled in as it was last given;
        another host app's as it comes); where it says to go is this screen's answer."""

        def chosen(connect: Connect | None) -> None:
            if connect is not None:
                self.dismiss(connect)

        variant = self.query_one("#variant", Select).value
        self.app.push_screen(screen(variant if isinstance(variant, str) else self.settings.variant), chosen)
