"""A grader for seed 000's plain mode: it plays whole games through pipes, answering each screen from what it
reads, and checks every screen against the one before.

``python -m tests.plain.driver`` (from the repository root) rewrites the golden transcripts in ``golden/`` from
games played this way; review the diff before committing it.
"""

from __future__ import annotations

import itertools
import random
import re
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
HEADER = "=" * 70
INVALID = "Invalid input. Please try again."
ILLEGAL = "Illegal move. Please try again."
YOUR_TURN = "Status: It's your turn to make a move. Enter your command."
COMPUTER_TURN = "Status: Computer is about to make a move. Press Enter to continue..."
YOU_WON = "Status: The game is over. You won!"
COMPUTER_WON = "Status: The game is over. The computer won!"
DRAW = "Status: The game is over. It's a draw!"
GAME_OVER = (YOU_WON, COMPUTER_WON, DRAW)
TILES = 28
TILE = r"\[(\d), (\d)\]"
SNAKE = re.compile(rf"((?:{TILE})+)(?:\.\.\.((?:{TILE}){{3}}))?")
# What a tester might type by mistake on its turn; every one must get INVALID. ``{over}`` is one past the hand.
JUNK = ["", "   ", "Hello", "3.5", "1e3", "٣", "1 2", "--1", "+", "x" * 300, "{over}", "-{over}", "99999999999"]
ENTER = ["", "ok", "Hello", "5", "-3", "   "]

Pair = tuple[int, int]


def tiles_in(text: str) -> list[Pair]:
    return [(int(a), int(b)) for a, b in re.findall(TILE, text)]


def show_line(line: list[Pair]) -> str:
    shown = line if len(line) <= 6 else [*line[:3], None, *line[-3:]]
    return "".join("..." if p is None else f"[{p[0]}, {p[1]}]" for p in shown)


@dataclass
class Screen:
    stock: int
    computer: int
    head: list[Pair]  # the whole line, or its first three tiles when the middle is elided
    tail: list[Pair]  # its last three tiles when elided, else empty
    hand: list[Pair]
    status: str

    @property
    def elided(self) -> bool:
        return bool(self.tail)

    @property
    def ends(self) -> tuple[int, int]:
        return self.head[0][0], (self.tail or self.head)[-1][1]

    def line_text(self) -> str:
        return show_line(self.head) if not self.tail else show_line([*self.head, (9, 9), *self.tail])


def parse_screen(rows: list[str]) -> Screen:
    """One screen, read strictly: any stray character fails the test with the row it is in."""
    assert rows[0] == HEADER, f"header: {rows[0]!r}"
    stock = re.fullmatch(r"Stock size: (\d+)", rows[1])
    computer = re.fullmatch(r"Computer pieces: (\d+)", rows[2])
    assert stock and computer, rows[1:3]
    assert rows[3] == "" and rows[5] == "" and rows[6] == "Your pieces:", rows[3:7]
    snake = SNAKE.fullmatch(rows[4])
    assert snake, f"line of tiles: {rows[4]!r}"
    head, tail = tiles_in(snake.group(1)), tiles_in(snake.group(4) or "")
    assert not tail or len(head) == 3, f"elided line must show three tiles each side: {rows[4]!r}"
    hand = []
    for number, row in enumerate(rows[7:-2], 1):
        assert re.fullmatch(rf"{number}:{TILE}", row), f"hand row {number}: {row!r}"
        hand.extend(tiles_in(row))
    assert rows[-2] == "", rows[-2:]
    assert rows[-1] in (YOUR_TURN, COMPUTER_TURN, *GAME_OVER), f"status: {rows[-1]!r}"
    return Screen(int(stock.group(1)), int(computer.group(1)), head, tail, hand, rows[-1])


class Pipe:
    """The program under test, spoken to line by line; everything it prints and everything typed is kept."""

    def __init__(self, stage: int, seed: int, timeout: float = 60) -> None:
        cmd = [sys.executable, "-m", "domino_tui", "--plain", "--stage", str(stage), "--seed", str(seed)]
        self.proc = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8"
        )
        self.watchdog = threading.Timer(timeout, self.proc.kill)
        self.watchdog.start()
        self.printed: list[str] = []
        self.typed: list[str] = []

    def row(self) -> str:
        line = self.proc.stdout.readline()  # type: ignore[union-attr]
        assert line.endswith("\n"), f"output ended mid-row or too early: {line!r} after {self.printed[-3:]!r}"
        self.printed.append(line)
        return line[:-1]

    def screen(self, first: str | None = None) -> Screen:
        rows = [self.row() if first is None else first]
        while not rows[-1].startswith("Status: "):
            rows.append(self.row())
        return parse_screen(rows)

    def send(self, line: str) -> None:
        self.typed.append(line)
        self.proc.stdin.write(line + "\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]

    def finish(self) -> str:
        """After the last screen: nothing more printed, a clean exit, a silent stderr. Returns the transcript."""
        rest = self.proc.stdout.read()  # type: ignore[union-attr]
        assert rest == "", f"printed after the game: {rest[:200]!r}"
        code = self.proc.wait()
        err = self.proc.stderr.read()  # type: ignore[union-attr]
        self.watchdog.cancel()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            stream.close()  # type: ignore[union-attr]
        assert code == 0 and err == "", (code, err)
        return "".join(self.printed)


class Referee:
    """What each screen must be, given the one before and the move in between."""

    def __init__(self, stage: int) -> None:
        self.stage = stage
        self.line_len = 1

    def check(self, s: Screen) -> None:
        assert TILES - s.stock - s.computer - len(s.hand) == self.line_len, f"tiles do not add up to {TILES}: {s}"
        assert s.elided == (self.line_len > 6), s
        if not s.elided:
            assert len(s.head) == self.line_len
        if self.stage >= 4:
            for part in (s.head, s.tail):
                for a, b in itertools.pairwise(part):
                    assert a[1] == b[0], f"touching numbers differ in {s.line_text()}"

    def opening(self, s: Screen) -> None:
        self.check(s)
        (double,) = s.head
        assert double[0] == double[1], s
        if len(s.hand) == 6:
            assert s.computer == 7 and s.status == COMPUTER_TURN, s
        else:
            assert len(s.hand) == 7 and s.computer == 6 and s.status == YOUR_TURN, s
            assert all(a < double[0] for a, b in s.hand if a == b), f"you held a higher double than {double}"

    def placed(self, before: Screen, tile: Pair, right: bool) -> Pair:
        """How ``tile`` shows once placed: as it lies in stage 3, turned to match from stage 4."""
        if self.stage == 3:
            return tile
        end = before.ends[1] if right else before.ends[0]
        assert end in tile, f"{tile} does not fit {end}"
        other = tile[1] if tile[0] == end else tile[0]
        return (end, other) if right else (other, end)

    def line_after(self, before: Screen, after: Screen, new: Pair, right: bool) -> bool:
        """Does ``after`` show ``before``'s line with ``new`` added at one end?"""
        if not before.elided:
            line = [*before.head, new] if right else [new, *before.head]
            return after.line_text() == show_line(line)
        if right:
            return after.head == before.head and after.tail == [*before.tail[1:], new]
        return after.tail == before.tail and after.head == [new, *before.head[:2]]

    def status_after(self, s: Screen, mover_is_you: bool) -> None:
        if s.status == YOU_WON:
            assert not s.hand and mover_is_you, s
        elif s.status == COMPUTER_WON:
            assert s.computer == 0 and not mover_is_you, s
        elif s.status == DRAW:
            assert s.hand and s.computer, s
            left, right = s.ends
            if left != right:  # not the eight-of-a-number stalemate, so it must be a blocked line
                assert self.stage >= 4 and s.stock == 0, s
                assert not any(left in t or right in t for t in s.hand), f"you could still play: {s}"
        else:
            assert s.hand and s.computer, s
            assert s.status == (COMPUTER_TURN if mover_is_you else YOUR_TURN), s

    def your_move(self, before: Screen, after: Screen, number: int) -> None:
        if number == 0:
            if before.stock:
                assert after.stock == before.stock - 1 and after.hand[:-1] == before.hand, (before, after)
                assert len(after.hand) == len(before.hand) + 1
            else:
                assert (after.stock, after.hand) == (0, before.hand), (before, after)
            assert after.line_text() == before.line_text()
        else:
            k = abs(number) - 1
            assert after.hand == before.hand[:k] + before.hand[k + 1 :], (before, after)
            assert after.stock == before.stock
            new = self.placed(before, before.hand[k], number > 0)
            assert self.line_after(before, after, new, number > 0), (number, before, after)
            self.line_len += 1
        assert after.computer == before.computer
        self.check(after)
        self.status_after(after, mover_is_you=True)

    def computer_move(self, before: Screen, after: Screen) -> None:
        assert after.hand == before.hand
        if after.computer == before.computer - 1:
            assert after.stock == before.stock
            self.line_len += 1
            fitted = []
            for right in (False, True):
                new = (after.tail or after.head)[-1] if right else after.head[0]
                try:
                    placed = self.placed(before, new, right)
                except AssertionError:
                    continue
                fitted.append(self.line_after(before, after, placed, right))
            assert any(fitted), f"the computer's tile is not where it may go: {before} -> {after}"
        elif after.computer == before.computer + 1:
            assert after.stock == before.stock - 1 and after.line_text() == before.line_text()
        else:
            assert after.computer == before.computer and after.stock == before.stock == 0, (before, after)
            assert after.line_text() == before.line_text()
        self.check(after)
        self.status_after(after, mover_is_you=False)


def fits(tile: Pair, end: int) -> bool:
    return end in tile


def typed_number(number: int, rng: random.Random) -> str:
    """A move as a tester might type it: mostly plain, sometimes padded, signed or zero-led."""
    roll = rng.random()
    if roll < 0.1:
        return f"  {number} "
    if roll < 0.15 and number > 0:
        return f"+{number}"
    if roll < 0.2:
        return ("-0" if number < 0 else "0") + str(abs(number))
    return str(number)


def choose(stage: int, s: Screen, rng: random.Random) -> int:
    n = len(s.hand)
    if stage == 3:
        return 0 if rng.random() < 0.15 else rng.choice([k for k in range(-n, n + 1) if k])
    left, right = s.ends
    legal = [-k for k, t in enumerate(s.hand, 1) if fits(t, left)] + [
        k for k, t in enumerate(s.hand, 1) if fits(t, right)
    ]
    return rng.choice(legal) if legal and rng.random() > 0.1 else 0


def illegal(s: Screen) -> list[int]:
    left, right = s.ends
    return [-k for k, t in enumerate(s.hand, 1) if not fits(t, left)] + [
        k for k, t in enumerate(s.hand, 1) if not fits(t, right)
    ]


def play_stage_one_or_two(stage: int, seed: int) -> tuple[list[str], str]:
    pipe = Pipe(stage, seed)
    if stage == 2:
        s = pipe.screen()
        Referee(stage).opening(s)
        return [], pipe.finish()
    read_deal([pipe.row() for _ in range(5)])
    return [], pipe.finish()


def read_deal(rows: list[str]) -> tuple[list[Pair], list[Pair], list[Pair], list[Pair], str]:
    """Stage 1's five rows, read strictly: (stock, computer's pieces, yours, the line, who moves first)."""
    names = ["Stock pieces", "Computer pieces", "Player pieces", "Domino snake", "Status"]
    parts = [row.split(": ", 1) for row in rows]
    assert [p[0] for p in parts] == names, rows
    stock, computer, player, snake = (tiles_in(p[1]) for p in parts[:4])
    for (_, shown), tiles in zip(parts[:4], (stock, computer, player, snake), strict=True):
        assert shown == "[" + ", ".join(f"[{a}, {b}]" for a, b in tiles) + "]", shown
    everything = stock + computer + player + snake
    assert len(set(everything)) == len(everything) == TILES and all(a <= b for a, b in everything)
    assert len(stock) == 14 and len(snake) == 1 and snake[0][0] == snake[0][1]
    assert parts[4][1] == ("computer" if len(player) == 6 else "player") and {len(player), len(computer)} == {6, 7}
    double = snake[0][0]
    assert all(a < double for a, b in player + computer if a == b), f"a higher double than {snake[0]} was held"
    return stock, computer, player, snake, parts[4][1]


def play_game(stage: int, seed: int) -> tuple[list[str], str]:
    """Play one whole game of ``stage`` through a pipe, checking everything; returns (typed lines, printout)."""
    if stage <= 2:
        return play_stage_one_or_two(stage, seed)
    rng = random.Random(f"driver {stage} {seed}")
    pipe = Pipe(stage, seed)
    ref = Referee(stage)
    screen = pipe.screen()
    ref.opening(screen)
    for _ in range(1000):
        if screen.status in GAME_OVER:
            return pipe.typed, pipe.finish()
        if screen.status == YOUR_TURN:
            while rng.random() < 0.15:
                pipe.send(rng.choice(JUNK).format(over=len(screen.hand) + 1))
                assert pipe.row() == INVALID
            wrong = illegal(screen) if stage >= 4 else []
            if wrong and rng.random() < 0.15:
                pipe.send(str(rng.choice(wrong)))
                assert pipe.row() == ILLEGAL
            number = choose(stage, screen, rng)
            pipe.send(typed_number(number, rng))
            after = pipe.screen()
            ref.your_move(screen, after, number)
        else:
            pipe.send(rng.choice(ENTER))
            after = pipe.screen()
            ref.computer_move(screen, after)
        screen = after
    raise AssertionError("no end after 1000 screens")


GOLDEN_GAMES = [(1, 0), (1, 3), (1, 10), (2, 0), (2, 3), (2, 10)]
GOLDEN_GAMES += [(3, g) for g in (0, 3, 4, 6)] + [(s, g) for s in (4, 5) for g in (0, 2, 3, 10)]


def golden_paths(stage: int, seed: int) -> tuple[Path, Path]:
    stem = GOLDEN / f"stage{stage}-seed{seed}"
    return stem.with_suffix(".in"), stem.with_suffix(".out")


def write_golden() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for stage, seed in GOLDEN_GAMES:
        typed, printed = play_game(stage, seed)
        inp, out = golden_paths(stage, seed)
        inp.write_text("".join(t + "\n" for t in typed), encoding="utf-8")
        out.write_text(printed, encoding="utf-8")
        print(f"{out.name}: {len(typed)} lines typed, {printed.count(HEADER)} screens, {printed.splitlines()[-1]}")


if __name__ == "__main__":
    write_golden()
