"""The tile tracker: what a seat may know about the tiles it cannot see, read from its observation alone.

For every other seat, the numbers it has shown it cannot hold (a pass, or in games where you must play when
able a draw, with those numbers at the ends, and no draw since: `inference.py` reads the facts); for every
number, how many of its tiles are still unseen (in other hands, the stock or asleep). Nothing here looks at
a game state, so nothing hidden can leak into it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ai.inference import Knowledge, infer
from ..ai.train_expert import train_knowledge
from ..engine import Kind, Observation, TrainObservation
from ..engine.tiles import tile_set


@dataclass(frozen=True, slots=True)
class Shown:
    """How a seat showed it holds no tile of a number: it ``passed`` or ``drew`` at history index ``at``."""

    how: str
    at: int
    likely: bool = False  # classic lets you draw or pass with a tile that fits: likely, not certain


@dataclass(frozen=True, slots=True)
class Tracker:
    seat: int  # whose view this is
    max_pip: int
    # voids[seat][number]: how that seat showed it holds no tile of the number (other seats only).
    voids: dict[int, dict[int, Shown]]
    unseen: tuple[int, ...]  # unseen[n]: tiles showing n that this seat cannot see
    hand_sizes: tuple[int, ...]

    def void_numbers(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted(self.voids.get(seat, {})))


def void_numbers(know: Knowledge, obs: Observation | TrainObservation) -> dict[int, dict[int, Shown]]:
    """For each other seat, the numbers a fact rules out entirely, with the fact (the latest one wins)."""
    ts = tile_set(obs.rules.max_pip)
    out: dict[int, dict[int, Shown]] = {}
    for seat, sk in know.seats.items():
        numbers: dict[int, Shown] = {}
        for v in sk.voids:
            if v.at < 0 or sk.draws_from(v.at):
                continue  # the opening double rules out doubles only; a later draw may have brought the number
            how = "passed" if obs.history[v.at].kind is Kind.PASS else "drew"
            for n in range(ts.max_pip + 1):
                if ts.match[n] & ~v.mask == 0:
                    numbers[n] = Shown(how, v.at, v.soft)
        out[seat] = numbers
    return out


def track(obs: Observation | TrainObservation) -> Tracker:
    """The tracker for the seat that ``obs`` belongs to (Mexican Train's too: its facts come from draws and
    passes with what the seat could play on then, train_expert.train_knowledge)."""
    ts = tile_set(obs.rules.max_pip)
    know = train_knowledge(obs) if isinstance(obs, TrainObservation) else infer(obs)
    unknown = know.unknown
    unseen = tuple((ts.match[n] & unknown).bit_count() for n in range(ts.max_pip + 1))
    return Tracker(obs.seat, ts.max_pip, void_numbers(know, obs), unseen, obs.hand_sizes)
