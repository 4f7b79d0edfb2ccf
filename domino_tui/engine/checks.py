"""Checks at the engine's public doors: what a caller hands in is something the engine can use, or an
EngineError says plainly what it is instead. Nothing from outside reaches the rules unchecked, so no IndexError,
AttributeError or TypeError ever comes out of the engine's insides."""

from __future__ import annotations

import random
from typing import TypeGuard

from .errors import ArgumentError, IllegalMoveError, shown
from .rules import Opening, Rules
from .tiles import Tile, is_whole_number
from .variants import get_rules

# ----- arguments of the public API -----


def check_seat(seat: object, players: int) -> int:
    if not is_whole_number(seat) or not 0 <= seat < players:
        raise ArgumentError(f"no seat {shown(seat)} at a {players}-player table (seats are 0 to {players - 1})")
    return seat


def check_rules(rules: object) -> Rules:
    """Rules, or the name of a variant."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return get_rules(rules)
    raise ArgumentError(f"not rules or a variant's name: {shown(rules)}")


def check_rng(rng: object) -> random.Random:
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"the engine's randomness must be a random.Random, not {shown(rng)}")
    return rng


def check_opening(opening: object, players: int) -> Opening:
    if not isinstance(opening, Opening):
        raise ArgumentError(f"not an Opening: {shown(opening)}")
    if opening.seat is not None and not (is_whole_number(opening.seat) and 0 <= opening.seat < players):
        raise IllegalMoveError(f"no seat {shown(opening.seat)} at a {players}-player table")
    return opening


def check_match_length(target: object, games: object) -> None:
    """A match's target points and number of games: each a positive whole number, or None."""
    for name, value in (("target", target), ("games", games)):
        if value is not None and not (is_whole_number(value) and value > 0):
            raise ArgumentError(f"a match's {name} is a positive whole number or None, not {shown(value)}")


def check_deal(hands: object, stock: object) -> None:
    """Hands (one sequence of tiles per seat) and the rest of the set: Tiles only. Whether they make up the set
    is the deal's own check."""
    if isinstance(hands, str | bytes) or not _is_sequence(hands):
        raise ArgumentError(f"hands must be one sequence of tiles per seat, not {shown(hands)}")
    for tiles in (*hands, stock):
        if isinstance(tiles, str | bytes) or not _is_sequence(tiles):
            raise ArgumentError(f"not a sequence of tiles: {shown(tiles)}")
        for t in tiles:
            if not isinstance(t, Tile):
                raise ArgumentError(f"not a tile: {shown(t)}")


def not_a_move(value: object) -> IllegalMoveError:
    """The error for something handed in as a move that is not a Move. A Move itself needs no check here: its
    constructor has checked its parts. (Callers test ``move.__class__ is Move`` inline: a call per move would
    cost the referee a few percent.)"""
    return IllegalMoveError(f"not a move: {shown(value)}")


def _is_sequence(value: object) -> TypeGuard[list[object] | tuple[object, ...]]:
    return isinstance(value, list | tuple)
