"""Mexican Train's planner: what the players' guides teach, as one small heuristic.

Find the longest run of your own tiles that leads out from your train's end and keep it for your own train; lay
the tiles off that run on the Mexican train and on the trains whose markers are out; lay a double only when you
hold a tile to cover it (its player plays again and must satisfy it); take your marker back in at once; and once
another seat is down to its last tiles, shed the heaviest tile you can. The run is found exactly, by a search over
the hand's tiles, so a hand of a round's fifteen tiles is planned whole.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.moves import Move
from ..engine.observation import Observation
from ..engine.tiles import Tile
from ..engine.train_moves import TrainPlay
from ..engine.train_observation import TrainObservation
from .base import Bot

NEAR_OUT = 2  # another seat with this many tiles or fewer may go out on its next turns: shed weight now
# A hand grown by draws past some thirty tiles could make the exact search slow: past this many steps the best run
# found so far stands (a round's dealt hand of 10 to 15 tiles never comes near it).
MAX_STEPS = 200_000


def longest_run(start: int, tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    """The longest sequence of ``tiles`` (each at most once) that can be laid one after another from an end
    showing ``start``; of equally long ones the heaviest, then one that does not end on a double (a double left
    at a train's end must be satisfied by the next seat)."""
    best: list[Tile] = []
    best_key = (0, 0, 0)
    path: list[Tile] = []
    used = [False] * len(tiles)
    steps = 0

    def key() -> tuple[int, int, int]:
        return (len(path), sum(t.pips for t in path), 0 if path and path[-1].is_double else 1)

    def grow(end: int) -> None:
        nonlocal best, best_key, steps
        steps += 1
        if steps > MAX_STEPS:
            return
        here = key()
        if here > best_key:
            best, best_key = list(path), here
        for i, t in enumerate(tiles):
            if not used[i] and end in t:
                used[i] = True
                path.append(t)
                grow(t.other(end))
                path.pop()
                used[i] = False

    grow(start)
    return tuple(best)


class TrainPlannerBot(Bot):
    name = "trainplanner"
    description = (
        "Keeps the longest run of its tiles for its own train, lays the rest on open trains, "
        "covers its doubles, sheds weight when someone is near out."
    )

    def choose(self, obs: Observation) -> Move:
        raise NotImplementedError(f"the {self.name} bot plays only Mexican Train")

    def choose_train(self, obs: TrainObservation) -> Move:
        plays = [m for m in obs.legal if isinstance(m, TrainPlay)]
        if not plays:
            return obs.legal[0]  # the draw, or the pass
        if len(plays) == 1:
            return plays[0]
        return max(plays, key=lambda m: self.worth(obs, m))

    def worth(self, obs: TrainObservation, play: TrainPlay) -> tuple[int, ...]:
        """How good ``play`` is, as a tuple compared in order (bigger is better)."""
        hand = list(obs.hand)
        hand.remove(play.tile)
        own = obs.own_train
        on_own = play.train == obs.seat
        own_end = play.tile.other(own.end) if on_own else own.end
        # A double is satisfied by its own player at once: one left uncovered puts this seat's marker out.
        covered = not play.tile.is_double or any(play.tile.low in t for t in hand)
        others = [size for seat, size in enumerate(obs.hand_sizes) if seat != obs.seat]
        near_out = min(others, default=99) <= NEAR_OUT
        run = longest_run(own_end, hand)
        return (
            int(covered),
            play.tile.pips if near_out else 0,
            int(own.marked and on_own),
            len(run),
            int(play.tile.is_double),  # a covered double sheds two tiles in one turn
            play.tile.pips,
            sum(t.pips for t in run),
        )
