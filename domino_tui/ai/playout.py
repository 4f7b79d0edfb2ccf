"""The quick policies that finish a guessed game: the expert's (mostly a sensible greedy move, sometimes a random
one) and the random bot's.

Greedy here means the best immediate score where the count scores in play (All Fives, Fives and Threes) and
otherwise shedding weight (doubles a little first, since they fit only one number: `lines.TileWeights.heaviest`).
A player never draws or passes while a tile fits, even where the rules allow it. This loop is the bot's hot path,
so it works on the kernel's masks directly instead of listing moves; a line game is played out by the line loop
(`lines.py`) with the same policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ..engine import Rules
from ..engine.core import DRAW_MOVE, PASS_MOVE, Layout, Outcome, Sim, TileTables, play_code
from ..engine.tiles import tile_set
from .lines import PLAYOUT, RANDOM, PlayoutPolicy, TileWeights, play_line


class Playout:
    def __init__(
        self,
        rules: Rules,
        rng: random.Random,
        explore: float,
        control: int = 0,
        reply: float = 0.0,
    ) -> None:
        """``explore``: how often a random tile is played; ``control``: (line games) how much a play that
        leaves ends the hand can follow is preferred; ``reply``: (All Fives) how much the most the next seat
        could score at once in answer, from the hand the guess gives it, counts against a play."""
        ts = tile_set(rules.max_pip)
        self.rng = rng
        self.explore = explore
        self.fives = rules.fives
        self.count_points = rules.kernel.count_points
        self.tiles = ts
        self.draws = rules.has_stock
        # Shedding weight: pips, and a double counts as somewhat heavier.
        self.weight = tuple(p + (3 if lo == hi else 0) for p, lo, hi in zip(ts.pips, ts.low, ts.high, strict=True))
        self.weights = TileWeights(self.weight)
        # A line game (a lead included) is played out by the line loop, with this same policy.
        self.line = PlayoutPolicy(self.weights, explore, control) if rules.is_line else None
        self.kinds = [PLAYOUT] * rules.players
        self.reply = reply

    def run(self, sim: Sim) -> None:
        """Play ``sim`` to the end."""
        if self.line is not None:
            if sim.outcome is None:
                play_line(sim, self.kinds, self.rng.getrandbits(64), policy=self.line)
            return
        rnd = self.rng.random
        randrange = self.rng.randrange
        explore = self.explore
        weights = self.weights
        fives = self.fives
        reply = self.reply
        draws = self.draws
        tiles = sim.tiles
        masks = sim.masks
        layout = sim.layout
        while sim.outcome is None:
            hand = masks[sim.turn]
            playable = layout.fits(tiles, hand)
            if not playable:
                sim.apply(DRAW_MOVE if draws and sim.stock else PASS_MOVE)
                continue
            if fives:
                if reply:
                    sim.apply(best_reply(sim, playable, self, rnd() < explore, randrange, reply))
                else:
                    sim.apply(best_count(sim, playable, self, rnd() < explore, randrange))
                continue
            if playable & (playable - 1) and rnd() >= explore:
                chosen = playable  # the heaviest of them
            else:
                chosen = 1 << random_tile(playable, randrange) if playable & (playable - 1) else playable
            sim.play(
                weights.heaviest(
                    layout.fits_at(tiles, chosen, 0),
                    layout.fits_at(tiles, chosen, 1),
                    layout.fits_at(tiles, chosen, 2),
                    layout.fits_at(tiles, chosen, 3),
                )
            )


def random_tile(tiles: int, randrange: Callable[[int], int]) -> int:
    """One of ``tiles``, each as likely."""
    indices = list(_indices(tiles))
    return indices[randrange(len(indices))]


def random_playout(sim: Sim, rng: random.Random, trace: list[int] | None = None) -> Outcome:
    """Play ``sim`` to the end choosing uniformly among legal moves (the random bot, on integers): a line game in
    the line loop, anything else move by move. ``trace`` collects the moves made, so that a test can replay them
    through GameState and compare."""
    if sim.outcome is None and sim.rules.is_line:
        return play_line(sim, [RANDOM] * sim.rules.players, rng.getrandbits(64), trace=trace)
    choice = rng.choice
    while sim.outcome is None:
        move = choice(sim.legal())
        if trace is not None:
            trace.append(move)
        sim.apply(move)
    return sim.outcome


def best_count(sim: Sim, playable: int, playout: Playout, random_pick: bool, randrange: Callable[[int], int]) -> int:
    """The play that scores most right now (`Layout.counts_after`), then the heavier tile (or a random play when
    ``random_pick``)."""
    layout = sim.layout
    ts = playout.tiles
    weight = playout.weight
    points = playout.count_points
    if layout.tiles == 0:  # a lead: a tile scores what its pips, the first count, score
        if random_pick:
            return play_code(random_tile(playable, randrange), 0)
        lead = max(_indices(playable), key=lambda i: (points(ts.pips[i]), weight[i]))
        return play_code(lead, 0)
    if random_pick:
        moves = [play_code(i, e) for i, e, _ in layout.counts_after(sim.tiles, playable)]
        return moves[randrange(len(moves))]
    best = -1
    key = (-1, -1)
    for i, e, count in layout.counts_after(sim.tiles, playable):
        k = (points(count), weight[i])
        if k > key:
            best, key = play_code(i, e), k
    return best


def most_scored(layout: Layout, tiles: TileTables, hand: int, points: Callable[[int], int]) -> int:
    """The most that one play from ``hand`` could score (``points`` of the count) on ``layout`` (0 if none fits
    or none scores)."""
    best = 0
    for _, _, count in layout.counts_after(tiles, hand):
        best = max(best, points(count))
    return best


def best_reply(
    sim: Sim,
    playable: int,
    playout: Playout,
    random_pick: bool,
    randrange: Callable[[int], int],
    reply: float,
) -> int:
    """The play that scores most now less ``reply`` times the most the next seat could score at once after it
    (`most_scored`, from the hand the guess gives that seat), then the heavier tile; a lead, or a random play
    when ``random_pick``, as `best_count` chooses it.

    A play that opens a count of 10 for the next seat's [5|5] is worth less than one that scores 5 and leaves
    nothing: the greedy scorer cannot see that, and measured in matches against it the expert gained by it."""
    layout = sim.layout
    if random_pick or layout.tiles == 0:
        return best_count(sim, playable, playout, random_pick, randrange)
    ts = playout.tiles
    weight = playout.weight
    points = playout.count_points
    hand = sim.masks[sim.turn]
    answer = sim.masks[(sim.turn + 1) % sim.rules.players]
    best = -1
    key = (-1e9, -1)
    for i, e, count in layout.counts_after(sim.tiles, playable):
        value: float = points(count)
        if hand != 1 << i:  # a play that goes out leaves no answer
            after = layout.copy()
            after.lay(ts.low[i], ts.high[i], e)
            value -= reply * most_scored(after, sim.tiles, answer, points)
        k = (value, weight[i])
        if k > key:
            best, key = play_code(i, e), k
    return best


def _indices(tiles: int) -> Iterator[int]:
    """The tile indices of a mask, in set order."""
    while tiles:
        bit = tiles & -tiles
        yield bit.bit_length() - 1
        tiles ^= bit
