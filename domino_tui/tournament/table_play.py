"""Playing a free-for-all table: its rounds cut into chunks, chunks run in worker processes, tallies summed. A
table plays Mexican Train (a round is a round of trains) or a line game that seats more than two, each for himself
(a round is one hand: Fives and Threes for 3 or 4).

Every seat is a built-in bot or a user bot in a sandboxed host of its own (host.py), one host per entry; each sees
only its seat's observation. A faulty answer forfeits the round (the train kernel's rule: the seat is out and
scores its hand and the boneyard as they are then), as a faulty answer loses a line game its turn. The layout
of the table (who sits where, which deal) is free_for_all.py's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..ai.base import Bot
from ..bot_registry import BOTS, make_bot
from ..engine import (
    TRAIN_VARIANTS,
    GameState,
    Move,
    Rules,
    TrainObservation,
    TrainRoundState,
    TrainRules,
    get_rules,
    get_train_rules,
    observe_train,
)
from .entries import Entry, EntryError, parse_bot, spec_text, unique_names
from .faults import Fault, take_turn
from .free_for_all import TableError, TableTally, deal_seed, engine_round, seating, table_bot_seed
from .fullplay import MAX_TURNS, play_state
from .host import seat_in_host
from .runner import Progress
from .sandbox import SANDBOXED, Confinement
from .schedule import user_bot_seed
from .workers import run_each


class TablePlayer(Protocol):
    def choose(self, obs: TrainObservation) -> Move: ...


# Rounds per chunk: a round with user bots takes a few hundred messages, so chunks are small.
TABLE_CHUNK = 8


@dataclass(frozen=True)
class TableTask:
    variant: str
    entries: tuple[Entry, ...]
    seed: int
    start: int
    stop: int
    move_limit: float
    confinement: Confinement = SANDBOXED


def table_rules(variant: str, entries: int) -> TrainRules | Rules:
    """The variant's rules for a table of ``entries`` players: a train variant's, or a line variant's seated anew
    for that many, each for himself (TableError when it seats no such table)."""
    if variant in TRAIN_VARIANTS:
        return get_train_rules(variant, entries)
    rules = get_rules(variant)
    if entries == rules.players or entries not in rules.player_counts:
        counts = [n for n in rules.player_counts if n != rules.players]
        seats = f"tables of {' or '.join(map(str, counts))}" if counts else "no free-for-all table"
        raise TableError(f"{variant} seats {seats}, not {entries} players")
    return rules.with_players(entries)


def table_entries(texts: list, rules: TrainRules | Rules) -> list[Entry]:
    """Each entry of a table is one bot (a spec as on the command line, or a Bot class); names made unique."""
    entries = []
    for text in texts:
        if isinstance(text, str) and "+" in text:
            raise EntryError(f"{text!r} is a pair, but at a free-for-all table each entry plays for itself")
        if isinstance(text, tuple | list):
            raise EntryError(f"{spec_text(tuple(text))}: at a free-for-all table each entry is one bot")
        bot = parse_bot(text)
        if isinstance(rules, TrainRules) and not bot.hosted and not BOTS[bot.name].trains:
            playing = ", ".join(name for name, entry in BOTS.items() if entry.trains)
            raise EntryError(f"the {bot.name} bot does not play Mexican Train; built-in bots that do: {playing}")
        entries.append(Entry(bot.short, spec_text(text), (bot,)))
    return unique_names(entries)


def table_chunks(
    rules: TrainRules | Rules,
    entries: tuple[Entry, ...],
    rounds: int,
    seed: int,
    move_limit: float,
    confinement: Confinement,
) -> list[TableTask]:
    return [
        TableTask(rules.name, entries, seed, start, min(start + TABLE_CHUNK, rounds), move_limit, confinement)
        for start in range(0, rounds, TABLE_CHUNK)
    ]


def play_table_chunk(task: TableTask) -> TableTally:
    """Play rounds [start, stop) of the table and sum them up. Runs in a worker process."""
    n = len(task.entries)
    rules = table_rules(task.variant, n)
    tally = TableTally(n, lowest_wins=rules.lowest_wins)
    for game in range(task.start, task.stop):
        seats = seating(n, game)
        deal = random.Random(deal_seed(task.seed, n, game))
        notes: dict[int, str] = {}
        players = _players(task, game, seats, notes)
        if isinstance(rules, TrainRules):
            state = TrainRoundState.new(rules, engine_round(n, game), deal)
            faults = play_round(state, players)
            points = state.points() if state.over else None
        else:  # one hand, each seat for himself; a faulty answer loses the turn, the line games' rule
            outcome = play_state(GameState.new(rules, deal), players)  # type: ignore[arg-type]  # a seat's player answers the observation of its game
            faults = list(outcome.faults)
            points = outcome.points if outcome.result is not None else None
        for seat, fault in faults:
            tally.fault(seats[seat], fault.value, notes.get(seats[seat], ""))
        if points is None:
            tally.abandoned += 1
            continue
        tally.record(seats, points)
    return tally


class TrainSeat:
    """A built-in bot in a seat of the table: the Player protocol over its `choose_train`."""

    __slots__ = ("bot",)

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, obs: TrainObservation) -> Move:
        return self.bot.choose_train(obs)


def play_round(state: TrainRoundState, players: list[TablePlayer]) -> list[tuple[int, Fault]]:
    """Play ``state`` to its end (or MAX_TURNS turns), asking each seat's player; the turns lost, by seat."""
    faults: list[tuple[int, Fault]] = []
    for _ in range(MAX_TURNS * 4):
        if state.over:
            break
        seat = state.turn
        fault = take_turn(players[seat].choose, observe_train(state, seat), state.apply)
        if fault is None:
            continue
        faults.append((seat, fault))
        state.forfeit()  # the train kernel's rule: out of the round, never a move made for it
    return faults


def _players(task: TableTask, game: int, seats: tuple[int, ...], notes: dict[int, str]) -> list[TablePlayer]:
    """Fresh players for one round: built-in bots here, each user bot in its entry's host."""
    players: list[TablePlayer] = []
    for seat, e in enumerate(seats):
        entry = task.entries[e]
        spec = entry.seats[0]
        if spec.hosted:
            key, seed = f"{entry.name}/0", user_bot_seed(task.seed, -1, game, seat)
            players.append(seat_in_host(key, spec, task.move_limit, task.confinement, seat, seed, notes, e))
        else:
            bot = make_bot(spec.name, random.Random(table_bot_seed(task.seed, game, seat)))
            players.append(TrainSeat(bot) if task.variant in TRAIN_VARIANTS else bot)  # type: ignore[arg-type]  # a bot answers a line game's observation itself
    return players


def run_table_chunks(
    tasks: list[TableTask], entries: int, jobs: int, progress: Progress | None = None, lowest_wins: bool = True
) -> TableTally:
    """Run every chunk, on ``jobs`` worker processes (in this process when jobs is 1), and sum their tallies;
    ``progress(rounds done, rounds)`` after each chunk. ``lowest_wins``: as the rules score (TableTally)."""
    total = TableTally(entries, lowest_wins=lowest_wins)
    rounds = sum(t.stop - t.start for t in tasks)
    done = 0
    if progress:
        progress(0, rounds)

    def add(task: TableTask, tally: TableTally) -> None:
        nonlocal done
        total.add(tally)
        done += task.stop - task.start
        if progress:
            progress(done, rounds)

    run_each(tasks, play_table_chunk, jobs, add)
    return total
