"""User bots that attack the tournament, one way each, for tests/tournament/test_hostile.py."""

import contextlib
import os
import time

from domino_tui.ai import Bot
from domino_tui.engine import Move, Observation


def first_turn(obs: Observation) -> bool:
    return not any(ev.seat == obs.seat for ev in obs.history)


def protocol_pipes() -> list[int]:
    """The descriptors the host talks to the referee on (pipes other than 0, 1 and 2)."""
    out = []
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        try:
            if fd > 2 and os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:"):
                out.append(fd)
        except OSError:
            pass
    return out


class Honest(Bot):
    def choose(self, obs: Observation) -> Move:
        return obs.legal[0]


class SlowInit(Honest):
    """Takes longer than a move to be built, for every game."""

    def __init__(self, rng=None) -> None:
        super().__init__(rng)
        time.sleep(0.8)


class ForkAndHang(Honest):
    """Leaves a child behind that holds the host's pipes and never ends, then stops answering."""

    def choose(self, obs: Observation) -> Move:
        if first_turn(obs):
            if os.fork() == 0:
                time.sleep(3600)
            time.sleep(3600)
        return super().choose(obs)


class ClosePipes(Honest):
    def choose(self, obs: Observation) -> Move:
        for fd in protocol_pipes():
            os.close(fd)
        return super().choose(obs)


class FakeAnswers(Honest):
    """Writes its own lines on the protocol pipe: garbage, then a well-formed move of its choice."""

    def choose(self, obs: Observation) -> Move:
        for fd in protocol_pipes():
            with contextlib.suppress(OSError):
                os.write(fd, b'garbage\n{"move": 0}\n')
        return super().choose(obs)


class Flood(Honest):
    """An endless line on the protocol pipe."""

    def choose(self, obs: Observation) -> Move:
        for fd in protocol_pipes():
            with contextlib.suppress(OSError):
                os.write(fd, b"x" * (1 << 20))
        return super().choose(obs)


class Hog(Honest):
    """Asks for far more memory than a host may have."""

    def choose(self, obs: Observation) -> Move:
        self.hoard = bytearray(8 << 30)
        return super().choose(obs)


class Exit(Honest):
    def choose(self, obs: Observation) -> Move:
        os._exit(0)


class Chatter(Honest):
    """Prints protocol-looking lines, as a debugging print would."""

    def choose(self, obs: Observation) -> Move:
        print('{"move": 99}')
        return super().choose(obs)


class Regicide(Honest):
    """Signals its parent to die: outside a sandbox the worker playing its games, inside the sandbox's own
    first process, which does not take signals from inside."""

    def choose(self, obs: Observation) -> Move:
        os.kill(os.getppid(), 9)
        return super().choose(obs)


class NeverMoves(Bot):
    """Answers every turn with a move that is not legal, so that in classic (no end by passes) the game never ends."""

    def choose(self, obs: Observation) -> Move:
        raise ValueError("no move")
