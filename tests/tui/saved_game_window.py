"""Another domino-tui window for the tests of who owns the saved game: the app, headless, in a process of its own
(``python -m tests.tui.saved_game_window``, its config folder in DOMINO_TUI_CONFIG_DIR). Once its table is up it
prints its room's code and plays on until a line (or the end) comes on its standard input; a test may kill it
instead."""

from __future__ import annotations

import asyncio
import sys

from domino_tui.tui.app import DominoApp


async def main() -> None:
    DominoApp.first_run_tour = False
    app = DominoApp(pause=0, opponents=("greedy",))
    async with app.run_test(size=(100, 30)) as pilot:
        while app.game is None or app.screen is app.screen_stack[0]:  # the room made and its table up
            await pilot.pause()
            await asyncio.sleep(0.01)
        print(app.game.room.room.code, flush=True)
        await asyncio.to_thread(sys.stdin.readline)


if __name__ == "__main__":
    asyncio.run(main())
