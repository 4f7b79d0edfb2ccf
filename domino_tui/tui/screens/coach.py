"""The coach's keys at the table: hint (`h`), undo (`u`) and the tile tracker (`t`).

A mixin of `TableScreen`, so the table keeps to the flow of a game and this file to the coach. The table
declares the bindings (Textual merges them from its own class line only) and calls `coach_update` after every
redraw and `coach_moved` after every move.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from ...coach.tracker import track
from ..session import HUMAN, Session
from ..widgets.hint_panel import HintPanel
from ..widgets.tracker_panel import TrackerPanel

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..app import DominoApp

    _Base = Screen
else:
    _Base = object


class CoachActions(_Base):
    """The coach's keys, mixed into TableScreen (which cannot be this class's base: it is its subclass)."""

    session: Session
    viewer: int | None = HUMAN  # the seat the table shows (the table sets it)

    if TYPE_CHECKING:
        # What the mixin uses of TableScreen.
        def say(self, text: str, error: bool = False) -> None: ...
        def rewind(self) -> None: ...
        def _my_turn(self) -> bool: ...
        def arrange_panels(self) -> None: ...
        def close_panel(self, panel: str) -> None: ...
        def opened(self, panel: str) -> None: ...

    @property
    def game_app(self) -> DominoApp:
        """The app this screen runs in, typed: the table only ever runs inside DominoApp."""
        return cast("DominoApp", self.app)

    def coach_moved(self) -> None:
        """A move was made: the hint on screen is for a position that is gone."""
        if self.query_one(HintPanel).wanted:
            self.close_panel("hint")

    def coach_update(self) -> None:
        if not self.has_class("-tracker-hidden"):
            # What the seat on show may know, and nothing while the keyboard changes hands.
            panel = self.query_one(TrackerPanel)
            if self.viewer is None:
                panel.update("")
            else:
                panel.show(track(self.session.observation(self.viewer)), self.session.name)

    def action_hint(self) -> None:
        if not self._my_turn():
            return
        session = self.session
        session.note_hint()
        seed = f"hint:{session.seed}:{session.game_index}:{len(session.game.moves)}"
        bot = self.game_app.coach.bot(random.Random(seed))
        self.query_one(HintPanel).ask(session.observation(session.game.turn), bot, session.name)
        self.opened("hint")
        self.arrange_panels()

    def action_undo(self) -> None:
        session = self.session
        if not session.settings.undo:
            self.say("Undo is off in your settings.", error=True)
            return
        if session.hot_seat:
            self.say("No undo at a shared keyboard: it would show the earlier hand to whoever has it now.", error=True)
            return
        if not session.undo():
            why = "the game is over" if session.game.over else "you have made no choice yet in this game"
            self.say(f"Nothing to undo: {why}.", error=True)
            return
        self.rewind()
        self.say("You took back your move: your previous decision again.")
