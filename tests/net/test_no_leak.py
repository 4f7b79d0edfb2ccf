"""Every byte the server sends every client of whole matches of every variant, checked against what that client
may know. The true game is rebuilt here from the server's database with the engine alone (the seed and the
stored moves), not with the server's code: a seat's frames must be exactly the engine's observation for that
seat, no tile in them may be one the seat cannot know, and a spectator's hold no hand at all. Every hand is laid
open by a game's result only, and only once the table the client was last sent shows that game over."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from domino_tui.engine import (
    VARIANTS,
    Match,
    Tile,
    move_from_json,
    observation_to_json,
    observe,
    public_json,
)
from domino_tui.net.protocol import encode

from .tables import play_table

KEYS = {
    "welcome": {"type", "v", "room", "seat", "token", "creator", "name"},
    "room": {"type", "room", "status", "options", "creator", "seats", "match", "game", "scores", "knocks"},
    "obs": {"type", "match", "game", "position", "obs"},
    "view": {"type", "match", "game", "position", "view"},
    "result": {"type", "match", "game", "result", "scores", "match_over", "winner", "hands"},
    "chat": {"type", "seat", "name", "text"},
    "error": {"type", "code", "message"},
}
SEAT_KEYS = {"name", "kind", "level", "present", "away"}


def true_positions(db, variant: str) -> dict[tuple[int, int, int], tuple]:
    """(match, game, position) -> (the game as it truly stood, the match's scores before it, its target):
    rebuilt from the stored seed and log with the engine only."""
    con = sqlite3.connect(db)
    ((code, seed, options),) = con.execute("SELECT code, seed, options FROM rooms").fetchall()
    entries = [json.loads(e) for (e,) in con.execute("SELECT entry FROM log WHERE code = ? ORDER BY seq", (code,))]
    con.close()
    opts = json.loads(options)
    rules = VARIANTS[variant].with_players(opts["players"] or VARIANTS[variant].players)
    positions: dict[tuple[int, int, int], tuple] = {}
    match, number, position = None, 0, 0
    for entry in entries:
        kind = entry["e"]
        if kind in ("start", "restart"):
            seed = entry.get("seed", seed)
            match = Match(rules, random.Random(seed), target=opts["target"], games=opts["games"])
            number += 1
        elif kind == "move":
            match.game.apply(move_from_json(entry["move"]))
        elif kind == "next":
            match.next_game()
        else:
            continue
        position += 1
        scores = match.scores_before(len(match.games) - 1)
        positions[(number, len(match.games), position)] = (match.game.copy(), scores, match.target)
    return positions


def tiles_in(obs: dict) -> set[Tile]:
    tiles = {Tile.of(*t) for t in obs["hand"]}
    tiles |= {Tile.of(*t) for key in ("line", "up", "down") for t in obs[key]}
    tiles |= {Tile.of(*ev[2]) for ev in obs["history"] if ev[2] is not None}
    tiles |= {Tile.of(*m[1]) for m in obs["legal"] if m[0] == "play"}
    return tiles


# Every variant at its own number of seats, and at the other numbers its rules seat (Fives and Threes for 3, 4).
TABLES = [(name, None) for name in VARIANTS] + [
    (name, [None, "random", None, "greedy"][:n])
    for name, rules in VARIANTS.items()
    for n in rules.player_counts
    if n != rules.players
]


@pytest.mark.parametrize(("variant", "seats"), TABLES)
async def test_no_client_is_sent_a_tile_it_may_not_know(running, variant: str, seats: list | None) -> None:
    watcher, late = running.client(), running.client()
    watcher.raw, late.raw = [], []
    # One spectator watches the whole match from its lobby, another comes when it is over.
    clients, welcomes, _ = await play_table(running.client, variant, seats, record=True, watchers=(watcher,))
    positions = true_positions(running.server.storage.path, variant)
    await late.watch(welcomes[0].room)  # joins a finished match: it is still sent the table as it is
    seen_obs = seen_views = seen_results = 0
    seats = [*((c, w.seat) for c, w in zip(clients, welcomes, strict=True)), (watcher, None), (late, None)]
    for client, seat in seats:
        latest = None  # the game as it stood at the last table this client was sent
        for text in client.raw:
            msg = json.loads(text)
            assert set(msg) == KEYS[msg["type"]], text[:200]
            if msg["type"] == "welcome":
                assert msg["seat"] == seat
            if msg["type"] == "room":
                assert all(set(s) == SEAT_KEYS for s in msg["seats"]) and "token" not in text
            if msg["type"] == "result":  # the hands, and only after the table that ends the game
                seen_results += 1
                assert latest is not None and latest.over
                assert [{Tile.of(*t) for t in hand} for hand in msg["hands"]] == [
                    set(latest.hand(s)) for s in range(latest.rules.players)
                ]
            if msg["type"] not in ("obs", "view"):
                continue
            game, scores, target = positions[(msg["match"], msg["game"], msg["position"])]
            latest = game
            truth = observe(game, seat or 0, scores, target)
            if seat is None:
                seen_views += 1
                assert text == encode({**msg, "view": public_json(truth)})  # every byte
                assert tiles_in(msg["view"]) <= set(game.board.tiles())
            else:
                seen_obs += 1
                assert text == encode({**msg, "obs": observation_to_json(truth)})  # every byte
                assert {Tile.of(*t) for t in msg["obs"]["hand"]} == set(game.hand(seat))
                assert tiles_in(msg["obs"]) <= set(game.hand(seat)) | set(game.board.tiles())
    # Every position, to every seat and to the spectator who watched from the lobby.
    assert seen_obs >= len(positions) * len(clients) and seen_views >= len(positions) + 1
    assert seen_results >= len(seats)
