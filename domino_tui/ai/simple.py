"""The simple end of the ladder: random, first legal, heaviest, doubles first, the Hyperskill stage's computer,
and the scorers of the games that score the count: the greedy one (the most now) and the denier (the most now
less what the next player can answer with)."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable

from ..engine import Observation
from ..engine.core import Layout, TileTables, tables
from ..engine.moves import End, Kind, Move, Play, move_of
from ..engine.rules import Scores
from ..engine.train_moves import TrainPlay
from ..engine.train_observation import TrainObservation
from .base import Bot
from .inference import infer
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
    description = (
        "The heaviest tile it can play (the MC102 judge's greedy, the dominoes package's bota gorda); where plays "
        "score the count, the play that scores most now, then the heaviest."
    )

    def choose(self, obs: Observation) -> Move:
        if obs.rules.fives:
            return most_points_move(obs)
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


def most_points_move(obs: Observation) -> Move:
    """Where plays score the count, the play that scores most now (`points_of`), of equals the heaviest tile, then
    the first in the legal order; else the draw or pass. A hand there is worth the points scored in play, not the
    pips left (a go is worth one point, a play up to eight in Fives and Threes), so the greedy player's weight is
    its points: shedding weight alone scored no more than random play."""
    options = plays(obs)
    if not options:
        return fallback(obs)
    return max(options, key=lambda m: (points_of(obs, m), m.tile.pips))


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
    """What ``move`` scores in play: what the count of the layout scores once it is played (`Rules.count_points`)."""
    return obs.rules.count_points(obs.board.layout.count_after(move.tile.low, move.tile.high, move.end))


class FiveScorerBot(Bot):
    name = "fivescorer"
    description = (
        "The greedy scorer (All Fives, Fives and Threes): the play that scores most now, else any legal move at random."
    )

    def choose(self, obs: Observation) -> Move:
        options = plays(obs)
        if obs.rules.fives and options:
            points = [(points_of(obs, m), m) for m in options]
            top = max(s for s, _ in points)
            if top > 0:
                return next(m for s, m in points if s == top)
        return self.rng.choice(obs.legal)


# The denier's small terms, in points of the count (a play scores 0 to 8 in Fives and Threes, 5 to 20 in All Fives),
# so that they only decide between plays whose points and denial are about alike.
SPREAD = 0.25  # for each number the hand still shows after the play: fewer numbers, more draws and passes later
DOUBLE = 0.5  # for laying a double: it fits one number only, so it is the tile most likely to be left stuck
HEAVY = 0.05  # a pip laid, once the stock is empty and a block can come (where the hand's pips are scored)
GO = 1.0  # for going out: the go, and no reply at all


def reply_chance(pool: int, held: int, at_least: int) -> float:
    """The chance that a hand of ``held`` tiles, dealt at random from ``pool`` tiles, holds at least one of
    ``at_least`` given ones (hypergeometric: one minus the chance it holds none)."""
    if at_least <= 0 or held <= 0:
        return 0.0
    if held > pool - at_least:
        return 1.0
    return 1.0 - math.comb(pool - at_least, held) / math.comb(pool, held)


def expected_best_reply(
    layout: Layout, kernel_tiles: TileTables, pool: int, held: int, points: Callable[[int], int]
) -> float:
    """What the next seat can expect to score at once on ``layout``: the best of its plays, over the hands of
    ``held`` tiles it may hold from ``pool`` (a mask). A tile scores its best end; the expected best of a random
    hand is the sum, over each level a reply could reach, of the chance the hand holds a tile reaching it."""
    best: dict[int, int] = {}
    for tile, _, count in layout.counts_after(kernel_tiles, pool):
        best[tile] = max(best.get(tile, 0), points(count))
    size = pool.bit_count()
    held = min(held, size)
    levels = sorted({p for p in best.values() if p > 0})
    expected = 0.0
    below = 0
    for level in levels:
        reaching = sum(1 for p in best.values() if p >= level)
        expected += (level - below) * reply_chance(size, held, reaching)
        below = level
    return expected


class FivesDenierBot(Bot):
    name = "fivesdenier"
    description = (
        "The scorer that also denies (All Fives, Fives and Threes): what a play scores now less what the next "
        "player can expect to score in reply, from the tiles it may hold; keeps a spread of numbers, lays doubles "
        "early. Elsewhere, the heaviest tile."
    )

    def __init__(self, rng: random.Random | None = None, deny: bool = True) -> None:
        """``deny`` False leaves out the reply: the play that scores most now, of equals the one that keeps more
        numbers or lays a double (the Easy level where the count scores), and elsewhere the heaviest tile as
        `greedy` plays it."""
        super().__init__(rng)
        self.deny = deny

    def choose(self, obs: Observation) -> Move:
        options = plays(obs)
        if not options:
            return fallback(obs)
        if not obs.rules.fives:
            return heaviest_move(obs, pip_weights(obs.rules.max_pip))
        reply = self._reply_pool(obs) if self.deny else (0, 0)
        return max(options, key=lambda m: self.worth(obs, m, reply))

    @staticmethod
    def _reply_pool(obs: Observation) -> tuple[int, int]:
        """The tiles the next seat may hold (unseen, and not ruled out by its passes and draws) and how many it
        holds."""
        know = infer(obs)
        nxt = (obs.seat + 1) % obs.rules.players
        return know.unknown & ~know.seats[nxt].never(), obs.hand_sizes[nxt]

    @staticmethod
    def worth(obs: Observation, move: Play, reply: tuple[int, int]) -> float:
        """What the denier makes of ``move``: its points, less the next seat's expected best reply (`reply`: the
        tiles it may hold and how many it holds), with the small terms for the spread of numbers kept, doubles
        and heavy tiles laid, and going out."""
        rules = obs.rules
        ts = rules.tiles
        tile = move.tile
        points = rules.count_points
        value: float = points(obs.board.layout.count_after(tile.low, tile.high, move.end))
        rest = [t for t in obs.hand if t != tile]
        if not rest:
            return value + GO
        after = obs.board.layout.copy()
        after.lay(tile.low, tile.high, move.end)
        pool, held = reply
        # Among more players a point the next seat scores is one of several rivals' (measured: at four players
        # the full weight lost 0.15 points a hand to the greedy scorer, a third of it broke even).
        denial = 1.0 / (rules.players - 1)
        value -= denial * expected_best_reply(after, tables(ts.max_pip), pool, held, points)
        value += SPREAD * len({n for t in rest for n in (t.low, t.high)})
        if tile.is_double:
            value += DOUBLE
        if not obs.stock_size and rules.scores is not Scores.ONE:
            value += HEAVY * (tile.low + tile.high)
        return value
