"""The train table's words from what a room tells a seat, with no UI: who holds each seat, a round's end (whether
the coach may help is `net.heard.coach_allowed`, the same for every table).

Everything here reads what the room sent (the seat's observation, the room's seats and options, a round's result),
whatever carries it: a server online or a room in the app's process. Nothing of the game is worked out here.
"""

from __future__ import annotations

from rich.text import Text

from ..engine import TrainObservation
from ..net.heard import RoomInfo, TrainRoundOver
from .online import seat_kind
from .train_words import match_end_text, round_end_text, winners_win

# ----- who sits where, and who moves -----


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
            # A room names its bots with their level ("Ana (Easy)"): said once.
            said = seat.level in (None, seat.name) or names[s].endswith(f"({seat.level})")
            groups["Bots"].append(names[s] if said else f"{names[s]} ({seat.level})")
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


# ----- a round's end -----


def round_over_text(over: TrainRoundOver, names: tuple[str, ...], rounds: int) -> str:
    """How a round ended, the lowest hand, and, at the end, who won the match."""
    text = round_end_text(over.game, rounds, over.out_seat, over.points, names)
    if over.match_over and over.winners:
        text += " " + match_end_text(over.winners, over.scores, names)
    return text


def round_over_line(over: TrainRoundOver, names: tuple[str, ...]) -> str:
    """The same, short enough for one line of the table: "Round over: Ana went out. n: next round."."""
    how = f"{names[over.out_seat]} went out" if over.out_seat is not None else "blocked"
    if over.match_over and over.winners:
        return f"Round over: {how}. {winners_win(over.winners, names)} the match ({over.scores[over.winners[0]]})."
    return f"Round over: {how}. n: next round."


def hands_at_the_end(
    over: TrainRoundOver, obs: TrainObservation, names: tuple[str, ...], mine: int | None
) -> tuple[tuple[str, str, int, int], ...]:
    """Each seat at a round's end: its name, its tiles left in words, the round's points and its total. The result
    lays every hand open; a result that does not (an earlier server's) leaves the others' face down."""
    hands = []
    for seat in range(obs.rules.players):
        if seat < len(over.hands):
            tiles = " ".join(str(t) for t in over.hands[seat]) or "out"
        elif seat == mine:
            tiles = " ".join(str(t) for t in obs.hand) or "out"
        else:
            tiles = "out" if obs.hand_sizes[seat] == 0 else "face down"
        hands.append((names[seat], tiles, over.points[seat], over.scores[seat]))
    return tuple(hands)
