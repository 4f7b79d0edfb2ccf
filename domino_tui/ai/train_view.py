"""From a Mexican Train observation to the kernel: the public history replayed, the facts it shows, and
positions for guessed hands.

The public history says who laid what on which train, who drew and who passed. Replayed on the train kernel
(engine/train_core.py) it gives, event by event, every train's end, every marker and the open double, so the
kernel itself says which trains a seat that drew or passed could have played on: its own, the Mexican train, the
marked ones, or only the open double's. No rule is written here. The hands of the replay hold every tile (a play
only takes its tile out), and its boneyard has as many tiles as the real one had, so that counts of passes with
an empty boneyard come out as in the real round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import EngineSearch, Kind
from ..engine.core import NOBODY
from ..engine.moves import Move
from ..engine.train_core import TrainRound, train_tables
from ..engine.train_moves import train_code_of
from ..engine.train_observation import TrainObservation


@dataclass(frozen=True, slots=True)
class Replayed:
    """The public history replayed: the position before the seat's decision (hands and boneyard to be filled in),
    and for every draw or pass that showed its seat could not play, the tiles that would have fitted then."""

    root: TrainRound
    fits: dict[int, int]  # history index -> mask of the tiles that fitted what the seat could play on
    before: dict[int, TrainRound]  # history index of a play -> the position just before it (hands to be filled in)


def replay(obs: TrainObservation) -> Replayed:
    rules = obs.rules
    kernel = rules.kernel
    t = train_tables(rules.max_pip)
    everything = (1 << t.size) - 1
    history = obs.history
    searching = search_draws(obs)  # the first events: draws while nobody held the engine, which show nothing else
    draws = sum(1 for ev in history[searching:] if ev.kind is Kind.DRAW)
    # The kernel moves the turn on as the events came; it starts with whoever acted first after the search.
    first = history[searching].seat if searching < len(history) else obs.turn
    k = TrainRound(
        kernel, obs.engine, [everything] * rules.players, [0] * (obs.boneyard_size + draws), first, search=False
    )
    match = t.match
    fits: dict[int, int] = {}
    before: dict[int, TrainRound] = {}
    for i in range(searching, len(history)):
        ev = history[i]
        if ev.kind is Kind.PLAY:
            assert ev.tile is not None and ev.train is not None
            if ev.seat != obs.seat:
                before[i] = k.copy()
            k.play(rules.tiles.index[ev.tile], ev.train)
            continue
        if ev.forfeit:  # a faulty bot out of the round: it says nothing of its hand, and takes no more turns
            k.forfeit()
            continue
        if ev.kind is Kind.DRAW or ev.marked:
            # A draw, or a pass that put the marker out: the seat could not play (a pass that ends a first
            # turn's run of tiles is a choice and shows nothing).
            trains = [k.open_double] if k.open_double != NOBODY else k.playable_trains(ev.seat)
            mask = 0
            for x in trains:
                mask |= match[k.ends[x]]
            if not getattr(ev, "forced", False):  # a turn lost to a faulty bot says nothing of its hand
                fits[i] = mask
        if ev.kind is Kind.DRAW:
            k.draw()
        else:
            k.pass_turn()
    return Replayed(k, fits, before)


def search_draws(obs: TrainObservation) -> int:
    """How many of the history's first events are the engine search's draws. While nobody holds the engine, the
    seats draw one tile each in turn from the round's first seat: until one draws it (EngineSearch.
    DRAWN_UNTIL_FOUND), or to the end of the turn of the table in which one drew it (EngineSearch.DRAWN). So the
    search is an opening run of draws by seats in turn, ending with the layer's draw, or with the turn of the table
    that holds it. Where the layer's own first turn could lengthen that run, it is taken as the search's (a fact
    not kept rather than a false one); a whole turn of the table cannot be so lengthened, as the layer's draw of its
    first turn is followed by its play or pass."""
    if obs.engine_draws is not None:
        return obs.engine_draws
    # An earlier version's observation does not say: read it from the history.
    if obs.engine_seat is None:
        return 0
    players = obs.rules.players
    whole_turns = obs.rules.options.engine_search is EngineSearch.DRAWN
    first = obs.round_index % players  # train_core.deal_round: the first seat moves round the table by round
    run = 0
    while run < len(obs.history):
        ev = obs.history[run]
        if ev.kind is not Kind.DRAW or ev.seat != (first + run) % players:
            break
        run += 1
    count = 0
    for j in range(run):
        if obs.history[j].seat == obs.engine_seat:
            end = (j // players + 1) * players if whole_turns else j + 1
            if end <= run:
                count = end
    return count


def kernel_round(replayed: Replayed, masks: Sequence[int], stock: Sequence[int]) -> TrainRound:
    """A position to play on: the replayed table with ``masks`` as the hands and ``stock`` as the boneyard."""
    k = replayed.root.copy()
    k.redeal(masks, stock)
    return k


def move_code(move: Move, obs: TrainObservation) -> int:
    return train_code_of(move, obs.rules.tiles)
