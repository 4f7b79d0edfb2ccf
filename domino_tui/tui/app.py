"""The domino-tui Textual app: starts straight into a game with the last used settings."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import App, SystemCommand
from textual.screen import Screen

from ..stored_file import OwnerLock, StoredFile
from . import textual_fixes
from .coach_desk import CoachDesk, RecordNote
from .kept_accounts import KeptAccounts
from .kept_seats import KeptSeats
from .settings import PlayerSettings, Settings, rules_of, variants
from .terminal_gone import hung_up, is_pipe

# The screens over the table are imported when first opened: the help's Markdown alone costs a tenth of
# the start-up.
# Set to make the app quit as soon as its first screen has been drawn (the start-up benchmark uses it).
EXIT_AFTER_FIRST_FRAME = "DOMINO_TUI_EXIT_AFTER_FIRST_FRAME"

if TYPE_CHECKING:  # the rooms and the network client load after the first frame
    from ..net.local import LocalRoom
    from .local_game import LocalGame
    from .online import Connect
    from .screens.lobby import LobbyScreen
    from .screens.online import OnlineScreen
    from .screens.room_table import RoomTable

    RoomTableWanted = RoomTable.Wanted

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
        players: int | None = None,
        online: Connect | None = None,
        lobby: str | None = None,
    ) -> None:
        """``coach``: options of the expert behind hints and reviews (None: the Master level; tests pass a
        small fixed number of guesses, so that the figures do not depend on the clock). ``online``: open the
        table in a room on a server instead (``domino-tui join``); ``lobby``: open the lobby of the room server
        at this address instead (``domino-tui lobby``)."""
        super().__init__()
        self._online = online
        self._lobby = lobby
        self.coach = CoachDesk(self, coach)
        self._opponents = opponents
        self._variant = variant
        self._players = players  # seats at a train game's table (None: the last chosen, else the variant's)
        self._seed = seed
        self._pause = pause
        self.save_settings = save_settings
        # The player's settings have one owner; every change goes through `remember`.
        self.player_settings = PlayerSettings(keep=save_settings)
        # The seats this player holds in rooms online, with their tokens (one owner: kept_seats.py).
        self.kept_seats = KeptSeats(keep=save_settings)
        # The sessions of the player's accounts on room servers (kept_accounts.py).
        self.kept_accounts = KeptAccounts(keep=save_settings)
        self.game: LocalGame | None = None  # the match at this keyboard, in its room (local_game.py)
        # Its file, one object for the app's life: a damaged file it could not move aside is never written over.
        self._room_file: StoredFile | None = None
        # Held while this app owns the saved game; None with ``saved_elsewhere`` when another app had it first.
        self._room_lock: OwnerLock | None = None
        self.saved_elsewhere = False
        # The player put off the choice between the saved match the other window left and the one played here
        # (Esc): not asked again at each deal's end, only when the next match starts.
        self._saved_match_put_off = False
        # Set once quitting has begun: a key pressed on the way out must not open a screen.
        self.closing = False

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

    def on_mount(self) -> None:
        terminal = sys.__stdin__
        # A terminal, or the pipe a browser's page server feeds the app's keys through (`domino-tui web`): when
        # that server dies, the pipe's reads end, and the app would live on unseen, holding the saved game.
        if not self.is_headless and terminal is not None and (terminal.isatty() or is_pipe(terminal.fileno())):
            fd = terminal.fileno()
            self.set_interval(1.0, lambda: self.exit() if hung_up(fd) else None, name="terminal gone")
        problem = self.player_settings.load()
        settings_readable = problem is None  # a damaged file is no first start: no tour over its message
        if problem:
            self.notify(problem, title="Settings", severity="warning", timeout=8)
        seats_problem = self.kept_seats.load() or self.kept_accounts.load()
        if seats_problem:
            # The file's words are quoted in it, and brackets are no markup there.
            self.notify(seats_problem, title="Seats online", severity="warning", timeout=8, markup=False)
        if self.kept_seats.latest() is not None and self._online is None:
            self.run_worker(self.offer_held_seat(), group="held-seat", exclusive=True)
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.theme_changed_signal.subscribe(self, lambda theme: self.remember(theme=theme.name))
        if self._pause is not None:
            self.remember(pause=self._pause)  # a table setting: it applies to a resumed match too
        if self._lobby is not None:  # the lobby left, the app ends with it
            self.push_screen(self.lobby_screen(self._variant, self._lobby), lambda to: self.go_online(to, or_exit=True))
            return
        if self._online is not None:
            # Straight to the room: the match saved here waits untouched for the next local start.
            self.open_online(self._online)
            return
        self.run_worker(self.sit_down(self.asked_for(), settings_readable), group="local", exclusive=True)

    async def offer_held_seat(self) -> None:
        """At start, the latest seat this computer keeps in a room online is offered back once its server says the
        token still holds it: a seat whose room is gone (closed, expired), whose match is over or whose token holds
        no seat (its creator let another in) is forgotten, and the next latest asked about. A server that does not
        answer proves nothing either way: the seat is offered, saying so."""
        from ..net.client import seat_held
        from ..net.heard import NetError

        while (held := self.kept_seats.latest()) is not None:
            try:
                answer = await seat_held(held.server, held.room, held.token)
                unsure = ""
            except NetError:  # unreachable, too busy, or an earlier server that does not know the question
                answer, unsure = (held.seat, "playing"), " (its server could not say just now)"
            if answer is not None and answer[0] is not None and answer[1] != "over":
                self.notify(
                    f"You hold a seat in room {held.room} on {held.address.rsplit('/', 1)[0]} (as {held.name})"
                    f"{unsure}: Play online takes it back, or domino-tui join {held.address}.",
                    title="Your seat online",
                    timeout=10,
                    markup=False,  # a name or a server's address ([::1]) may hold brackets
                )
                return
            self.kept_seats.forget(held.server, held.room)

    # ----- a game at this keyboard, in a room of the app's process -----

    async def sit_down(self, asked: Settings | None, settings_readable: bool = True) -> None:
        """At start: the game kept in the room file where it was (or converted from an earlier save), unless the
        command line asked for another one; else a new match. Then the first start's tour, over the table (shown
        before the room is made, the table would come over it)."""
        from .local_game import earlier_path, in_progress, is_the_match, progress, resumed

        game = None
        file = self.room_file()
        if file is not None:
            game, problem = await resumed(self.pause, file, earlier_path(), self.not_saved)
            if problem:
                self.notify(problem, title="Saved game", severity="warning", timeout=8)
        if game is not None and asked is not None and not in_progress(game.room):
            await game.close()
            game = None  # nothing of yours to lose: the match asked for starts at once
        if game is None:
            chosen = asked or self.settings
            self.remember_match(chosen)
            await self.play_local(self.settings, chosen.seed)
        else:
            self.show_local(game)
            if asked is None or is_the_match(game.room, asked):
                self.notify("Your game is back where you left it. n starts a new one.", title="Welcome back")
            else:
                wanted = rules_of(asked).title + ("" if asked.seed is None else f" with seed {asked.seed}")
                self.begin(asked, f"You have a match in progress ({progress(game.room)}). Abandon it for {wanted}?")
        if self.first_run_tour and not self.settings.tour_seen and settings_readable and self.save_settings:
            self.call_after_refresh(self.show_tour)
        if os.environ.get(EXIT_AFTER_FIRST_FRAME):
            self.call_after_refresh(self.exit)

    def room_file(self) -> StoredFile | None:
        """The file the game at this keyboard is kept in (None: nothing is saved). The first time, the app takes
        the saved game's lock: when another app open at once holds it, that app owns the file, and this one plays
        games that are not saved (it says so), so that neither writes over the other's moves, until that app has
        gone (`saved_game_freed`)."""
        if self.save_settings and self._room_file is None and not self.saved_elsewhere:
            from .local_game import room_lock_path, room_path

            lock = OwnerLock(room_lock_path())
            if lock.take():
                self._room_lock = lock
                self._room_file = StoredFile(room_path())
            else:
                self.saved_elsewhere = True
                self.notify(
                    "Your saved game is open in another domino-tui window, which keeps saving it. The games in this "
                    "window are not saved until that window is closed; then this one saves again.",
                    title="Saved game",
                    severity="warning",
                    timeout=15,
                )
        return self._room_file

    def saved_game_freed(self) -> bool:
        """Whether the saved game that another window owned became this app's just now: that window has gone (quit,
        crashed or killed: the system let its lock go) and this app took the lock. A light check, one lock tried
        and no file read, made at natural moments rather than by polling: when a deal ends and when a match
        starts."""
        if not self.saved_elsewhere:
            return False
        from .local_game import room_lock_path, room_path

        lock = OwnerLock(room_lock_path())
        if not lock.take():
            return False
        self._room_lock = lock
        self.saved_elsewhere = False
        if self._room_file is None:  # one object for the app's life (see __init__), even over a put-off choice
            self._room_file = StoredFile(room_path())
        return True

    def saved_game_taken_elsewhere_again(self) -> None:
        """Back as before `saved_game_freed`: the lock let go and this app's games unsaved (a choice put off)."""
        if self._room_lock is not None:
            self._room_lock.release()
            self._room_lock = None
        self.saved_elsewhere = True

    def on_room_table_deal_over(self, message: object) -> None:
        # Only in a match that goes on: after its last deal the next match is the natural moment (`play_local`),
        # where no match played here is at stake.
        if self.match_in_progress and not self._saved_match_put_off and self.saved_game_freed():
            self.run_worker(self.take_over_saved_game(), group="saved-game", exclusive=True)

    async def take_over_saved_game(self) -> None:
        """The saved game is this app's again, between two deals of a match played unsaved here. That match is saved
        from now on, unless the file holds a match in progress the other window left: that is never written over
        without asking. The question offers both, and Enter resumes the saved match: it is the player's game from
        before this window opened, and the match here was played knowing it was not saved. Esc changes nothing
        (no file written, the lock let go again) and the question comes back only with the next match, not at every
        deal's end."""
        from .local_game import in_progress, progress, seated
        from .screens.saved_match import KEEP, RESUME, SavedMatchScreen

        file, game = self._room_file, self.game
        assert file is not None and game is not None
        saved = await self._saved_room(file)
        if saved is None or not in_progress(saved):
            if saved is not None:
                await saved.close()
            await game.save_in(file)
            self.notify(
                "The other domino-tui window has closed: this window saves your game again, this match from now on.",
                title="Saved game",
            )
            return
        try:
            choice = await self.push_screen_wait(SavedMatchScreen(progress(saved)))
        except BaseException:  # the app is closing over the question: the restored room's thread goes with it
            await saved.close()
            raise
        if choice == RESUME and self.game is game:
            await game.close()
            self.game = None
            resumed, unread = await seated(saved, file, self.not_saved)
            if unread:
                self.notify(unread, title="Saved game", severity="warning", timeout=8)
            self.show_local(resumed)
            self.notify(
                "Your saved match is back where you left it; this window saves it from now on.", title="Saved game"
            )
            return
        await saved.close()
        if choice == KEEP and self.game is game:
            await game.save_in(file)
            self.notify(
                "This match is saved from now on, in place of the one the other window left.", title="Saved game"
            )
        else:
            self._saved_match_put_off = True
            self.saved_game_taken_elsewhere_again()
            self.notify(
                "Nothing changed: the match the other window left stays saved, and this one is not saved. You are "
                "asked again when you start a new match.",
                title="Saved game",
            )

    async def _saved_room(self, file: StoredFile) -> LocalRoom | None:
        """The room kept in ``file``, restored with nobody seated (so nothing moves in it), or None (a damaged
        file is moved aside, with a message)."""
        from ..net.local import LocalRoom

        room, problem = LocalRoom.restore(file, pace=self.pause)
        if problem:
            self.notify(problem, title="Saved game", severity="warning", timeout=8)
        return room

    async def saved_match_back(self, wanted: Settings) -> bool:
        """At the start of a new match: when the saved game has just become this app's again and holds a match in
        progress the other window left, that match is back at the table, and the player is asked whether to
        abandon it for the one ``wanted`` (as at start-up when the command line asks for another match); True
        then. Nothing of the match played here is lost: it was over, or given up when the new one was chosen."""
        from .local_game import in_progress, progress, seated

        self._saved_match_put_off = False
        if not self.saved_game_freed():
            return False
        file = self._room_file
        assert file is not None
        saved = await self._saved_room(file)
        if saved is None or not in_progress(saved):
            if saved is not None:
                await saved.close()
            self.notify(
                "The other domino-tui window has closed: this window saves your games again.", title="Saved game"
            )
            return False
        if self.game is not None:
            await self.game.close()
            self.game = None
        game, unread = await seated(saved, file, self.not_saved)
        if unread:
            self.notify(unread, title="Saved game", severity="warning", timeout=8)
        self.show_local(game)
        self.notify("The other domino-tui window has closed: your saved match is back here.", title="Saved game")
        title = rules_of(wanted).title + ("" if wanted.seed is None else f" with seed {wanted.seed}")
        self.begin(wanted, f"You have a match in progress ({progress(game.room)}). Abandon it for {title}?")
        return True

    def not_saved(self, problem: str) -> None:
        """The game's file could not be written: the game goes on, and the player is told."""
        self.notify(problem, title="Saved game", severity="warning", timeout=8)

    async def play_local(self, settings: Settings, seed: int | None) -> None:
        """A new match of ``settings`` at this keyboard (the one before it ends: its room file is this one's)."""
        from .local_game import new_game, pick_seed

        if await self.saved_match_back(replace(settings, seed=seed)):
            return
        if self.game is not None:
            await self.game.close()
            self.game = None
        self.show_local(await new_game(settings, pick_seed(seed), self.pause, self.room_file(), self.not_saved))

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
            asked = replace(asked, players=self._players)
        if self._opponents:
            asked = replace(asked, bots=self._opponents)
        # Fitted to the variant to be played, not the last one: a bot per seat must stay in its seat.
        return replace(asked.with_variant(self._variant or asked.variant), seed=self._seed)

    async def on_unmount(self) -> None:
        try:
            if self.game is not None:
                await self.game.close()  # its log is on disk already: every change is written before it is shown
        finally:
            if self._room_lock is not None:
                self._room_lock.release()  # the next app started resumes the game
        self.coach.keep_unwritten()

    def on_record_note(self, message: RecordNote) -> None:
        self.notify(message.text, title="Record of games", severity="warning", timeout=8)

    async def action_quit(self) -> None:
        self.closing = True
        self.exit()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command_palette" and self.game is None and self._online is None:
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
        from .local_game import in_progress

        return self.game is not None and in_progress(self.game.room)

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
        self.start_local(self.settings, settings.seed)

    def open_online(self, connect: Connect) -> None:
        """The table in a room on a server (created or joined as ``connect`` says); the Play online form
        remembers where and as whom."""
        from .screens.line_table import LineTable

        self.remember(online_server=connect.url.removeprefix("ws://"), online_name=connect.name)
        if connect.room is not None:
            self.remember(online_room=connect.room)
        self.push_screen(LineTable(connect))

    def online_form(self, variant: str | None = None) -> OnlineScreen:
        """The Play online form, filled in as it was last given (the room: the last one entered, else the latest
        whose seat this computer keeps)."""
        from .screens.online import OnlineScreen

        s = self.settings
        room = s.online_room
        held = self.kept_seats.latest()
        if room is None and held is not None:
            room = held.room
        return OnlineScreen(variant or s.variant, s.online_server, s.online_name, room)

    def lobby_screen(self, variant: str | None = None, server: str | None = None) -> LobbyScreen:
        """The lobby of a room server (the one given, else the Play online form's last), as that form was filled."""
        from .screens.lobby import LobbyScreen

        s = self.settings
        return LobbyScreen(variant or s.variant, server or s.online_server, s.online_name)

    def go_online(self, connect: Connect | None, or_exit: bool = False) -> None:
        """The table of the room a form or the lobby chose; none chosen: nothing, or the end of the app."""
        if connect is not None:
            self.open_online(connect)
        elif or_exit:
            self.exit()

    def play_online(self) -> None:
        """Ask where to play online (the same dialog as the new-game screen's Play online), then go there."""
        self.push_screen(self.online_form(), self.go_online)

    def show_tour(self) -> None:
        from .screens.tour import LINE_TOUR, TRAIN_TOUR, TourScreen

        if not self.closing:
            tour = TRAIN_TOUR if self.game is not None and self.game.train else LINE_TOUR
            self.push_screen(TourScreen(tour), lambda _: self.remember(tour_seen=True))

    def toggle_auto_pass(self) -> None:
        """Draw or pass for you when that is your only move, from now on (kept in the settings)."""
        self.remember(auto_pass=not self.settings.auto_pass)
        on = "on: your only draw or pass is made for you" if self.settings.auto_pass else "off"
        self.notify(f"Automatic draw or pass is {on}.", title="Automatic moves")
        from .screens.room_table import RoomTable

        if isinstance(self.screen, RoomTable):
            self.screen.plan_auto_move()  # a lone draw or pass waiting now is made as if the turn began

    def toggle_undo(self) -> None:
        """Allow or forbid undo from now on, in this match and the next ones."""
        self.remember(undo=not self.settings.undo)
        self.notify("Undo is on." if self.settings.undo else "Undo is off: no taking moves back.", title="Undo")

    # ----- screens -----

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
        else:
            from .screens.room_table import RoomTable

            if isinstance(self.screen, RoomTable) and self.screen.status in ("between", "over"):
                self.screen.show_over()  # the end of the deal is still to be answered

    def action_help(self) -> None:
        """The rules and keys of the table in front (none over another screen, the help itself among them)."""
        from .screens.room_table import RoomTable

        table = self.screen
        if self.closing or not isinstance(table, RoomTable):
            return
        from .screens.help import HelpScreen

        if table.local and self.game is not None:
            # The seed is the player's own at this keyboard (a room online keeps its own).
            room = self.game.room.room
            self.push_screen(HelpScreen(room.kind.rules, room.seed))
        elif table.observation is not None:
            self.push_screen(HelpScreen(table.observation.rules, None))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from .screens.room_table import RoomTable

        for command in super().get_system_commands(screen):
            # Textual's key panel docks a third of the screen wide beside the table and takes the board's room;
            # the table's own help (? or F1) lists every key. Nor is a widget of the table maximized over it (the
            # chat box while you type: the board would be gone).
            if not (isinstance(screen, RoomTable) and command.title in ("Keys", "Maximize")):
                yield command
        from .screens.over_dialog import GameOverScreen

        if isinstance(screen, GameOverScreen):
            # The end of a hand is where a new match is most wanted: the dialog closes first, then it starts.
            yield from self.new_match_commands(lambda: screen.dismiss("look"))
            return
        if isinstance(screen, RoomTable):
            yield from self.table_commands(screen)

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
        if line and table.coach_here:
            yield SystemCommand(
                "Hint", "The coach ranks your legal moves (the expert at the Master level)", table.action_hint
            )
        if not table.watching:
            yield SystemCommand("Undo", "Back to your previous decision (where the room allows it)", table.action_undo)
            yield SystemCommand(
                "Show or hide the tile tracker", "Voids shown and unseen tiles", table.action_toggle_tracker
            )
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


def run(
    variant: str | None = None,
    seed: int | None = None,
    pause: float | None = None,
    opponent: str | None = None,
    players: int | None = None,
    online: Connect | None = None,
    lobby: str | None = None,
) -> int:
    # A searching bot runs pure Python in a worker thread; a short switch interval hands the GIL back to the
    # interface often, so keys answer while it thinks (the default 5 ms makes every screen update wait). It is
    # the process's setting: it goes back as it was when the app ends, for whoever called run().
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    try:
        opponents = (opponent,) if opponent else None
        DominoApp(
            variant=variant, seed=seed, pause=pause, opponents=opponents, players=players, online=online, lobby=lobby
        ).run()
    finally:
        sys.setswitchinterval(interval)
    return 0
