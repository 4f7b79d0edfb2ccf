"""A seat works out its own observation after a move whose outcome is its to know (games.told_by_itself), and the
server sends it none then: checked here against the observation the server would have sent, over thousands of
random moves of every variant, both families, every number of players."""

from __future__ import annotations

import json
import random

import pytest

from domino_tui.engine import TRAIN_VARIANTS, VARIANTS, observation_to_json, train_observation_to_json
from domino_tui.engine.train_observation import TrainObservation
from domino_tui.games import observation_after
from domino_tui.net.protocol import Options
from domino_tui.net.room import Room, Status

MOVES = 2_000  # random moves a variant and number of players


def tables() -> list[tuple[str, int]]:
    line = [(name, n) for name, rules in VARIANTS.items() for n in rules.player_counts]
    trains = [(name, n) for name, rules in TRAIN_VARIANTS.items() for n in rules.player_counts]
    return line + trains


def started(variant: str, players: int, seed: int) -> Room:
    options = Options(variant=variant, players=players, seats=(None,) * players, between=0)
    room = Room("OWNMOVES", seed, options, None, 0.0)
    room.apply({"e": "start"})
    return room


def seen(room: Room, seat: int) -> dict[str, object]:
    """The observation the server sends ``seat`` now, decoded."""
    text = room.observation_text(seat)
    assert text is not None
    return dict(json.loads(text))


@pytest.mark.parametrize(("variant", "players"), tables())
def test_the_observation_a_seat_works_out_is_the_one_the_server_would_send(variant: str, players: int) -> None:
    rng = random.Random(f"{variant}:{players}")
    room = started(variant, players, rng.randrange(1 << 30))
    worked_out = unsent = 0
    for _ in range(MOVES):
        if room.status is Status.OVER:
            room = started(variant, players, rng.randrange(1 << 30))
        if room.status is Status.BETWEEN:
            room.apply({"e": "next"})
            continue
        match = room.match
        assert match is not None
        seat = match.turn
        before = seen(room, seat)
        held = room.kind.read_observation(before["obs"])  # type: ignore[arg-type]  # an observation's JSON
        move = rng.choice(match.legal_moves())
        room.apply({"e": "move", "move": room.check_move(seat, room.position, match.write_move(move))})
        after = observation_after(held, move)
        if room.told_by_itself(seat):
            unsent += 1
            assert after is not None, f"the server sends nothing after {move}, which the seat cannot work out"
            sent = seen(room, seat)
            encode = train_observation_to_json if isinstance(after, TrainObservation) else observation_to_json
            assert encode(after) == sent["obs"]  # type: ignore[arg-type]  # the family's observation
            assert sent["position"] == before["position"] + 1  # type: ignore[operator]  # a number
            assert (sent["match"], sent["game"]) == (before["match"], before["game"])
        worked_out += after is not None
    # Most moves are plays the seat knows the outcome of; the rest (draws, ends of games) are sent.
    assert unsent > MOVES // 3
    assert worked_out >= unsent
