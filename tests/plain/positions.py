"""Hand-built tables for the plain-mode tests: the Hyperskill stage text's example positions, and a scripted
computer."""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Iterable
from pathlib import Path

from domino_tui.engine import DRAW, End, GameState, Move, Opening, Tile, get_rules
from domino_tui.plain.deal import FULL_SET, Deal, Pair
from domino_tui.plain.free import FreeTable
from domino_tui.plain.ruled import RuledTable
from domino_tui.plain.turns import Table, play

STAGE_TEXT_EXAMPLES = Path(__file__).parent / "stage_text_examples"


def pairs(text: str) -> list[Pair]:
    """``"[2, 5], [1, 2]"`` or ``"25 12"`` as pairs, in the order written (orientation kept)."""
    found = re.findall(r"\[(\d), ?(\d)\]", text) or re.findall(r"(\d)(\d)", text)
    return [(int(a), int(b)) for a, b in found]


def rest_of_set(*used: Iterable[Pair]) -> list[Pair]:
    """The tiles of the set not in ``used`` (either orientation), in set order."""
    taken = {tuple(sorted(p)) for group in used for p in group}
    return [p for p in FULL_SET if p not in taken]


def stage_text_example(name: str) -> tuple[str, list[str]]:
    """A transcript from the Hyperskill stage text split into what the program prints and what the user types
    (the ``> `` lines)."""
    rows = (STAGE_TEXT_EXAMPLES / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    if rows[-1].startswith(">"):
        rows.pop()  # the example stops at a read it leaves unanswered: our input ends there
    printed, typed = [], []
    for row in rows:
        if row.startswith(">"):
            typed.append(row[2:])
        else:
            printed.append(row)
    return "\n".join(printed) + "\n", typed


class ScriptedRandom(random.Random):
    """A computer whose random numbers are written in advance; running out of them is a test failure."""

    def __init__(self, numbers: Iterable[int]) -> None:
        super().__init__(0)
        self.numbers = list(numbers)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        number = self.numbers.pop(0)
        assert a <= number <= b, f"scripted {number} is outside {a}..{b}"
        return number


def transcript(table: Table, typed: Iterable[str]) -> str:
    """Everything the loop prints on ``table`` when the user types ``typed`` and then the input ends."""
    lines = iter(typed)
    out: list[str] = []

    def read() -> str:
        try:
            return next(lines) + "\n"
        except StopIteration:
            raise EOFError from None

    with contextlib.suppress(EOFError):
        play(table, read, out.append)
    return "".join(out)


def free_table(
    line: str, computer: str, player: str, stock: int | str, turn: int, numbers: Iterable[int] = ()
) -> FreeTable:
    """A stage-3 table; ``stock`` as a count takes that many of the unused tiles."""
    used = [pairs(line), pairs(computer), pairs(player)]
    rest = pairs(stock) if isinstance(stock, str) else rest_of_set(*used)[:stock]
    return FreeTable([used[2], used[1]], used[0], rest, turn, ScriptedRandom(numbers))


def stage_text_case_state(computer: str) -> GameState:
    """The Hyperskill stage text's stage-5 position: the line [4, 4][4, 2][2, 1][1, 0][0, 0][0, 2], the computer holding
    ``computer`` (three tiles) and to move, you holding [2, 2] [3, 3] [5, 5] [6, 6] [4, 5] [3, 6] [5, 6] in that
    order, 12 in the stock.

    Your [5, 5] and [6, 6] sit among tiles you were dealt, so the highest double cannot have opened: the computer
    leads [4, 4] here instead, and [3, 6] and [5, 6] are the two tiles you drew."""
    played_by_computer = pairs("44 12 00 02")
    held = pairs(computer)
    player = pairs("22 33 55 66 45 24 01")
    drawn = pairs("56 36")  # drawn from the end: [3, 6] first
    stock = rest_of_set(played_by_computer, held, player, drawn) + drawn
    hands = [[Tile(*p) for p in player], [Tile(*p) for p in played_by_computer + held]]
    state = GameState(get_rules("classic"), hands, [Tile(*p) for p in stock], Opening(1))
    right = End.RIGHT
    for move in (
        Move.play(Tile(4, 4)),
        Move.play(Tile(2, 4), right),
        Move.play(Tile(1, 2), right),
        Move.play(Tile(0, 1), right),
        Move.play(Tile(0, 0), right),
        DRAW,
        Move.play(Tile(0, 2), right),
        DRAW,
    ):
        state.apply(move)
    return state


def ruled_from_deal(player: str, computer: str, stock: str | None = None, scoring: bool = False, seed: int = 0):
    """A stage-4/5 table dealt ``player`` and ``computer`` (before the opening); the stock is the rest."""
    hands = [pairs(player), pairs(computer)]
    rest = pairs(stock) if stock is not None else rest_of_set(*hands)
    return RuledTable.from_deal(Deal(hands[0], hands[1], rest), random.Random(seed), scoring)
