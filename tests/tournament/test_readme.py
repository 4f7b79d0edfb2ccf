"""The README's tournament example is what the command prints (all but the timing)."""

import os
import shlex

from domino_tui.tournament import run_tournament
from domino_tui.tournament.cli import build_parser
from domino_tui.tournament.report import report

README = os.path.join(os.path.dirname(__file__), "..", "..", "README.md")


def block_after(text: str, start: int, fence: str) -> tuple[str, int]:
    begin = text.index(fence + "\n", start) + len(fence) + 1
    end = text.index("```", begin)
    return text[begin:end], end


def test_the_readme_example_output_is_true() -> None:
    with open(README, encoding="utf-8") as fh:
        text = fh.read()
    section = text.index("## Tournaments")
    command, at = block_after(text, section, "```sh")
    printed, _ = block_after(text, at, "```text")
    words = shlex.split(command.strip())
    assert words[:2] == ["domino-tui", "tournament"]
    args = build_parser().parse_args(words[2:])
    result = run_tournament(args.variant, args.bots.split(","), args.games, args.seed, jobs=1)
    expected = printed.splitlines()
    assert expected[-1] == f"results written to {args.out}"
    # The first line carries the time taken; everything after it must match exactly.
    assert report(result).splitlines()[1:] == expected[1:-1]
