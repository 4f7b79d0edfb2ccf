"""A train game's table in words and rows, from what a seat may see (its `TrainObservation`) and the train rules:
the keys and names of the trains, the rows the table draws, the newest tile, the tiles that fit and where they
may go, the moves for the log: what the one train table (screens/train_table.py) says, online and at this
keyboard alike. Nothing here reads more than the observation and the rules (no game, no sitting).

``names`` is each seat's name as the table shows it ("You" for yours).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import DRAW, PASS, Kind, Tile, TrainEvent, TrainObservation, TrainPlay, TrainRules
from .sentence import YOU, possessive, verb
from .train_layout import TrainRow

MEXICAN_KEY = "m"


def train_key(rules: TrainRules, train: int) -> str:
    """The key that chooses ``train``: its owner's seat number from 1, ``m`` for the Mexican train."""
    return MEXICAN_KEY if train == rules.mexican else str(train + 1)


def train_by_key(rules: TrainRules, key: str) -> int | None:
    """The train ``key`` chooses, or None when it chooses none."""
    if key == MEXICAN_KEY:
        return rules.mexican
    if key.isdigit() and 1 <= int(key) <= rules.players:
        return int(key) - 1
    return None


def train_name(obs: TrainObservation, names: Sequence[str], train: int) -> str:
    """``train`` in words as the seat ``obs`` is of says it: "the Mexican train", "your train", "Ana's train"."""
    if train == obs.mexican:
        return "the Mexican train"
    return "your train" if train == obs.seat else f"{possessive(names[train])} train"


def train_rows(obs: TrainObservation, names: Sequence[str], playing: bool) -> list[TrainRow]:
    """Every train as the table draws it, its owner's name and hand size beside it; the owner to play is marked
    while the round is ``playing`` (the observation does not say when it is over)."""
    rows = []
    for view in obs.trains:
        owner = view.owner
        rows.append(
            TrainRow(
                train_key(obs.rules, view.index),
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


def trains_for(obs: TrainObservation, tile: Tile) -> list[int]:
    """The trains ``tile`` may go on now (none when it is not the seat's turn)."""
    return [m.train for m in obs.legal if isinstance(m, TrainPlay) and m.tile == tile]


def playable(obs: TrainObservation) -> list[int]:
    """The indices of the hand's tiles that fit somewhere now (none when it is not the seat's turn)."""
    fits = {m.tile for m in obs.legal if isinstance(m, TrainPlay)}
    return [i for i, t in enumerate(obs.hand) if t in fits]


def where_to_play(obs: TrainObservation, names: Sequence[str]) -> str:
    """The numbers a tile must show now, train by train, in words."""
    if obs.open_double is not None:
        x = obs.open_double
        return f"the double on {train_name(obs, names, x)} must be covered first (a tile with {obs.trains[x].end})"
    open_to_you = [v for v in obs.trains if v.index == obs.seat or v.marked]
    return ", ".join(f"{train_name(obs, names, v.index)} needs {v.end}" for v in open_to_you)


def nothing_fits(obs: TrainObservation) -> str:
    """What to do when it is the seat's turn and no tile fits, or ""."""
    if not obs.legal or any(isinstance(m, TrainPlay) for m in obs.legal):
        return ""
    if DRAW in obs.legal:
        return "No tile fits: press d to draw."
    if PASS in obs.legal:
        return "No tile fits: press p to pass (your train opens to everyone)."
    return ""


def describe(ev: TrainEvent, rules: TrainRules, names: Sequence[str]) -> str:
    """One move for the log: "Ana: [6|3] on the Mexican train", "You: [6|6] on your own train", "Ben: passes, train
    open", "Ben: [5|2] on your train"."""
    who = names[ev.seat]
    if ev.kind is Kind.PLAY and ev.train is not None:  # a play always has a train
        if ev.train == rules.mexican:
            where = "the Mexican train"
        elif ev.train == ev.seat:
            where = "your own train" if who == YOU else "own train"
        else:
            where = f"{possessive(names[ev.train])} train"
        return f"{who}: {ev.tile} on {where}"
    if ev.kind is Kind.DRAW:
        return f"{who}: draws"
    return f"{who}: passes" + (", train open" if ev.marked else "")


# ----- the end of a round and of the match -----


def round_title(number: int, rounds: int) -> str:
    """ "Round 3 of 13" (``number`` counts from 1)."""
    return f"Round {number} of {rounds}"


def round_end_text(number: int, rounds: int, out_seat: int | None, points: Sequence[int], names: Sequence[str]) -> str:
    """How round ``number`` ended and the lowest hand: "Round 2 of 13: Ana goes out; lowest this round: Ana (0)."."""
    if out_seat is not None:
        who = names[out_seat]
        how = f"{who} {verb(who, 'goes', 'go')} out"
    else:
        how = "Nobody can play and the boneyard is empty"
    low = min(points)
    best = ", ".join(names[s] for s, p in enumerate(points) if p == low)
    return f"{round_title(number, rounds)}: {how}; lowest this round: {best} ({low})."


def winners_win(winners: Sequence[int], names: Sequence[str]) -> str:
    """Who won, with the verb that fits: "You win", "Ana wins", "Ana and Ben win"."""
    who = " and ".join(names[s] for s in winners)
    return f"{who} {verb(who, 'wins', 'win', several=len(winners) > 1)}"


def match_end_text(winners: Sequence[int], totals: Sequence[int], names: Sequence[str]) -> str:
    """Who won the match: "Ana wins the match with 45 points, the lowest total."."""
    return f"{winners_win(winners, names)} the match with {totals[winners[0]]} points, the lowest total."


def totals_text(totals: Sequence[int], names: Sequence[str]) -> str:
    """Each seat's total: "You 12 · Ana 30 (lowest wins)"."""
    return " · ".join(f"{names[s]} {t}" for s, t in enumerate(totals)) + " (lowest wins)"


# ----- choosing the train for a tile -----


def fits_no_train(obs: TrainObservation, names: Sequence[str], tile: Tile) -> str:
    """Why ``tile`` cannot be played now, with where a tile may go."""
    return f"{tile} fits no train you may play on: {where_to_play(obs, names)}."


def which_train(obs: TrainObservation, names: Sequence[str], tile: Tile, trains: Sequence[int]) -> str:
    """The question when ``tile`` fits more than one train: "Play [6|3] on which train? 1 your train · m the
    Mexican train · or click its row · Esc cancels"."""
    options = " · ".join(f"{train_key(obs.rules, t)} {train_name(obs, names, t)}" for t in trains)
    return f"Play {tile} on which train? {options} · or click its row · Esc cancels"


def cannot_go(obs: TrainObservation, names: Sequence[str], tile: Tile, train: int | None) -> str:
    """The answer to a key or click choosing ``train`` (None: no train) that the tile waiting does not fit."""
    named = "no train" if train is None else train_name(obs, names, train)
    return f"{tile} cannot go on {named}: choose one of the marked trains."


PICK_A_TILE_FIRST = "Pick a tile first, then the train to play it on."


def sheet_rounds(
    obs: TrainObservation, now: Sequence[int] | None
) -> tuple[tuple[int, int, tuple[int | None, ...]], ...]:
    """The score sheet's rows, (round number, engine, points per seat): the rounds finished before this one as
    the observation has them, then this one with its points once it is over (``now``), else None for each seat."""
    rows: list[tuple[int, int, tuple[int | None, ...]]] = [
        (i + 1, obs.rules.engine_of(i), tuple(points)) for i, points in enumerate(obs.round_scores)
    ]
    rows.append((obs.round_index + 1, obs.engine, (None,) * obs.rules.players if now is None else tuple(now)))
    return tuple(rows)
