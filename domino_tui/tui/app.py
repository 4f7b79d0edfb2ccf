"""The domino-tui Textual app: starts straight into a game with the last used settings."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from dataclasses import replace
from typing import ClassVar

from textual.app import App, SystemCommand
from textual.screen import Screen

from ..engine import VARIANTS
from . import saved_game, textual_fixes
from . import settings as settings_store
from .coach_desk import CoachDesk
from .screens.table import TableScreen
from .session import Session, pick_seed
from .settings import Settings

# The screens over the table are imported when first opened: the help's Markdown alone costs a tenth of
# the start-up.
# Set to make the app quit as soon as its first screen has been drawn (the start-up benchmark uses it).
EXIT_AFTER_FIRST_FRAME = "DOMINO_TUI_EXIT_AFTER_FIRST_FRAME"

textual_fixes.apply()


class DominoApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "domino-tui"
    # The very first start shows the tour; tests of other things turn it off.
    first_run_tour: ClassVar[bool] = True

    def __init__(
        self,
        variant: str | None = None,
        seed: int | None = None,
        pause: float | None = None,
        save_settings: bool = True,
        opponents: tuple[str, ...] | None = None,
        coach: dict[str, object] | None = None,
    ) -> None:
        """``coach``: options of the expert behind hints and reviews (None: the Master level; tests pass a
        small fixed number of guesses, so that the figures do not depend on the clock)."""
        super().__init__()
        self.coach = CoachDesk(self, coach)
        self._opponents = opponents
        self._variant = variant
        self._seed = seed
        self._pause = pause
        self.save_settings = save_settings
        self.settings = Settings()
        self.session: Session | None = None
        # Set once quitting has begun: a key pressed on the way out must not open a screen.
        self.closing = False

    @property
    def pause(self) -> float:
        return self.settings.pause

    @property
    def table(self) -> TableScreen:
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        raise LookupError("no table")

    def on_mount(self) -> None:
        loaded, problem = settings_store.load()
        settings_readable = problem is None  # a damaged file is no first start: no tour over its message
        if problem:
            self.notify(problem, title="Settings", severity="warning", timeout=8)
        if self._opponents:
            # Fitted to the variant to be played, not the last one: a bot per seat must stay in its seat.
            loaded = replace(loaded, bots=self._opponents).with_variant(self._variant or loaded.variant)
        if self._variant is not None:
            loaded = loaded.with_variant(self._variant)
        loaded = replace(loaded, seed=self._seed)
        if self._pause is not None:
            loaded = replace(loaded, pause=self._pause)
        self.settings = loaded
        if loaded.theme in self.available_themes:
            self.theme = loaded.theme
        self.theme_changed_signal.subscribe(self, lambda theme: self.remember(theme=theme.name))
        resumed = None
        if self._variant is None and self._seed is None and self.save_settings:
            resumed, problem = saved_game.load()
            if problem:
                self.notify(problem, title="Saved game", severity="warning", timeout=8)
        if resumed is not None:
            self.settings = resumed.settings
            self.session = resumed
            self.notify("Your game is back where you left it. n starts a new one.", title="Welcome back")
        else:
            self.session = Session(loaded, pick_seed(loaded.seed))
        self.push_screen(TableScreen(self.session))
        if self.first_run_tour and not loaded.tour_seen and settings_readable and self.save_settings:
            self.call_after_refresh(self.show_tour)
        if os.environ.get(EXIT_AFTER_FIRST_FRAME):
            self.call_after_refresh(self.exit)

    def save_game(self) -> None:
        """Keep the match in progress on disk (called at your every turn and on quitting)."""
        if self.session is not None and self.save_settings:
            problem = saved_game.save(self.session)
            if problem:
                self.notify(problem, severity="warning")

    def on_unmount(self) -> None:
        self.save_game()

    async def action_quit(self) -> None:
        self.closing = True
        self.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not self.closing or action == "quit"

    def remember(self, **changes: object) -> None:
        """Change the settings and keep them for next time (without the seed, so deals vary)."""
        self.settings = replace(self.settings, **changes)  # type: ignore[arg-type]  # callers pass Settings fields by name
        if self.save_settings:
            problem = settings_store.save(replace(self.settings, seed=None))
            if problem:
                self.notify(problem, severity="warning")

    @property
    def match_in_progress(self) -> bool:
        """A match you have played in and not finished: starting another abandons it."""
        session = self.session
        if session is None or session.match.over:
            return False
        return len(session.match.games) > 1 or any(ev.seat == 0 for ev in session.game.history)

    def begin(self, settings: Settings) -> None:
        """A new match with ``settings`` (after asking, when it abandons one in progress)."""
        if not self.match_in_progress:
            self._begin(settings)
            return
        from .screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self._begin(settings)

        self.push_screen(ConfirmScreen("Abandon the match in progress and start a new one?", "Abandon"), answered)

    def _begin(self, settings: Settings) -> None:
        self.settings = settings
        self.remember()
        self.session = Session(settings, pick_seed(settings.seed))
        self.table.start(self.session)

    def show_tour(self) -> None:
        from .screens.tour import TourScreen

        if not self.closing:
            self.push_screen(TourScreen(), lambda _: self.remember(tour_seen=True))

    def toggle_auto_pass(self) -> None:
        """Draw or pass for you when that is your only move, from now on (kept in the settings)."""
        self.remember(auto_pass=not self.settings.auto_pass)
        on = "on: your only draw or pass is made for you" if self.settings.auto_pass else "off"
        self.notify(f"Automatic draw or pass is {on}.", title="Automatic moves")
        if isinstance(self.screen, TableScreen) and self.session is not None and self.session.human_to_act:
            self.screen.advance()

    def toggle_undo(self) -> None:
        """Allow or forbid undo from now on, in this match and the next ones."""
        self.remember(undo=not self.settings.undo)
        if self.session is not None:
            self.session.settings = replace(self.session.settings, undo=self.settings.undo)
        self.notify("Undo is on." if self.settings.undo else "Undo is off: no taking moves back.", title="Undo")

    # ----- screens -----

    def game_finished(self, session: Session) -> None:
        if self.closing:
            return
        from .screens.game_over import GameOverScreen

        self.coach.finished(session)
        if isinstance(self.screen, GameOverScreen):
            return
        self.push_screen(GameOverScreen(session), self._after_game)

    def _after_game(self, choice: str | None) -> None:
        session = self.session
        if session is None:
            return
        if choice == "next" and not session.match.over:
            session.match.next_game()
            self.table.start(session)
        elif choice == "again":
            self.begin(replace(self.settings, seed=None))
        elif choice == "new":
            self.action_new_game()
        elif choice == "sheet":
            from .screens.score_sheet import ScoreSheetScreen

            self.push_screen(ScoreSheetScreen(session), lambda _: self.game_finished(session))
        elif choice == "review":
            self.coach.open_review(lambda: self.game_finished(session))
        elif choice == "quit":
            self.exit()

    def action_new_game(self) -> None:
        if self.closing:
            return
        from .screens.new_game import NewGameScreen

        if isinstance(self.screen, NewGameScreen):
            return
        self.push_screen(NewGameScreen(self.settings), self._new_game_chosen)

    def _new_game_chosen(self, settings: Settings | None) -> None:
        if settings is not None:
            self.begin(settings)
        elif self.session is not None and self.session.game.over:
            self.game_finished(self.session)

    def action_help(self) -> None:
        if self.closing:
            return
        from .screens.help import HelpScreen

        if self.session is not None and not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.session.rules, self.session.seed))

    def action_score_sheet(self) -> None:
        if self.closing:
            return
        from .screens.score_sheet import ScoreSheetScreen

        if self.session is not None and not isinstance(self.screen, ScoreSheetScreen):
            self.push_screen(ScoreSheetScreen(self.session))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if not isinstance(screen, TableScreen):
            return  # a new match from under a dialog would leave the dialog talking about the old one
        yield SystemCommand("New game", "Choose the variant, opponents, target and seed", self.action_new_game)
        yield SystemCommand("Help: rules and keys", "The rules of the variant in play and every key", self.action_help)
        yield SystemCommand("Score sheet", "Points of every game of the match", self.action_score_sheet)
        if screen.session.rules.has_stock:
            yield SystemCommand("Draw a tile", "Take a tile from the stock", screen.action_draw)
        yield SystemCommand("Pass", "Pass the turn when nothing fits", screen.action_pass_turn)
        yield SystemCommand("Show or hide the move log", "Toggle the log of moves", screen.action_toggle_log)
        yield SystemCommand(
            "Automatic draw or pass on/off",
            "Draw or pass for you when that is your only move",
            self.toggle_auto_pass,
        )
        yield SystemCommand(
            "Hint", "The coach ranks your legal moves (the expert at the Master level)", screen.action_hint
        )
        yield SystemCommand("Undo", "Back to your previous decision (not in a no-undo game)", screen.action_undo)
        yield SystemCommand(
            "Show or hide the tile tracker", "Voids shown and unseen tiles", screen.action_toggle_tracker
        )
        yield SystemCommand(
            "Undo on/off", "Allow or forbid taking moves back (kept in your settings)", self.toggle_undo
        )
        yield SystemCommand("Review the last hand", "Your decisions against the expert's", self.coach.open_review)
        yield SystemCommand("Statistics and recorded games", "Your record, and replays", self.coach.open_stats)
        for name, rules in VARIANTS.items():
            yield SystemCommand(
                f"Play {rules.title}",
                f"Start a new {name} match with your current opponents",
                lambda name=name: self.begin(replace(self.settings.with_variant(name), seed=None, target=None)),
            )


def run(
    variant: str | None = None,
    seed: int | None = None,
    pause: float | None = None,
    opponent: str | None = None,
) -> int:
    # A searching bot runs pure Python in a worker thread; a short switch interval hands the GIL back to the
    # interface often, so keys answer while it thinks (the default 5 ms makes every screen update wait).
    sys.setswitchinterval(0.0005)
    DominoApp(variant=variant, seed=seed, pause=pause, opponents=(opponent,) if opponent else None).run()
    return 0
