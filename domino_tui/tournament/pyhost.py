"""The generic host for a bot written in Python: ``python -m domino_tui.tournament.pyhost KIND PATH NAME INDEX``.

A fresh interpreter, in the entry's sandbox (sandbox.py), that knows nothing but the bot it loads (no seed, no
game, no schedule): it speaks the JSON
lines protocol of wire.py on the stdin and stdout it was started with, and turns each message into a call of the
bot (a class implementing domino_tui.ai.Bot, or a player of an MC102 pair module). The real pipes are moved to
other descriptors before the user's code is imported; descriptor 0 is /dev/null and 1 is stderr, so whatever the
bot prints or reads cannot be taken for a message.
"""

from __future__ import annotations

import json
import os
import random
import sys
import traceback
from typing import BinaryIO

from .wire import MAX_DETAIL, Decoder, line


def _take_pipes() -> tuple[BinaryIO, BinaryIO]:
    proto_in = os.fdopen(os.dup(0), "rb")
    proto_out = os.fdopen(os.dup(1), "wb")
    # The bot reads nothing, and what it prints goes to stderr (the terminal's, never the results).
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    sys.stdout = sys.stderr  # line-buffered: a host is killed, not closed, so a buffer would be lost
    return proto_in, proto_out


def _fault(cause: str, detail: str) -> dict:
    return {"fault": cause, "detail": detail[-MAX_DETAIL:]}


def _error() -> dict:
    return _fault("raised", traceback.format_exc())


def main(argv: list[str]) -> int:
    kind, path, name, index = argv
    proto_in, proto_out = _take_pipes()

    def send(msg: dict) -> None:
        proto_out.write(line(msg))
        proto_out.flush()

    # Imported only now: the user's code comes after the pipes are safe.
    from ..ai import Bot
    from ..engine import Move, TrainObservation
    from .entries import BotSpec
    from .faults import Fault, Forfeit
    from .userbots import build, describe

    spec = BotSpec(kind, name, path, int(index))
    try:
        name = "".join(c for c in describe(spec) if c.isprintable())[:80].strip()
        send({"hello": name or kind})
    except BaseException as exc:
        # What the user needs to fix their file (for a SyntaxError: the file, line and caret), no stack.
        send(_fault("raised", "".join(traceback.format_exception_only(exc))))
        return 1
    bot: Bot | BaseException | None = None
    decoder = Decoder()
    for raw in proto_in:
        msg = json.loads(raw)  # the referee's own lines
        if "game" in msg:
            decoder = Decoder()
            try:
                bot = build(spec, random.Random(msg["game"]["seed"]), {})
                send({"ready": True})
            except BaseException as exc:
                bot = exc
                send(_error())
            continue
        try:
            if not isinstance(bot, Bot):
                raise Forfeit(Fault.RAISED, f"could not be built: {bot!r:.300}")
            obs = decoder.decode(msg["obs"])
            move = bot.choose_train(obs) if isinstance(obs, TrainObservation) else bot.choose(obs)
            if not isinstance(move, Move) or move not in obs.legal:
                send(_fault("illegal", f"not a legal move: {move!r:.200}"))
            else:
                send({"move": obs.legal.index(move)})
        except Forfeit as forfeit:
            send(_fault(forfeit.fault.value, forfeit.detail))
        except BaseException:
            send(_error())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
