"""Leaving the game: end of input at any read, Ctrl-C, a reader that goes away, and input that is not text."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import time

import pytest

from domino_tui.plain import run

from .driver import GOLDEN_GAMES, INVALID, golden_paths

PLAYED = [g for g in GOLDEN_GAMES if g[0] >= 3]


def plain(stage: int, seed: int) -> list[str]:
    return [sys.executable, "-m", "domino_tui", "--plain", "--stage", str(stage), "--seed", str(seed)]


def in_process(monkeypatch, stage: int, seed: int, stdin: io.TextIOBase) -> tuple[int, str]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setattr(sys, "stdout", out)
    return run(stage, seed), out.getvalue()


@pytest.mark.parametrize(("stage", "seed"), PLAYED)
def test_input_ending_at_any_read_ends_quietly(monkeypatch, stage, seed):
    inp, out = golden_paths(stage, seed)
    typed = inp.read_text(encoding="utf-8").splitlines(keepends=True)
    whole = out.read_text(encoding="utf-8")
    for k in range(len(typed)):
        code, printed = in_process(monkeypatch, stage, seed, io.StringIO("".join(typed[:k])))
        assert code == 0
        assert whole.startswith(printed) and len(printed) < len(whole)
        last = printed.splitlines()[-1]
        assert last.startswith("Status: ") or last.endswith("Please try again."), last


@pytest.mark.parametrize("stage", [1, 2, 3, 4, 5])
def test_closed_input_through_the_command(stage):
    done = subprocess.run(plain(stage, 1), stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith("Status: player\n" if stage == 1 else "Enter your command.\n")


class Interrupted(io.StringIO):
    def readline(self, *args) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_in_process_returns_130(monkeypatch):
    code, printed = in_process(monkeypatch, 5, 1, Interrupted())
    assert code == 130 and printed.count("=" * 70) == 1


def ctrl_c_as_in_a_terminal() -> None:
    """In the child: Ctrl-C acts as in a terminal. A shell's background job inherits SIGINT ignored, and Python
    then leaves it ignored, so a test run started in the background would otherwise send the signal to nobody."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_through_the_command_leaves_no_traceback():
    proc = subprocess.Popen(
        plain(5, 1),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    first = proc.stdout.readline()  # the game is up and about to wait for us
    assert first.startswith(b"=")
    time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    # stdin stays open until the end: closing it too would race the signal with an end of input (exit 0).
    code = proc.wait(timeout=30)
    err = proc.stderr.read()
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        stream.close()
    assert (code, err) == (130, b"")


def test_reader_going_away_ends_quietly():
    proc = subprocess.Popen(plain(5, 1), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.readline()
    proc.stdout.close()
    try:
        for _ in range(50):  # each answer makes the game print into the closed pipe
            proc.stdin.write(b"\n")
            proc.stdin.flush()
    except BrokenPipeError:
        pass  # it has already gone, as it should
    proc.stdin.close()
    assert proc.wait(timeout=30) == 0
    assert proc.stderr.read() == b""
    proc.stderr.close()


def test_stage_two_never_reads(monkeypatch):
    code, printed = in_process(monkeypatch, 2, 1, Interrupted())
    assert code == 0 and printed.count("=" * 70) == 1


@pytest.mark.parametrize(
    "garbage",
    [b"\xff\xfe\n", b"\xc3\n", "١\n".encode(), b"1" * 1_000_000 + b"\n", b" " * 70_000 + b"1\n"],
    ids=["not-utf8", "cut-utf8", "arabic-digit", "1MB-digits", "70k-spaces-then-1"],
)
def test_bytes_that_are_no_move_are_invalid_and_the_game_goes_on(garbage):
    # Seed 3: you move first; 1 plays [0, 6] on the right of [6, 6].
    done = subprocess.run(plain(5, 3), input=garbage + b"1\n", capture_output=True, check=False)
    assert (done.returncode, done.stderr) == (0, b"")
    rows = done.stdout.decode().splitlines()
    first_status = rows.index("Status: It's your turn to make a move. Enter your command.")
    assert rows[first_status + 1] == INVALID
    assert rows[first_status + 2] == "=" * 70
    assert "[6, 6][6, 0]" in rows


@pytest.mark.parametrize("stage", [1, 2, 3])
def test_the_engine_is_not_loaded_before_stage_four(stage):
    # Start-up speed: stages 1 to 3 need only the standard library.
    code = (
        f"import sys; from domino_tui.cli import main; main(['--plain', '--stage', '{stage}', '--seed', '1']); "
        "print(sorted(m for m in sys.modules if m.startswith('domino_tui.')), file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], input="", capture_output=True, text=True, check=True)
    loaded = eval(done.stderr)
    assert not [m for m in loaded if m.startswith(("domino_tui.engine", "domino_tui.ai"))], loaded
