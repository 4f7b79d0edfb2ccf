"""A bot whose module takes longer than a move to import."""

import time

from domino_tui.ai import Bot
from domino_tui.engine import Move, Observation

time.sleep(0.8)


class Honest(Bot):
    def choose(self, obs: Observation) -> Move:
        return obs.legal[0]
