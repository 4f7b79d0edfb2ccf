"""User bots for Mexican Train tables: one that plays like greedy, one that crashes mid round, one that lacks it."""

import os

from domino_tui.ai import Bot
from domino_tui.engine import Kind, Move, Observation, TrainObservation


class TrainHeaviest(Bot):
    """The heaviest tile, its own train first among equals: greedy's choice, written by a user."""

    name = "train heaviest"

    def choose(self, obs: Observation) -> Move:
        return obs.legal[0]

    def choose_train(self, obs: TrainObservation) -> Move:
        plays = [m for m in obs.legal if m.kind is Kind.PLAY]
        if not plays:
            return obs.legal[0]
        return max(plays, key=lambda m: (m.tile.pips, m.train == obs.seat))


class CrashesMidRound(Bot):
    """Plays like TrainHeaviest until the round's tenth event, then its process dies."""

    name = "crashes mid round"

    def choose(self, obs: Observation) -> Move:
        return obs.legal[0]

    def choose_train(self, obs: TrainObservation) -> Move:
        if len(obs.history) >= 10:
            os._exit(3)
        return TrainHeaviest().choose_train(obs)


class LineOnly(Bot):
    """A bot written for the line games only: it does not play Mexican Train."""

    name = "line only"

    def choose(self, obs: Observation) -> Move:
        return obs.legal[0]
