"""Every character the graders of the Hyperskill stage text read, and the one thing they type: a move number."""

from __future__ import annotations

from collections.abc import Sequence

from .deal import COMPUTER, NOBODY, PLAYER, SEAT_NAMES, Deal, Pair

HEADER = "=" * 70
INVALID = "Invalid input. Please try again."
ILLEGAL = "Illegal move. Please try again."
YOUR_TURN = "Status: It's your turn to make a move. Enter your command."
COMPUTER_TURN = "Status: Computer is about to make a move. Press Enter to continue..."
GAME_OVER = {
    PLAYER: "Status: The game is over. You won!",
    COMPUTER: "Status: The game is over. The computer won!",
    NOBODY: "Status: The game is over. It's a draw!",
}
# A move is at most this many digits once leading zeros are gone; a longer number is out of range anyway.
MAX_DIGITS = 3
SPACES = " \t\r\n"


def tile(pair: Pair) -> str:
    return f"[{pair[0]}, {pair[1]}]"


def tile_list(pairs: Sequence[Pair]) -> str:
    """Stage 1 prints its parts as Python prints a list of lists: ``[[2, 5], [1, 2]]``."""
    return "[" + ", ".join(tile(p) for p in pairs) + "]"


def snake(line: Sequence[Pair]) -> str:
    """The line of play, tiles side by side; longer than six, the first three, ``...``, the last three."""
    if len(line) > 6:
        return "".join(tile(p) for p in line[:3]) + "..." + "".join(tile(p) for p in line[-3:])
    return "".join(tile(p) for p in line)


def stage_one(d: Deal) -> str:
    """Stage 1: the five parts of the deal once the opening double is on the table."""
    hands, line, first = d.after_opening()
    return (
        f"Stock pieces: {tile_list(d.stock)}\n"
        f"Computer pieces: {tile_list(hands[COMPUTER])}\n"
        f"Player pieces: {tile_list(hands[PLAYER])}\n"
        f"Domino snake: {tile_list(line)}\n"
        f"Status: {SEAT_NAMES[first]}\n"
    )


def stage_two(d: Deal) -> str:
    """Stage 2: the first screen, and no more."""
    hands, line, first = d.after_opening()
    return screen(len(d.stock), len(hands[COMPUTER]), line, hands[PLAYER], first, None)


def status(turn: int, outcome: int | None) -> str:
    if outcome is not None:
        return GAME_OVER[outcome]
    return YOUR_TURN if turn == PLAYER else COMPUTER_TURN


def screen(
    stock_size: int, computer_size: int, line: Sequence[Pair], hand: Sequence[Pair], turn: int, outcome: int | None
) -> str:
    """One screen of stages 2 to 5, ending with the status line."""
    rows = [HEADER, f"Stock size: {stock_size}", f"Computer pieces: {computer_size}", ""]
    rows += [snake(line), "", "Your pieces:"]
    rows += [f"{i}:{tile(p)}" for i, p in enumerate(hand, 1)]
    rows += ["", status(turn, outcome)]
    return "\n".join(rows) + "\n"


def parse_move(text: str, hand_size: int) -> int | None:
    """A move typed on your turn: an optional sign and ASCII digits, spaces around allowed, from ``-hand_size``
    to ``hand_size``. None for anything else, which gets `INVALID`."""
    body = text.strip(SPACES)
    digits = body[1:] if body[:1] in ("+", "-") else body
    if not (digits.isascii() and digits.isdigit()):
        return None
    significant = digits.lstrip("0")
    if len(significant) > MAX_DIGITS:
        return None
    number = int(significant) if significant else 0
    if number > hand_size:
        return None
    return -number if body[0] == "-" else number
