"""What must hold of a game at this keyboard whatever was typed, for the random walk (random_walk.py) and the
screenshots' script: the room's log replays to the room as it stands, and the room's table in front shows every
open end (every train's end) and the newest tile, the room's board as the room has it once it has caught up, no
hand while the keyboard changes hands, and its footer's Quit."""

from __future__ import annotations

import json
from pathlib import Path

from textual.geometry import Region
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from domino_tui.net.room import Room
from domino_tui.net.saved_room import read_room
from domino_tui.tui.local_game import LocalGame
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.room_table import RoomTable
from domino_tui.tui.screens.train_table import TrainTable
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.trains import TrainsView

from .board_view import assert_all_visible, assert_board_has_room


def room_state(room: Room) -> dict[str, object]:
    """Everything of a room that its log decides (not who is connected, nor who said ready: the host's, live)."""
    return {
        "status": room.status,
        "seq": room.seq,
        "position": room.position,
        "matches": room.matches,
        "seed": room.seed,
        "creator": room.creator,
        "seats": [(s.kind, s.name, s.level, s.token_hash) for s in room.seats],
        "match": room.match.to_json() if room.match is not None else None,
        "scores": room.match.scores if room.match is not None else None,
    }


def assert_log_replays(game: LocalGame) -> None:
    """The room's log, as its file keeps it (written before each change is shown), replays to the room in play."""
    store = game.room.store
    room = game.room.room
    assert len(store.entries) == room.seq, ("the log misses entries", len(store.entries), room.seq)
    replayed, _ = read_room(store.document())
    assert room_state(replayed) == room_state(room), "the room's log replays to another room"


def assert_saved_game_is_the_room(game: LocalGame, path: Path, shown: tuple[int, int, int] | None) -> None:
    """Once the app has closed: the game kept at ``path`` (unless the room was closed for good) is the room's log as
    it was left, up to changes nobody was shown (a bot's move being written as the app closed, which the next start
    makes again), and at least as far as the position the table showed last, ``shown`` (match, game, position):
    every change is written before it is shown."""
    if not path.exists():
        return
    saved = json.loads(path.read_text(encoding="utf-8"))
    replayed, _ = read_room(saved)
    entries = game.room.store.entries
    assert saved["entries"] == entries[: len(saved["entries"])], "the saved game is not the room's log"
    reached = (replayed.matches, replayed.game_number, replayed.position)
    assert shown is None or reached >= shown, ("the saved game is behind the table", reached, shown)


def last_shown(app) -> tuple[int, int, int] | None:
    """The newest position the table of the game at this keyboard was shown, if it is there."""
    game = app.game
    table = next((s for s in app.screen_stack if isinstance(s, RoomTable) and s.local), None)
    if game is None or table is None or table.welcome is None or table.welcome.room != game.room.code:
        return None
    view = table.latest if isinstance(table, LineTable) else table.seat_view
    return None if view is None else (view.match, view.game, view.position)


def table_of_the_game(app) -> RoomTable | None:
    """The table in front when it is the one of the game at this keyboard's room (not one online, nor the table of
    a room that a new match is replacing)."""
    screen, game = app.screen, app.game
    if not isinstance(screen, RoomTable) or game is None or not screen.local or screen.welcome is None:
        return None
    return screen if screen.welcome.room == game.room.code else None


def caught_up(table: RoomTable, room: Room) -> bool:
    view = table.seat_view
    return view is not None and (view.match, view.game, view.position) == (
        room.matches,
        room.game_number,
        room.position,
    )


def assert_line_ends_visible(table: LineTable, room: Room | None) -> None:
    """Every open end and the newest tile inside the board's visible region (no scrolling); with nothing over the
    table, the screen shows the board itself there. ``room``: the table's room, whose board the table must show
    once it has caught up with it."""
    obs = table.shown
    if obs is None:
        return
    board_shown = obs.board
    if room is not None and caught_up(table, room):
        assert board_shown == room.match.match.game.board, "the table shows another board than its room's"  # type: ignore[union-attr]
    if board_shown.empty:
        return
    assert_all_visible(table)


def assert_train_ends_visible(table: TrainTable, room: Room | None) -> None:
    """Every train's open end drawn inside the trains' widget, uncovered, with the end the table's view shows
    (the room's, once the table has caught up with it)."""
    obs = table.observation
    if obs is None:
        return
    if room is not None and caught_up(table, room):
        state = room.match.match.round  # type: ignore[union-attr]
        assert [t.end for t in obs.trains] == [state.train_end(i) for i in range(len(obs.trains))], (
            "the table shows other trains' ends than its room's"
        )
    trains = table.query_one(TrainsView)
    pic = trains.picture()
    ox, oy = trains._offset
    region = trains.content_region
    assert len(pic.ends) == len(obs.trains)
    covered = table.app.screen is not table or table.placement.over is not None
    lines = pic.canvas.text().splitlines()
    for i, (x, y, w, h) in enumerate(pic.ends):
        box = Region(region.x + ox + x, region.y + oy + y, w, h)
        assert region.contains_region(box), (f"the end of train {i} is cut off", box, region)
        if not covered:
            for dx in range(w):
                assert table.get_widget_at(box.x + dx, box.y)[0] is trains, f"the end of train {i} is covered"
        assert lines[y][x:].startswith(f"▸{obs.trains[i].end}"), f"train {i} shows another end"


def check_game_at_this_keyboard(app) -> None:
    """What must hold after every step of a walk: nothing raised, the log replays to the room, and the table of the
    room in front (unless the terminal is too small for it) shows what the player must see."""
    if app._exception is not None:
        raise AssertionError(f"the app raised {app._exception!r}") from app._exception
    game: LocalGame | None = app.game
    if game is not None and game.room.host is not None:
        assert_log_replays(game)
    table = table_of_the_game(app)
    if isinstance(table, LineTable) and table.hot_seat and table.handing_to is not None:
        # The keyboard changes hands: nobody's hand on the table under the handover screen.
        assert table.at is None and not table.query_one(HandView).tiles, "a hand is on show while handing over"
    if table is None or table.too_small:
        return
    room = game.room.room if game is not None else None
    if isinstance(table, TrainTable):
        assert_train_ends_visible(table, room)
    elif isinstance(table, LineTable):
        assert_board_has_room(table)
        assert_line_ends_visible(table, room)
    if not table.has_class("-chatting"):  # the chat box takes the letters then: q writes a q
        assert_q_on_screen(table)


def assert_q_on_screen(screen) -> None:
    """The footer shows the key that leaves the table (at a game of this keyboard's, quits), whole, unscrolled."""
    footer = screen.query_one(Footer)
    keys = [k for k in footer.query(FooterKey) if k.action.endswith(("quit", "leave"))]
    assert keys, ("no Quit or Leave in the footer", [k.action for k in footer.query(FooterKey)], screen.classes)
    assert footer.scroll_offset.x == 0 and footer.region.contains_region(keys[0].region), (
        "Quit is off the footer",
        footer.region,
        keys[0].region,
        [(k.key, k.region) for k in footer.query(FooterKey)],
    )
