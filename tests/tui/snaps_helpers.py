"""Helpers for the snapshot and footer tests: waiting for the room of a game at this keyboard and its table (the
app makes them in a worker after its first frame), for a condition, and for your turn at the train table."""

from __future__ import annotations

from domino_tui.engine import DRAW, PASS, Move, TrainPlay
from domino_tui.net.room import Status
from domino_tui.tui.screens.room_table import RoomTable
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.tile_keys import tile_key
from domino_tui.tui.train_words import train_key, trains_for

from .conftest import COACH, handled, settle, table_of, the_room, until
from .fast_input import type_keys

__all__ = ["COACH", "heaviest_train_move", "play_train", "seated", "settle_train", "table_of", "train_keys", "until"]


async def seated(pilot, settled: bool = True) -> RoomTable:
    """The app's table once its room has told it the room and the seat's first view; with ``settled``, once it
    is a turn at this keyboard (or the game is over, or a screen is in front)."""
    app = pilot.app
    await until(pilot, lambda: (t := table_of(app)) is not None and t.info is not None and t.seat_view is not None)
    table = table_of(app)
    assert table is not None
    if settled:
        await (settle_train(pilot) if isinstance(table, TrainTable) else settle(pilot))
    return table


def train_caught_up(table: TrainTable) -> bool:
    room = the_room(table.app)  # type: ignore[arg-type]
    view = table.seat_view
    at = (room.matches, room.game_number, room.position)
    return view is not None and (view.match, view.game, view.position) == at


async def settle_train(pilot, limit: float = 20.0) -> None:
    """The train table's `settle`: the bots have moved and it is your turn that the table shows, or the round is
    over and its dialog is up, or another screen is in front."""

    def settled() -> bool:
        table = pilot.app.screen
        if not isinstance(table, TrainTable):
            return True
        room = the_room(pilot.app)
        if not train_caught_up(table):
            return False
        if room.status is Status.PLAYING:
            return room.to_act() == table.mine and table.my_turn
        return table.over is not None

    await until(pilot, settled, limit)
    await handled(pilot)


def heaviest_train_move(table: TrainTable) -> Move:
    """Your heaviest play (on your own train first), else your draw or pass: from your seat's view."""
    obs = table.observation
    assert obs is not None
    plays = [m for m in obs.legal if isinstance(m, TrainPlay)]
    if plays:
        return max(plays, key=lambda m: (m.tile.pips, m.train == obs.seat, -m.train))
    return obs.legal[0]


def train_keys(table: TrainTable, move: Move) -> list[str]:
    """The keys that make ``move`` at the train table: the tile's key (letters past the tenth), then the train's
    where the tile fits more than one."""
    if move == DRAW:
        return ["d"]
    if move == PASS:
        return ["p"]
    obs = table.observation
    assert obs is not None and isinstance(move, TrainPlay)
    keys = [tile_key(obs.hand.index(move.tile))]
    if len(trains_for(obs, move.tile)) > 1:
        keys.append(train_key(obs.rules, move.train))
    return keys


async def play_train(pilot, moves: int) -> None:
    """Make ``moves`` of your moves at the train table by keys (the heaviest first), bots between."""
    table = await seated(pilot)
    assert isinstance(table, TrainTable)
    for _ in range(moves):
        if table.status != "playing" or pilot.app.screen is not table:
            return
        await type_keys(pilot, *train_keys(table, heaviest_train_move(table)))
        await settle_train(pilot)
