"""The train table online, with no UI: its moves and round ends in words, and who holds each seat.

As at the line games' online table (online.py), everything here reads what the server sent: the seat's
observation, the room's seats, a round's result. Nothing is worked out here. The trains' rows and words are the
local table's too (train_words.py).
"""

from __future__ import annotations

from rich.text import Text

from ..engine import TRAIN_VARIANTS, Kind, TrainEvent, TrainObservation
from ..net.client import RoomInfo, TrainRoundOver
from .online import seat_kind


def plays_trains(info: RoomInfo) -> bool:
    """Whether the room plays a train game (its table is the train table)."""
    return info.options.get("variant") in TRAIN_VARIANTS


def describe(ev: TrainEvent, obs: TrainObservation, names: tuple[str, ...]) -> str:
    """One move for the log: "Ana: [6|3] on the Mexican train"."""
    who = names[ev.seat]
    if ev.kind is Kind.PLAY and ev.train is not None:
        if ev.train == obs.mexican:
            where = "the Mexican train"
        elif ev.train == ev.seat:
            where = "own train"
        else:
            where = f"{names[ev.train]}'s train"
        return f"{who}: {ev.tile} on {where}"
    if ev.kind is Kind.DRAW:
        return f"{who}: draws"
    return f"{who}: passes" + (", train open" if ev.marked else "")


def round_over_text(over: TrainRoundOver, names: tuple[str, ...], rounds: int) -> str:
    """How a round ended, the lowest hand, and, at the end, who won the match."""
    if over.out_seat is not None:
        verb = "go" if names[over.out_seat] == "You" else "goes"
        how = f"{names[over.out_seat]} {verb} out"
    else:
        how = "Nobody can play and the boneyard is empty"
    low = min(over.points)
    best = ", ".join(names[s] for s, p in enumerate(over.points) if p == low)
    text = f"Round {over.game} of {rounds}: {how}; lowest this round: {best} ({low})."
    if over.match_over and over.winners:
        who = " and ".join(names[s] for s in over.winners)
        verb = "win" if len(over.winners) > 1 or who == "You" else "wins"
        text += f" {who} {verb} the match with {over.scores[over.winners[0]]}, the lowest total."
    return text


def round_over_line(over: TrainRoundOver, names: tuple[str, ...]) -> str:
    """The same, short enough for one line of the table: "Round over: Ana went out. n: next round."."""
    how = f"{names[over.out_seat]} went out" if over.out_seat is not None else "blocked"
    if over.match_over and over.winners:
        who = " and ".join(names[s] for s in over.winners)
        verb = "win" if len(over.winners) > 1 or who == "You" else "wins"
        return f"Round over: {how}. {who} {verb} the match ({over.scores[over.winners[0]]})."
    return f"Round over: {how}. n: next round."


def score_text(scores: tuple[int, ...] | list[int], names: tuple[str, ...]) -> str:
    """Each seat's total (the round is on the board's title)."""
    return " · ".join(f"{names[s]} {t}" for s, t in enumerate(scores)) + " (lowest wins)"


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
