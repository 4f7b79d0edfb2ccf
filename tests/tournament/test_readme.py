"""The README's tournament example: its command runs as written and prints what the README shows (all but the
timing of its first line)."""

import io
import os
import shlex

from domino_tui.tournament.cli import main

README = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")


def block_after(text: str, start: int, fence: str) -> tuple[str, int]:
    begin = text.index(fence + "\n", start) + len(fence) + 1
    end = text.index("```", begin)
    return text[begin:end], end


def test_the_readme_example_runs_and_prints_what_it_shows(tmp_path, monkeypatch, capsys) -> None:
    with open(README, encoding="utf-8") as fh:
        text = fh.read()
    section = text.index("## Tournaments")
    command, at = block_after(text, section, "```sh")
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
