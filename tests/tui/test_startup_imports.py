"""The first frame loads only what it shows: the record of games (sqlite3), the coach's ranking and review, the
network's client and server and the screens over the table are imported when first used, not at start-up (the
start-up benchmark, benchmarks/tui_startup.py, times what this keeps from growing back)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

# Modules the first frame does not need; each costs start-up time when imported early.
DEFERRED = (
    "sqlite3",
    "domino_tui.records",
    "domino_tui.coach.hint",
    "domino_tui.coach.review",
    # A game at this keyboard is a room in the app's process (net.room); the network itself waits for play online.
    "domino_tui.net.client",
    "domino_tui.net.server",
    "websockets",
    "textual.widgets._markdown",
    "domino_tui.tui.screens.help",
    "domino_tui.tui.screens.new_game",
    "domino_tui.tui.screens.review",
    "domino_tui.tui.screens.stats",
    "domino_tui.tui.screens.replay",
    # The end of a deal's dialogs and the score sheet (with Textual's DataTable) wait until a deal ends.
    "domino_tui.tui.screens.over_dialog",
    "domino_tui.tui.screens.score_sheet",
    "textual.widgets._data_table",
    # The move log, a RichLog, until it is first shown: at 80 columns it is not (rich.pretty imports attrs).
    "domino_tui.tui.widgets.move_log",
    "rich.pretty",
    "attr",
    # The bots and their search, until the first one moves (with this deal you lead); the room checks its seats
    # by name (the bot registry, which imports none of them). The tile tracker, which reads the hands as the
    # expert does, until it is shown.
    "domino_tui.ai",
    "domino_tui.ai.base",
    "domino_tui.coach.tracker",
)

# The real app, started as `python -m domino_tui` starts it, in Textual's headless driver: the modules loaded
# once its first screen is up.
# The game is a room in the app's process, made in a worker: the frame waits for its table (under the first-run
# tour, which may be in front of it).
FIRST_FRAME = """
import asyncio, json, sys
from domino_tui.tui.app import DominoApp

async def main():
    app = DominoApp(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(2000):
            if any(type(s).__name__ == "LineTable" for s in app.screen_stack):
                break
            await pilot.pause()
            await asyncio.sleep(0.005)
        print(json.dumps(sorted(sys.modules)))

asyncio.run(main())
"""


def test_the_first_frame_imports_nothing_it_does_not_show(tmp_path: Path) -> None:
    env = dict(os.environ, DOMINO_TUI_CONFIG_DIR=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME], env=env, capture_output=True, text=True, timeout=120, check=True
    )
    loaded = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "domino_tui.tui.screens.line_table" in loaded  # the frame was the table's
    early = [name for name in DEFERRED if name in loaded]
    assert early == []
