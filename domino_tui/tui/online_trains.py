"""The train table online, with no UI: a train room's observation as the train table's rows, its moves and round
ends in words, and who holds each seat.

As at the line games' online table (online.py), everything here reads what the server sent: the trains, hand
sizes and markers of the seat's observation, the room's seats, a round's result. Nothing is worked out here.
"""

from __future__ import annotations

from rich.text import Text

from ..engine import DRAW, PASS, TRAIN_VARIANTS, Kind, TrainEvent, TrainObservation, TrainPlay
from ..net.client import RoomInfo, TrainRoundOver
from .online import seat_kind
from .train_layout import TrainRow

MEXICAN_KEY = "m"


def plays_trains(info: RoomInfo) -> bool:
    """Whether the room plays a train game (its table is the train table)."""
    return info.options.get("variant") in TRAIN_VARIANTS


def train_key_of(obs: TrainObservation, train: int) -> str:
    """The key that chooses ``train``: its owner's seat number from 1, ``m`` for the Mexican train."""
    return MEXICAN_KEY if train == obs.mexican else str(train + 1)


def train_by_key(obs: TrainObservation, key: str) -> int | None:
    if key == MEXICAN_KEY:
        return obs.mexican
    if key.isdigit() and 1 <= int(key) <= obs.rules.players:
        return int(key) - 1
    return None


def train_name(obs: TrainObservation, names: tuple[str, ...], train: int) -> str:
    if train == obs.mexican:
        return "the Mexican train"
    return "your train" if train == obs.seat else f"{names[train]}'s train"


def train_rows(obs: TrainObservation, names: tuple[str, ...], playing: bool) -> list[TrainRow]:
    """Every train as the table draws it, its owner's name and hand size beside it."""
    rows = []
    for view in obs.trains:
        owner = view.owner
        rows.append(
            TrainRow(
                train_key_of(obs, view.index),
                "Mexican" if owner is None else names[owner],
                None if owner is None else obs.hand_sizes[owner],
                view.marked,
                view.oriented(obs.engine),
                view.end,
                acting=playing and owner is not None and owner == obs.turn,
                double=obs.open_double == view.index,
            )
        )
    return rows


def newest(obs: TrainObservation) -> tuple[int, int] | None:
    """(train, tile index) of the last tile played this round."""
    for ev in reversed(obs.history):
        if ev.kind is Kind.PLAY and ev.train is not None:
            return ev.train, len(obs.trains[ev.train].tiles) - 1
    return None


def trains_for(obs: TrainObservation, index: int) -> list[int]:
    """The trains the hand's tile ``index`` may go on now (none when it is not this seat's turn)."""
    tile = obs.hand[index]
    return [m.train for m in obs.legal if isinstance(m, TrainPlay) and m.tile == tile]


def playable(obs: TrainObservation) -> list[int]:
    fits = {m.tile for m in obs.legal if isinstance(m, TrainPlay)}
    return [i for i, t in enumerate(obs.hand) if t in fits]


def where_to_play(obs: TrainObservation, names: tuple[str, ...]) -> str:
    """The numbers a tile must show now, train by train, in words."""
    if obs.open_double is not None:
        x = obs.open_double
        return f"the double on {train_name(obs, names, x)} must be covered first (a tile with {obs.trains[x].end})"
    open_to_you = [v for v in obs.trains if v.index == obs.seat or v.marked]
    return ", ".join(f"{train_name(obs, names, v.index)} needs {v.end}" for v in open_to_you)


def nothing_fits(obs: TrainObservation) -> str:
    """What to do when it is this seat's turn and no tile fits, or ""."""
    if not obs.legal or any(isinstance(m, TrainPlay) for m in obs.legal):
        return ""
    if DRAW in obs.legal:
        return "No tile fits: press d to draw."
    if PASS in obs.legal:
        return "No tile fits: press p to pass (your train opens to everyone)."
    return ""


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
