"""Our bots at the `dominoes` PyPI package's own partnership table (benchmark only; domino_tui never imports it).

The package's Game is the referee: it deals, checks and ends the game, and its players (plain functions that
reorder ``game.valid_moves``) move for their seats. For our seats, every public move the package records is
replayed into a mirror GameState dealt the same hands, and our bot gets ``observe(mirror, seat)``: its own hand
and the public history, exactly what the engine shows any seat. The bot's move goes back to the package.
Dealing the package's game and replaying its record are the differential test's (tests/engine/dominoes_package.py).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import dominoes

from domino_tui.ai import Bot
from domino_tui.engine import End, GameState, Kind, Opening, Tile, observe
from tests.engine.dominoes_package import RULES, package_game, replay


def package_player(name: str) -> Callable[[dominoes.Game], None]:
    """One of the package's players by a short name."""
    p = dominoes.players
    if name == "random":
        return p.random
    if name == "bota_gorda":
        return p.bota_gorda
    if name == "pab":
        # The package's search bot: heaviest tile for the first 8 moves, then alpha-beta over 10 sampled deals.
        search = p.probabilistic_alphabeta(start_move=8, sample_size=10)

        def pab(game: dominoes.Game) -> None:
            p.bota_gorda(game)
            search(game)

        return pab
    raise ValueError(f"unknown dominoes player {name!r}: random, bota_gorda or pab")


@dataclass
class Outcome:
    winner: int | None  # team
    points: tuple[int, int]  # points each team earned
    think: dict[int, list[float]] = field(default_factory=dict)  # seconds per decision, per team
    cpu: dict[int, list[float]] = field(default_factory=dict)  # the same in CPU time


def play_game(
    hands: list[list[Tile]],
    ours: dict[int, Bot],
    theirs: Callable[[dominoes.Game], None],
    rng: random.Random,
) -> Outcome:
    """One partnership game from ``hands`` (seat order); ``ours`` maps seats to our bots, the rest use the
    package player ``theirs``. The package's random player draws from the global random module, seeded here."""
    random.seed(rng.getrandbits(64))
    mirror = GameState(RULES, hands, [], Opening(None))  # lays [6|6] like the package's starting_domino
    game = package_game(mirror)
    seen = len(mirror.moves)
    think: dict[int, list[float]] = {0: [], 1: []}
    cpu: dict[int, list[float]] = {0: [], 1: []}
    while game.result is None:
        seen = replay(game, mirror, seen)
        seat = game.turn
        team = seat % 2
        if seat in ours:
            obs = observe(mirror, seat)
            t0, c0 = time.perf_counter(), time.process_time()
            move = ours[seat].choose(obs)
            cpu[team].append(time.process_time() - c0)
            think[team].append(time.perf_counter() - t0)
            if move.kind is not Kind.PLAY:
                raise RuntimeError(f"seat {seat} passed with playable tiles: the package passes for you")
            game.make_move(dominoes.Domino(move.tile.low, move.tile.high), move.end == End.LEFT)
        else:
            t0, c0 = time.perf_counter(), time.process_time()
            theirs(game)
            cpu[team].append(time.process_time() - c0)
            think[team].append(time.perf_counter() - t0)
            game.make_move(*game.valid_moves[0])
    r = game.result
    if r.points > 0:
        winner, points = 0, (r.points, 0)
    elif r.points < 0:
        winner, points = 1, (0, -r.points)
    else:
        winner, points = (r.player % 2 if r.won else None), (0, 0)
    return Outcome(winner, points, think, cpu)
