"""Helpers for the train table's tests at this keyboard: an app at a Mexican Train room's table (`TrainTable`, the
same as online), the round in play read from the room (a test's oracle, never the table's source), waiting for the
bots, the keys of a move, and the check that every train's end is on screen."""

from __future__ import annotations

from textual import events
from textual.geometry import Region, Size

from domino_tui.engine import DRAW, PASS, Move, TrainMatch, TrainPlay
from domino_tui.engine.train_state import TrainRoundState
from domino_tui.games.train import TrainPlayedMatch
from domino_tui.net.room import Status
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.room_table import RoomTable
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.tile_keys import tile_key
from domino_tui.tui.train_words import train_key
from domino_tui.tui.widgets.trains import TrainsView

from .conftest import COACH, HUMAN, caught_up, handled, poll, settle, the_room, until


def resize(app: DominoApp, size: tuple[int, int]) -> None:
    """The terminal resized, as the driver reports it (Pilot.resize_terminal would wait for the CPU to idle)."""
    app._driver._size = Size(*size)  # type: ignore[union-attr]
    app.post_message(events.Resize(Size(*size), Size(*size)))


def make_train_app(players: int, seed: int = 1, bot: str = "greedy", pause: float = 0.0) -> DominoApp:
    return DominoApp(variant="mexicantrain", players=players, seed=seed, pause=pause, opponents=(bot,), coach=COACH)


def the_played(app: DominoApp) -> TrainPlayedMatch:
    """The room's train match as its host plays it (its rounds' count, the engine's match)."""
    match = the_room(app).match
    assert isinstance(match, TrainPlayedMatch), "not a train game"
    return match


def the_train_match(app: DominoApp) -> TrainMatch:
    """The engine's match in the app's room: every round, every hand (for tests to check against)."""
    return the_played(app).match


def the_round(app: DominoApp) -> TrainRoundState:
    """The round in play in the app's room (the last one, once the match is over)."""
    return the_train_match(app).round


def train_table(app: DominoApp) -> TrainTable | None:
    """The train table in the app's stack (in front, or under a dialog), if any."""
    return next((s for s in app.screen_stack if isinstance(s, TrainTable)), None)


def my_turn_shown(table: TrainTable) -> bool:
    """Whether the table shows the room's latest position and it is your turn there (no bot thinking)."""
    room = the_room(table.app)  # type: ignore[arg-type]
    return (
        caught_up(table)
        and room.status is Status.PLAYING
        and room.to_act() == HUMAN
        and table.my_turn
        and table.thinking is None
    )


def round_over_shown(table: TrainTable) -> bool:
    """Whether the round is over in the room and the table has heard its result."""
    room = the_room(table.app)  # type: ignore[arg-type]
    return room.status is not Status.PLAYING and caught_up(table) and table.over is not None


async def settle_train(pilot, limit: float = 40.0) -> None:
    """Wait until the bots have moved and the table shows your turn, or the round is over and its dialog is up, or
    a screen over the table waits for you. ``limit`` (seconds) only bounds a failing test."""
    app = pilot.app

    def settled() -> bool:
        screen = app.screen
        if not isinstance(screen, TrainTable):
            return train_table(app) is not None
        if app.game is None or not app.game.train or the_room(app).match is None:
            return False
        return my_turn_shown(screen) or (round_over_shown(screen) and screen.dialog is not None)

    await handled(pilot)
    await poll([pilot], settled, limit, lambda: "the bots never gave the turn back")


async def at_the_table(pilot, limit: float = 20.0) -> RoomTable:
    """The app's table once the room's first deal is on it, then settled (`conftest.settle` returns at once while
    no table is in front, as when the app is still making its room at start-up)."""
    app = pilot.app
    await until(pilot, lambda: isinstance(app.screen, RoomTable) and app.screen.seat_view is not None, limit)
    table = app.screen
    assert isinstance(table, RoomTable)
    await settle(pilot)
    return table


def heaviest(app: DominoApp) -> Move:
    """Your heaviest play in the room's round (on your own train first), else your draw or pass."""
    state = the_round(app)
    assert state.turn == HUMAN, "not your turn"
    legal = state.legal_moves()
    plays = [m for m in legal if isinstance(m, TrainPlay)]
    if plays:
        return max(plays, key=lambda m: (m.tile.pips, m.train == HUMAN, -m.train))
    return legal[0]


def trains_for(app: DominoApp, move: TrainPlay) -> list[int]:
    """The trains the tile of ``move`` fits now, as the room's round has them."""
    return [m.train for m in the_round(app).legal_moves() if isinstance(m, TrainPlay) and m.tile == move.tile]


def keys_for_train(table: TrainTable, move: Move) -> list[str]:
    """The key presses that make ``move`` from a fresh turn: its tile's key (1-9, 0, then the letters), and its
    train's key when the tile fits more than one train."""
    if move == DRAW:
        return ["d"]
    if move == PASS:
        return ["p"]
    assert isinstance(move, TrainPlay)
    app = table.app
    state = the_round(app)  # type: ignore[arg-type]
    keys = [tile_key(state.hand(HUMAN).index(move.tile))]
    if len(trains_for(app, move)) > 1:  # type: ignore[arg-type]
        keys.append(train_key(state.rules, move.train))
    return keys


def assert_every_train_end_visible(table: TrainTable) -> None:
    """Every train's open end (and its label's row) is drawn inside the trains' widget, uncovered, and shows the
    number the room's round has at that end (once the table shows the room's latest position)."""
    view = table.query_one(TrainsView)
    pic = view.picture()
    ox, oy = view._offset
    region = view.content_region
    obs = table.observation
    assert obs is not None and len(pic.ends) == len(obs.trains) == obs.rules.trains
    covered = table.app.screen is not table
    state = the_round(table.app) if caught_up(table) else None  # type: ignore[arg-type]
    for i, (x, y, w, h) in enumerate(pic.ends):
        box = Region(region.x + ox + x, region.y + oy + y, w, h)
        assert region.contains_region(box), (f"the end of train {i} is cut off", box, region)
        if not covered:
            for dx in range(w):
                assert table.get_widget_at(box.x + dx, box.y)[0] is view, f"the end of train {i} is covered"
        # What is drawn there is the end the table was told, and the room's own.
        drawn = pic.canvas.text().splitlines()[y][x:]
        assert drawn.startswith(f"▸{obs.trains[i].end}"), (i, drawn)
        if state is not None:
            assert obs.trains[i].end == state.train_end(i)
