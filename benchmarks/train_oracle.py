"""The Mexican Train expert told the true deal (benchmarks/train_strength.py's ``--oracle``): no bot, a bound on
what better guesses could give its search. A module of its own, so that tests import it without the benchmark."""

from __future__ import annotations

import random

from domino_tui.ai.expert import ExpertBot
from domino_tui.ai.sampling import Guess
from domino_tui.ai.train_view import Replayed
from domino_tui.engine import TrainRoundState
from domino_tui.engine.train_observation import TrainObservation


class TrainOracle(ExpertBot):
    """The expert whose every guess is the true deal: set ``state`` before each decision."""

    state: TrainRoundState

    def train_guesses(self, obs: TrainObservation, replayed: Replayed) -> Truth:
        return Truth(self.state)


class Truth:
    """The round's hands and boneyard, as a guess."""

    def __init__(self, state: TrainRoundState) -> None:
        ts = state.rules.tiles
        masks = tuple(ts.mask_of(state.hand(s)) for s in range(state.players))
        self.guess = Guess(masks, tuple(ts.index[t] for t in state.boneyard))

    def sample(self, rng: random.Random) -> Guess:
        return self.guess
