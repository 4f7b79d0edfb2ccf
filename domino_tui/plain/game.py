"""Running the plain mode: one seeded deal, the chosen stage, seed 000's terminal, and the quiet exits that
graders and pipes expect."""

from __future__ import annotations

import os
import random
import sys
from io import TextIOBase

from . import text
from .deal import deal

STAGES = range(1, 6)
# A longer line cannot be a move; reading it in slices keeps a runaway input from filling memory.
LINE_LIMIT = 1 << 16


class Console:
    """Seed 000's terminal: no prompt, stdout flushed before every read, one line per read.

    End of input raises EOFError. A line too long to be a move reads as an empty one: invalid on your turn,
    Enter on the computer's."""

    __slots__ = ("inp", "out")

    def __init__(self, inp: TextIOBase | None, out: TextIOBase) -> None:
        self.inp = inp
        self.out = out

    def write(self, data: str) -> None:
        self.out.write(data)

    def read(self) -> str:
        self.out.flush()
        if self.inp is None:
            raise EOFError
        line = self.inp.readline(LINE_LIMIT)
        if not line:
            raise EOFError
        if len(line) == LINE_LIMIT and not line.endswith("\n"):
            while (rest := self.inp.readline(LINE_LIMIT)) and not rest.endswith("\n"):
                pass
            return ""
        return line


def play_stage(stage: int, rng: random.Random, console: Console) -> None:
    d = deal(rng)
    if stage == 1:
        console.write(text.stage_one(d))
        return
    if stage == 2:
        console.write(text.stage_two(d))
        return
    # Imported here, not above, so that stages 1 and 2 start fast; the engine loads only for stages 4 and 5.
    from .turns import play

    if stage == 3:
        from .free import FreeTable

        table = FreeTable.from_deal(d, rng)
    else:
        from .ruled import RuledTable

        table = RuledTable.from_deal(d, rng, scoring=stage == 5)
    play(table, console.read, console.write)


def run(stage: int = 5, seed: int | None = None) -> int:
    """Play seed 000's ``stage`` (1 to 5) on stdin and stdout. One ``random.Random(seed)`` makes the deal and
    every random choice, so a seed replays the whole game; without one the system's entropy seeds it.

    Returns 0 when the game is over or the input ends, 130 after Ctrl-C; never a traceback for either."""
    if stage not in STAGES:
        raise ValueError(f"the plain mode has stages 1 to 5, not {stage}")
    stdin = sys.stdin
    if stdin is not None and hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="replace")  # bytes that are not text are just another invalid move
    console = Console(stdin, sys.stdout)
    try:
        play_stage(stage, random.Random(seed), console)
        sys.stdout.flush()
    except EOFError:
        pass
    except BrokenPipeError:
        # Whoever read our output has gone; point stdout at nothing so the exit flush cannot complain.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except KeyboardInterrupt:
        return 130
    return 0
