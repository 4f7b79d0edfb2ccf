"""Playing the games: a match is cut into chunks of games, chunks run in worker processes, tallies are summed.

A chunk's tally is a sum, so the order in which chunks finish changes nothing. Games where every seat is a
built-in bot with a fast form run on the engine's skinny simulator; any other game runs through the full engine,
with user bots in sandboxed host processes (host.py). A worker dies with the process that started it, and takes
its hosts with it when it ends, by SIGTERM and SIGHUP too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from ..bot_registry import make_bot
from ..engine import GameResult, GameState, Rules, get_rules
from .entries import BotSpec, Entry
from .fastplay import FastPolicy, deal_fast, fast_policy, play_fast
from .faults import Fault
from .fullplay import Player, play_full
from .host import seat_in_host
from .sandbox import SANDBOXED, Confinement
from .schedule import bot_seed, pairings, plan_game, user_bot_seed
from .workers import run_each

# Games per chunk: big enough that the trip to a worker costs little, small enough to share the work out evenly.
FAST_CHUNK = 250
FULL_CHUNK = 25

Progress = Callable[[int, int], None]
Finished = Callable[[int, "Tally"], None]


@dataclass
class Tally:
    """Figures of some games of one match, in the order (first entry, second entry)."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    ties: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    faults: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    abandoned: int = 0
    notes: list[str] = field(default_factory=lambda: ["", ""])  # the first fault's detail of each side

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.notes = [mine or theirs for mine, theirs in zip(self.notes, other.notes, strict=True)]
        self.ties += other.ties
        self.abandoned += other.abandoned
        for k in (0, 1):
            self.wins[k] += other.wins[k]
            self.points[k] += other.points[k]
            for fault, n in other.faults[k].items():
                self.faults[k][fault] = self.faults[k].get(fault, 0) + n


@dataclass(frozen=True)
class ChunkTask:
    variant: str
    entries: tuple[Entry, Entry]
    seed: int
    match: int
    start: int
    stop: int
    move_limit: float
    confinement: Confinement = SANDBOXED


@lru_cache(maxsize=64)
def _shared_policy(name: str, rules: Rules) -> FastPolicy | None:
    return fast_policy(name, rules, None)


def _fast_policy(spec: BotSpec, rules: Rules, seed: str) -> FastPolicy | None:
    """A deterministic bot's policy is shared between games; a random one gets the game's own rng."""
    policy = _shared_policy(spec.name, rules)
    return policy if policy is not None else fast_policy(spec.name, rules, random.Random(seed))


def all_fast(entries: tuple[Entry, Entry], rules: Rules) -> bool:
    rng = random.Random(0)
    return all(
        not spec.hosted and fast_policy(spec.name, rules, rng) is not None for entry in entries for spec in entry.seats
    )


def _seating(rules: Rules, entries: tuple[Entry, Entry], first_team: int) -> tuple[list[BotSpec], list[int]]:
    """Each seat's bot and which entry (0 or 1) it plays for, with the first entry in ``first_team``."""
    n = rules.players
    specs: list[BotSpec | None] = [None] * n
    owner = [0] * n
    for team, e in enumerate((0, 1) if first_team == 0 else (1, 0)):
        for k, seat in enumerate(rules.teams[team]):
            specs[seat] = entries[e].seats[k]
            owner[seat] = e
    seated = [spec for spec in specs if spec is not None]
    assert len(seated) == n  # the teams cover every seat
    return seated, owner


def play_chunk(task: ChunkTask) -> Tally:
    """Play games [start, stop) of one match and sum them up. Runs in a worker process."""
    rules = get_rules(task.variant)
    seatings = [_seating(rules, task.entries, team) for team in (0, 1)]
    tally = Tally()
    wins = tally.wins
    points_sum = tally.points
    n = rules.players
    deal_rng = random.Random()
    fast = all_fast(task.entries, rules)
    shared = [[_shared_policy(spec.name, rules) for spec in specs] for specs, _ in seatings]
    notes: dict[int, str] = {}
    seeded = ""  # the seed deal_rng was last given, and how many deals it has made since
    dealt = 0
    for game in range(task.start, task.stop):
        plan = plan_game(rules, task.seed, task.match, game)
        if plan.deal_seed != seeded or plan.deal_index < dealt:
            deal_rng.seed(plan.deal_seed)
            seeded, dealt = plan.deal_seed, 0
        while dealt < plan.deal_index:  # a chunk starting inside a block: draw the deals of the games before it
            skipped = plan_game(rules, task.seed, task.match, game - plan.deal_index + dealt)
            if fast:
                deal_fast(rules, deal_rng, skipped.opening)
            else:
                GameState.new(rules, deal_rng, skipped.opening)
            dealt += 1
        dealt += 1
        first_team = plan.first_team
        specs, owner = seatings[first_team]
        faults: tuple = ()
        result: GameResult | None
        if fast:
            policies = shared[first_team]
            if None in policies:  # a random bot: its own rng for this game
                policies = [_fast_policy(specs[s], rules, bot_seed(task.seed, task.match, game, s)) for s in range(n)]
            result, points = play_fast(rules, deal_rng, plan.opening, policies)  # type: ignore[arg-type]  # None only when a bot is random, replaced above
        else:
            outcome = play_full(rules, deal_rng, plan.opening, _players(task, game, specs, owner, notes))
            result, points, faults = outcome.result, outcome.points, outcome.faults
        if result is None:
            tally.abandoned += 1
            loser = _kept_alive_by(faults, owner)
            if loser is None:
                tally.ties += 1
            else:  # its forfeits kept the game going: a bot cannot turn a lost game into a tie by never moving
                wins[1 - loser] += 1
        elif result.winner is None:
            tally.ties += 1
        else:
            wins[0 if result.winner == first_team else 1] += 1
        points_sum[0] += points[first_team]
        points_sum[1] += points[1 - first_team]
        for seat, fault in faults:
            counts = tally.faults[owner[seat]]
            counts[fault.value] = counts.get(fault.value, 0) + 1
    tally.games = task.stop - task.start
    tally.notes = [notes.get(0, ""), notes.get(1, "")]
    return tally


def _kept_alive_by(faults: tuple[tuple[int, Fault], ...], owner: list[int]) -> int | None:
    """The entry (0 or 1) whose lost turns outnumber the other's in an abandoned game, else None."""
    lost = [0, 0]
    for seat, _ in faults:
        lost[owner[seat]] += 1
    if lost[0] == lost[1]:
        return None
    return 0 if lost[0] > lost[1] else 1


def _players(task: ChunkTask, game: int, specs: list[BotSpec], owner: list[int], notes: dict[int, str]) -> list[Player]:
    """Fresh players for one game: built-in bots here, each user bot in a host process of its own seat's.

    One host per seat of an entry, not per entry: partners in separate processes cannot pass each other their
    hands through a shared variable, so a pair sees no more than two Observations, by construction."""
    players: list[Player] = []
    slot = {e: 0 for e in (0, 1)}
    for s, spec in enumerate(specs):
        entry = task.entries[owner[s]]
        k = slot[owner[s]]
        slot[owner[s]] += 1
        if spec.hosted:
            key, seed = f"{entry.name}/{k}", user_bot_seed(task.seed, task.match, game, s)
            players.append(seat_in_host(key, spec, task.move_limit, task.confinement, s, seed, notes, owner[s]))
        else:
            players.append(make_bot(spec.name, random.Random(bot_seed(task.seed, task.match, game, s))))
    return players


def match_chunks(
    rules: Rules,
    duo: tuple[Entry, Entry],
    games: int,
    seed: int,
    match: int,
    move_limit: float,
    confinement: Confinement = SANDBOXED,
) -> list[ChunkTask]:
    """One match's games, cut into chunks."""
    size = FAST_CHUNK if all_fast(duo, rules) else FULL_CHUNK
    return [
        ChunkTask(rules.name, duo, seed, match, start, min(start + size, games), move_limit, confinement)
        for start in range(0, games, size)
    ]


def chunk_tasks(
    rules: Rules,
    entries: list[Entry],
    games: int,
    seed: int,
    move_limit: float,
    done: frozenset[int] = frozenset(),
    confinement: Confinement = SANDBOXED,
) -> tuple[list[tuple[int, int]], list[ChunkTask]]:
    """Every match's chunks but those of the matches in ``done`` (finished before a resume)."""
    pairs = pairings(len(entries))
    tasks = []
    for m, (i, j) in enumerate(pairs):
        if m not in done:
            tasks += match_chunks(rules, (entries[i], entries[j]), games, seed, m, move_limit, confinement)
    return pairs, tasks


class Collector:
    """Sums the chunks' tallies into one per match as they come in, in any order; ``finished(match, tally)`` is
    called as soon as the last chunk of a match is in, ``progress(games done, games)`` after each chunk."""

    def __init__(
        self, tasks: list[ChunkTask], matches: int, progress: Progress | None, finished: Finished | None
    ) -> None:
        self.tallies = [Tally() for _ in range(matches)]
        self.left = [0] * matches
        for task in tasks:
            self.left[task.match] += 1
        self.total = sum(t.stop - t.start for t in tasks)
        self.done = 0
        self.progress = progress
        self.finished = finished
        if progress:
            progress(0, self.total)

    def __call__(self, task: ChunkTask, tally: Tally) -> None:
        self.tallies[task.match].add(tally)
        self.done += task.stop - task.start
        self.left[task.match] -= 1
        if self.finished and not self.left[task.match]:
            self.finished(task.match, self.tallies[task.match])
        if self.progress:
            self.progress(self.done, self.total)


def run_chunks(
    tasks: list[ChunkTask],
    matches: int,
    jobs: int,
    progress: Progress | None = None,
    finished: Finished | None = None,
) -> list[Tally]:
    """Run every chunk, on ``jobs`` worker processes (in this process when jobs is 1); one Tally per match.
    ``finished(match, tally)`` is called as soon as the last chunk of a match is in."""
    collect = Collector(tasks, matches, progress, finished)
    run_each(tasks, play_chunk, jobs, collect)
    return collect.tallies
