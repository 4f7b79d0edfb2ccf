"""Helpers of the tests of the coach, the side panels and several people at one keyboard: waiting on tables in
rooms (at this keyboard or on a server), playing a turn by keys, and an app that hosts a test's own table."""

from __future__ import annotations

import asyncio

from domino_tui.engine import DRAW, PASS, End, Kind, Move
from domino_tui.net.room import Status
from domino_tui.tui.app import DominoApp
from domino_tui.tui.online import Connect
from domino_tui.tui.screens.handover import HandoverScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.room_table import RoomTable
from domino_tui.tui.tile_keys import tile_key

from .conftest import COACH, caught_up, poll, settle, the_game, the_room

END_KEY = {End.LEFT: "left", End.RIGHT: "right", End.UP: "up", End.DOWN: "down"}


def bare_app() -> DominoApp:
    """The app with no game of its own at this keyboard: it holds the table a test makes (a table of several
    clients of a server's room), which a game sat down to at start would replace."""
    app = DominoApp(coach=COACH)

    async def no_game(*_: object) -> None:
        return None

    app.sit_down = no_game  # type: ignore[method-assign]
    return app


def online_app(connect: Connect) -> DominoApp:
    """An app whose table is in a room on a server (as ``domino-tui join`` opens it)."""
    return DominoApp(online=connect, coach=COACH)


def table(app: DominoApp) -> LineTable:
    screen = app.screen
    assert isinstance(screen, LineTable)
    return screen


async def until(pilots, done, limit: float = 40.0, state=lambda: "") -> None:
    """Let the apps run until ``done()`` holds; ``state()`` says what the failure message should show."""
    await poll(pilots, done, limit, lambda: f"the table never got there {state()}")


async def play_turn(pilot, screen: LineTable) -> None:
    """Make the seat's first legal move by its keys, and wait until the room has it."""
    obs = screen.observation
    assert obs is not None and obs.legal
    move: Move = obs.legal[0]
    position = screen.seat_view.position if screen.seat_view else -1
    if move == DRAW:
        await pilot.press("d")
    elif move == PASS:
        await pilot.press("p")
    else:
        assert move.kind is Kind.PLAY and move.end is not None
        await pilot.press(tile_key(obs.hand.index(move.tile)))  # letters past the tenth tile (a hand grown by draws)
        if screen.choosing:
            await pilot.press(END_KEY[move.end])
    # The move is sent in a worker: the next observation shows it made (or, at a shared keyboard, the handover).
    await until(
        [pilot],
        lambda: screen.seat_view is None or screen.seat_view.position != position,
        state=lambda: (
            f"(move {move}, position {position}, in front {type(pilot.app.screen).__name__}, status {screen.status}, "
            f"connection {screen.connection}, sent for {screen.sent_for}, message {screen.message!r})"
        ),
    )


async def play_to_the_end(pilots, screens, limit: float = 60.0) -> None:
    """The tables play (by keys) until the match is over; between games each says next."""
    waited = 0.0
    while not all(s.status == "over" for s in screens):
        if waited > limit:
            raise AssertionError("the match never ended")
        moved = False
        for pilot, screen in zip(pilots, screens, strict=True):
            if screen.my_turn and pilot.app.screen is screen:
                await play_turn(pilot, screen)
                moved = True
            elif screen.status == "between" and screen.over is not None and pilot.app.screen is screen.dialog:
                await pilot.press("n")
        if not moved:
            for pilot in pilots:
                await pilot.pause()
            await asyncio.sleep(0.01)
        waited += 0.01  # a turn played counts too: keys that make no move must not loop for ever


def heaviest(app: DominoApp) -> Move:
    """The heaviest tile of the seat to move that fits (the room's game says), else its draw or pass."""
    game = the_game(app)
    legal = game.legal_moves()
    plays = [m for m in legal if m.kind is Kind.PLAY]
    return max(plays, key=lambda m: (m.tile.pips, -int(m.end))) if plays else legal[0]


def table_of(app: DominoApp) -> RoomTable | None:
    return next((s for s in app.screen_stack if isinstance(s, RoomTable)), None)


async def seated(pilot) -> RoomTable:
    """The app's table once its room plays (a game at this keyboard sits down in a worker)."""
    app = pilot.app
    await until([pilot], lambda: app.game is not None and table_of(app) is not None and table_of(app).info is not None)
    table = table_of(app)
    assert table is not None
    return table


async def sat_down(pilot) -> None:
    """The app's game has sat down at its table and it is your turn there (conftest's ``settle`` alone returns
    at once while the start-up screen is still in front)."""
    await seated(pilot)
    await settle(pilot)


def turn_at_hand(app: DominoApp) -> bool:
    """At a keyboard of several people: the handover screen waits, or the table shows the hand of the seat to
    move (its turn, as the room has it), or the game is over and its dialog is up."""
    table = table_of(app)
    if isinstance(app.screen, HandoverScreen) or table is None:
        return isinstance(app.screen, HandoverScreen)
    room = the_room(app)
    if room.status is not Status.PLAYING:
        return table.over is not None and table.dialog is not None
    return (
        app.screen is table and table.at is not None and caught_up(table) and table.mine == room.to_act()
    ) and table.my_turn


async def next_turn(pilot, limit: float = 20.0) -> None:
    await until([pilot], lambda: turn_at_hand(pilot.app), limit)
