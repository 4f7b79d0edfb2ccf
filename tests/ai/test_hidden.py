"""A bot cannot reach hidden tiles through its observation."""

from __future__ import annotations

import dataclasses
import random

from domino_tui.ai import make_bot
from domino_tui.engine import DRAW, Board, Event, GameState, Observation, Tile, observe

from .helpers import game, play


def tiles_in(value: object, seen: set[int] | None = None) -> set[Tile]:
    """Every Tile reachable from ``value`` through fields, containers and the board's placed tiles."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return set()
    seen.add(id(value))
    if isinstance(value, Tile):
        return {value}
    out: set[Tile] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out |= tiles_in(k, seen) | tiles_in(v, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            out |= tiles_in(v, seen)
    elif isinstance(value, Board):
        for name in Board.__slots__:
            out |= tiles_in(getattr(value, name), seen)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            out |= tiles_in(getattr(value, f.name), seen)
    return out


def test_an_observation_holds_no_tile_its_seat_may_not_see() -> None:
    rng = random.Random(4)
    for variant in ("classic", "allfives", "partnership", "partnership9"):
        for seed in range(20):
            state = GameState.new(variant, random.Random(seed))
            while not state.over:
                seat = rng.randrange(state.rules.players)
                obs = observe(state, seat)
                allowed = set(state.hand(seat)) | set(state.board.tiles())
                assert tiles_in(obs) <= allowed
                assert obs.rules.tiles.mask_of(obs.hand) == state.kernel.masks[seat]
                assert not any(isinstance(getattr(obs, f.name), GameState) for f in dataclasses.fields(obs))
                state.apply(rng.choice(state.legal_moves()))


def two_deals_seat_0_cannot_tell_apart() -> tuple[GameState, GameState]:
    # Seat 1 holds different tiles (and so the stock differs) but makes the same public moves.
    a = game("allfives", ["55 12 13 14 23 24 26", "05 00 02 03 04 11 22"], lead=0)
    b = game("allfives", ["55 12 13 14 23 24 26", "05 33 34 36 44 46 66"], lead=0)
    for s in (a, b):
        play(s, "55")
        play(s, "05")
    return a, b


def test_the_expert_decides_the_same_whatever_the_hidden_tiles() -> None:
    a, b = two_deals_seat_0_cannot_tell_apart()
    assert a.hand(1) != b.hand(1) and a.stock != b.stock
    oa, ob = observe(a, 0), observe(b, 0)
    assert oa == ob
    for seed in range(5):
        ma = make_bot("expert", random.Random(seed), budget=None, samples=30).choose(oa)
        mb = make_bot("expert", random.Random(seed), budget=None, samples=30).choose(ob)
        assert ma == mb
        assert ma in oa.legal


def test_history_names_no_drawn_tile() -> None:
    state = game("allfives", ["55 12 13 14 23 24 26", "00 02 03 04 11 22 33"], stock="05 01", lead=0)
    play(state, "55")
    state.apply(DRAW)
    obs: Observation = observe(state, 0)
    draws = [e for e in obs.history if e.kind.value == "draw"]
    assert draws == [Event(1, draws[0].kind, None, None, (5, 5, -1, -1))]
    assert Tile(0, 1) not in tiles_in(obs)
