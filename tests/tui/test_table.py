"""The table's behaviour: illegal choices, resizing, a slow bot, settings, the small-terminal message."""

from __future__ import annotations

import json
import threading

from domino_tui.tui.screens.table import TableScreen
from domino_tui.tui.session import HUMAN

from domino_tui.ai import Bot
from domino_tui.engine import Kind, Observation
from domino_tui.tui import settings as settings_store
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.help import HelpScreen
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.widgets.hand import HandView

from .conftest import make_app, play_heaviest, reach_a_choice, settle


def snapshot(table: TableScreen):
    game = table.session.game
    return game.to_json(), game.turn, game.hand(HUMAN)


def message(table: TableScreen) -> str:
    return str(table.query_one("#message").render())


async def test_a_tile_that_does_not_fit_gets_a_message_and_changes_nothing():
    app = make_app("block", seed=4)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.table
        # Play until you hold a tile that fits nowhere.
        for _ in range(30):
            game = table.session.game
            fits = game.playable_places(HUMAN)
            stuck = [i for i in range(len(game.hands[HUMAN])) if i not in fits]
            if stuck and not game.board.empty:
                break
            move = next(m for m in game.legal_moves() if m.kind is Kind.PLAY)
            await pilot.press(str(game.hand(HUMAN).index(move.tile) + 1))
            if table.choosing:
                await pilot.press("left" if move.end == 0 else "right")
            await settle(pilot)
        assert stuck, "the seed should give a tile that does not fit"
        before = snapshot(table)
        await pilot.press(str(stuck[0] + 1))
        assert "does not fit" in message(table)
        assert table.query_one("#message").has_class("-error")
        assert snapshot(table) == before


async def test_draw_does_nothing_where_there_is_no_stock():
    app = make_app("partnership", seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        before = snapshot(app.table)
        await pilot.press("d")
        assert snapshot(app.table) == before


async def test_passing_while_holding_a_playable_tile_is_refused():
    app = make_app("block", seed=6)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.table
        assert table.session.game.playable(HUMAN)
        before = snapshot(table)
        await pilot.press("p")
        assert "must play" in message(table)
        assert snapshot(table) == before


async def test_choosing_an_end_and_cancelling_changes_nothing():
    app = make_app("allfives", seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.table
        tile = await reach_a_choice(pilot)
        game = table.session.game
        before = snapshot(table)
        await pilot.press(str(game.hand(HUMAN).index(tile) + 1))
        assert table.choosing is not None and "where?" in message(table)
        await pilot.press("escape")
        assert table.choosing is None
        assert snapshot(table) == before


async def test_resizing_mid_game_keeps_the_game():
    app = make_app("partnership9", seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = app.table
        move = table.session.game.legal_moves()[0]
        await pilot.press(str(table.session.game.hand(HUMAN).index(move.tile) + 1), "left")
        await settle(pilot)
        before = snapshot(table)
        for size in [(80, 24), (50, 15), (200, 60), (64, 20), (120, 40)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert snapshot(table) == before
            assert table.has_class("-too-small") == (size in ((50, 15), (64, 20)))
        too_small = str(table.query_one("#too-small").render())
        assert "needs at least" in too_small
        assert isinstance(app.screen, TableScreen)


async def test_too_small_terminal_says_so_and_ignores_game_keys():
    app = make_app("classic", seed=2)
    async with app.run_test(size=(40, 12)) as pilot:
        await settle(pilot)
        table = app.table
        assert table.has_class("-too-small")
        assert "40x12" in str(table.query_one("#too-small").render())
        before = snapshot(table)
        await pilot.press("1", "enter", "d")
        assert snapshot(table) == before


class SlowBot(Bot):
    """Blocks until released, like a searching bot that thinks for a long time."""

    name = "slow"

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.thinking = threading.Event()

    def choose(self, obs: Observation) -> object:
        self.thinking.set()
        self.release.wait(10)
        return obs.legal[0]


async def test_keys_work_while_a_slow_bot_thinks():
    app = make_app("block", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.table
        slow = SlowBot()
        table.session.bots[1] = slow
        move = next(m for m in table.session.game.legal_moves() if m.kind is Kind.PLAY)
        await pilot.press(str(table.session.game.hand(HUMAN).index(move.tile) + 1))
        await pilot.pause(0.1)
        assert slow.thinking.wait(5)
        assert table.thinking == 1
        assert "thinking" in str(table.query_one("#status").render())
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        hand = table.query_one(HandView)
        await pilot.press("1")  # not your turn: a message, nothing played
        assert "Wait" in message(table)
        slow.release.set()
        await settle(pilot)
        assert table.thinking is None
        assert table.session.game.history[-1].seat == 1 or table.session.game.over
        assert hand.tiles == table.session.game.hand(HUMAN)


async def test_new_game_screen_starts_the_chosen_match_and_remembers_it(private_config):
    app = make_app("classic", seed=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
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
        await settle(pilot)
        session = app.table.session
        assert session.rules.name == "partnership" and session.seed == 9 and session.match.target == 50
    saved = json.loads((private_config / "settings.json").read_text())
    assert saved["variant"] == "partnership" and saved["target"] == 50 and saved["seed"] is None
    again = DominoApp(pause=0)
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert again.table.session.rules.name == "partnership"


async def test_a_corrupt_settings_file_gets_a_notice_and_the_defaults(private_config):
    private_config.mkdir(parents=True)
    (private_config / "settings.json").write_text("{not json")
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert app.table.session.rules.name == "classic"
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


class BrokenBot(Bot):
    name = "broken"

    def choose(self, obs: Observation) -> object:
        raise RuntimeError("bug in a bot")


async def test_a_broken_bot_loses_its_turn_and_the_game_goes_on():
    app = make_app("block", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        table = app.table
        table.session.bots[1] = BrokenBot()
        move = next(m for m in table.session.game.legal_moves() if m.kind is Kind.PLAY)
        await pilot.press(str(table.session.game.hand(HUMAN).index(move.tile) + 1))
        await settle(pilot)
        assert table.session.game.history[-1].forced
        assert table.session.human_to_act and isinstance(app.screen, TableScreen)


async def test_quitting_keeps_the_game_and_the_next_start_resumes_it(private_config):
    app = make_app("allfives", seed=5)
    async with app.run_test(size=(100, 30)) as pilot:
        await play_heaviest(pilot, 3)
        before = snapshot(app.table)
        await pilot.press("q")
    assert (private_config / "game.json").exists()
    again = DominoApp(pause=0)
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert again.table.session.seed == 5
        assert snapshot(again.table) == before
        assert any("Welcome back" in str(n.title) for n in again._notifications)


async def test_a_damaged_save_gets_a_message_and_a_new_game(private_config):
    private_config.mkdir(parents=True)
    good = make_app("block", seed=5)
    async with good.run_test(size=(100, 30)) as pilot:
        await play_heaviest(pilot, 2)
    data = json.loads((private_config / "game.json").read_text())
    data["games"][0]["hands"][0][0] = [6, 6]  # a deal the seed never made
    (private_config / "game.json").write_text(json.dumps(data))
    app = DominoApp(pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert any("could not be restored" in str(n.message) for n in app._notifications)


async def test_the_table_follows_the_theme():
    app = make_app("classic", seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        hand = app.table.query_one(HandView)
        dark = hand.get_component_rich_style("hand--tile")
        app.theme = "textual-light"
        await pilot.pause()
        light = hand.get_component_rich_style("hand--tile")
        assert dark.color != light.color and dark.bgcolor != light.bgcolor


async def test_the_command_palette_starts_a_variant():
    app = make_app("classic", seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.press(*"Play All Fives")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.table.session.rules.name == "allfives"
