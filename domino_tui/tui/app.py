"""The domino-tui Textual app: starts straight into a game with the last used settings."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import App, SystemCommand
from textual.screen import Screen

from ..engine import TrainRules
from ..stored_file import StoredFile
from . import saved_game, textual_fixes
from .coach_desk import CoachDesk, RecordNote
from .screens.local_train_table import TrainTableScreen
from .screens.table import TableScreen
from .session import HUMAN, Session, pick_seed
from .settings import PlayerSettings, Settings, rules_of, variants
from .train_session import TrainSession

# A sitting at either table: a line game's (Session) or a train game's (TrainSession).
Sitting = Session | TrainSession


def new_session(settings: Settings, seed: int) -> Sitting:
    """The sitting ``settings`` ask for: at the train table for a train game, else at the line games' table."""
    if isinstance(rules_of(settings), TrainRules):
        return TrainSession(settings, seed)
    return Session(settings, seed)


def table_for(session: Sitting) -> TableScreen | TrainTableScreen:
    return TrainTableScreen(session) if isinstance(session, TrainSession) else TableScreen(session)


# The screens over the table are imported when first opened: the help's Markdown alone costs a tenth of
# the start-up.
# Set to make the app quit as soon as its first screen has been drawn (the start-up benchmark uses it).
EXIT_AFTER_FIRST_FRAME = "DOMINO_TUI_EXIT_AFTER_FIRST_FRAME"

if TYPE_CHECKING:  # the network client loads only when the table goes online
    from .local_game import LocalGame
    from .online import Connect
    from .screens.room_table import RoomTable

    RoomTableWanted = RoomTable.Wanted

textual_fixes.apply()


class DominoApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "domino-tui"
    # The very first start shows the tour; tests of other things turn it off.
    first_run_tour: ClassVar[bool] = True
    # Play at this keyboard in a room in the app's process, at the one table of each family (local_game.py);
    # off, the sittings of session.py at the local tables, until every test of those moves to the rooms.
    local_rooms: ClassVar[bool] = True

    def __init__(
        self,
        variant: str | None = None,
        seed: int | None = None,
        pause: float | None = None,
        save_settings: bool = True,
        opponents: tuple[str, ...] | None = None,
        coach: dict[str, object] | None = None,
        players: int | None = None,
        online: Connect | None = None,
    ) -> None:
        """``coach``: options of the expert behind hints and reviews (None: the Master level; tests pass a
        small fixed number of guesses, so that the figures do not depend on the clock). ``online``: open the
        table in a room on a server instead (``domino-tui join``)."""
        super().__init__()
        self._online = online
        self.coach = CoachDesk(self, coach)
        self._opponents = opponents
        self._variant = variant
        self._players = players  # seats at a train game's table (None: the last chosen, else the variant's)
        self._seed = seed
        self._pause = pause
        self.save_settings = save_settings
        # The player's settings have one owner; every change goes through `remember`.
        self.player_settings = PlayerSettings(keep=save_settings)
        self.saved_match = StoredFile(saved_game.path())
        self.session: Sitting | None = None
        self.game: LocalGame | None = None  # the match at this keyboard, in its room (with local_rooms)
        # Set once quitting has begun: a key pressed on the way out must not open a screen.
        self.closing = False
        self.tour_due = False  # the first start's tour waits for the table of the game at this keyboard

    @property
    def settings(self) -> Settings:
        """The player's settings as they are now (read-only: change them with `remember`)."""
        return self.player_settings.current

    @property
    def pause(self) -> float:
        return self.settings.pause

    @property
    def table(self) -> RoomTable:
        """The table of the room in play (a game at this keyboard, or online)."""
        from .screens.room_table import RoomTable

        for screen in self.screen_stack:
            if isinstance(screen, RoomTable):
                return screen
        raise LookupError("no table")

    @property
    def line_screen(self) -> TableScreen:
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        raise LookupError("no table")

    def any_table(self) -> TableScreen | TrainTableScreen:
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen | TrainTableScreen):
                return screen
        raise LookupError("no table")

    def show_table(self, session: Sitting) -> None:
        """Sit down to ``session`` at the table it is played at (the other kind of table makes way for it)."""
        current = self.any_table()
        if isinstance(session, TrainSession) == isinstance(current, TrainTableScreen):
            current.start(session)  # type: ignore[arg-type]  # the table and the sitting are of one kind
            return
        while self.screen is not current:
            self.pop_screen()
        self.switch_screen(table_for(session))

    def on_mount(self) -> None:
        problem = self.player_settings.load()
        settings_readable = problem is None  # a damaged file is no first start: no tour over its message
        if problem:
            self.notify(problem, title="Settings", severity="warning", timeout=8)
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, lambda theme: self.remember(theme=theme.name))
        if self._pause is not None:
            self.remember(pause=self._pause)  # a table setting: it applies to a resumed match too
        if self._online is not None:
            # Straight to the room: the match saved here waits untouched for the next local start.
            self.open_online(self._online)
            return
        asked = self.asked_for()
        if self.local_rooms:
            self.run_worker(self.sit_down(asked), group="local", exclusive=True)
            self.after_first_frame(settings_readable)
            return
        resumed = None
        if self.save_settings:
            resumed, problem = saved_game.load(self.saved_match)
            if problem:
                self.notify(problem, title="Saved game", severity="warning", timeout=8)
        if resumed is not None and asked is not None and not in_progress(resumed):
            resumed = None  # nothing of yours to lose: the match asked for starts at once
        if resumed is not None:
            self.session = resumed
            self.push_screen(table_for(resumed))
            if asked is None or self.is_the_match(asked, resumed):
                self.notify("Your game is back where you left it. n starts a new one.", title="Welcome back")
            else:
                # The command line asked for another match: the one in progress stays, and is only given up
                # when you say so.
                wanted = rules_of(asked).title + ("" if asked.seed is None else f" with seed {asked.seed}")
                self.begin(asked, f"You have a match in progress ({self.progress(resumed)}). Abandon it for {wanted}?")
        else:
            chosen = asked or self.settings
            self.remember_match(chosen)
            self.session = new_session(self.settings, pick_seed(chosen.seed))
            self.push_screen(table_for(self.session))
        self.after_first_frame(settings_readable)

    def after_first_frame(self, settings_readable: bool) -> None:
        if self.first_run_tour and not self.settings.tour_seen and settings_readable and self.save_settings:
            if self.local_rooms and self.game is None:
                self.tour_due = True  # over the table, once its room is made (show_local): not under it
            else:
                self.call_after_refresh(self.show_tour)
        if os.environ.get(EXIT_AFTER_FIRST_FRAME):
            self.call_after_refresh(self.exit)

    # ----- a game at this keyboard, in a room of the app's process -----

    async def sit_down(self, asked: Settings | None) -> None:
        """At start: the game kept in the room file where it was (or converted from an earlier save), unless the
        command line asked for another one; else a new match."""
        from .local_game import EARLIER_FILE, resumed, room_path

        game = None
        if self.save_settings:
            earlier = saved_game.path().with_name(EARLIER_FILE)
            game, problem = await resumed(self.pause, room_path(), earlier)
            if problem:
                self.notify(problem, title="Saved game", severity="warning", timeout=8)
        if game is not None and asked is not None and not local_in_progress(game):
            await game.close()
            game = None  # nothing of yours to lose: the match asked for starts at once
        if game is None:
            chosen = asked or self.settings
            self.remember_match(chosen)
            await self.play_local(self.settings, chosen.seed)
            return
        self.show_local(game)
        if asked is None:
            self.notify("Your game is back where you left it. n starts a new one.", title="Welcome back")
        else:
            from .local_game import progress

            wanted = rules_of(asked).title + ("" if asked.seed is None else f" with seed {asked.seed}")
            self.begin(asked, f"You have a match in progress ({progress(game.room)}). Abandon it for {wanted}?")

    def room_path(self) -> Path | None:
        from .local_game import room_path

        return room_path() if self.save_settings else None

    async def play_local(self, settings: Settings, seed: int | None) -> None:
        """A new match of ``settings`` at this keyboard (the one before it ends: its room file is this one's)."""
        from .local_game import new_game

        if self.game is not None:
            await self.game.close()
            self.game = None
        self.show_local(await new_game(settings, pick_seed(seed), self.pause, self.room_path()))

    @work(group="local", exclusive=True)
    async def start_local(self, settings: Settings, seed: int | None) -> None:
        """`play_local` in a worker; a quicker choice cancels it (the worker is handed the method and its arguments,
        not a coroutine, so one cancelled before it starts leaves no coroutine never awaited)."""
        await self.play_local(settings, seed)

    def show_local(self, game: LocalGame) -> None:
        from .screens.room_table import RoomTable  # the room's client loads after the first frame

        self.game = game
        table = game.table()
        if any(isinstance(screen, RoomTable) for screen in self.screen_stack):
            while not isinstance(self.screen, RoomTable):
                self.pop_screen()
            self.switch_screen(table)
        else:
            self.push_screen(table)
        if self.tour_due:
            self.tour_due = False
            self.call_after_refresh(self.show_tour)

    def on_room_table_wanted(self, message: RoomTableWanted) -> None:
        if message.what == "again":
            self.begin(replace(self.settings, seed=None))
        else:
            self.action_new_game()

    def asked_for(self) -> Settings | None:
        """The match the command line asked for (a variant, a seed or opponents), or None."""
        if self._variant is None and self._seed is None and not self._opponents and self._players is None:
            return None
        asked = self.settings
        if self._players is not None:
            asked = replace(asked, players=self._players).with_variant(self._variant or asked.variant)
        if self._opponents:
            # Fitted to the variant to be played, not the last one: a bot per seat must stay in its seat.
            asked = replace(asked, bots=self._opponents).with_variant(self._variant or asked.variant)
        if self._variant is not None:
            asked = asked.with_variant(self._variant)
        return replace(asked, seed=self._seed)

    @staticmethod
    def is_the_match(asked: Settings, session: Sitting) -> bool:
        """Whether ``session`` is a match ``asked`` for: the same variant and opponents, and the same seed when
        one was asked for."""
        saved = session.settings
        same_seed = asked.seed is None or asked.seed == session.seed
        same_table = (asked.variant, asked.bots, asked.players) == (saved.variant, saved.bots, saved.players)
        return same_seed and (same_table or (asked.variant, asked.bots) == (saved.variant, saved.bots))

    @staticmethod
    def progress(session: Sitting) -> str:
        """How far a match has gone, such as "Partnership, game 1, 12 moves"."""
        if isinstance(session, TrainSession):
            moves = session.moves_made
            return f"{session.rules.title}, {session.round_title().lower()}, {moves} move{'s' if moves != 1 else ''}"
        games = len(session.match.games)
        moves = len(session.game.history)
        return f"{session.rules.title}, game {games}, {moves} move{'s' if moves != 1 else ''}"

    def save_game(self) -> None:
        """Keep the match in progress on disk (called at your every turn and on quitting)."""
        if self.session is not None and self.save_settings:
            problem = saved_game.save(self.session, self.saved_match)
            if problem:
                self.notify(problem, severity="warning")

    async def on_unmount(self) -> None:
        self.save_game()
        if self.game is not None:
            await self.game.close()  # its log is on disk already: every change is written before it is shown
        self.coach.keep_unwritten()

    def on_record_note(self, message: RecordNote) -> None:
        self.notify(message.text, title="Record of games", severity="warning", timeout=8)

    async def action_quit(self) -> None:
        self.closing = True
        self.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command_palette" and self.local_rooms and self.game is None and self._online is None:
            # No table yet (its room is being made): a palette opened now would end up under the table.
            return False
        return not self.closing or action == "quit"

    def action_command_palette(self) -> None:
        """The palette, unless one is still there: under a screen pushed over it (a handover), or closed a moment
        ago and not yet taken down (a second one would take its id and raise DuplicateIds: found by the random
        walk, ctrl+p typed again straight after Esc)."""
        from textual.command import CommandPalette

        # The app's nodes are every screen it holds (``children`` is only the one in front).
        if not any(isinstance(node, CommandPalette) for node in self._nodes):
            super().action_command_palette()

    def action_show_help_panel(self) -> None:
        """Textual's key panel, but never on a table: docked a third of the screen wide, it takes the board's room
        (the palette at a table leaves "Keys" out, but one chosen over another screen, such as the handover, could
        land on the table once that screen has gone: found by the random walk). The table's help lists every key."""
        from .screens.room_table import RoomTable

        if not isinstance(self.screen, RoomTable):
            super().action_show_help_panel()

    def remember(self, **changes: object) -> None:
        """Change the player's settings and keep them for next time (all but the seed, so deals vary)."""
        self._said(self.player_settings.change(**changes))

    def remember_match(self, settings: Settings) -> None:
        """Keep what was chosen for the match that starts now (see `PlayerSettings.start_match`)."""
        self._said(self.player_settings.start_match(settings))

    def _said(self, problem: str | None) -> None:
        if problem:
            self.notify(problem, severity="warning")

    @property
    def match_in_progress(self) -> bool:
        """A match you have played in and not finished: starting another abandons it."""
        if self.local_rooms:
            return self.game is not None and local_in_progress(self.game)
        return self.session is not None and in_progress(self.session)

    def begin(self, settings: Settings, question: str = "Abandon the match in progress and start a new one?") -> None:
        """A new match with ``settings`` (after asking, when it abandons one in progress)."""
        if not self.match_in_progress:
            self._begin(settings)
            return
        from .screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self._begin(settings)

        self.push_screen(ConfirmScreen(question, "Abandon"), answered)

    def _begin(self, settings: Settings) -> None:
        self.remember_match(settings)
        if self.local_rooms:
            self.start_local(self.settings, settings.seed)
            return
        self.session = new_session(self.settings, pick_seed(settings.seed))
        self.show_table(self.session)

    def open_online(self, connect: Connect) -> None:
        """The table in a room on a server (created or joined as ``connect`` says)."""
        from .screens.line_table import LineTable

        self.push_screen(LineTable(connect))

    def play_online(self) -> None:
        """Ask where to play online (the same dialog as the new-game screen's Play online), then go there."""
        from .screens.online import OnlineScreen

        def chosen(connect: Connect | None) -> None:
            if connect is not None:
                self.open_online(connect)

        self.push_screen(OnlineScreen(self.settings.variant), chosen)

    def show_tour(self) -> None:
        from .screens.tour import TourScreen

        if not self.closing:
            self.push_screen(TourScreen(), lambda _: self.remember(tour_seen=True))

    def toggle_auto_pass(self) -> None:
        """Draw or pass for you when that is your only move, from now on (kept in the settings)."""
        self.remember(auto_pass=not self.settings.auto_pass)
        on = "on: your only draw or pass is made for you" if self.settings.auto_pass else "off"
        self.notify(f"Automatic draw or pass is {on}.", title="Automatic moves")
        table = self.screen
        if isinstance(table, TableScreen | TrainTableScreen) and self.session is not None and self.session.human_to_act:
            table.advance()
        elif self.local_rooms:
            self.auto_move_now()

    def auto_move_now(self) -> None:
        """With auto-pass just turned on, a lone draw or pass of the seat on show is made as if its turn began."""
        from .screens.room_table import RoomTable

        table = self.screen
        if isinstance(table, RoomTable):
            table.plan_auto_move()

    def toggle_undo(self) -> None:
        """Allow or forbid undo from now on, in this match and the next ones."""
        self.remember(undo=not self.settings.undo)
        if self.session is not None:
            self.session.settings = replace(self.session.settings, undo=self.settings.undo)
        self.notify("Undo is on." if self.settings.undo else "Undo is off: no taking moves back.", title="Undo")

    # ----- screens -----

    def game_finished(self, session: Sitting) -> None:
        if self.closing:
            return
        if isinstance(session, TrainSession):
            self.any_table().round_finished()  # type: ignore[union-attr]  # a train sitting is at the train table
            return
        from .screens.game_over import GameOverScreen

        self.coach.finished(session)
        if isinstance(self.screen, GameOverScreen):
            return
        self.push_screen(GameOverScreen(session), self._after_game)

    def _after_game(self, choice: str | None) -> None:
        session = self.session
        if not isinstance(session, Session):
            return  # the train table's rounds end in its own dialog
        if choice == "next" and not session.match.over:
            session.match.next_game()
            self.line_screen.start(session)
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

    def _new_game_chosen(self, settings: Settings | Connect | None) -> None:
        if isinstance(settings, Settings):
            self.begin(settings)
        elif settings is not None:
            self.open_online(settings)
        elif self.session is not None and finished(self.session):
            self.game_finished(self.session)

    def action_help(self) -> None:
        if self.closing:
            return
        from .screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        if self.local_rooms:
            if self.game is not None:
                # The seed is the player's own at this keyboard (a room online keeps its own).
                room = self.game.room.room
                self.push_screen(HelpScreen(room.kind.rules, room.seed))
            return
        if self.session is not None:
            self.push_screen(HelpScreen(self.session.rules, self.session.seed))

    def action_score_sheet(self) -> None:
        if self.closing:
            return
        if self.local_rooms:
            from .screens.room_table import RoomTable

            if isinstance(self.screen, RoomTable):
                self.screen.action_score_sheet()
            return
        from .screens.score_sheet import ScoreSheetScreen
        from .screens.train_score_sheet import TrainScoreSheetScreen

        if self.session is None or isinstance(self.screen, ScoreSheetScreen | TrainScoreSheetScreen):
            return
        if isinstance(self.session, TrainSession):
            self.push_screen(TrainScoreSheetScreen(self.session))
        else:
            self.push_screen(ScoreSheetScreen(self.session))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from .screens.room_table import RoomTable

        for command in super().get_system_commands(screen):
            # Textual's key panel docks a third of the screen wide beside the table and takes the board's room;
            # the table's own help (? or F1) lists every key. Nor is a widget of the table maximized over it (the
            # chat box while you type: the board would be gone).
            if not (isinstance(screen, TableScreen | RoomTable) and command.title in ("Keys", "Maximize")):
                yield command
        from .screens.game_over import GameOverScreen

        if isinstance(screen, GameOverScreen):
            # The end of a hand is where a new match is most wanted: the dialog closes first, then it starts.
            yield from self.new_match_commands(lambda: screen.dismiss("look"))
            return
        if isinstance(screen, RoomTable):
            yield from self.table_commands(screen)
            return
        if isinstance(screen, TrainTableScreen):
            yield SystemCommand("Help: rules and keys", "The rules of Mexican Train and every key", self.action_help)
            yield SystemCommand("Score sheet", "Points of every round of the match", self.action_score_sheet)
            yield SystemCommand("Draw a tile", "Take a tile from the boneyard", screen.action_draw)
            yield SystemCommand("Pass", "Pass the turn when nothing fits", screen.action_pass_turn)
            yield SystemCommand("Show or hide the move log", "Toggle the log of moves", screen.action_toggle_log)
            yield from self.new_match_commands()
            return
        if not isinstance(screen, TableScreen):
            return  # a new match from under a dialog would leave the dialog talking about the old one
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
        yield SystemCommand("Play online", "Create a room on a room server, or join one by its code", self.play_online)
        yield from self.new_match_commands()

    def table_commands(self, table: RoomTable) -> Iterable[SystemCommand]:
        """The palette at a room's table: what its keys do, the settings of play, and new matches."""
        from .screens.line_table import LineTable

        line = isinstance(table, LineTable)
        played = "game" if line else "round"
        rules = self.game.room.room.kind.rules if self.game is not None and table.local else None
        yield SystemCommand("Help: rules and keys", "The rules of the game in play and every key", self.action_help)
        yield SystemCommand("Score sheet", f"Points of every {played} of the match", table.action_score_sheet)
        if not table.watching:
            if rules is None or getattr(rules, "has_stock", True):
                yield SystemCommand("Draw a tile", f"Take a tile from the {table.STOCK}", table.action_draw)
            yield SystemCommand("Pass", "Pass the turn when nothing fits", table.action_pass_turn)
        yield SystemCommand("Show or hide the move log", "Toggle the log of moves", table.action_toggle_log)
        yield SystemCommand(
            "Automatic draw or pass on/off", "Draw or pass for you when that is your only move", self.toggle_auto_pass
        )
        if isinstance(table, LineTable) and table.coach_here:
            yield SystemCommand(
                "Hint", "The coach ranks your legal moves (the expert at the Master level)", table.action_hint
            )
        undo = getattr(table, "action_undo", None)
        if undo is not None and not table.watching:
            yield SystemCommand("Undo", "Back to your previous decision (where the room allows it)", undo)
        tracker = getattr(table, "action_toggle_tracker", None)
        if tracker is not None and not table.watching:
            yield SystemCommand("Show or hide the tile tracker", "Voids shown and unseen tiles", tracker)
        yield SystemCommand(
            "Undo on/off", "Allow or forbid taking moves back (kept in your settings)", self.toggle_undo
        )
        if line:
            yield SystemCommand("Review the last hand", "Your decisions against the expert's", table.review_hand)
        yield SystemCommand("Statistics and recorded games", "Your record, and replays", self.coach.open_stats)
        if table.local:
            yield SystemCommand(
                "Play online", "Create a room on a room server, or join one by its code", self.play_online
            )
            yield from self.new_match_commands()

    def new_match_commands(self, before: Callable[[], object] | None = None) -> Iterable[SystemCommand]:
        """ "New game" and "Play <variant>" for each variant; ``before`` runs first (closing a dialog)."""

        def then(action: Callable[[], object]) -> Callable[[], None]:
            def run() -> None:
                if before is not None:
                    before()
                action()

            return run

        yield SystemCommand("New game", "Choose the variant, opponents, target and seed", then(self.action_new_game))
        for name, rules in variants().items():
            yield SystemCommand(
                f"Play {rules.title}", f"Start a new {name} match with your current opponents", then(self.play(name))
            )

    def play(self, variant: str) -> Callable[[], None]:
        """What "Play <variant>" does: a new match of ``variant`` with your opponents and a new deal."""
        return lambda: self.begin(replace(self.settings.with_variant(variant), seed=None, target=None))


def finished(session: Sitting) -> bool:
    """The game or round in play is over."""
    return session.round_over if isinstance(session, TrainSession) else session.game.over


def local_in_progress(game: LocalGame) -> bool:
    from .local_game import in_progress as room_in_progress

    return room_in_progress(game.room)


def in_progress(session: Sitting) -> bool:
    """Whether ``session`` is a match you have played in and not finished."""
    if isinstance(session, TrainSession):
        if session.match_over:
            return False
        return session.round_index > 0 or any(ev.seat == HUMAN for ev in session.round.history)
    if session.match.over:
        return False
    return len(session.match.games) > 1 or any(ev.seat == HUMAN for ev in session.game.history)


def run(
    variant: str | None = None,
    seed: int | None = None,
    pause: float | None = None,
    opponent: str | None = None,
    players: int | None = None,
    online: Connect | None = None,
) -> int:
    # A searching bot runs pure Python in a worker thread; a short switch interval hands the GIL back to the
    # interface often, so keys answer while it thinks (the default 5 ms makes every screen update wait). It is
    # the process's setting: it goes back as it was when the app ends, for whoever called run().
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    try:
        opponents = (opponent,) if opponent else None
        DominoApp(variant=variant, seed=seed, pause=pause, opponents=opponents, players=players, online=online).run()
    finally:
        sys.setswitchinterval(interval)
    return 0
