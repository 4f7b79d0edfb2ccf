"""The domino-tui Textual app: starts straight into a game with the last used settings."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from dataclasses import replace

from textual.app import App, SystemCommand
from textual.screen import Screen

from ..engine import VARIANTS
from . import saved_game
from . import settings as settings_store
from .coach_desk import CoachDesk
from .screens.table import TableScreen
from .session import Session, pick_seed
from .settings import Settings

# The screens over the table are imported when first opened: the help's Markdown alone costs a tenth of
# the start-up.
# Set to make the app quit as soon as its first screen has been drawn (the start-up benchmark uses it).
EXIT_AFTER_FIRST_FRAME = "DOMINO_TUI_EXIT_AFTER_FIRST_FRAME"


class DominoApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "domino-tui"

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
        if problem:
            self.notify(problem, title="Settings", severity="warning", timeout=8)
        if self._opponents:
            loaded = replace(loaded, bots=self._opponents).with_variant(loaded.variant)
        if self._variant is not None:
            loaded = loaded.with_variant(self._variant)
        loaded = replace(loaded, seed=self._seed)
        if self._pause is not None:
            loaded = replace(loaded, pause=self._pause)
        self.settings = loaded
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

    def begin(self, settings: Settings) -> None:
        """A new match with ``settings``, remembered for next time (without the seed, so deals vary)."""
        self.settings = settings
        if self.save_settings:
            problem = settings_store.save(replace(settings, seed=None))
            if problem:
                self.notify(problem, severity="warning")
        self.session = Session(settings, pick_seed(settings.seed))
        self.table.start(self.session)

    def toggle_undo(self) -> None:
        """Allow or forbid undo from now on, in this match and the next ones."""
        self.settings = replace(self.settings, undo=not self.settings.undo)
        if self.session is not None:
            self.session.settings = replace(self.session.settings, undo=self.settings.undo)
        if self.save_settings:
            problem = settings_store.save(replace(self.settings, seed=None))
            if problem:
                self.notify(problem, severity="warning")
        self.notify("Undo is on." if self.settings.undo else "Undo is off: no taking moves back.", title="Undo")

    # ----- screens -----

    def game_finished(self, session: Session) -> None:
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
        from .screens.help import HelpScreen

        if self.session is not None and not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.session.rules, self.session.seed))

    def action_score_sheet(self) -> None:
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
        yield SystemCommand("Draw a tile", "Take a tile from the stock", screen.action_draw)
        yield SystemCommand("Pass", "Pass the turn when nothing fits", screen.action_pass_turn)
        yield SystemCommand("Show or hide the move log", "Toggle the log of moves", screen.action_toggle_log)
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
