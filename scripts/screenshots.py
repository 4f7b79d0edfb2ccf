"""Drive the real app headless and write SVG screenshots to screenshots/ (the README shows them).

    python scripts/screenshots.py [--out screenshots] [--png]

Each picture is a seeded game at this keyboard, hosted by its room in the app's process and played at the room's
table through key presses (the room says which moves are legal), so running this again redraws the same tables.
``--png`` also writes PNG copies (rsvg-convert where it is installed, else cairosvg) for looking at them without
a browser.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from textual.pilot import Pilot

from domino_tui.engine import DRAW, End, Kind, TrainPlay
from domino_tui.net.room import Status
from domino_tui.tui.app import DominoApp
from domino_tui.tui.equal_plays import distinct
from domino_tui.tui.screens.line_table import LineTable
from domino_tui.tui.screens.over_dialog import GameOverScreen
from domino_tui.tui.screens.room_table import RoomTable
from domino_tui.tui.tile_keys import tile_key
from domino_tui.tui.train_words import train_key, trains_for

COACH = {"budget": None, "samples": 300}
GAMES = {  # variant: (seed, your moves before the picture)
    "classic": (4, 5),
    "block": (2, 4),
    "allfives": (8, 3),  # the spinner with both arms, and a tile in hand that would score
    "fivesandthrees": (3, 5),
    "partnership": (3, 3),
    "partnership9": (5, 4),
}
END_KEY = {End.LEFT: "left", End.RIGHT: "right", End.UP: "up", End.DOWN: "down"}


def table_of(app: DominoApp) -> RoomTable | None:
    """The table of the game at this keyboard (its room is made in a worker: none at first)."""
    return next((screen for screen in app.screen_stack if isinstance(screen, RoomTable)), None)


def caught_up(app: DominoApp, table: RoomTable) -> bool:
    """The table shows the room's latest position (the bots' moves reach it through its client)."""
    assert app.game is not None
    room, view = app.game.room.room, table.seat_view
    return view is not None and (view.match, view.game, view.position) == (
        room.matches,
        room.game_number,
        room.position,
    )


async def wait_for_turn(pilot) -> None:
    """Until the table shows your turn, or the deal is over (its dialog up), or another screen is in front."""
    app = pilot.app
    for _ in range(4000):
        await pilot.pause()
        table = table_of(app)
        if table is not None and app.game is not None:
            if app.screen is not table:
                return
            room = app.game.room.room
            if caught_up(app, table) and room.status is Status.PLAYING and table.my_turn:
                return
            if room.status is not Status.PLAYING and table.over is not None:
                await pilot.pause(0.1)  # the end's dialog
                return
        await pilot.pause(0.005)
    raise RuntimeError("the table never showed your turn")


def over(app: DominoApp) -> bool:
    return app.game is not None and app.game.room.room.status is not Status.PLAYING


def line_keys(app: DominoApp, table: LineTable) -> list[str]:
    """Your move by keys: the heaviest tile that fits (a sensible player), else draw or pass. The room says what
    is legal; the table's hand says where the tile is."""
    assert app.game is not None
    game = app.game.room.room.match.match.game  # type: ignore[union-attr]  # a line game in play
    legal = game.legal_moves()
    plays = [m for m in legal if m.kind is Kind.PLAY]
    if not plays:
        return ["d" if legal[0] == DRAW else "p"]
    move = max(plays, key=lambda m: (m.tile.pips, -int(m.end)))
    assert table.observation is not None
    index = table.observation.hand.index(move.tile)
    keys = [str((index + 1) % 10)] if index < 10 else ["right"] * index + ["enter"]
    ends = [m.end for m in plays if m.tile == move.tile]
    if len(distinct(game.board, move.tile, ends)) > 1:
        keys.append(END_KEY[move.end])
    return keys


def train_keys(app: DominoApp, table: RoomTable) -> list[str]:
    """Your heaviest tile (on your own train first) by its key, a train's key when it fits several."""
    assert app.game is not None
    state = app.game.room.room.match.match.round  # type: ignore[union-attr]  # a train round in play
    legal = state.legal_moves()
    plays = [m for m in legal if isinstance(m, TrainPlay)]
    if not plays:
        return ["d" if legal[0].kind is Kind.DRAW else "p"]
    move = max(plays, key=lambda m: (m.tile.pips, m.train == 0, -m.train))
    obs = table.observation
    assert obs is not None
    keys = [tile_key(obs.hand.index(move.tile))]
    if len(trains_for(obs, move.tile)) > 1:
        keys.append(train_key(obs.rules, move.train))
    return keys


async def finish_games(pilot: Pilot[None], games: int) -> None:
    """Play ``games`` whole games, each end dialog answered with its first choice (the next game)."""
    while games:
        if isinstance(pilot.app.screen, GameOverScreen):
            await pilot.press("enter")
            games -= 1
            await wait_for_turn(pilot)
        else:
            await play_one(pilot)


async def play_one(pilot) -> None:
    app = pilot.app
    table = table_of(app)
    assert table is not None
    keys = line_keys(app, table) if isinstance(table, LineTable) else train_keys(app, table)
    await pilot.press(*keys)
    await wait_for_turn(pilot)


def make_app(variant: str, seed: int, opponent: str = "hyperskill", players: int | None = None) -> DominoApp:
    # A bot without a clock, so that the same seed draws the same pictures; the coach too (a fixed number of
    # guesses instead of the Master's 0.6 s).
    return DominoApp(
        variant=variant, seed=seed, pause=0, save_settings=False, opponents=(opponent,), coach=COACH, players=players
    )


async def table_shot(
    out: Path,
    variant: str,
    size: tuple[int, int],
    name: str,
    game: tuple[int, int] | None = None,
    opponent: str = "hyperskill",
) -> None:
    seed, moves = game or GAMES[variant]
    app = make_app(variant, seed, opponent)
    async with app.run_test(size=size) as pilot:
        await wait_for_turn(pilot)
        for _ in range(moves):
            if over(app):
                break
            await play_one(pilot)
        await pilot.pause()
        app.save_screenshot(str(out / name))


async def screen_shot(
    out: Path,
    screen: str,
    size: tuple[int, int],
    name: str,
    variant: str = "allfives",
    opponent: str = "hyperskill",
    games: int = 0,
) -> None:
    """The screen over the table that ``screen`` names ("new-game", "help", "score-sheet"), as its key opens it,
    after ``games`` whole games and the variant's moves into the next."""
    seed, moves = GAMES[variant]
    app = make_app(variant, seed, opponent)
    async with app.run_test(size=size) as pilot:
        await wait_for_turn(pilot)
        await finish_games(pilot, games)
        for _ in range(moves):
            await play_one(pilot)
        await pilot.press({"new-game": "n", "help": "question_mark", "score-sheet": "s"}[screen])
        await pilot.pause(0.2)
        app.save_screenshot(str(out / name))


async def game_over_shot(out: Path, size: tuple[int, int], name: str) -> None:
    # All Fives, so that the summary shows points scored during play and the rounding of the out bonus (you go
    # out, the Computer holds 7 pips: 5).
    app = make_app("allfives", 9, "greedy")
    async with app.run_test(size=size) as pilot:
        await wait_for_turn(pilot)
        while not isinstance(app.screen, GameOverScreen):
            await play_one(pilot)
        await pilot.pause(0.2)
        app.save_screenshot(str(out / name))


async def coach_shot(
    out: Path, size: tuple[int, int], name: str, variant: str, key: str, game: tuple[int, int] | None = None
) -> None:
    """The hint (h), the tracker (t) after a few moves, or the review (r, from the end of the game's dialog) of a
    whole game."""
    seed, moves = game or GAMES[variant]
    app = make_app(variant, seed)
    async with app.run_test(size=size) as pilot:
        await wait_for_turn(pilot)
        while isinstance(app.screen, RoomTable) and not over(app) and (moves or key == "r"):
            await play_one(pilot)
            moves -= 1
        while key == "h" and 0 < len(app.game.room.room.match.legal_moves()) < 3:  # type: ignore[union-attr]
            await play_one(pilot)  # a hint worth a picture: several moves to rank
        await pilot.press(key)
        for _ in range(600):
            await pilot.pause(0.05)
            hint = app.screen.query("#hint")
            if key == "h" and hint and hint.first().ranking is not None:
                break
            if key == "r" and app.screen.has_class("-ready"):
                await pilot.press("down")
                break
            if key == "t":
                break
        await pilot.pause(0.2)
        app.save_screenshot(str(out / name))


async def train_shot(out: Path, players: int, seed: int, moves: int, size: tuple[int, int], name: str) -> None:
    """The Mexican Train table: your heaviest tile (on your own train first) by keys, a train's key when asked."""
    app = make_app("mexicantrain", seed, "greedy", players=players)
    async with app.run_test(size=size) as pilot:
        await wait_for_turn(pilot)
        for _ in range(moves):
            if over(app):
                break
            await play_one(pilot)
        await pilot.pause(0.2)
        app.save_screenshot(str(out / name))


async def tour_shot(out: Path, size: tuple[int, int], name: str) -> None:
    # The very first start (a fresh config directory): the tour over the table.
    from domino_tui.tui.screens.tour import TourScreen

    os.environ["DOMINO_TUI_CONFIG_DIR"] = tempfile.mkdtemp(prefix="domino-tui-tour-")
    app = DominoApp(variant="classic", seed=1, pause=0, opponents=("hyperskill",))
    async with app.run_test(size=size) as pilot:
        for _ in range(400):
            if isinstance(app.screen, TourScreen):
                break
            await pilot.pause(0.01)
        await pilot.pause(0.3)
        app.save_screenshot(str(out / name))


async def main(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    for variant in GAMES:
        await table_shot(out, variant, (120, 40), f"{variant}.svg")
    await table_shot(out, "classic", (80, 24), "classic-80x24.svg")
    await table_shot(out, "allfives", (80, 24), "allfives-80x24.svg")
    # The arms crowd the table at 80x24: tiles give way from the middle of an arm, with their count.
    await table_shot(out, "allfives", (80, 24), "allfives-crowded-80x24.svg", game=(6, 18), opponent="greedy")
    await table_shot(out, "partnership", (80, 24), "partnership-80x24.svg", game=(5, 4))
    # Against greedy: five of your six tiles would score, each with its points.
    for size in ((80, 24), (140, 40)):
        name = f"fivesandthrees-{size[0]}x{size[1]}.svg"
        await table_shot(out, "fivesandthrees", size, name, game=(1, 7), opponent="greedy")
    await screen_shot(out, "new-game", (120, 40), "new-game.svg", variant="partnership", opponent="Normal")
    await screen_shot(out, "help", (120, 40), "help.svg")
    # Two games over and the third in play: a row for each, and the totals.
    await screen_shot(out, "score-sheet", (120, 40), "score-sheet.svg", variant="partnership", games=2)
    await game_over_shot(out, (120, 40), "game-over.svg")
    await coach_shot(out, (120, 40), "hint.svg", "partnership", "h")
    # By then West has passed on 2s and 3s, East on 0s and 6s.
    await coach_shot(out, (120, 40), "tracker.svg", "partnership", "t", game=(6, 5))
    await coach_shot(out, (120, 40), "review.svg", "classic", "r")
    await tour_shot(out, (100, 30), "tour.svg")
    await train_shot(out, 4, 7, 5, (140, 40), "mexicantrain.svg")
    await train_shot(out, 8, 2, 3, (80, 24), "mexicantrain-8-80x24.svg")
    return sorted(out.glob("*.svg"))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent / "screenshots")
    parser.add_argument("--png", action="store_true", help="also write PNG copies next to the SVGs (cairosvg)")
    args = parser.parse_args()
    # Never touch the user's saved settings.
    os.environ["DOMINO_TUI_CONFIG_DIR"] = tempfile.mkdtemp(prefix="domino-tui-shots-")
    written = asyncio.run(main(args.out))
    for path in written:
        print(path)
        if args.png:
            # Without Fira Code here: a monospace font keeps the box drawing aligned in the preview.
            svg = path.read_text(encoding="utf-8").replace('"Fira Code"', '"DejaVu Sans Mono"')
            svg = svg.replace("Fira Code, monospace", "DejaVu Sans Mono, monospace")
            png = path.with_suffix(".png")
            if shutil.which("rsvg-convert"):
                subprocess.run(["rsvg-convert", "-o", str(png)], input=svg.encode(), check=True)
            else:
                import cairosvg

                cairosvg.svg2png(bytestring=svg.encode(), write_to=str(png))
    sys.exit(0)
