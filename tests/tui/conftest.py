"""Shared fixtures and helpers for the app tests: a private config dir, waiting for bots, choosing keys."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from domino_tui.engine import DRAW, PASS, End, Kind, Move
from domino_tui.engine.match import Match
from domino_tui.engine.state import GameState
from domino_tui.games.line import LineMatch
from domino_tui.net.room import Room, Status
from domino_tui.tui.app import DominoApp
from domino_tui.tui.equal_plays import distinct, outcome
from domino_tui.tui.screens.room_table import RoomTable
from tests.net.conftest import start_server

from .fast_input import type_keys


@pytest.fixture(autouse=True)
def private_config(tmp_path, monkeypatch):
    """Never read or write the real user's settings; no first-run tour over the table (the tour's own tests
    turn it back on)."""
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(DominoApp, "first_run_tour", False)
    monkeypatch.delenv("DOMINO_TUI_EXIT_AFTER_FIRST_FRAME", raising=False)
    return tmp_path / "config"


@pytest.fixture(autouse=True)
def notices_kept(monkeypatch):
    """Every notification an app posts, kept for the tests to read (``heard``): one leaves the screen after its
    timeout (8 s for a damaged file's), which waiting for the table on a loaded machine can outlast."""
    notify = DominoApp.notify

    def kept(self, message, *args, **kwargs):
        self.__dict__.setdefault("notices_heard", []).append(str(message))
        return notify(self, message, *args, **kwargs)

    monkeypatch.setattr(DominoApp, "notify", kept)


def heard(app: DominoApp) -> list[str]:
    """The notifications ``app`` has posted, in order, whether still on the screen or gone after their timeout."""
    return list(app.__dict__.get("notices_heard", []))


HUMAN = 0  # the seat of the person at this keyboard (the first person's at a shared one)

# The coach (hints, reviews) with a fixed number of guesses instead of a time budget: deterministic and quick.
COACH = {"budget": None, "samples": 8}


def make_app(variant: str = "classic", seed: int = 1, pause: float = 0.0, bot: str = "hyperskill") -> DominoApp:
    """An app with a fast, deterministic bot in every other seat (the searching levels use a clock)."""
    return DominoApp(variant=variant, seed=seed, pause=pause, opponents=(bot,), coach=COACH)


def the_room(app: DominoApp) -> Room:
    """The room of the game at this keyboard, as its host holds it: a test's oracle, never the table's source."""
    assert app.game is not None, "no game at this keyboard"
    return app.game.room.room


def the_game(app: DominoApp) -> GameState:
    """The line game in play in the app's room (the whole state, every hand: for tests to check against)."""
    return the_match(app).game


def the_match(app: DominoApp) -> Match:
    match = the_room(app).match
    assert isinstance(match, LineMatch), "not a line game"
    return match.match


def caught_up(table: RoomTable) -> bool:
    """Whether the table shows the room's latest position (bots' moves reach it through its client)."""
    room = the_room(table.app)  # type: ignore[arg-type]
    view = table.seat_view
    return view is not None and (view.match, view.game, view.position) == (
        room.matches,
        room.game_number,
        room.position,
    )


def table_of(app) -> RoomTable | None:
    """The room's table in the app's stack, in front or under a screen over it."""
    return next((s for s in app.screen_stack if isinstance(s, RoomTable)), None)


async def handled(pilot) -> None:
    """The app has handled what was sent to it and laid out the result: its screen's and its widgets' messages
    handled, mounting and layout done. The pilot's ``pause()`` instead sleeps 20 ms at a time until the process's
    CPU time stops growing, up to a second while a bot, a hint or a server in this process works on: a test
    polling for an event sat idle 20 ms or more at every look, whatever the event had long come."""
    app = pilot.app
    for _ in range(200):
        await pilot._wait_for_screen()
        await asyncio.sleep(0)
        screen = app.screen
        screen._on_timer_update()
        if quiet(screen):
            return
        await asyncio.sleep(0.001)


def quiet(screen) -> bool:
    """Nothing left for the app to handle or lay out on ``screen``."""
    if not (screen.app._message_queue.empty() and screen._message_queue.empty()):
        return False
    if screen._layout_required or screen._recompose_required or screen._dirty_widgets:
        return False
    return all(
        child.is_mounted and child._message_queue.empty() and not (child._layout_required or child._recompose_required)
        for child in screen.walk_children()
    )


async def poll(pilots, done: Callable[[], object], limit: float, failure: Callable[[], str]) -> None:
    """Let the apps of ``pilots`` handle what reaches them until ``done()`` holds: the room's news comes from a
    worker thread or over the network, so no fixed sleep is long enough on a busy machine. The looks are a
    millisecond apart at first, then further apart up to 16 ms (a bot's move or a round trip through a server
    comes in milliseconds; a hint or a review thought out takes seconds). ``limit`` (seconds) only bounds a
    failing test; ``failure()`` is its message."""
    deadline = time.monotonic() + limit
    nap = 0.001
    while not done():
        assert time.monotonic() < deadline, failure()
        await asyncio.sleep(nap)
        nap = min(2 * nap, 0.016)
        for pilot in pilots:
            await handled(pilot)


async def until(pilot, done: Callable[[], object], limit: float = 60.0) -> None:
    """Wait for ``done``. ``limit`` (seconds) only bounds a failing test."""
    await poll([pilot], done, limit, lambda: "the table never got there")


def settled(app) -> bool:
    """Whether the room's table is up (the app makes its room in a worker), the bots have moved and it is a turn
    at this keyboard that the table shows, or the game is over and its dialog is up, or a screen over the table
    waits for you."""
    screen = app.screen
    if not isinstance(screen, RoomTable):
        return app.game is not None and any(isinstance(s, RoomTable) for s in app.screen_stack)  # a screen over it
    if not caught_up(screen):
        return False
    room = the_room(app)
    if room.status is Status.PLAYING:
        return room.to_act() in screen.seats_here and getattr(screen, "thinking", None) is None
    return screen.over is not None


async def settle(pilot, limit: float = 30.0) -> None:
    """Wait until `settled`: the bots gave the turn back, the game ended or a screen waits for you. ``limit``
    (seconds) only bounds a failing test."""
    await handled(pilot)
    await poll([pilot], lambda: settled(pilot.app), limit, lambda: "the bots never gave the turn back")
    if not isinstance(pilot.app.screen, RoomTable) or the_room(pilot.app).status is not Status.PLAYING:
        await handled(pilot)  # the game over: its dialog laid out


END_KEY = {End.LEFT: "left", End.RIGHT: "right", End.UP: "up", End.DOWN: "down"}


def keys_for(table: RoomTable, move: Move) -> list[str]:
    """The key presses that make ``move`` from a fresh turn (cursor anywhere)."""
    if move == DRAW:
        return ["d"]
    if move == PASS:
        return ["p"]
    assert move.kind is Kind.PLAY
    game = the_game(table.app)  # type: ignore[arg-type]
    index = game.hand(game.turn).index(move.tile)  # the seat to move: you, or whoever has the keyboard
    ends = [m.end for m in game.legal_moves() if m.kind is Kind.PLAY and m.tile == move.tile]
    # Ends that come to the same thing are not asked about (the table plays the first of them).
    ends = list(distinct(game.board, move.tile, ends, bool(game.rules.count_scores)))
    if index < 10:
        keys = [str((index + 1) % 10)]
    else:
        # Beyond the number keys: walk the cursor there, then Enter.
        from domino_tui.tui.widgets.hand import HandView

        cursor = table.query_one(HandView).cursor
        step = "right" if index > cursor else "left"
        keys = [step] * abs(index - cursor) + ["enter"]
    if len(ends) > 1:
        keys.append(END_KEY[move.end])
    return keys


def same_move(game, made: Move, meant: Move) -> bool:
    """``made`` is ``meant``, or a play of the same tile that comes to the same thing (before it was made)."""
    if made == meant or made.kind is not Kind.PLAY or meant.kind is not Kind.PLAY or made.tile != meant.tile:
        return made == meant
    counted = bool(game.rules.count_scores)
    return outcome(game.board, made.tile, made.end, counted) == outcome(game.board, meant.tile, meant.end, counted)


async def play_heaviest(pilot, moves: int) -> None:
    """Make ``moves`` of your moves by keys (the heaviest tile that fits, else draw or pass), bots between."""
    await settle(pilot)
    table = pilot.app.table
    for _ in range(moves):
        game = the_game(pilot.app)
        if game.over:
            return
        legal = game.legal_moves()
        plays = [m for m in legal if m.kind is Kind.PLAY]
        move = max(plays, key=lambda m: (m.tile.pips, -int(m.end))) if plays else legal[0]
        await type_keys(pilot, *keys_for(table, move))
        await settle(pilot)


def tile_with_a_choice(game):
    """A tile of yours that fits ends coming to different things (the table asks which), or None."""
    ends: dict = {}
    for m in game.legal_moves():
        if m.kind is Kind.PLAY:
            ends.setdefault(m.tile, []).append(m.end)
    counted = bool(game.rules.count_scores)
    return next((t for t, e in ends.items() if len(distinct(game.board, t, e, counted)) > 1), None)


async def reach_a_choice(pilot, limit: int = 60):
    """Play your first legal move, bots between, until a tile of yours has a choice of ends; that tile."""
    await settle(pilot)
    table = pilot.app.table
    for _ in range(limit):
        game = the_game(pilot.app)
        if game.over:
            break
        tile = tile_with_a_choice(game) if game.turn == HUMAN else None
        if tile is not None:
            return tile
        await type_keys(pilot, *keys_for(table, game.legal_moves()[0]))
        await settle(pilot)
    raise AssertionError("no choice of ends came up")


@pytest.fixture
async def server(tmp_path):
    """A real room server on 127.0.0.1, in this test's loop, stopped with its clients after the test."""
    running = await start_server(tmp_path / "rooms.sqlite3")
    yield running
    for client in running.clients:
        await client.close()
    await running.server.stop()
