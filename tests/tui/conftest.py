"""Shared fixtures and helpers for the app tests: a private config dir, waiting for bots, choosing keys."""

from __future__ import annotations

import pytest

from domino_tui.engine import DRAW, PASS, End, Kind, Move
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.table import TableScreen


@pytest.fixture(autouse=True)
def private_config(tmp_path, monkeypatch):
    """Never read or write the real user's settings; no first-run tour over the table (the tour's own tests
    turn it back on)."""
    monkeypatch.setenv("DOMINO_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(DominoApp, "first_run_tour", False)
    monkeypatch.delenv("DOMINO_TUI_EXIT_AFTER_FIRST_FRAME", raising=False)
    return tmp_path / "config"


# The coach (hints, reviews) with a fixed number of guesses instead of a time budget: deterministic and quick.
COACH = {"budget": None, "samples": 8}


def make_app(variant: str = "classic", seed: int = 1, pause: float = 0.0, bot: str = "hyperskill") -> DominoApp:
    """An app with a fast, deterministic bot in every other seat (the searching levels use a clock)."""
    return DominoApp(variant=variant, seed=seed, pause=pause, opponents=(bot,), coach=COACH)


async def settle(pilot, limit: float = 10.0) -> None:
    """Wait until the bots have moved and it is your turn, or a screen over the table waits for you."""
    app = pilot.app
    waited = 0.0
    while waited < limit:
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, TableScreen):
            return
        if screen.session.game.over or (screen.thinking is None and screen.session.human_to_act):
            return
        await pilot.pause(0.01)
        waited += 0.01
    raise AssertionError("the bots never gave the turn back")


END_KEY = {End.LEFT: "left", End.RIGHT: "right", End.UP: "up", End.DOWN: "down"}


def keys_for(table: TableScreen, move: Move) -> list[str]:
    """The key presses that make ``move`` from a fresh turn (cursor anywhere)."""
    if move == DRAW:
        return ["d"]
    if move == PASS:
        return ["p"]
    assert move.kind is Kind.PLAY
    game = table.session.game
    index = game.hand(game.turn).index(move.tile)  # the seat to move: you, or whoever has the keyboard
    ends = {m.end for m in game.legal_moves() if m.kind is Kind.PLAY and m.tile == move.tile}
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


async def play_heaviest(pilot, moves: int) -> None:
    """Make ``moves`` of your moves by keys (the heaviest tile that fits, else draw or pass), bots between."""
    table = pilot.app.table
    await settle(pilot)
    for _ in range(moves):
        game = table.session.game
        if game.over:
            return
        legal = game.legal_moves()
        plays = [m for m in legal if m.kind is Kind.PLAY]
        move = max(plays, key=lambda m: (m.tile.pips, -int(m.end))) if plays else legal[0]
        await pilot.press(*keys_for(table, move))
        await settle(pilot)
