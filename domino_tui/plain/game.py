"""Running the plain mode: one seeded deal, the chosen stage, seed 000's terminal, and the quiet exits that
graders and pipes expect."""

from __future__ import annotations

import random
import sys

from . import text
from .deal import deal

# typing is not imported at run time: stage 1 must start about as fast as Python itself.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Protocol

    from .turns import Table

    class Output(Protocol):
        """All that is asked of stdout: graders replace it with an object that has these two and nothing else."""

        def write(self, data: str, /) -> object: ...
        def flush(self) -> object: ...


STAGES = range(1, 6)
# A longer line cannot be a move; it reads as an empty one, so that whitespace padding past it cannot sneak a
# move in and the line never reaches the parser whole.
LINE_LIMIT = 1 << 16


class Console:
    """Seed 000's terminal: no prompt, stdout flushed before every read, one line per read with `input()`.

    Graders run the game in-process with streams of their own that may have nothing but ``readline()`` (no size
    argument) on stdin and ``write``/``flush`` on stdout, so the streams are used through `input` and those two
    methods alone. End of input raises EOFError. A line longer than LINE_LIMIT reads as an empty one: invalid on
    your turn, Enter on the computer's."""

    __slots__ = ("out",)

    def __init__(self, out: Output) -> None:
        self.out = out

    def write(self, data: str) -> None:
        self.out.write(data)

    def read(self) -> str:
        self.out.flush()
        if sys.stdin is None:
            raise EOFError
        if sys.stderr is None:
            # input() refuses to run without sys.stderr (pythonw, some daemons): read the line ourselves.
            line = sys.stdin.readline()
            if not line:
                raise EOFError
        else:
            line = input()
        return "" if len(line) > LINE_LIMIT else line


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

    table: Table
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

    Returns 0 when the game is over or the input ends, 130 after Ctrl-C; never a traceback for either. Output
    that cannot be written is the command line's business (see `guarded_stdout`). Graders call it again and
    again in one process: it keeps nothing between runs."""
    if stage not in STAGES:
        raise ValueError(f"the plain mode has stages 1 to 5, not {stage}")
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        # Bytes that are not text are just another invalid move. (This one setting of the process's stdin
        # stays: a text stream refuses to change it back once read from.)
        reconfigure(errors="replace")
    console = Console(sys.stdout)
    try:
        play_stage(stage, random.Random(seed), console)
        console.out.flush()
    except EOFError:
        pass
    except KeyboardInterrupt:
        return 130
    return 0
