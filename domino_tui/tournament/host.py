"""User bots in a process of their own, under a per-move time limit.

Whatever a user's bot does (raise, loop for ever, exit, crash the interpreter) happens in its host process: the
game asks for a move over a pipe and waits at most the limit. A late or dead host is killed and started again
for the next move; the lost move is a forfeit with its cause. Built-in bots never come here: they play in the
game's own process, at full speed.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import signal
import sys
from multiprocessing.connection import Connection

from ..engine import Move, Observation
from .entries import BotSpec, EntryError
from .faults import Fault, Forfeit
from .wire import Decoder, decode_move, encode_move, encode_obs

# Importing the user's module and building its bots is not a move: it gets this much time.
LOAD_LIMIT = 30.0
DEFAULT_MOVE_LIMIT = 1.0


def _context() -> multiprocessing.context.BaseContext:
    # fork starts a host in a millisecond with the engine already imported; spawn where there is no fork.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _serve(conn: Connection, specs: tuple[BotSpec, ...], parent_end: Connection | None, parent_pid: int) -> None:
    """The host's loop: describe the bots, build them for a game, answer moves. Ends when the pipe closes or
    the process that started it is gone (a forked child may hold other pipes open, so EOF alone is not enough)."""
    from .userbots import build, describe  # the user's code is imported here, in the host, only

    if parent_end is not None:
        parent_end.close()
    # Ctrl-C is the tournament's to handle; the host just goes away with its pipe.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Stdout carries the results table: whatever the user's bot prints goes to stderr instead.
    sys.stdout.flush()
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    bots: dict[int, object] = {}
    decoder = Decoder()
    while True:
        try:
            while not conn.poll(1.0):
                if os.getppid() != parent_pid:
                    return
            msg = conn.recv()
        except (EOFError, OSError):
            return
        op = msg[0]
        if op == "game":
            bots = {}
            decoder = Decoder()
            pairs: dict[str, tuple] = {}
            for seat, (spec, seed) in msg[1].items():
                try:
                    bots[seat] = build(spec, random.Random(seed), pairs)
                except BaseException as exc:
                    bots[seat] = exc
            continue
        if op == "describe":
            try:
                reply: tuple = ("ok", [describe(s) for s in specs])
            except BaseException as exc:
                reply = ("error", f"{type(exc).__name__}: {exc}")
        else:
            _, seat, obs = msg
            bot = bots.get(seat)
            try:
                if isinstance(bot, BaseException):
                    raise Forfeit(Fault.RAISED, f"could not be built: {type(bot).__name__}: {bot}")
                reply = ("move", encode_move(bot.choose(decoder.decode(obs))))  # type: ignore[union-attr]
            except Forfeit as forfeit:
                reply = ("fault", forfeit.fault.value, forfeit.detail)
            except BaseException as exc:
                reply = ("fault", Fault.RAISED.value, f"{type(exc).__name__}: {exc}"[:300])
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


class BotHost:
    """The tournament's side of one host process: one seat of one entry."""

    def __init__(self, specs: tuple[BotSpec, ...], move_limit: float = DEFAULT_MOVE_LIMIT) -> None:
        self.specs = specs
        self.move_limit = move_limit
        self.proc: multiprocessing.process.BaseProcess | None = None
        self.conn: Connection | None = None
        self.game_msg: tuple | None = None

    def _start(self) -> None:
        ctx = _context()
        parent, child = ctx.Pipe()
        forked = ctx.get_start_method() == "fork"
        proc = ctx.Process(
            target=_serve,
            args=(child, self.specs, parent if forked else None, os.getpid()),
            daemon=True,
            name="domino-tui bot host",
        )
        proc.start()
        child.close()
        self.proc, self.conn = proc, parent
        if self.game_msg is not None:
            self._send(self.game_msg)

    def _send(self, msg: tuple) -> None:
        try:
            self.conn.send(msg)  # type: ignore[union-attr]
        except (OSError, ValueError):
            self.stop()
            raise Forfeit(Fault.CRASHED, "its process has died") from None

    def _ask(self, msg: tuple, limit: float) -> tuple:
        if self.proc is None:
            self._start()
        self._send(msg)
        conn = self.conn
        if not conn.poll(limit):  # type: ignore[union-attr]
            self.stop()
            raise Forfeit(Fault.SLOW, f"no answer within {limit:g} s")
        try:
            return conn.recv()  # type: ignore[union-attr]
        except (EOFError, OSError):
            self.stop()
            raise Forfeit(Fault.CRASHED, "its process died") from None

    def describe(self) -> list[str]:
        """Load the user's code in the host and return the entry's display names, or raise EntryError."""
        try:
            reply = self._ask(("describe",), LOAD_LIMIT)
        except Forfeit as forfeit:
            raise EntryError(f"{self.specs[0]}: {forfeit.detail} while loading") from None
        if reply[0] != "ok":
            raise EntryError(f"cannot load {self.specs[0]}: {reply[1]}")
        return reply[1]

    def new_game(self, seats: dict[int, tuple[BotSpec, str]]) -> None:
        """Fresh bots for a game: seat -> (which bot, seed of its rng)."""
        self.game_msg = ("game", seats)
        if self.proc is not None:
            # A dead host is started again at the next move, with this game's bots.
            with contextlib.suppress(Forfeit):
                self._send(self.game_msg)

    def choose(self, seat: int, obs: Observation) -> Move:
        reply = self._ask(("move", seat, encode_obs(obs)), self.move_limit)
        if reply[0] == "move":
            try:
                return decode_move(reply[1])
            except (TypeError, ValueError):
                raise Forfeit(Fault.ILLEGAL, f"not a move: {reply[1]!r:.80}") from None
        raise Forfeit(Fault(reply[1]), reply[2])

    def stop(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self.proc is not None:
            self.proc.kill()
            self.proc.join(5)
        self.proc = self.conn = None


class HostedSeat:
    """One seat played by a hosted bot: the game's Player protocol over the host."""

    __slots__ = ("host", "seat")

    def __init__(self, host: BotHost, seat: int) -> None:
        self.host = host
        self.seat = seat

    def choose(self, obs: Observation) -> Move:
        return self.host.choose(self.seat, obs)


_HOSTS: dict[tuple[str, tuple[BotSpec, ...], float], BotHost] = {}


def host_for(key: str, specs: tuple[BotSpec, ...], move_limit: float) -> BotHost:
    """This process's host for ``key`` (an entry's seat), started on first use and kept for its later games.
    The key names the entry too, so a bot playing against a copy of itself has hosts of its own."""
    host = _HOSTS.get((key, specs, move_limit))
    if host is None:
        host = _HOSTS[(key, specs, move_limit)] = BotHost(specs, move_limit)
    return host


def stop_hosts() -> None:
    for host in _HOSTS.values():
        host.stop()
    _HOSTS.clear()
