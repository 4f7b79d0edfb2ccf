"""What the table remembers and offers: theme, log, pause and automatic draw or pass kept in the settings;
one level for every opponent; a question before abandoning a match; the tour on the very first start."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
from textual.widgets import Checkbox, Input, Select

from domino_tui.engine import Kind
from domino_tui.tui import local_game
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.confirm import ConfirmScreen
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.tour import TourScreen
from domino_tui.tui.screens.train_table import TrainTable

from .conftest import HUMAN, keys_for, make_app, play_heaviest, settle, the_game, the_room
from .fast_input import type_keys
from .tablekeys_helpers import seated, until


def saved(config) -> dict:
    return json.loads((config / "settings.json").read_text())


async def test_theme_log_and_pause_are_remembered(private_config):
    app = make_app("block", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        first = app.game
        app.theme = "textual-light"
        await pilot.pause()
        await pilot.press("l")  # the log shown at 100 columns, by hand
        await pilot.pause()
        assert not app.table.has_class("-log-hidden")
        await pilot.press("n")
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#pause", Select).value = 1.2
        screen.query_one("#auto-pass", Checkbox).value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.game is not first)
        assert the_room(app).options.variant == "block"
    data = saved(private_config)
    assert data["theme"] == "textual-light" and data["show_log"] is True
    assert data["pause"] == 1.2 and data["auto_pass"] is True
    again = DominoApp()
    async with again.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: again.game is not None and isinstance(again.screen, LineTable))
        assert again.theme == "textual-light"
        assert again.pause == 1.2 and again.settings.auto_pass
        assert again.game.room.pace == 1.2  # the bots' pause is the room's pace
        assert not again.table.has_class("-log-hidden")


async def test_one_level_for_every_opponent():
    app = make_app("partnership", seed=1)
    async with app.run_test(size=(100, 40)) as pilot:
        await seated(pilot)
        first = app.game
        await pilot.press("n")
        screen = app.screen
        screen.query_one("#all-seats", Select).value = "greedy"
        await pilot.pause()
        assert [screen.query_one(f"#seat-{i}", Select).value for i in range(3)] == ["greedy"] * 3
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.game is not first)
        assert app.settings.bots == ("greedy",) * 3
        assert [s.level for s in the_room(app).seats[1:]] == ["greedy"] * 3


async def test_automatic_draw_when_it_is_the_only_move(private_config):
    private_config.mkdir(parents=True)
    (private_config / "settings.json").write_text('{"auto_pass": true}')
    app = DominoApp(variant="allfives", seed=1, pause=0, opponents=("greedy",))
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        table = app.table
        for _ in range(60):
            await settle(pilot)
            game = the_game(app)
            if game.over:
                break
            plays = [m for m in game.legal_moves() if m.kind is Kind.PLAY]
            if plays:  # only plays are ever keyed here: every draw or pass of yours is automatic
                await type_keys(pilot, *keys_for(table, plays[0]))
            else:
                position = the_room(app).position
                await until(pilot, lambda p=position: the_room(app).position != p)
        assert any(ev.seat == HUMAN and ev.kind is Kind.DRAW for ev in the_game(app).history)


async def test_abandoning_a_match_in_progress_asks_first():
    app = make_app("block", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        await play_heaviest(pilot, 2)
        first = app.game
        seed = the_room(app).seed
        for keys in (["n", "ctrl+s"],):  # a new game (a new deal of this one: the end dialog's Play again)
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen)
            await pilot.press("n")  # keep playing
            await pilot.pause()
            assert app.screen is app.table and app.game is first and the_room(app).seed == seed
        await pilot.press("n", "ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await until(pilot, lambda: app.game is not first and isinstance(app.screen, LineTable))
        await settle(pilot)
        assert not any(ev.seat == HUMAN for ev in the_game(app).history)


async def test_the_tour_shows_on_the_very_first_start_only(private_config, monkeypatch):
    monkeypatch.setattr(DominoApp, "first_run_tour", True)
    made = local_game.new_game

    async def slowly_made(*args, **kwargs):
        await asyncio.sleep(0.2)  # a slow disk: the room's table comes well after the first frame
        return await made(*args, **kwargs)

    monkeypatch.setattr(local_game, "new_game", slowly_made)
    app = DominoApp(pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TourScreen))
        assert isinstance(app.screen_stack[-2], LineTable)  # over the table, never under it
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LineTable)
    assert saved(private_config)["tour_seen"] is True
    again = DominoApp(pause=0)
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: again.game is not None and isinstance(again.screen, LineTable))
        await pilot.pause()
        assert again.settings.tour_seen and not any(isinstance(s, TourScreen) for s in again.screen_stack)


async def test_automatic_draw_or_pass_is_switched_from_the_palette(private_config):
    app = make_app("block", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await seated(pilot)
        await pilot.press("ctrl+p")
        await pilot.press(*"Automatic draw")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert app.settings.auto_pass
    assert saved(private_config)["auto_pass"] is True


async def test_the_number_fields_take_digits_only_and_answer_at_once():
    # Textual's integer field checked each key with a pattern that backtracks exponentially on a letter after a long
    # run of digits: 26 digits and an "x" kept the app busy for about half a minute (and 35 for ever).
    app = make_app("allfives", seed=1)  # a variant with a target
    async with app.run_test(size=(100, 40)) as pilot:
        await seated(pilot)
        await pilot.press("n")
        for field in ("seed", "target"):
            box = app.screen.query_one(f"#{field}", Input)
            box.value = ""
            box.focus()
            await type_keys(pilot, *"1234567890" * 3)  # typed: the pilot's press waits for the app after each key
            typed = box.value
            started = time.process_time()
            await type_keys(pilot, "x", "-", "٣")  # a letter, a sign, an Arabic-Indic three
            assert time.process_time() - started < 2
            assert box.value == typed and typed.isascii() and typed.isdigit()
        assert len(app.screen.query_one("#target", Input).value) == 6  # the longest target
        assert len(app.screen.query_one("#seed", Input).value) == 30


@pytest.mark.parametrize("size", [(80, 24), (140, 40)])
async def test_the_tour_over_a_mexican_train_table_names_its_parts_and_keys_whole(private_config, monkeypatch, size):
    """The first start at a Mexican Train table: the tour names the trains, the hub and the keys that pick a tile
    and a train (no end of a line, no All Fives score), every line of it inside the screen."""
    monkeypatch.setattr(DominoApp, "first_run_tour", True)
    app = DominoApp(variant="mexicantrain", players=2, pause=0)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TourScreen))
        assert isinstance(app.screen_stack[-2], TrainTable)
        text = app.screen.query_one("#tour-text")
        words = str(text.render())
        assert "Mexican train" in words and "choose an end" not in words and "All Fives" not in words
        # No line is cut or wrapped: the text's height is its lines and the padding under them (once laid out: on a
        # busy machine the first look can come before the layout).
        await until(
            pilot,
            lambda: (
                app.screen.region.contains_region(text.region) and text.region.height == len(words.splitlines()) + 1
            ),
        )
