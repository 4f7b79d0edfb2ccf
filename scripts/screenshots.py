"""Drive the real app headless and write SVG screenshots to screenshots/ (the README shows them).

    python scripts/screenshots.py [--out screenshots] [--png]

Each picture is a seeded game played through key presses, so running this again redraws the same tables.
``--png`` also writes PNG copies (needs cairosvg) for looking at them without a browser.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

from domino_tui.engine import Kind
from domino_tui.tui.app import DominoApp
from domino_tui.tui.screens.table import TableScreen
from domino_tui.tui.session import HUMAN

COACH = {"budget": None, "samples": 300}
GAMES = {  # variant: (seed, your moves before the picture)
    "classic": (4, 5),
    "block": (2, 4),
    "allfives": (7, 7),
    "fivesandthrees": (3, 5),
    "partnership": (3, 3),
    "partnership9": (5, 4),
}


async def wait_for_turn(pilot) -> None:
    for _ in range(2000):
        await pilot.pause()
        screen = pilot.app.screen
        if not isinstance(screen, TableScreen):
            return
        if screen.session.game.over or (screen.thinking is None and screen.session.human_to_act):
            return
        await pilot.pause(0.005)


async def play_one(pilot) -> None:
    """Your move by keys: the heaviest tile that fits (a sensible player), else draw or pass."""
    table = pilot.app.table
    game = table.session.game
    legal = game.legal_moves()
    plays = [m for m in legal if m.kind is Kind.PLAY]
    if plays:
        move = max(plays, key=lambda m: (m.tile.pips, -int(m.end)))
        index = game.hand(HUMAN).index(move.tile)
        keys = [str((index + 1) % 10)] if index < 10 else []
        ends = {m.end for m in plays if m.tile == move.tile}
        if len(ends) > 1:
            keys.append(move.end.label)
    else:
        keys = ["d" if legal[0].kind is Kind.DRAW else "p"]
    await pilot.press(*keys)
    await wait_for_turn(pilot)


def make_app(variant: str, seed: int, opponent: str = "hyperskill") -> DominoApp:
    # A bot without a clock, so that the same seed draws the same pictures; the coach too (a fixed number of
    # guesses instead of the Master's 0.6 s).
    return DominoApp(variant=variant, seed=seed, pause=0, save_settings=False, opponents=(opponent,), coach=COACH)


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
            if app.table.session.game.over:
                break
            await play_one(pilot)
        await pilot.pause()
        app.save_screenshot(str(out / name))


async def screen_shot(
    out: Path,
    keys: list[str],
    size: tuple[int, int],
    name: str,
    variant: str = "allfives",
    opponent: str = "hyperskill",
) -> None:
    seed, moves = GAMES[variant]
    app = make_app(variant, seed, opponent)
    async with app.run_test(size=size) as pilot:
        await wait_for_turn(pilot)
        for _ in range(moves):
            await play_one(pilot)
        await pilot.press(*keys)
        await pilot.pause(0.2)
        app.save_screenshot(str(out / name))


async def game_over_shot(out: Path, size: tuple[int, int], name: str) -> None:
    # All Fives, so that the summary shows points scored during play and the rounding of the out bonus.
    app = make_app("allfives", 1, "greedy")
    async with app.run_test(size=size) as pilot:
        await wait_for_turn(pilot)
        while isinstance(app.screen, TableScreen) and not app.table.session.game.over:
            await play_one(pilot)
        await pilot.pause(0.2)
        app.save_screenshot(str(out / name))


async def coach_shot(out: Path, size: tuple[int, int], name: str, variant: str, key: str) -> None:
    """The hint (h), the tracker (t) after a few moves, or the review (r) of a whole game."""
    seed, moves = GAMES[variant]
    app = make_app(variant, seed)
    async with app.run_test(size=size) as pilot:
        await wait_for_turn(pilot)
        while isinstance(app.screen, TableScreen) and not app.table.session.game.over and (moves or key == "r"):
            await play_one(pilot)
            moves -= 1
        while key == "h" and 0 < len(app.table.session.game.legal_moves()) < 3:
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
    from domino_tui.engine import TrainPlay
    from domino_tui.tui.screens.local_train_table import TrainTableScreen

    app = DominoApp(
        variant="mexicantrain", players=players, seed=seed, pause=0, save_settings=False, opponents=("greedy",)
    )
    async with app.run_test(size=size) as pilot:
        table = app.screen
        assert isinstance(table, TrainTableScreen)

        async def settle() -> None:
            for _ in range(2000):
                await pilot.pause()
                if table.session.round_over or (table.thinking is None and table.session.human_to_act):
                    return
                await pilot.pause(0.005)

        await settle()
        for _ in range(moves):
            session = table.session
            if session.round_over:
                break
            legal = session.legal()
            plays = [m for m in legal if isinstance(m, TrainPlay)]
            if plays:
                move = max(plays, key=lambda m: (m.tile.pips, m.train == 0, -m.train))
                index = session.hand(0).index(move.tile)
                keys = [str((index + 1) % 10)] if index < 10 else ["right"] * index + ["enter"]
                if len(session.trains_for(move.tile)) > 1:
                    keys.append(session.train_key_of(move.train))
            else:
                keys = ["d" if legal[0].kind is Kind.DRAW else "p"]
            await pilot.press(*keys)
            await settle()
        await pilot.pause(0.2)
        app.save_screenshot(str(out / name))


async def tour_shot(out: Path, size: tuple[int, int], name: str) -> None:
    # The very first start (a fresh config directory): the tour over the table.
    os.environ["DOMINO_TUI_CONFIG_DIR"] = tempfile.mkdtemp(prefix="domino-tui-tour-")
    app = DominoApp(variant="classic", seed=1, pause=0, opponents=("hyperskill",))
    async with app.run_test(size=size) as pilot:
        await pilot.pause(0.3)
        app.save_screenshot(str(out / name))


async def main(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    for variant in GAMES:
        await table_shot(out, variant, (120, 40), f"{variant}.svg")
    await table_shot(out, "classic", (80, 24), "classic-80x24.svg")
    await table_shot(out, "allfives", (80, 24), "allfives-80x24.svg")
    # The arms crowd the table at 80x24: tiles give way from the middle of an arm, with their count.
    await table_shot(out, "allfives", (80, 24), "allfives-crowded-80x24.svg", game=(1, 16), opponent="greedy")
    await table_shot(out, "partnership", (80, 24), "partnership-80x24.svg", game=(5, 4))
    await table_shot(out, "fivesandthrees", (80, 24), "fivesandthrees-80x24.svg", opponent="greedy")
    await table_shot(out, "fivesandthrees", (140, 40), "fivesandthrees-140x40.svg", opponent="greedy")
    await screen_shot(out, ["n"], (120, 40), "new-game.svg", variant="partnership", opponent="Normal")
    await screen_shot(out, ["question_mark"], (120, 40), "help.svg")
    await screen_shot(out, ["s"], (120, 40), "score-sheet.svg", variant="partnership")
    await game_over_shot(out, (120, 40), "game-over.svg")
    await coach_shot(out, (120, 40), "hint.svg", "partnership", "h")
    await coach_shot(out, (120, 40), "tracker.svg", "partnership", "t")
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
            import cairosvg

            # cairosvg has no Fira Code here: a monospace font keeps the box drawing aligned in the preview.
            svg = path.read_text(encoding="utf-8").replace('"Fira Code"', '"DejaVu Sans Mono"')
            svg = svg.replace("Fira Code, monospace", "DejaVu Sans Mono, monospace")
            cairosvg.svg2png(bytestring=svg.encode(), write_to=str(path.with_suffix(".png")))
    sys.exit(0)
