"""The text the graders read, and the move numbers they type."""

from __future__ import annotations

import pytest

from domino_tui.plain import text
from domino_tui.plain.deal import COMPUTER, NOBODY, PLAYER


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("3", 3),
        ("-3", -3),
        ("+3", 3),
        ("  3  ", 3),
        ("\t-2\r\n", -2),  # a line from Windows keeps its carriage return
        ("0", 0),
        ("-0", 0),
        ("007", 7),
        ("7", 7),
        ("-7", -7),
    ],
)
def test_moves_that_read(typed, number):
    assert text.parse_move(typed, 7) == number


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "   ",
        "\n",
        "Hello",
        "3.5",
        "1e3",
        "٣",  # Arabic-Indic three: a digit to Python, not to the Hyperskill stage text
        "３",  # fullwidth three
        "²",
        "--1",
        "+-1",
        "+",
        "-",
        "1 2",
        "0x1",
        "1_0",
        "8",  # one more than the hand holds
        "-8",
        "1" * 1_000_000,
        "9" * 5000,  # past int()'s digit limit: still just a number out of range
    ],
)
def test_everything_else_is_invalid(typed):
    assert text.parse_move(typed, 7) is None


def test_snake_shows_six_tiles_in_full_and_elides_the_middle_of_more():
    six = [(6, 6), (6, 1), (1, 1), (1, 2), (2, 2), (2, 3)]
    assert text.snake(six) == "[6, 6][6, 1][1, 1][1, 2][2, 2][2, 3]"
    assert text.snake([*six, (3, 0)]) == "[6, 6][6, 1][1, 1]...[2, 2][2, 3][3, 0]"


def test_screen_layout():
    shown = text.screen(12, 3, [(6, 6), (6, 1)], [(0, 1), (2, 2)], PLAYER, None)
    assert shown == (
        "=" * 70 + "\n"
        "Stock size: 12\n"
        "Computer pieces: 3\n"
        "\n"
        "[6, 6][6, 1]\n"
        "\n"
        "Your pieces:\n"
        "1:[0, 1]\n"
        "2:[2, 2]\n"
        "\n"
        "Status: It's your turn to make a move. Enter your command.\n"
    )


@pytest.mark.parametrize(
    ("turn", "outcome", "line"),
    [
        (PLAYER, None, "Status: It's your turn to make a move. Enter your command."),
        (COMPUTER, None, "Status: Computer is about to make a move. Press Enter to continue..."),
        (COMPUTER, PLAYER, "Status: The game is over. You won!"),
        (PLAYER, COMPUTER, "Status: The game is over. The computer won!"),
        (PLAYER, NOBODY, "Status: The game is over. It's a draw!"),
    ],
)
def test_status_lines(turn, outcome, line):
    assert text.status(turn, outcome) == line
