"""Graders of the plain mode written with Hyperskill's own framework, hs-test-python (module ``hstest``), from
the Hyperskill stage text: one StageTest per stage, each with several test cases.

A grader runs as Hyperskill runs one: in a fresh interpreter, from the folder that holds the learner's program,
every test case one after another in that same interpreter. hstest starts the program in-process (``runpy``),
replaces stdin, stdout and ``sys.exit``, and after each case deletes from ``sys.modules`` every module the case
imported, so that the next case imports the program afresh. The program is the file a learner would hand in,
``dominoes.py``, which passes its stage to ``domino-tui --plain``.

Whole games are checked screen by screen against a referee of the stage text's game kept here (`Table`), which
learns the deal from stage 1's printout for the same seed: so even the stage-5 computer's choices, made from
tiles you cannot see, are checked exactly. Games without a seed, as Hyperskill plays them, are checked screen
against screen by the pipe driver's `Referee`.

    python -m tests.plain.hyperskill_graders STAGE FOLDER

runs stage STAGE's grader with the program written into FOLDER, and exits with 0 when every case passed.
"""

from __future__ import annotations

import functools
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hstest import CheckResult, StageTest, TestCase, TestedProgram
from hstest.testing.settings import Settings

from .driver import (
    COMPUTER_TURN,
    COMPUTER_WON,
    DRAW,
    ENTER,
    GAME_OVER,
    HEADER,
    ILLEGAL,
    INVALID,
    JUNK,
    YOU_WON,
    YOUR_TURN,
    Pair,
    Referee,
    Screen,
    choose,
    parse_screen,
    read_deal,
    show_line,
    typed_number,
)

PROGRAM = '''\
"""The Dominoes project, stage {stage}: domino-tui's plain mode plays it."""
import runpy
import sys

if __name__ == "__main__":
    sys.argv[1:] = ["--plain", "--stage", "{stage}", *sys.argv[1:]]
    runpy.run_module("domino_tui", run_name="__main__")
'''
EXAMPLES = Path(__file__).parent / "seed000"
# The stage text's two stage-1 and stage-2 examples are the deals of these seeds.
EXAMPLE_SEEDS = {3: 1, 10: 2}
MOST_SCREENS = 400
STALEMATE = 8


def example(name: str) -> str:
    return EXAMPLES.joinpath(f"{name}.txt").read_text(encoding="utf-8").rstrip("\n") + "\n"


def finished(program: TestedProgram, limit: float = 10.0) -> bool:
    deadline = time.monotonic() + limit
    while not program.is_finished():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def screens(output: str) -> list[list[str]]:
    """The screens in ``output``, each as its rows from the header to the status."""
    rows = output.split("\n")
    assert rows[-1] == "", f"the output does not end with a new line: {output[-80:]!r}"
    found: list[list[str]] = []
    for row in rows[:-1]:
        if row == HEADER:
            found.append([])
        assert found, f"printed before the first header: {row!r}"
        found[-1].append(row)
    return found


def one_screen(output: str) -> Screen:
    shown = screens(output)
    assert len(shown) == 1, f"expected one screen, got {len(shown)}: {output!r}"
    assert shown[0][-1].startswith("Status: "), f"the screen does not end with its status: {output!r}"
    return parse_screen(shown[0])


# ----- the referee: the stage text's game, from the deal -----


@dataclass
class Table:
    """The whole table of one game, from the deal stage 1 prints: the stock (drawn from its end), both hands in
    the order they are numbered, the line, whose turn it is and, once over, the result's status line."""

    stage: int
    stock: list[Pair]
    hands: dict[str, list[Pair]]
    line: list[Pair]
    turn: str
    result: str | None = None
    moves: list[int] = field(default_factory=list)

    @classmethod
    def from_stage_one(cls, stage: int, printout: str) -> Table:
        stock, computer, player, line, first = read_deal(printout.splitlines())
        return cls(stage, stock, {"player": player, "computer": computer}, line, first)

    @property
    def ends(self) -> tuple[int, int]:
        return self.line[0][0], self.line[-1][1]

    def fits(self, piece: Pair, right: bool) -> bool:
        return self.stage == 3 or self.ends[right] in piece

    def allowed(self) -> list[int]:
        """The move numbers the player to move may make: any in range without rules (stage 3), from stage 4 a
        tile only on an end it matches. 0 (take a tile, or skip) is always allowed."""
        hand = self.hands[self.turn]
        numbers = [0]
        for k, piece in enumerate(hand, 1):
            numbers += [n for n, right in ((-k, False), (k, True)) if self.fits(piece, right)]
        return numbers

    def scoring_move(self) -> int:
        """Stage 5's computer: count each number in its hand and the line; try its tiles from the highest score
        down (equal scores in hand order), on the left end and then the right; else take a tile."""
        hand = self.hands["computer"]
        counts = [sum(p.count(n) for p in hand + self.line) for n in range(7)]
        ranked = sorted(range(len(hand)), key=lambda i: -(counts[hand[i][0]] + counts[hand[i][1]]))
        for i in ranked:
            for right in (False, True):
                if self.fits(hand[i], right):
                    return i + 1 if right else -(i + 1)
        return 0

    def apply(self, number: int) -> None:
        mover = self.turn
        hand = self.hands[mover]
        self.moves.append(number)
        if number == 0:
            if self.stock:
                hand.append(self.stock.pop())
        else:
            piece = hand.pop(abs(number) - 1)
            right = number > 0
            if self.stage >= 4:
                end = self.ends[right]
                other = piece[1] if piece[0] == end else piece[0]
                piece = (end, other) if right else (other, end)
            if right:
                self.line.append(piece)
            else:
                self.line.insert(0, piece)
        self.turn = "computer" if mover == "player" else "player"
        left, right_end = self.ends
        if number and not hand:
            self.result = YOU_WON if mover == "player" else COMPUTER_WON
        elif left == right_end and sum(p.count(left) for p in self.line) >= STALEMATE:
            self.result = DRAW
        elif self.stage >= 4 and not self.stock and not any(left in p or right_end in p for p in self.everyones()):
            self.result = DRAW  # nobody can ever play again: a blocked line is a draw

    def everyones(self) -> list[Pair]:
        return self.hands["player"] + self.hands["computer"]

    def screen(self) -> str:
        status = self.result or (YOUR_TURN if self.turn == "player" else COMPUTER_TURN)
        rows = [HEADER, f"Stock size: {len(self.stock)}", f"Computer pieces: {len(self.hands['computer'])}", ""]
        rows += [show_line(self.line), "", "Your pieces:"]
        rows += [f"{k}:[{a}, {b}]" for k, (a, b) in enumerate(self.hands["player"], 1)]
        return "\n".join([*rows, "", status]) + "\n"

    def copy(self) -> Table:
        hands = {who: list(h) for who, h in self.hands.items()}
        return Table(self.stage, list(self.stock), hands, list(self.line), self.turn, self.result, list(self.moves))


# ----- the graders -----


class PlainModeTest(StageTest):
    """What every stage's grader shares: its cases, and learning a seed's deal from stage 1."""

    stage = 0

    def cases(self) -> list[tuple[Callable[..., None], tuple[object, ...]]]:
        """(check, arguments) of each test case, in order."""
        raise NotImplementedError

    def generate(self) -> list[TestCase]:
        return [TestCase(dynamic_testing=functools.partial(self.run_case, check, args)) for check, args in self.cases()]

    @staticmethod
    def run_case(check: Callable[..., None], args: tuple[object, ...]) -> CheckResult:
        """A failed check (an AssertionError of the referees) is a wrong answer, with its reason."""
        try:
            check(*args)
        except AssertionError as exc:
            return CheckResult.wrong(f"{check.__name__}{args}: {exc}")
        return CheckResult.correct()

    def deal_of(self, seed: int) -> Table:
        """The table of ``seed``'s game, from stage 1's printout (the same seed deals the same in every stage)."""
        printout = TestedProgram().start("--stage", "1", "--seed", str(seed))
        return Table.from_stage_one(self.stage, printout)


class DealTest(PlainModeTest):
    """Stage 1: the full set split into the stock and two hands, the highest double laid, the other to move."""

    stage = 1

    def cases(self):
        return [
            *[(self.a_random_deal, ())] * 5,
            *[(self.the_stage_texts_example, item) for item in EXAMPLE_SEEDS.items()],
            (self.a_seed_deals_the_same_every_time, (77,)),
        ]

    def a_random_deal(self) -> None:
        program = TestedProgram()
        read_deal(program.start().splitlines())
        assert program.is_finished(), "stage 1 prints the deal and ends"

    def the_stage_texts_example(self, seed: int, n: int) -> None:
        program = TestedProgram()
        assert program.start("--seed", str(seed)) == example(f"stage1_example{n}")
        assert program.is_finished()

    def a_seed_deals_the_same_every_time(self, seed: int) -> None:
        first = TestedProgram().start("--seed", str(seed))
        assert TestedProgram().start("--seed", str(seed)) == first


class FirstScreenTest(PlainModeTest):
    """Stage 2: the first screen, and no more."""

    stage = 2

    def cases(self):
        return [
            *[(self.a_random_deal, ())] * 4,
            *[(self.the_stage_texts_example, item) for item in EXAMPLE_SEEDS.items()],
            *[(self.the_screen_shows_stage_ones_deal, (seed,)) for seed in (0, 5, 123456789)],
        ]

    def a_random_deal(self) -> None:
        program = TestedProgram()
        Referee(2).opening(one_screen(program.start()))
        assert program.is_finished(), "stage 2 prints one screen and ends"

    def the_stage_texts_example(self, seed: int, n: int) -> None:
        assert TestedProgram().start("--seed", str(seed)) == example(f"stage2_example{n}")

    def the_screen_shows_stage_ones_deal(self, seed: int) -> None:
        expected = self.deal_of(seed).screen()
        assert TestedProgram().start("--seed", str(seed)) == expected


class GameTest(PlainModeTest):
    """Stages 3 to 5: whole games played to their last screen, with mistakes typed on the way, from seeds
    (checked exactly by `Table`) and without (checked screen by screen); and input that ends mid-game."""

    def cases(self):
        return [
            *[(self.a_whole_game, (seed, careless)) for seed, careless in ((1, 0.0), (3, 0.1), (8, 0.1), (21, 0.3))],
            *[(self.a_whole_game, (seed, 0.7)) for seed in (4, 6)],
            *[(self.a_game_without_a_seed, ())] * 2,
            *[(self.input_ends_mid_game, args) for args in ((2, 0, False), (2, 1, True), (5, 4, False), (9, 7, True))],
        ]

    def a_whole_game(self, seed: int, careless: float) -> None:
        """One game of ``seed`` to its end. You make legal moves, but first, with chance ``careless`` each, you
        type things that are not moves and moves the rules forbid."""
        table = self.deal_of(seed)
        rng = random.Random(f"{self.stage} {seed}")
        program = TestedProgram()
        output = program.start("--seed", str(seed))
        assert output == table.screen(), f"the first screen:\n{output}"
        for _ in range(MOST_SCREENS):
            if table.result is not None:
                assert finished(program), "the program goes on after the last screen"
                return
            table = self.next_turn(program, table, rng, careless)
        raise AssertionError(f"no end after {MOST_SCREENS} screens")

    def a_game_without_a_seed(self) -> None:
        """As Hyperskill plays: no seed, so every screen is checked against the one before."""
        program = TestedProgram()
        rng = random.Random()
        referee = Referee(self.stage)
        screen = one_screen(program.start())
        referee.opening(screen)
        for _ in range(MOST_SCREENS):
            if screen.status in GAME_OVER:
                assert finished(program), "the program goes on after the last screen"
                return
            if screen.status == YOUR_TURN:
                number = choose(self.stage, screen, rng)
                after = one_screen(program.execute(str(number)))
                referee.your_move(screen, after, number)
            else:
                after = one_screen(program.execute(rng.choice(ENTER)))
                referee.computer_move(screen, after)
            screen = after
        raise AssertionError(f"no end after {MOST_SCREENS} screens")

    def input_ends_mid_game(self, seed: int, turns: int, junk: bool) -> None:
        """The input ends (a closed pipe, Ctrl-D) after ``turns`` turns, and after a line that is not a move when
        ``junk``: the program ends quietly, with no traceback and nothing more printed."""
        table = self.deal_of(seed)
        rng = random.Random(seed)
        program = TestedProgram()
        program.start("--seed", str(seed))
        for _ in range(turns):
            if table.result is None:
                table = self.next_turn(program, table, rng, 0.0)
        if junk and table.turn == "player" and table.result is None:
            assert program.execute("Hello") == INVALID + "\n"
        if table.result is not None:
            return
        Settings.allow_out_of_input = True  # the program sees the end of its input, as from a closed pipe
        try:
            program.execute(None)
            assert finished(program), "the program still waits after its input ended"
        finally:
            Settings.allow_out_of_input = False
        assert program.get_output() == "", "printed after its input ended"

    def next_turn(self, program: TestedProgram, table: Table, rng: random.Random, careless: float) -> Table:
        """Play the turn of whoever is to move and check the screen after it; the table after the turn."""
        if table.turn == "player":
            return self.your_turn(program, table, rng, careless)
        return self.computers_turn(program, table, rng)

    def your_turn(self, program: TestedProgram, table: Table, rng: random.Random, careless: float) -> Table:
        hand = len(table.hands["player"])
        while rng.random() < careless:
            typed = rng.choice(JUNK).format(over=hand + 1)
            assert program.execute(typed) == INVALID + "\n", f"after typing {typed!r}"
        forbidden = [n for n in range(-hand, hand + 1) if n not in table.allowed()]
        while forbidden and rng.random() < careless:
            number = rng.choice(forbidden)
            assert program.execute(str(number)) == ILLEGAL + "\n", f"after {number}, the ends {table.ends}"
        plays = [n for n in table.allowed() if n]
        number = rng.choice(plays) if plays and rng.random() < 0.9 else 0
        table.apply(number)
        output = program.execute(typed_number(number, rng))
        assert output == table.screen(), f"after your move {number}:\n{output}"
        return table

    def computers_turn(self, program: TestedProgram, table: Table, rng: random.Random) -> Table:
        """Press Enter; the computer's move must be one it may make: random in stages 3 and 4 (so any of them),
        the scoring computer's choice in stage 5."""
        output = program.execute(rng.choice(ENTER))
        if self.stage == 5:
            options = [table.scoring_move()]
        else:
            size = len(table.hands["computer"])
            options = list(range(-size, size + 1)) if self.stage == 3 else table.allowed()
        for number in options:
            after = table.copy()
            after.apply(number)
            if after.screen() == output:
                return after
        raise AssertionError(f"no move of the computer's among {options} leads to this screen:\n{output}")


class FreeGameTest(GameTest):
    """Stage 3: no rules; the computer plays a random number from -size to size."""

    stage = 3


class RuledGameTest(GameTest):
    """Stage 4: a tile must match the end and is turned to fit; the computer tries random numbers until one is
    legal."""

    stage = 4


class ScoringGameTest(GameTest):
    """Stage 5: the computer plays its tiles with the most common numbers first."""

    stage = 5


GRADERS: dict[int, type[PlainModeTest]] = {
    1: DealTest,
    2: FirstScreenTest,
    3: FreeGameTest,
    4: RuledGameTest,
    5: ScoringGameTest,
}


def main(argv: list[str]) -> int:
    stage, folder = int(argv[0]), Path(argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    folder.joinpath("dominoes.py").write_text(PROGRAM.format(stage=stage), encoding="utf-8")
    os.chdir(folder)
    code, feedback = GRADERS[stage]().run_tests()
    # Which kernel the cases ran on (imported only now: the cases must import the program themselves).
    from domino_tui.engine import core

    print(f"\nkernel: {'compiled' if core.COMPILED else 'interpreted'}\nresult: {feedback}")
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
