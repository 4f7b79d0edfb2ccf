"""User bots that misbehave, one way each, for the fault-handling tests."""

import os
import time

from domino_tui.ai import Bot
from domino_tui.engine import Kind, Move, Observation, full_set


def first_legal(obs: Observation) -> Move:
    return obs.legal[0]


def first_turn(obs: Observation) -> bool:
    return not any(ev.seat == obs.seat for ev in obs.history)


class Raiser(Bot):
    def choose(self, obs: Observation) -> Move:
        raise RuntimeError("boom")


class Illegal(Bot):
    """Plays a tile it does not hold."""

    def choose(self, obs: Observation) -> Move:
        missing = next(t for t in full_set(obs.rules.max_pip) if t not in obs.hand)
        return Move.play(missing)


class Garbage(Bot):
    def choose(self, obs: Observation) -> Move:
        return "the double six, please"  # type: ignore[return-value]


class Slow(Bot):
    """Thinks for ever about its first move of each game, then plays the first legal move."""

    def choose(self, obs: Observation) -> Move:
        if first_turn(obs):
            time.sleep(30)
        return first_legal(obs)


class Crasher(Bot):
    """Takes its whole process down on its first move of each game."""

    def choose(self, obs: Observation) -> Move:
        if first_turn(obs):
            os._exit(3)
        return first_legal(obs)


class Polite(Bot):
    """A well-behaved user bot: the first legal play, else the draw or pass."""

    def choose(self, obs: Observation) -> Move:
        plays = [m for m in obs.legal if m.kind is Kind.PLAY]
        return plays[0] if plays else obs.legal[0]


class Chatty(Polite):
    """Prints on every move, as a bot being debugged does."""

    def choose(self, obs: Observation) -> Move:
        print("thinking about", obs.hand)
        return super().choose(obs)
