"""The simple end of the ladder: random, first legal, heaviest, doubles first, seed 000's scorer, and All Fives'
greedy scorer."""

from __future__ import annotations

from collections import Counter

from ..engine import Observation
from ..engine.moves import End, Kind, Move
from .base import Bot


def plays(obs: Observation) -> list[Move]:
    return [m for m in obs.legal if m.kind is Kind.PLAY]


def fallback(obs: Observation) -> Move:
    """The non-play move (draw or pass) when a bot finds nothing to play."""
    for m in obs.legal:
        if m.kind is not Kind.PLAY:
            return m
    return obs.legal[0]


class RandomBot(Bot):
    name = "random"
    description = "Any legal move, at random."

    def choose(self, obs: Observation) -> Move:
        return self.rng.choice(obs.legal)


class DummyBot(Bot):
    name = "dummy"
    description = "The first legal tile it finds (seed 003's 'tolo' player)."

    def choose(self, obs: Observation) -> Move:
        options = plays(obs)
        return options[0] if options else fallback(obs)


class GreedyBot(Bot):
    name = "greedy"
    description = "The heaviest tile it can play (seed 003's greedy, seed 004's bota gorda)."

    def choose(self, obs: Observation) -> Move:
        options = plays(obs)
        if not options:
            return fallback(obs)
        return max(options, key=lambda m: m.tile.pips)  # type: ignore[union-attr]  # a PLAY event or move always has its tile and end


class DoublesBot(Bot):
    name = "doubles"
    description = "Doubles first, then the heaviest tile."

    def choose(self, obs: Observation) -> Move:
        options = plays(obs)
        if not options:
            return fallback(obs)
        return max(options, key=lambda m: (m.tile.is_double, m.tile.pips))  # type: ignore[union-attr]  # a PLAY event or move always has its tile and end


def hyperskill_scores(obs: Observation) -> list[tuple[int, int]]:
    """Seed 000 stage 5: count each number in the hand and the line; a tile scores the counts of its halves.
    Returns (score, hand position) pairs, best first; equal scores keep hand order."""
    counts: Counter[int] = Counter()
    for t in obs.hand:
        counts[t.low] += 1
        counts[t.high] += 1
    for p in obs.board.line:
        counts[p.first] += 1
        counts[p.second] += 1
    scored = [(counts[t.low] + counts[t.high], i) for i, t in enumerate(obs.hand)]
    return sorted(scored, key=lambda s: -s[0])


class HyperskillBot(Bot):
    name = "hyperskill"
    description = "Seed 000's computer: plays its most common numbers first, else draws."

    def choose(self, obs: Observation) -> Move:
        legal = set(obs.legal)
        for _, i in hyperskill_scores(obs):
            tile = obs.hand[i]
            for end in (End.LEFT, End.RIGHT):
                move = Move.play(tile, end)
                if move in legal:
                    return move
        return fallback(obs)


def count_after(obs: Observation, move: Move) -> int:
    """The All Fives count of the layout once ``move`` is played (0 unless it is a multiple of 5)."""
    board = obs.board.copy()
    board.place(move.tile, move.end)  # type: ignore[arg-type]  # a PLAY event or move always has its tile and end
    count = board.count()
    return count if count % 5 == 0 else 0


class FiveScorerBot(Bot):
    name = "fivescorer"
    description = "All Fives' greedy scorer: the play that scores most now, else any legal move at random."

    def choose(self, obs: Observation) -> Move:
        options = plays(obs)
        if obs.rules.fives and options:
            scored = [(count_after(obs, m), m) for m in options]
            top = max(s for s, _ in scored)
            if top > 0:
                return next(m for s, m in scored if s == top)
        return self.rng.choice(obs.legal)
