"""The table's behaviour: illegal choices, resizing, a slow bot, a broken one, settings, the small-terminal message,
saving and resuming, the theme and the palette; the room in the app's process is the oracle of what changed."""

from __future__ import annotations

import json

import pytest
from textual.widgets._footer import FooterKey

from domino_tui.engine import Kind
from domino_tui.games import LineKind
from domino_tui.tui import settings as settings_store
from domino_tui.tui.app import DominoApp
from domino_tui.tui.local_game import room_path
from domino_tui.tui.screens.help import HelpScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.score_sheet import ScoreSheetScreen
from domino_tui.tui.settings import variants
from domino_tui.tui.widgets.hand import HandView
from domino_tui.tui.widgets.hint_panel import HintPanel

from .conftest import (
    HUMAN,
    caught_up,
    keys_for,
    make_app,
    play_heaviest,
    reach_a_choice,
    settle,
    the_game,
    the_match,
    the_room,
)
from .fast_input import type_keys
from .tablekeys_helpers import BrokenBot, SlowBot, message, seated, snapshot, until

__all__ = ["SlowBot"]  # the slow bot of the other tests of the table's keys


async def test_a_tile_that_does_not_fit_gets_a_message_and_changes_nothing():
    app = make_app("block", seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        # Play until you hold a tile that fits nowhere.
        for _ in range(30):
            game = the_game(app)
            fits = game.playable(HUMAN)
            stuck = [t for t in game.hand(HUMAN) if t not in fits]
            if stuck and not game.board.empty:
                break
            await type_keys(pilot, *keys_for(table, next(m for m in game.legal_moves() if m.kind is Kind.PLAY)))
            await settle(pilot)
        assert stuck, "the seed should give a tile that does not fit"
        assert table.query_one(HandView).tiles == the_game(app).hand(HUMAN)
        before = snapshot(app)
        await pilot.press(str(the_game(app).hand(HUMAN).index(stuck[0]) + 1))
        assert "does not fit" in message(table)
        assert table.message_is_error
        await pilot.pause()
        assert snapshot(app) == before


async def test_draw_does_nothing_where_there_is_no_stock():
    app = make_app("partnership", seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        before = snapshot(app)
        await pilot.press("d")
        await pilot.pause()
        assert snapshot(app) == before
        assert "draw" not in {k.action for k in app.table.query(FooterKey)}  # nor offered


async def test_passing_while_holding_a_playable_tile_is_refused():
    app = make_app("block", seed=6)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        assert the_game(app).playable(HUMAN)
        before = snapshot(app)
        await pilot.press("p")
        assert "cannot pass" in message(table) and table.message_is_error
        await pilot.pause()
        assert snapshot(app) == before


async def test_choosing_an_end_and_cancelling_changes_nothing():
    app = make_app("allfives", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        tile = await reach_a_choice(pilot)
        before = snapshot(app)
        await pilot.press(str(the_game(app).hand(HUMAN).index(tile) + 1))
        assert table.choosing is not None and "where?" in message(table)
        await pilot.press("escape")
        assert table.choosing is None
        await pilot.pause()
        assert snapshot(app) == before


async def test_resizing_mid_game_keeps_the_game():
    app = make_app("partnership9", seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await seated(pilot)
        table = app.table
        await type_keys(pilot, *keys_for(table, the_game(app).legal_moves()[0]))
        await settle(pilot)
        before = snapshot(app)
        for size in [(80, 24), (50, 15), (200, 60), (64, 20), (120, 40)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert snapshot(app) == before  # your turn: nothing moves, whatever the size
            assert table.has_class("-too-small") == (size in ((50, 15), (64, 20)))
        too_small = str(table.query_one("#too-small").render())
        assert "needs at least" in too_small
        assert app.screen is table and isinstance(table, LineTable)


async def test_too_small_terminal_says_so_and_ignores_game_keys():
    app = make_app("classic", seed=2)
    async with app.run_test(size=(40, 12)) as pilot:
        await until(pilot, lambda: app.game is not None and isinstance(app.screen, LineTable))
        table = app.table
        await until(pilot, lambda: caught_up(table))
        assert table.has_class("-too-small")
        assert "40x12" in str(table.query_one("#too-small").render())
        assert the_room(app).to_act() == HUMAN  # your turn: the keys would play, were the table shown
        before = snapshot(app)
        await pilot.press("1", "enter", "d")
        assert snapshot(app) == before


async def test_keys_work_while_a_slow_bot_thinks(monkeypatch):
    app = make_app("block", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        slow = SlowBot(monkeypatch)
        try:
            move = next(m for m in the_game(app).legal_moves() if m.kind is Kind.PLAY)
            await type_keys(pilot, *keys_for(table, move))
            await until(pilot, lambda: slow.thinking.is_set() and caught_up(table))
            assert table.thinking == 1
            assert "thinking" in str(table.query_one("#status").render())
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape")
            assert app.screen is table
            await pilot.press("1")  # not your turn: a message, nothing played
            assert "Wait" in message(table)
            assert the_room(app).to_act() == 1
        finally:
            slow.release.set()
        await settle(pilot)
        assert table.thinking is None
        game = the_game(app)
        assert game.history[-1].seat == 1 or game.over
        assert table.query_one(HandView).tiles == game.hand(HUMAN)


async def test_q_quits_while_a_bot_thinks(monkeypatch):
    app = make_app("block", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        slow = SlowBot(monkeypatch)
        try:
            move = next(m for m in the_game(app).legal_moves() if m.kind is Kind.PLAY)
            await type_keys(pilot, *keys_for(app.table, move))
            await until(pilot, lambda: slow.thinking.is_set())
            await pilot.press("q")
            await until(pilot, lambda: not app.is_running, limit=5)
            assert not slow.release.is_set()  # the bot was still thinking when the app ended
        finally:
            slow.release.set()
    assert app.return_code == 0


async def test_a_broken_bot_loses_its_turn_and_the_game_goes_on(monkeypatch):
    # The room's host makes a failing bot's first legal move for it (net/host.py `_bot_move`).
    app = make_app("block", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        broken = BrokenBot(monkeypatch)
        before = len(the_game(app).moves)
        move = next(m for m in the_game(app).legal_moves() if m.kind is Kind.PLAY)
        await type_keys(pilot, *keys_for(table, move))
        await settle(pilot)
        assert broken.seen, "the bot never thought"
        failed = LineKind(the_room(app).kind.rules).read_observation(broken.seen[0])
        game = the_game(app)
        assert failed.seat == 1 and game.moves[before + 1] == failed.legal[0]
        assert (the_room(app).to_act() == HUMAN or game.over) and app.screen is table


async def test_new_game_screen_starts_the_chosen_match_and_remembers_it(private_config):
    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await seated(pilot)
        first = app.game
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        screen = app.screen
        screen.query_one("#variant").value = "partnership"
        await pilot.pause()
        assert screen.query_one("#seat-2").display
        screen.query_one("#target").value = "50"
        screen.query_one("#seed").value = "x9"
        await pilot.click("#start")
        assert "whole number" in str(screen.query_one("#new-error").render())
        screen.query_one("#seed").value = "9"
        await pilot.pause(0.3)  # a button ignores a second press while it still shows the first
        await pilot.click("#start")
        await until(pilot, lambda: app.game is not first and isinstance(app.screen, LineTable))
        await settle(pilot)
        room = the_room(app)
        assert room.options.variant == "partnership" and room.seed == 9 and room.options.target == 50
    saved = json.loads((private_config / "settings.json").read_text())
    assert saved["variant"] == "partnership" and saved["target"] == 50 and saved["seed"] is None
    again = DominoApp(pause=0)
    async with again.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        assert the_room(again).options.variant == "partnership"


async def test_a_corrupt_settings_file_gets_a_notice_and_the_defaults(private_config):
    private_config.mkdir(parents=True)
    (private_config / "settings.json").write_text("{not json")
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        assert the_room(app).options.variant == "classic"
        assert any("settings" in str(n.message) for n in app._notifications)


def test_settings_reject_bad_values(private_config):
    private_config.mkdir(parents=True)
    for bad in (
        '{"variant": "poker"}',
        '{"bots": 3}',
        '{"bots": ["nobody"]}',
        '{"pause": -1}',
        '{"target": "ten"}',
        "[]",
    ):
        (private_config / "settings.json").write_text(bad)
        loaded, problem = settings_store.load()
        assert loaded == settings_store.Settings() and problem
    (private_config / "settings.json").write_text('{"variant": "partnership", "bots": ["greedy"]}')
    loaded, problem = settings_store.load()
    assert problem is None and loaded.bots == ("greedy", "greedy", "greedy")


async def test_quitting_keeps_the_game_and_the_next_start_resumes_it():
    app = make_app("allfives", seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        await play_heaviest(pilot, 3)
        before = snapshot(app)
        await pilot.press("q")
    assert room_path().exists()
    again = DominoApp(pause=0)
    async with again.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        assert the_room(again).seed == 5
        assert snapshot(again) == before
        assert again.table.query_one(HandView).tiles == the_game(again).hand(HUMAN)
        assert any("Welcome back" in str(n.title) for n in again._notifications)


async def test_a_damaged_save_gets_a_message_and_a_new_game():
    good = make_app("block", seed=5)
    async with good.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        await play_heaviest(pilot, 2)
    data = json.loads(room_path().read_text())
    moves = [e for e in data["entries"] if e["e"] == "move"]
    moves[1]["move"] = moves[0]["move"]  # a tile played twice
    room_path().write_text(json.dumps(data))
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        assert isinstance(app.screen, LineTable)
        assert any("could not be restored" in str(n.message) for n in app._notifications)
        assert not any(ev.seat == HUMAN for ev in the_game(app).history)  # a new game, none of your moves in it


async def test_the_table_follows_the_theme():
    app = make_app("classic", seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        hand = app.table.query_one(HandView)
        dark = hand.get_component_rich_style("hand--tile")
        app.theme = "textual-light"
        await pilot.pause()
        light = hand.get_component_rich_style("hand--tile")
        assert dark.color != light.color and dark.bgcolor != light.bgcolor


async def test_the_command_palette_starts_a_variant():
    app = make_app("classic", seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        first = app.game
        await pilot.press("ctrl+p")
        await pilot.press(*"Play All Fives")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await until(pilot, lambda: app.game is not first)
        await settle(pilot)
        assert isinstance(app.screen, LineTable)
        assert the_room(app).options.variant == "allfives"


OLD_PALETTE = {  # what the command palette offered at the local table before the rooms
    "Help: rules and keys",
    "Score sheet",
    "Pass",
    "Show or hide the move log",
    "Automatic draw or pass on/off",
    "Hint",
    "Undo",
    "Show or hide the tile tracker",
    "Undo on/off",
    "Review the last hand",
    "Statistics and recorded games",
    "Play online",
    "New game",
    *(f"Play {rules.title}" for rules in variants().values()),
}


@pytest.mark.parametrize("variant", ["classic", "block"])
async def test_the_palette_at_the_table_offers_what_the_old_one_did(variant):
    app = make_app(variant, seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        commands = {c.title: c for c in app.get_system_commands(table)}
        assert not OLD_PALETTE - set(commands), "the palette lost commands"
        assert ("Draw a tile" in commands) == the_match(app).rules.has_stock
        assert "Keys" not in commands  # Textual's key panel would take the board's room
        assert "Theme" in commands  # Textual's theme picker, whose choice the settings keep
        commands["Show or hide the move log"].callback()
        await pilot.pause()
        assert not table.has_class("-log-hidden")
        commands["Hint"].callback()
        await pilot.pause()
        assert table.query_one(HintPanel).wanted
        commands["Score sheet"].callback()
        await until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))
        await pilot.press("escape")
        commands["Help: rules and keys"].callback()
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await pilot.press("s")  # the score sheet's key, as the help and the tour say
        await until(pilot, lambda: isinstance(app.screen, ScoreSheetScreen))


async def test_a_game_that_ends_behind_the_help_shows_its_dialog_when_the_help_closes():
    """The end of a game heard while another screen is in front (the help here) is not lost: its dialog comes up
    when the table is in front again, once."""
    from domino_tui.tui.screens.over_dialog import GameOverScreen

    # Seed 18 gives you your last tile to play after 5 moves of your first legal play (12 in all); seed 2 after 18
    # (37 in all).
    app = make_app("classic", seed=18, bot="dummy")
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        client = app.game.clients[0]
        while True:
            await settle(pilot)
            game = the_game(app)
            legal = game.legal_moves()
            ends = [m for m in legal if m.kind is Kind.PLAY and len(game.hand(HUMAN)) == 1]
            if ends or game.over:
                break
            await type_keys(pilot, *keys_for(table, legal[0]))
        assert not game.over, "the seed gives you the last tile to play"
        app.action_help()
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await client.move(ends[0])  # your last tile, played while the help is in front
        await until(pilot, lambda: table.over is not None)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("escape")  # to look at the table: the dialog is not shown again on its own
        await until(pilot, lambda: app.screen is table)
        app.action_help()
        await until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is table)
        await pilot.pause()
        assert app.screen is table
