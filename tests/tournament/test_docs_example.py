"""docs/tournaments.md's example: its command runs as written and prints what the page shows (all but the timing
of its first line)."""

import io
import shlex
from pathlib import Path

from domino_tui.tournament.cli import main

PAGE = Path(__file__).resolve().parents[2] / "docs" / "tournaments.md"
MARKER = "<!-- example:"  # the page's marker before the command and the output this test holds to each other


def block_after(text: str, start: int, fence: str) -> tuple[str, int]:
    begin = text.index(fence + "\n", start) + len(fence) + 1
    end = text.index("```", begin)
    return text[begin:end], end


def test_the_example_runs_and_prints_what_the_page_shows(tmp_path, monkeypatch, capsys) -> None:
    text = PAGE.read_text(encoding="utf-8")
    command, at = block_after(text, text.index(MARKER), "```sh")
    printed, _ = block_after(text, at, "```text")
    # The seed comes in on stdin (`echo 1 | domino-tui tournament ... --seed-file -`), never on a command line.
    feed, _, command = command.strip().rpartition("|")
    words = shlex.split(command)
    assert words[:2] == ["domino-tui", "tournament"]
    stdin = " ".join(shlex.split(feed)[1:]) + "\n" if feed else ""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    monkeypatch.chdir(tmp_path)  # where --out writes
    assert main(words[2:]) == 0
    # The first line carries the time taken; everything after it must match exactly.
    assert capsys.readouterr().out.splitlines()[1:] == printed.splitlines()[1:]
