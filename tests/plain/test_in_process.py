"""The plain mode run as the Hyperskill stage text's graders run it: in this process, with
``runpy.run_module("domino_tui")``, ``sys.argv`` set, and ``sys.stdin``/``sys.stdout`` replaced by objects of their own
that have nothing but ``readline(self)`` and ``write``/``flush``. A grader sees the program end with SystemExit(0).

Runs follow each other in one process, as a grader's tests do, so the modules stay imported between them; one
test also starts from freshly imported modules."""

from __future__ import annotations

import runpy
import subprocess
import sys
import textwrap

import pytest

from .driver import GOLDEN_GAMES, golden_paths

PLAYED = [g for g in GOLDEN_GAMES if g[0] >= 3]


class GraderStdout:
    """Only ``write`` and ``flush``; remembers how much had been flushed, so stdin can check it before a read."""

    __slots__ = ("flushed", "parts")

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.flushed = 0

    def write(self, data):
        self.parts.append(data)
        return len(data)

    def flush(self):
        self.flushed = len(self.parts)

    @property
    def text(self) -> str:
        return "".join(self.parts)


class GraderStdin:
    """Only ``readline(self)``: no size argument, no fileno, isatty, encoding, buffer or reconfigure."""

    __slots__ = ("lines", "out", "reads")

    def __init__(self, typed: str, out: GraderStdout) -> None:
        self.lines = typed.splitlines(keepends=True)
        self.out = out
        self.reads = 0

    def readline(self):
        # A grader reads what was printed, then types: everything printed must have been flushed by now.
        assert self.out.flushed == len(self.out.parts), "read before flushing stdout"
        self.reads += 1
        return self.lines.pop(0) if self.lines else ""


def run_like_a_grader(monkeypatch, stage: int, seed: int, typed: str) -> tuple[object, str, int]:
    """(exit code, printout, reads) of one run through runpy."""
    out = GraderStdout()
    stdin = GraderStdin(typed, out)
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "argv", ["domino_tui", "--plain", "--stage", str(stage), "--seed", str(seed)])
    with pytest.raises(SystemExit) as ended:
        runpy.run_module("domino_tui", run_name="__main__")
    monkeypatch.undo()  # before pytest's own output
    return ended.value.code, out.text, stdin.reads


def golden(stage: int, seed: int) -> tuple[str, str]:
    inp, out = golden_paths(stage, seed)
    return inp.read_text(encoding="utf-8"), out.read_text(encoding="utf-8")


@pytest.mark.parametrize(("stage", "seed"), GOLDEN_GAMES)
def test_every_golden_transcript_byte_for_byte(monkeypatch, stage, seed):
    # Stages 3 to 5 are whole games, played to their last screen.
    typed, printed = golden(stage, seed)
    code, out, reads = run_like_a_grader(monkeypatch, stage, seed, typed)
    assert code == 0
    assert out == printed
    assert reads == len(typed.splitlines())  # every line typed was read, and no more was asked
    if stage >= 3:
        assert out.splitlines()[-1].startswith("Status: The game is over.")


@pytest.mark.parametrize(("stage", "seed"), PLAYED)
def test_end_of_input_at_every_read(monkeypatch, stage, seed):
    # Every kind of read: your move, a retry after invalid or illegal input, the computer's Enter.
    typed, printed = golden(stage, seed)
    lines = typed.splitlines(keepends=True)
    for k in range(len(lines)):
        code, out, reads = run_like_a_grader(monkeypatch, stage, seed, "".join(lines[:k]))
        assert code == 0
        assert printed.startswith(out) and len(out) < len(printed)
        assert reads == k + 1
        last = out.splitlines()[-1]
        assert last.startswith("Status: ") or last.endswith("Please try again."), last


def test_runs_in_one_process_do_not_leak_into_each_other(monkeypatch):
    # The same game twice, with other games between: the same bytes (no state kept in a module).
    typed, printed = golden(5, 2)
    first = run_like_a_grader(monkeypatch, 5, 2, typed)
    for stage, seed in [(4, 3), (3, 6), (5, 10)]:
        run_like_a_grader(monkeypatch, stage, seed, golden(stage, seed)[0])
    assert run_like_a_grader(monkeypatch, 5, 2, typed) == first == (0, printed, len(typed.splitlines()))


def test_a_first_run_with_nothing_imported_yet(monkeypatch):
    # As the first test of a grader's process: our modules are imported by the run itself.
    ours = {name: mod for name, mod in sys.modules.items() if name.split(".")[0] == "domino_tui"}
    for name in ours:
        monkeypatch.delitem(sys.modules, name)
    # A compiled extension cannot be imported afresh in the same process (it would keep the first import's
    # classes), so the second import takes the interpreted kernel, as a machine without a compiler does.
    monkeypatch.setenv("DOMINO_TUI_PURE", "1")
    try:
        typed, printed = golden(4, 10)
        assert run_like_a_grader(monkeypatch, 4, 10, typed)[:2] == (0, printed)
    finally:
        # Put the modules the rest of the tests hold classes from back in place.
        for name in [n for n in sys.modules if n.split(".")[0] == "domino_tui"]:
            del sys.modules[name]
        sys.modules.update(ours)


def test_every_line_is_read_with_input(monkeypatch):
    # Some graders feed the game by replacing input() itself; stdin is then never touched.
    typed, printed = golden(4, 2)
    lines = iter(typed.splitlines())

    def fake_input(prompt=""):
        assert prompt == ""  # no prompt is ever printed
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    assert run_like_a_grader(monkeypatch, 4, 2, "")[:2] == (0, printed)


def test_without_a_stderr_the_game_still_reads_its_lines(monkeypatch):
    # input() refuses to work when sys.stderr is None (pythonw, some daemons); the game reads the line itself.
    monkeypatch.setattr(sys, "stderr", None)
    typed, printed = golden(5, 3)
    assert run_like_a_grader(monkeypatch, 5, 3, typed)[:2] == (0, printed)


def test_a_huge_line_is_invalid_and_the_game_goes_on(monkeypatch):
    # Seed 3, stage 5: you move first; 1 plays [0, 6] on the right of [6, 6]. Padding past the limit is no move.
    typed = " " * 70_000 + "1\n" + "1" * 1_000_000 + "\n1\n"
    code, out, _ = run_like_a_grader(monkeypatch, 5, 3, typed)
    rows = out.splitlines()
    first_status = rows.index("Status: It's your turn to make a move. Enter your command.")
    assert code == 0
    assert rows[first_status + 1 : first_status + 4] == ["Invalid input. Please try again."] * 2 + ["=" * 70]
    assert "[6, 6][6, 0]" in rows


# A child that raises KeyboardInterrupt (or receives a real SIGINT) while one of our modules is importing.
INTERRUPTED_IMPORT = textwrap.dedent(
    """
    import importlib.abc, os, runpy, signal, sys, time

    TARGET, HOW = sys.argv[1], sys.argv[2]

    class Interrupt(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name == TARGET:
                if HOW == "signal":
                    os.kill(os.getpid(), signal.SIGINT)
                    time.sleep(30)  # Python's handler raises KeyboardInterrupt in here
                raise KeyboardInterrupt
            return None

    signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a terminal, even in a background job
    sys.meta_path.insert(0, Interrupt())
    sys.argv = ["domino_tui", "--plain", "--stage", sys.argv[3], "--seed", "1"]
    runpy.run_module("domino_tui", run_name="__main__")
    """
)


@pytest.mark.parametrize("how", ["raise", "signal"])
@pytest.mark.parametrize(
    ("module", "stage"),
    [
        ("domino_tui.cli", 1),
        ("domino_tui.plain", 1),
        ("domino_tui.plain.game", 2),
        ("domino_tui.plain.free", 3),
        ("domino_tui.engine", 4),
        ("domino_tui.ai.simple", 5),
    ],
)
def test_ctrl_c_while_modules_import_exits_130_without_traceback(module, stage, how):
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_IMPORT, module, how, str(stage)],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (130, "")
