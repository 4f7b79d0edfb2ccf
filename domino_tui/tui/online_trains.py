"""The train table online, with no UI: its round ends in words, and who holds each seat.

As at the line games' online table (online.py), everything here reads what the server sent: the seat's
observation, the room's seats, a round's result. Nothing is worked out here. The trains' rows and words and the move
log are the local table's too (train_words.py).
"""

from __future__ import annotations

from rich.text import Text

from ..engine import TRAIN_VARIANTS
from ..net.client import RoomInfo, TrainRoundOver
from .online import seat_kind
from .train_words import match_end_text, round_end_text, winners_win


def plays_trains(info: RoomInfo) -> bool:
    """Whether the room plays a train game (its table is the train table)."""
    return info.options.get("variant") in TRAIN_VARIANTS


def round_over_text(over: TrainRoundOver, names: tuple[str, ...], rounds: int, you: int | None) -> str:
    """How a round ended, the lowest hand, and, at the end, who won the match (``you``: your seat, or None)."""
    text = round_end_text(over.game, rounds, over.out_seat, over.points, names, you)
    if over.match_over and over.winners:
        text += " " + match_end_text(over.winners, over.scores, names, you)
    return text


def round_over_line(over: TrainRoundOver, names: tuple[str, ...], you: int | None) -> str:
    """The same, short enough for one line of the table: "Round over: Ana went out. n: next round."."""
    how = f"{names[over.out_seat]} went out" if over.out_seat is not None else "blocked"
    if over.match_over and over.winners:
        return f"Round over: {how}. {winners_win(over.winners, names, you)} the match ({over.scores[over.winners[0]]})."
    return f"Round over: {how}. n: next round."


def seats_text(info: RoomInfo | None, names: tuple[str, ...]) -> Text:
    """Who holds each seat, grouped: "People: You, Ben · Bots: Ana (Easy) · Away: Cleo"."""
    if info is None:
        return Text("")
    groups: dict[str, list[str]] = {"People": [], "Bots": [], "Away": [], "Open": []}
    for s, seat in enumerate(info.seats[: len(names)]):
        kind = seat_kind(seat)
        if kind == "person":
            groups["People"].append(names[s])
        elif kind.startswith("away"):
            groups["Away"].append(names[s] + (" (a bot plays)" if seat.away else ""))
        elif kind.startswith("bot"):
            groups["Bots"].append(names[s] if seat.level in (None, seat.name) else f"{names[s]} ({seat.level})")
        else:
            groups["Open"].append(names[s])
    out = Text()
    for label, who in groups.items():
        if who:
            if out:
                out.append(" · ")
            out.append(f"{label}: ", style="bold")
            out.append(", ".join(who))  # names come from people: plain text, never markup
    return out
