"""``--plain`` read without argparse (for start-up speed) means exactly what argparse would make of it."""

from __future__ import annotations

import pytest

from domino_tui.cli import build_parser, plain_arguments

SHORT_CUT = [
    ["--plain"],
    ["--plain", "--stage", "1"],
    ["--stage", "3", "--plain"],
    ["--plain", "--stage=2", "--seed=7"],
    ["--plain", "--seed", "-5"],
    ["--plain", "--seed", "0012"],
    ["--plain", "--stage", "4", "--stage", "2"],
    ["--seed", "99999999999999999999", "--plain"],
]
LEFT_TO_ARGPARSE = [
    [],
    ["--stage", "1"],
    ["--plain", "--stage", "0"],
    ["--plain", "--stage", "6"],
    ["--plain", "--stage"],
    ["--plain", "--stage", "--seed", "1"],
    ["--plain", "--seed", "x"],
    ["--plain", "--seed", "1.5"],
    ["--plain", "--seed", "+3"],
    ["--plain", "--seed", " 3"],
    ["--plain", "--seed", "٣"],
    ["--plain", "--st", "1"],
    ["--pl"],
    ["--plain=1"],
    ["--plain", "-h"],
    ["--plain", "extra"],
]


@pytest.mark.parametrize("argv", SHORT_CUT)
def test_short_cut_agrees_with_argparse(argv):
    args = build_parser().parse_args(argv)
    assert args.plain
    assert plain_arguments(argv) == (args.stage, args.seed)


@pytest.mark.parametrize("argv", LEFT_TO_ARGPARSE)
def test_anything_unusual_goes_to_argparse(argv):
    assert plain_arguments(argv) is None
