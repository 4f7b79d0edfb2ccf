"""What crosses the pipe between the referee and a bot host: JSON lines, one message per line, nothing else.

Plain data in a documented format (README, "The bot protocol"), so that a bot in any language can play and so that
nothing a host sends can make the referee run code (never pickle). Everything a host sends is read with limits:
a line longer than MAX_LINE is refused, and a message must have exactly the shape expected at that point.

referee -> host: {"game": {"seat": s, "seed": n}}  a new game: fresh bots, their rng seeded with n
                 {"obs": {...}}                     your move: the seat's Observation
host -> referee: {"hello": "name"}                  once, when the bot is loaded
                 {"ready": true}                    the game's bots are built
                 {"move": i}                        the i-th move of obs.legal
                 {"fault": cause, "detail": text}   instead of ready or move: the bot failed
"""

from __future__ import annotations

import json

from ..engine import (
    TRAIN_VARIANTS,
    Board,
    End,
    Event,
    Kind,
    Move,
    Observation,
    Placed,
    Tile,
    TrainObservation,
    get_rules,
    observation_to_json,
    train_observation_from_json,
    train_observation_to_json,
)
from .faults import Fault

# A host's answers are a few dozen bytes; a longer line is a bot flooding its pipe.
MAX_LINE = 16_384
MAX_DETAIL = 2_000
MAX_NAME = 80


class ProtocolError(ValueError):
    """A line from a host that is not the message expected."""


def obs_json(obs: Observation | TrainObservation) -> dict:
    if isinstance(obs, TrainObservation):
        return train_observation_to_json(obs)
    return observation_to_json(obs)


def line(message: dict) -> bytes:
    return (json.dumps(message, separators=(",", ":")) + "\n").encode()


def obs_line(obs: Observation | TrainObservation) -> bytes:
    return line({"obs": obs_json(obs)})


def game_line(seat: int, seed: int) -> bytes:
    return line({"game": {"seat": seat, "seed": seed}})


class Decoder:
    """A Python host's side: an equal Observation from its JSON, reusing the objects of earlier ones."""

    def __init__(self) -> None:
        self.events: dict[tuple, Event] = {}
        self.placed: dict[tuple[int, int], Placed] = {}
        self.tiles: dict[tuple[int, int], Tile] = {}

    def _tile(self, pair: list[int]) -> Tile:
        key = (pair[0], pair[1])
        t = self.tiles.get(key)
        if t is None:
            t = self.tiles[key] = Tile.of(*key)
        return t

    def _placed(self, pair: list[int]) -> Placed:
        key = (pair[0], pair[1])
        p = self.placed.get(key)
        if p is None:
            p = self.placed[key] = Placed(self._tile(pair), key[0], key[1])
        return p

    def _move(self, code: list) -> Move:
        if code[0] == "play":
            return Move.play(self._tile(code[1]), End(code[2]))
        return Move(Kind(code[0]))

    def _event(self, code: list) -> Event:
        seat, kind, tile, end, ends_before, scored, forced = code
        key = (seat, kind, None if tile is None else (tile[0], tile[1]), end, tuple(ends_before), scored, forced)
        ev = self.events.get(key)
        if ev is None:
            ev = self.events[key] = Event(
                seat,
                Kind(kind),
                None if tile is None else self._tile(tile),
                None if end is None else End(end),
                tuple(ends_before),
                scored,
                forced,
            )
        return ev

    def decode(self, data: dict) -> Observation | TrainObservation:
        if data["variant"] in TRAIN_VARIANTS:
            return train_observation_from_json(data)
        rules = get_rules(data["variant"])
        board = Board.laid_out(
            rules.spinner,
            [self._placed(p) for p in data["line"]],
            [self._placed(p) for p in data["up"]],
            [self._placed(p) for p in data["down"]],
            data["spinner"],
            list(data["ends"]),
        )
        hand = tuple(self._tile(p) for p in data["hand"])
        return Observation(
            rules=rules,
            seat=data["seat"],
            turn=data["turn"],
            hand=hand,
            board=board,
            hand_sizes=tuple(data["hand_sizes"]),
            stock_size=data["stock"],
            sleeping=data["sleeping"],
            history=tuple(self._event(c) for c in data["history"]),
            legal=tuple(self._move(c) for c in data["legal"]),
            points=tuple(data["points"]),
            match_scores=tuple(data["match_scores"]),
            target=data["target"],
        )


def parse(raw: bytes, expect: str) -> object:
    """The payload of one line from a host, which must be an ``expect`` message ("hello", "ready" or "move")
    or a fault; raises ProtocolError for anything else. A fault comes back as (Fault, detail)."""
    if len(raw) > MAX_LINE:
        raise ProtocolError(f"a line of more than {MAX_LINE} bytes")
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError(f"not a JSON line: {raw[:80]!r}") from None
    if not isinstance(msg, dict) or len(msg) not in (1, 2):
        raise ProtocolError(f"not a message: {raw[:80]!r}")
    if "fault" in msg:
        cause, detail = msg.get("fault"), msg.get("detail", "")
        if cause not in set(Fault) or not isinstance(detail, str) or set(msg) - {"fault", "detail"}:
            raise ProtocolError(f"a malformed fault: {raw[:80]!r}")
        return Fault(cause), detail[:MAX_DETAIL]
    if len(msg) != 1 or expect not in msg:
        raise ProtocolError(f"expected a {expect!r} message, got {raw[:80]!r}")
    value = msg[expect]
    if expect == "hello" and isinstance(value, str) and value.isprintable() and 0 < len(value) <= MAX_NAME:
        return value
    if expect == "ready" and value is True:
        return value
    if expect == "move" and type(value) is int and value >= 0:
        return value
    raise ProtocolError(f"a malformed {expect!r} message: {raw[:80]!r}")
