"""Another domino-tui window for the tests of who owns the saved game: the app, headless, in a process of its own
(``python -m tests.tui.saved_game_window [MOVES [SEED]]``, its config folder in DOMINO_TUI_CONFIG_DIR). Once its
table is up it makes MOVES moves of yours (none unless given) in a match dealt from SEED (a new deal unless given;
a deal that gives you no draw before your first turn stays a match not in progress), prints its room's code and
plays on until a line (or the end) comes on its standard input, then quits as a player does; a test may kill it
instead."""

from __future__ import annotations

import asyncio
import sys

from domino_tui.tui.app import DominoApp

from .conftest import play_heaviest


async def main(moves: int, seed: int | None) -> None:
    DominoApp.first_run_tour = False
    app = DominoApp(pause=0, opponents=("greedy",), seed=seed)
    async with app.run_test(size=(100, 30)) as pilot:
        while app.game is None or app.screen is app.screen_stack[0]:  # the room made and its table up
            await pilot.pause()
            await asyncio.sleep(0.01)
        if moves:
            await play_heaviest(pilot, moves)
        await app.game.room.store.drain()  # every move on disk before the test reads the file
        print(app.game.room.room.code, flush=True)
        await asyncio.to_thread(sys.stdin.readline)


if __name__ == "__main__":
    numbers = [int(arg) for arg in sys.argv[1:3]]
    asyncio.run(main(*numbers[:1] or [0], *numbers[1:] or [None]))
