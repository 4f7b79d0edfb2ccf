"""The simple end of the ladder: random, first legal, heaviest, doubles first, the Hyperskill stage's computer,
and All Fives' greedy scorer."""

from __future__ import annotations

from collections import Counter

from ..engine import Observation
from ..engine.core import tables
from ..engine.moves import End, Kind, Move, Play, move_of
from ..engine.train_moves import TrainPlay
from ..engine.train_observation import TrainObservation
from .base import Bot
from .lines import TileWeights, doubles_first_weights, pip_weights


def plays(obs: Observation) -> list[Play]:
    return [m for m in obs.legal if isinstance(m, Play)]


def fallback(obs: Observation) -> Move:
    """The non-play move (draw or pass) when a bot finds nothing to play."""
    for m in obs.legal:
        if m.kind is not Kind.PLAY:
            return m
    return obs.legal[0]


class RandomBot(Bot):
    name = "random"
    description = "Any legal move, at random."
    plays_trains = True

    def choose(self, obs: Observation) -> Move:
        return self.rng.choice(obs.legal)

    def choose_train(self, obs: TrainObservation) -> Move:
        return self.rng.choice(obs.legal)


class DummyBot(Bot):
    name = "dummy"
    description = "The first legal tile it finds (the MC102 judge's 'tolo' player)."

    def choose(self, obs: Observation) -> Move:
        options = plays(obs)
        return options[0] if options else fallback(obs)


class GreedyBot(Bot):
    name = "greedy"
    description = "The heaviest tile it can play (the MC102 judge's greedy, the dominoes package's bota gorda)."

    plays_trains = True

    def choose(self, obs: Observation) -> Move:
        return heaviest_move(obs, pip_weights(obs.rules.max_pip))

    def choose_train(self, obs: TrainObservation) -> Move:
        return heaviest_train_move(obs)


def heaviest_train_move(obs: TrainObservation) -> Move:
    """The heaviest tile ``obs``'s seat may lay (of equals, one on its own train first, then the legal order), else
    its draw or pass. While a double is open the kernel lists only the plays that satisfy it, so this satisfies
    it whenever it can, as the rules demand."""
    best: TrainPlay | None = None
    for m in obs.legal:
        if isinstance(m, TrainPlay) and (
            best is None or (m.tile.pips, m.train == obs.seat) > (best.tile.pips, best.train == obs.seat)
        ):
            best = m
    if best is not None:
        return best
    return obs.legal[0]


class DoublesBot(Bot):
    name = "doubles"
    description = "Doubles first, then the heaviest tile."

    def choose(self, obs: Observation) -> Move:
        return heaviest_move(obs, doubles_first_weights(obs.rules.max_pip))


def heaviest_move(obs: Observation, weights: TileWeights) -> Move:
    """The heaviest of ``obs``'s legal plays by ``weights`` (of equals, the first in the legal order), else its draw
    or pass."""
    ts = obs.rules.tiles
    hand = ts.mask_of(obs.hand)
    layout = obs.board.layout
    kernel_tiles = tables(ts.max_pip)
    code = weights.heaviest(*(layout.fits_at(kernel_tiles, hand, end) for end in End))
    return move_of(code, ts) if code >= 0 else fallback(obs)


def hyperskill_scores(obs: Observation) -> list[tuple[int, int]]:
    """The Hyperskill stage text's computer (stage 5): count each number in the hand and the line; a tile scores
    the counts of its halves.
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
    description = "The Hyperskill stage's computer: plays its most common numbers first, else draws."

    def choose(self, obs: Observation) -> Move:
        legal = set(obs.legal)
        for _, i in hyperskill_scores(obs):
            tile = obs.hand[i]
            for end in (End.LEFT, End.RIGHT):
                move = Move.play(tile, end)
                if move in legal:
                    return move
        return fallback(obs)


def points_of(obs: Observation, move: Play) -> int:
    """What ``move`` scores in All Fives: the count of the layout once it is played, if a multiple of 5."""
    count = obs.board.layout.count_after(move.tile.low, move.tile.high, move.end)
    return count if count % 5 == 0 else 0


class FiveScorerBot(Bot):
    name = "fivescorer"
    description = "All Fives' greedy scorer: the play that scores most now, else any legal move at random."

    def choose(self, obs: Observation) -> Move:
        options = plays(obs)
        if obs.rules.fives and options:
            points = [(points_of(obs, m), m) for m in options]
            top = max(s for s, _ in points)
            if top > 0:
                return next(m for s, m in points if s == top)
        return self.rng.choice(obs.legal)
