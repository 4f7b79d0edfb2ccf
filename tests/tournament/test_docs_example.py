"""docs/tournaments.md's example output is what its command prints (all but the timing)."""

import shlex
from pathlib import Path

from domino_tui.tournament import run_tournament
from domino_tui.tournament.cli import build_parser
from domino_tui.tournament.report import report

PAGE = Path(__file__).resolve().parents[2] / "docs" / "tournaments.md"
MARKER = "<!-- example:"  # the page's marker before the command and the output this test holds to each other


def block_after(text: str, start: int, fence: str) -> tuple[str, int]:
    begin = text.index(fence + "\n", start) + len(fence) + 1
    end = text.index("```", begin)
    return text[begin:end], end


def test_the_example_output_is_what_the_command_prints() -> None:
    text = PAGE.read_text(encoding="utf-8")
    command, at = block_after(text, text.index(MARKER), "```sh")
    printed, _ = block_after(text, at, "```text")
    words = shlex.split(command.strip())
    assert words[:2] == ["domino-tui", "tournament"]
    args = build_parser().parse_args(words[2:])
    result = run_tournament(args.variant, args.bots.split(","), args.games, args.seed, jobs=1)
    expected = printed.splitlines()
    assert expected[-1] == f"results written to {args.out}"
    # The first line carries the time taken; everything after it must match exactly.
    assert report(result).splitlines()[1:] == expected[1:-1]
