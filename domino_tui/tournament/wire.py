"""Observations and moves as plain tuples of ints for the pipe to a bot host.

Pickling an Observation object by object costs far more than the move it asks for (frozen dataclasses and enums
unpickle through Python code), so the pipe carries ints and the host rebuilds an equal Observation, sharing the
tiles, moves and events it has already built. Only what the Observation holds is sent: the host can learn
nothing more from the wire than the bot could from the object.
"""

from __future__ import annotations

from functools import cache

from ..engine import Board, End, Event, Kind, Move, Observation, Placed, Tile, get_rules, tile_set
from .faults import Fault, Forfeit

_KINDS = (Kind.PLAY, Kind.DRAW, Kind.PASS)
_KIND_CODE = {k: i for i, k in enumerate(_KINDS)}


@cache
def _moves(max_pip: int) -> tuple[tuple[Move, ...], ...]:
    """One Move object per (tile, end)."""
    return tuple(tuple(Move.play(t, End(e)) for e in range(4)) for t in tile_set(max_pip).tiles)


def _move_code(m: Move, grid: tuple) -> tuple:
    if m.kind is Kind.PLAY:
        return (0, grid[m.tile.low][m.tile.high], -1 if m.end is None else int(m.end))  # type: ignore[union-attr]
    return (_KIND_CODE[m.kind],)


def encode_obs(obs: Observation) -> tuple:
    grid = tile_set(obs.rules.max_pip).grid
    board = obs.board
    events = tuple(
        (
            ev.seat,
            _KIND_CODE[ev.kind],
            -1 if ev.tile is None else grid[ev.tile.low][ev.tile.high],
            -1 if ev.end is None else int(ev.end),
            ev.ends_before,
            ev.scored,
            ev.forced,
        )
        for ev in obs.history
    )
    return (
        obs.rules.name,
        obs.seat,
        obs.turn,
        tuple(grid[t.low][t.high] for t in obs.hand),
        obs.hand_mask,
        tuple((p.first, p.second) for p in board.line),
        tuple((p.first, p.second) for p in board.up),
        tuple((p.first, p.second) for p in board.down),
        board.spinner,
        tuple(board.ends),
        obs.hand_sizes,
        obs.stock_size,
        obs.sleeping,
        events,
        tuple(_move_code(m, grid) for m in obs.legal),
        obs.points,
        obs.match_scores,
        obs.target,
    )


class Decoder:
    """The host's side: rebuilds Observations, reusing the objects of earlier ones."""

    def __init__(self) -> None:
        self.events: dict[tuple, Event] = {}
        self.placed: dict[tuple[int, int], Placed] = {}

    def _placed(self, pair: tuple[int, int]) -> Placed:
        p = self.placed.get(pair)
        if p is None:
            p = self.placed[pair] = Placed(Tile.of(*pair), pair[0], pair[1])
        return p

    def _move(self, code: tuple, moves: tuple) -> Move:
        if code[0] == 0:
            return moves[code[1]][code[2]]
        return Move(_KINDS[code[0]])

    def decode(self, data: tuple) -> Observation:
        (name, seat, turn, hand, hand_mask, line, up, down, spinner, ends) = data[:10]
        (hand_sizes, stock_size, sleeping, events, legal, points, match_scores, target) = data[10:]
        rules = get_rules(name)
        tiles = tile_set(rules.max_pip).tiles
        moves = _moves(rules.max_pip)
        board = Board.laid_out(
            rules.spinner,
            [self._placed(p) for p in line],
            [self._placed(p) for p in up],
            [self._placed(p) for p in down],
            spinner,
            list(ends),
        )
        history = []
        for code in events:
            ev = self.events.get(code)
            if ev is None:
                seat_, kind, tile, end, ends_before, scored, forced = code
                ev = self.events[code] = Event(
                    seat_,
                    _KINDS[kind],
                    None if tile < 0 else tiles[tile],
                    None if end < 0 else End(end),
                    ends_before,
                    scored,
                    forced,
                )
            history.append(ev)
        return Observation(
            rules=rules,
            seat=seat,
            turn=turn,
            hand=tuple(tiles[i] for i in hand),
            hand_mask=hand_mask,
            board=board,
            hand_sizes=hand_sizes,
            stock_size=stock_size,
            sleeping=sleeping,
            history=tuple(history),
            legal=tuple(self._move(c, moves) for c in legal),
            points=points,
            match_scores=match_scores,
            target=target,
        )


def encode_move(move: object) -> tuple:
    """The bot's answer as (kind, low, high, end), checked to be a well-formed Move; Forfeit(ILLEGAL) if not."""
    if not isinstance(move, Move):
        raise Forfeit(Fault.ILLEGAL, f"not a Move: {move!r:.80}")
    try:
        kind = Kind(move.kind).value
        if move.tile is None:
            return (kind, None, None, None)
        end = None if move.end is None else int(End(move.end))
        return (kind, int(move.tile.low), int(move.tile.high), end)
    except (TypeError, ValueError, AttributeError):
        raise Forfeit(Fault.ILLEGAL, f"a malformed Move: {move!r:.80}") from None


def decode_move(code: tuple) -> Move:
    """The engine Move for an answer from the host (the game then judges whether it is legal)."""
    kind, low, high, end = code
    if low is None:
        return Move(Kind(kind))
    return Move(Kind(kind), Tile.of(low, high), None if end is None else End(end))
