"""A seat works out its own observation after a move whose outcome is its to know (games.told_by_itself), and the
server sends it none then: checked here against the observation the server would have sent, over thousands of
random moves of every variant, both families, every number of players."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from domino_tui.engine import TRAIN_VARIANTS, VARIANTS, Kind, Move, observation_to_json, train_observation_to_json
from domino_tui.engine.train_observation import TrainObservation
from domino_tui.games import observation_after
from domino_tui.net.botclient import play_seat
from domino_tui.net.heard import SeatClient, SeatView, ServerError, Welcome
from domino_tui.net.protocol import VERSION, Options
from domino_tui.net.room import Room, Status

from .tables import length

MOVES = 2_000  # random moves a variant and number of players


# House rules of the train games other than the default ones: the engine drawn for (its holder's turn then, and the
# search's draws in the history), a first turn's run of tiles, a round that does not end on an open double.
HOUSES = [
    {"engine_search": "drawn", "first_turn_chain": True, "out_on_double": False},
    {"engine_search": "drawn_until_found", "first_turn_chain": True, "double_blank": 50},
]


def tables() -> list[tuple[str, int, dict[str, object] | None]]:
    line = [(name, n, None) for name, rules in VARIANTS.items() for n in rules.player_counts]
    trains = [(name, n, None) for name, rules in TRAIN_VARIANTS.items() for n in rules.player_counts]
    houses = [(name, n, house) for name in TRAIN_VARIANTS for n in (2, 4, 8) for house in HOUSES]
    return line + trains + houses


def started(variant: str, players: int, seed: int, house: dict[str, object] | None = None) -> Room:
    options = Options(variant=variant, players=players, seats=(None,) * players, between=0, house=house)
    room = Room("OWNMOVES", seed, options, None, 0.0)
    room.apply({"e": "start"})
    return room


def seen(room: Room, seat: int) -> dict[str, object]:
    """The observation the server sends ``seat`` now, decoded."""
    text = room.observation_text(seat)
    assert text is not None
    return dict(json.loads(text))


@pytest.mark.parametrize(("variant", "players", "house"), tables())
def test_the_observation_a_seat_works_out_is_the_one_the_server_would_send(
    variant: str, players: int, house: dict[str, object] | None
) -> None:
    rng = random.Random(f"{variant}:{players}:{house}")
    room = started(variant, players, rng.randrange(1 << 30), house)
    worked_out = unsent = 0
    for _ in range(MOVES):
        if room.status is Status.OVER:
            room = started(variant, players, rng.randrange(1 << 30), house)
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


class Carrier(SeatClient):
    """A seat client whose messages go nowhere: the test hands it the server's texts."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[str] = []

    async def _enter(self, hello: dict[str, object]) -> Welcome:
        raise NotImplementedError

    async def send_raw(self, text: str | bytes) -> bool:
        self.sent.append(str(text))
        return True

    async def close(self) -> None:
        self._finish()


def heard(client: SeatClient) -> list[object]:
    events = []
    while not client._events.empty():
        events.append(client._events.get_nowait())
    return events


def welcomed(works_out: bool) -> Carrier:
    client = Carrier()
    welcome = {"type": "welcome", "v": VERSION, "room": "ABCD", "seat": 0, "token": "t", "creator": True}
    client._hear(json.dumps({**welcome, "name": "Ann", "works_out_own_moves": works_out}))
    heard(client)
    return client


def at_a_play(room: Room, rng: random.Random) -> Move:
    """Random moves until seat 0 is to move and may play; one of its plays."""
    while True:
        match = room.match
        assert match is not None and room.status is Status.PLAYING
        plays = [m for m in match.legal_moves() if m.kind is Kind.PLAY]
        if match.turn == 0 and plays and len(room.match.observe(0).hand) > 1:
            return rng.choice(plays)
        move = rng.choice(match.legal_moves())
        room.apply({"e": "move", "move": room.check_move(match.turn, room.position, match.write_move(move))})


async def test_a_seat_shows_its_own_play_at_once_and_the_servers_next_table_replaces_it() -> None:
    room, rng = started("partnership", 4, 7), random.Random(7)
    move = at_a_play(room, rng)
    client = welcomed(works_out=True)
    client._hear(room.observation_text(0) or "")
    (before,) = heard(client)
    assert isinstance(before, SeatView) and before.observation.legal
    assert await client.move(move)
    (shown,) = heard(client)
    room.apply({"e": "move", "move": room.check_move(0, room.position, room.kind.write_move(move))})
    assert room.told_by_itself(0)
    assert isinstance(shown, SeatView) and shown.position == before.position + 1 and not shown.observation.legal
    assert shown == client.observation
    assert observation_to_json(shown.observation) == seen(room, 0)["obs"]


async def test_a_refused_move_shows_the_table_it_answered_again() -> None:
    room, rng = started("partnership", 4, 8), random.Random(8)
    move = at_a_play(room, rng)
    client = welcomed(works_out=True)
    client._hear(room.observation_text(0) or "")
    (before,) = heard(client)
    await client.move(move)
    heard(client)
    client._hear(json.dumps({"type": "error", "code": "too_fast", "message": "at most 1 message a second"}))
    error, again = heard(client)
    assert isinstance(error, ServerError) and again == before == client.observation


async def test_a_seat_whose_server_sends_every_table_works_nothing_out() -> None:
    room, rng = started("partnership", 4, 9), random.Random(9)
    move = at_a_play(room, rng)
    client = welcomed(works_out=False)  # the app's own rooms: a person alone with bots may take moves back
    client._hear(room.observation_text(0) or "")
    heard(client)
    await client.move(move)
    assert heard(client) == []


async def test_the_server_sends_the_mover_nothing_after_a_play_and_the_others_their_tables(running) -> None:
    clients = [running.client() for _ in range(4)]
    for c in clients:
        c.raw = []
    first = await clients[0].create("P0", "partnership", between=0, **length("partnership"))
    assert first.works_out_own_moves
    for k, c in enumerate(clients[1:], 1):
        await c.join(first.room, f"P{k}")
    await clients[0].start()
    await asyncio.wait_for(
        asyncio.gather(*(play_seat(c, "random", k, until_over=True) for k, c in enumerate(clients))), 60
    )
    positions = [[m["position"] for m in map(json.loads, c.raw or []) if m["type"] == "obs"] for c in clients]
    # Every position reached a seat that did not make its move; some never reached the seat that made it.
    told = set().union(*map(set, positions))
    assert all(any(p in seen for seen in positions) for p in told)
    assert sum(len(p) for p in positions) < 4 * len(told)
