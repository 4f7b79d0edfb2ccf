"""Random keys, clicks and resizes (80x24 to 160x50) on the room's table and every screen over it (the new game,
help, score sheet, review, statistics, the palette, the handover of a keyboard several people share, chat, and
the lobby of a real server on 127.0.0.1 with its quick match), in a variant of each kind, with moves made by keys
now and then so that games go on: nothing raises, the room's log replays to the room after every step, the table
in front shows every open end (every train's end) and the newest tile as its room has them and keeps its Quit, and
the game saved on quitting is the room's log (see `random_walk`). Some 150 inputs a variant, from the variant's
table (the walk may start another game from there); ``python scripts/soak_table.py`` walks for as long as asked. A
failure names its seed: ``DOMINO_TUI_WALK_SEED=S`` replays it here (up to the timing of the bots' threads).

The tests after it keep what the walk found, each its own way in."""

from __future__ import annotations

import asyncio
import json
import os

import pytest
from textual.command import CommandPalette
from textual.widgets import HelpPanel

from domino_tui.engine import TRAIN_VARIANTS, Kind
from domino_tui.net.local import LocalRoom
from domino_tui.net.room import Mover
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.confirm import ConfirmScreen
from domino_tui.tui.screens.help import HelpScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.lobby import LobbyScreen
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.online import OnlineScreen
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.screens.train_table import TrainTable

from .board_view import assert_board_has_room
from .conftest import COACH, HUMAN, keys_for, settle, the_game, the_room
from .fast_input import catch_up, send_key, type_keys
from .random_walk import table_shown, walk

STEPS = 24  # per variant: some 150 inputs each (scripts/soak_table.py walks for longer)
SEED = int(os.environ.get("DOMINO_TUI_WALK_SEED", "2026"))
# The variants walked: each family's table; at the line table two seats with a stock to draw from and now and then
# people at this keyboard (classic), a spinner's four arms and the end counts scored (All Fives), and four seats in
# two pairs with hands past the number keys (double-nine partnership). Block, Fives and Threes and the double-six
# partnership take no way through the table that these do not (their layouts are checked headless at every size:
# tests/tui/test_board_layout.py); `python scripts/soak_table.py` walks every variant.
WALKED = ["classic", "allfives", "partnership9", *TRAIN_VARIANTS]


@pytest.mark.slow
@pytest.mark.parametrize("variant", WALKED)
async def test_random_keys_clicks_and_resizes_never_break_the_table(variant):
    done = await walk(variant, SEED, STEPS)
    assert done.steps == STEPS and done.inputs > 2 * STEPS
    # The walk was not stuck on one screen that swallows every input: it went places, or made moves at the table.
    assert len(done.screens) >= 2 or done.moves, done


@pytest.mark.slow
async def test_random_input_in_a_servers_lobby_never_breaks_it():
    """The walk from the lobby of a real server (``domino-tui lobby HOST``): its public rooms joined or not, quick
    match sought, cancelled or met, and whatever follows."""
    done = await walk("classic", SEED, STEPS, from_the_lobby=True)
    assert done.steps == STEPS and {"LobbyScreen", "quick match"} & done.screens, done


async def test_players_the_rooms_news_seats_beside_the_board_make_the_panels_give_way(private_config):
    """Fives and Threes for three at 91 columns, the log kept open: the room's news seats West and East beside the
    board after the table has placed its panels, which then make room for them rather than squeeze the board."""
    private_config.mkdir(parents=True, exist_ok=True)
    (private_config / "settings.json").write_text(json.dumps({"show_log": True}))
    app = DominoApp(variant="fivesandthrees", players=3, seed=1, pause=0.0, opponents=("greedy",), coach=COACH)
    async with app.run_test(size=(91, 31)) as pilot:
        await table_shown(pilot)  # settle() returns at once before there is a table (its room is being made)
        await settle(pilot)
        table = app.screen
        assert isinstance(table, LineTable) and table.players == 3
        assert not table.query_one("#seat-left").has_class("-absent")
        assert_board_has_room(table)
        assert table.has_class("-log-hidden")  # no room beside the board for it at this width


async def test_the_palette_waits_for_the_table_and_opens_once():
    """ctrl+p while the room is being made opens nothing (a palette then would stay under the table once it
    came); at the table, ctrl+p, Esc and ctrl+p typed at once never open a second palette beside the first."""
    app = DominoApp(variant="classic", seed=1, pause=0.0, opponents=("greedy",), coach=COACH)
    async with app.run_test(size=(80, 24)) as pilot:
        send_key(app, "ctrl+p")
        await table_shown(pilot)
        await catch_up(pilot)
        assert isinstance(app.screen, LineTable)
        assert not any(isinstance(screen, CommandPalette) for screen in app.screen_stack)
        for key in ("ctrl+p", "escape", "ctrl+p", "ctrl+p"):
            send_key(app, key)
        await catch_up(pilot)
        assert sum(isinstance(screen, CommandPalette) for screen in app.screen_stack) <= 1
    assert app._exception is None


async def test_nothing_docks_or_maximizes_over_a_rooms_table():
    """Textual's key panel never lands on a table (chosen over the handover screen, it came once that screen had
    gone, a third of the screen wide beside the board), the palette at a table offers neither it nor Maximize,
    and the train table focuses nothing as it opens (it focused its log, hidden or not, which Maximize then
    filled the screen with)."""
    app = DominoApp(variant="mexicantrain", players=2, seed=1, pause=0.0, opponents=("greedy",), coach=COACH)
    async with app.run_test(size=(100, 30)) as pilot:
        await table_shown(pilot)
        await catch_up(pilot)
        table = app.screen
        assert isinstance(table, TrainTable) and table.focused is None
        app.action_show_help_panel()
        await catch_up(pilot)
        assert not table.query(HelpPanel)
        table.action_chat()  # the chat box has the focus: still nothing to maximize
        titles = {command.title for command in app.get_system_commands(table)}
        assert "Keys" not in titles and "Maximize" not in titles and "Score sheet" in titles


async def test_a_bots_turn_taken_back_before_the_bot_begins_is_left_alone():
    """A person's undo at this keyboard between a bot's turn coming and its thinking starting: the bot, asked about
    a position that is gone, does nothing (it raised, choosing the first of no legal moves)."""
    room = LocalRoom(seed=3)
    client = room.client()
    await client.create("Ann", "classic", seat=0, bots="greedy")
    await client.start()
    host = room.host
    assert host is not None
    for _ in range(500):  # the bot's first move, if it leads
        if room.room.to_act() == 0:
            break
        await asyncio.sleep(0.01)
    assert room.room.to_act() == 0  # the person's turn: the bot's seat has no move now
    now = room.room.position
    await host._bot_move(1, "greedy", Mover.BOT, now - 1, 0.0)  # asked for an earlier position: no exception
    assert room.room.position == now  # and no move made
    await client.close()
    await room.close()


def bot_goes_out_after(game, move) -> bool:
    """Whether, after your ``move``, the bot's next move (greedy: a tile whenever one fits) is its last tile."""
    after = game.copy()
    after.apply(move)
    bot = after.turn
    return not after.over and bot != HUMAN and len(after.hand(bot)) == 1 and after.legal_moves()[0].kind is Kind.PLAY


async def test_a_game_that_ends_behind_the_help_shows_its_end_once_the_help_closes():
    """A bot goes out while the help is in front (held until the help is up, as the room holds its bots while the
    terminal is too small): the end dialog comes when the help closes (it never came: the table put it up only
    while in front itself); seen and closed, it does not come back after the next screen."""
    app = DominoApp(variant="classic", seed=3, pause=0.0, opponents=("greedy",), coach=COACH, save_settings=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await table_shown(pilot)
        await settle(pilot)
        for _ in range(40):  # your first legal move, bots between, until the bot's answer ends the game
            game = the_game(app)
            assert not game.over, "seed 3 no longer ends with the bot's last tile"
            move = game.legal_moves()[0]
            if bot_goes_out_after(game, move):
                break
            await type_keys(pilot, *keys_for(app.table, move))
            await settle(pilot)
        assert app.game is not None
        app.game.room.hold(True)
        await type_keys(pilot, *keys_for(app.table, move))
        app.action_help()  # what ? and F1 do
        await catch_up(pilot)
        assert isinstance(app.screen, HelpScreen) and not the_game(app).over
        app.game.room.hold(False)
        for _ in range(500):  # the bot's move
            if the_game(app).over and app.table.over is not None:
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, HelpScreen)
        assert not any(isinstance(screen, GameOverScreen) for screen in app.screen_stack)
        await type_keys(pilot, "escape")  # the help closes: the end of the game is in front
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert the_room(app).game_number == 1
        await type_keys(pilot, "escape")  # the table, then the help again
        app.action_help()
        await catch_up(pilot)
        assert isinstance(app.screen, HelpScreen)
        await type_keys(pilot, "escape")
        await pilot.pause()
        assert app.screen is app.table  # the end was seen: the table stays in front


@pytest.mark.parametrize("screen", ["confirm", "new-game", "online", "lobby"])
async def test_a_screen_answered_before_it_has_mounted_goes_quietly(screen):
    """A question answered at once (Esc typed with the key that asked it): the screen goes after its on_mount, which
    looked for its widgets already taken down and raised."""
    app = DominoApp(variant="classic", seed=1, pause=0.0, opponents=("greedy",), coach=COACH, save_settings=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await table_shown(pilot)
        await catch_up(pilot)
        table = app.screen
        made = {
            "confirm": lambda: ConfirmScreen("Abandon the match in progress?"),
            "new-game": lambda: NewGameScreen(app.settings),
            "online": lambda: OnlineScreen("classic"),
            "lobby": lambda: LobbyScreen("classic", "127.0.0.1:1"),  # nobody there: refused at once
        }[screen]()
        answers: list[object] = []
        app.push_screen(made, answers.append)
        made.dismiss(None)
        for _ in range(5):
            await pilot.pause()
        assert app.screen is table and answers == [None]
    assert app._exception is None


async def test_the_first_runs_tour_comes_over_the_table_however_long_its_room_takes(monkeypatch):
    """The tour of a first start waits for the table (its room is made in a worker, here slowly): shown after the
    first frame, it went under the table that came after it."""
    from domino_tui.tui import local_game
    from domino_tui.tui.screens.tour import TourScreen

    made = local_game.new_game

    async def slowly(*args, **kwargs):
        await asyncio.sleep(0.3)
        return await made(*args, **kwargs)

    monkeypatch.setattr(local_game, "new_game", slowly)
    monkeypatch.setattr(DominoApp, "first_run_tour", True)
    app = DominoApp(variant="classic", seed=1, pause=0.0, opponents=("greedy",), coach=COACH)
    async with app.run_test(size=(100, 30)) as pilot:
        await table_shown(pilot)
        for _ in range(100):
            if isinstance(app.screen, TourScreen):
                break
            await pilot.pause(0.01)
        assert [type(screen) for screen in app.screen_stack][1:] == [LineTable, TourScreen]


async def test_a_click_on_the_trains_before_there_are_any_finds_none():
    """A click on the trains' widget before the table has its first view (found by the walk as a Mexican Train
    table opened): the picture of no trains raised IndexError."""
    from textual.app import App, ComposeResult

    from domino_tui.tui.widgets.trains import TrainsView

    class Trains(App[None]):
        def compose(self) -> ComposeResult:
            yield TrainsView()

    app = Trains()
    async with app.run_test(size=(60, 12)) as pilot:
        assert await pilot.click(TrainsView, offset=(5, 5)) and not app.query_one(TrainsView).trains
    assert app._exception is None


async def test_panel_keys_at_a_table_being_taken_down_do_nothing():
    """l, t and Esc reaching a line table whose widgets are being taken down (they go before the screen; found by
    the walk as a new game replaced the table): arranging the panels looked for the hint's and raised NoMatches."""
    from domino_tui.tui.widgets.hint_panel import HintPanel

    app = DominoApp(variant="fivesandthrees", seed=1, pause=0.0, opponents=("greedy",), coach=COACH)
    async with app.run_test(size=(157, 34)) as pilot:
        await table_shown(pilot)
        await catch_up(pilot)
        table = app.screen
        assert isinstance(table, LineTable) and app.game is not None
        app.game.room.hold(True)  # nothing moves while the table goes
        await table.query_one(HintPanel).remove()  # as the table's taking down begins: its widgets first
        for key in ("l", "t", "l", "escape"):
            send_key(app, key)
        await catch_up(pilot)
    assert app._exception is None
