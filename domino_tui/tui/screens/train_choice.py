"""Choosing the train for a tile, the same at the local and the online train table: a tile that fits one train
goes there; one that fits more waits (the table's ``choosing``) while a train's number, ``m`` for the Mexican
train, or a click on its row chooses. What the table says comes from train_words, on the seat's observation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual.binding import Binding, BindingType

from ...engine import TrainObservation, TrainPlay
from ..train_words import PICK_A_TILE_FIRST, cannot_go, fits_no_train, train_by_key, train_key, trains_for, which_train
from ..widgets.trains import TrainsView

# A number picks a tile of your hand, or a train while you choose one for the tile picked.
TILE_AND_TRAIN_KEYS: list[BindingType] = [
    *[Binding(str(k % 10), f"number({k % 10})", f"Tile {k % 10}", show=False) for k in range(1, 11)],
    Binding("m", "train('m')", "Mexican train", key_display="m"),
]


class TrainChoice:
    """Mixed into a train table's screen, before its base: the screen keeps ``choosing`` (a reactive: the tile's
    index in the hand and the trains it fits) and says what the seat sees, how a play is made and whether it is
    the seat's turn."""

    if TYPE_CHECKING:  # the screen's own, declared here for the type checker only (never shadowing them)
        choosing: tuple[int, tuple[int, ...]] | None

        def say(self, text: str, error: bool = False, holds: Callable[[], bool] | None = None) -> None: ...

        def redraw(self) -> None: ...

    def seat_sees(self) -> tuple[TrainObservation, Sequence[str]] | None:
        """The seat's observation and every seat's name, or None before the first deal."""
        raise NotImplementedError

    def play_on(self, move: TrainPlay) -> None:
        """Make the play (at this keyboard, or sent to the room)."""
        raise NotImplementedError

    def seat_to_play(self) -> bool:
        """Whether it is the seat's turn (a click on a train then asks for a tile first)."""
        raise NotImplementedError

    def play_tile(self, index: int) -> None:
        """Play tile ``index`` of the hand: on its one train, else ask which train."""
        seen = self.seat_sees()
        if seen is None or index >= len(seen[0].hand):
            return
        obs, names = seen
        tile = obs.hand[index]
        trains = trains_for(obs, tile)
        if not trains:
            self.choosing = None
            self.say(fits_no_train(obs, names, tile), error=True)
            self.redraw()
            return
        if len(trains) == 1:
            self.play_on(TrainPlay(tile, trains[0]))
            return
        self.choosing = (index, tuple(trains))
        self.say(which_train(obs, names, tile, trains))
        self.redraw()

    def action_train(self, key: str) -> None:
        seen = self.seat_sees()
        if not self.choosing or seen is None:
            return
        obs, names = seen
        index, trains = self.choosing
        train = train_by_key(obs.rules, key)
        tile = obs.hand[index]
        if train is None or train not in trains:
            self.say(cannot_go(obs, names, tile, train), error=True)
            return
        self.play_on(TrainPlay(tile, train))

    def on_trains_view_train_clicked(self, message: TrainsView.TrainClicked) -> None:
        seen = self.seat_sees()
        if self.choosing and seen is not None:
            self.action_train(train_key(seen[0].rules, message.train))
        elif self.seat_to_play():
            self.say(PICK_A_TILE_FIRST, error=True)
