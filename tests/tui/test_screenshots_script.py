"""scripts/screenshots.py draws the pictures of the README and screenshots/ again: the screens it opens over the
table (the new-game screen, the help, the score sheet) are in front when it saves them, and its end-of-hand
summary has every row of the breakdown. The whole script plays for most of a minute; these are its parts that open
a screen as its key does, and the hand it plays to its end."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.help import HelpScreen
from domino_tui.tui.screens.new_game import NewGameScreen
from domino_tui.tui.screens.score_sheet import ScoreSheetScreen

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "screenshots.py"


def the_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screenshots_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("screen", "shown"), [("new-game", NewGameScreen), ("help", HelpScreen), ("score-sheet", ScoreSheetScreen)]
)
async def test_the_screenshots_script_saves_each_screen_with_it_in_front(screen, shown, tmp_path, monkeypatch):
    saved: list[tuple[type, str]] = []
    monkeypatch.setattr(DominoApp, "save_screenshot", lambda app, path: saved.append((type(app.screen), path)))
    await the_script().screen_shot(tmp_path, screen, (80, 24), f"{screen}.svg")
    assert saved == [(shown, str(tmp_path / f"{screen}.svg"))]


async def test_the_screenshots_scripts_summary_shows_the_rounding_of_the_out_bonus(tmp_path, monkeypatch):
    # The README's summary picture is there to show every row of the breakdown, the rounding too.
    rows: list[tuple[str, ...]] = []

    def save_screenshot(app: DominoApp, path: str) -> None:
        rows.append(tuple(label for label, _ in app.screen.about.points))

    monkeypatch.setattr(DominoApp, "save_screenshot", save_screenshot)
    await the_script().game_over_shot(tmp_path, (120, 40), "game-over.svg")
    assert rows == [("Scored during play", "Out bonus", "Rounding", "This hand", "Match (to 150)")]
