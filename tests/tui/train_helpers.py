"""Helpers for the train table's tests: an app at a Mexican Train table, waiting for the bots, the keys of a move,
and the check that every train's end is on screen."""

from __future__ import annotations

from domino_tui.tui.screens.local_train_table import TrainTableScreen
from textual.geometry import Region

from domino_tui.engine import DRAW, PASS, Move, TrainPlay
from domino_tui.tui.app import DominoApp
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.trains import TrainsView

from .conftest import COACH


def make_train_app(players: int, seed: int = 1, bot: str = "greedy", pause: float = 0.0) -> DominoApp:
    return DominoApp(variant="mexicantrain", players=players, seed=seed, pause=pause, opponents=(bot,), coach=COACH)


async def settle_train(pilot, limit: float = 20.0) -> None:
    """Wait until the bots have moved and it is your turn, or the round is over, or a screen is in front."""
    app = pilot.app
    waited = 0.0
    while waited < limit:
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TrainTableScreen):
            return
        session = screen.session
        if session.round_over or (screen.thinking is None and session.human_to_act):
            return
        await pilot.pause(0.01)
        waited += 0.01
    raise AssertionError("the bots never gave the turn back")


def heaviest(table: TrainTableScreen) -> Move:
    """Your heaviest play (on your own train first), else your draw or pass."""
    legal = table.session.legal()
    plays = [m for m in legal if isinstance(m, TrainPlay)]
    if plays:
        return max(plays, key=lambda m: (m.tile.pips, m.train == 0, -m.train))
    return legal[0]


def keys_for_train(table: TrainTableScreen, move: Move) -> list[str]:
    """The key presses that make ``move`` from a fresh turn."""
    if move == DRAW:
        return ["d"]
    if move == PASS:
        return ["p"]
    assert isinstance(move, TrainPlay)
    session = table.session
    index = session.hand(session.viewer).index(move.tile)
    if index < 10:
        keys = [str((index + 1) % 10)]
    else:
        cursor = table.query_one(HandView).cursor
        step = "right" if index > cursor else "left"
        keys = [step] * abs(index - cursor) + ["enter"]
    if len(session.trains_for(move.tile)) > 1:
        keys.append(session.train_key_of(move.train))
    return keys


def assert_every_train_end_visible(table: TrainTableScreen) -> None:
    """Every train's open end (and its label's row) is drawn inside the trains' widget, uncovered."""
    view = table.query_one(TrainsView)
    pic = view.picture()
    ox, oy = view._offset
    region = view.content_region
    session = table.session
    assert len(pic.ends) == session.rules.trains
    covered = table.app.screen is not table
    for i, (x, y, w, h) in enumerate(pic.ends):
        box = Region(region.x + ox + x, region.y + oy + y, w, h)
        assert region.contains_region(box), (f"the end of train {i} is cut off", box, region)
        if not covered:
            for dx in range(w):
                assert table.get_widget_at(box.x + dx, box.y)[0] is view, f"the end of train {i} is covered"
        # What is drawn there is the end the engine shows.
        assert pic.canvas.text().splitlines()[y][x:].startswith(f"▸{session.round.train_end(i)}")
