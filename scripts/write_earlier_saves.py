"""Write the saves, the saved game and the room database that tests/earlier_saves/ holds, with an EARLIER version
of domino-tui: the files its users have on disk, that this version must read.

Run it on a checkout of the commit that wrote them (2f67d62, the last that ended a round of trains after every seat
passed in a row and drew for the engine by default), never on this one:

    git worktree add /tmp/before 2f67d62
    cd /tmp/before && python /path/to/scripts/write_earlier_saves.py /path/to/tests/earlier_saves

It plays seeded random rounds of Mexican Train for two and keeps:
- ``round_blocked.json``: a round the earlier rule ended blocked rightly, after passes the position makes idle;
- ``round_ended_too_soon.json``: a round it declared blocked while a seat still held a play;
- ``match_ended_too_soon.json``: a match whose first round ended so, and a second round after it;
- ``game_blocked.json`` and ``game_ended_too_soon.json``: the app's saved game (that version's tui/saved_game.py,
  written here as it wrote it: this version keeps a game as its room's log and only reads the earlier format) in
  the middle of the second round, its first round of each kind;
- ``rooms.sqlite``: a room server's database with two train rooms in their second round, ``AAAA-2222`` (its first
  round blocked rightly) and ``BBBB-3333`` (ended too soon), seat 0 a person whose token is ``TOKEN`` below;
- ``expected.json``: what the earlier version said of each (points, whose turn), for the tests to compare.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
from pathlib import Path

from domino_tui.engine import MEXICAN_TRAIN, TrainRoundState

TOKEN = "earlier-version-seat-token"
RULES = MEXICAN_TRAIN.with_players(2)


def someone_can_play(state: TrainRoundState) -> bool:
    """A seat holds a tile for an end it could ever play on (the open double's, else any train's)."""
    k = state.kernel
    ends = [k.ends[k.open_double]] if k.open_double >= 0 else list(k.ends)
    return any(set(ends) & {t.low, t.high} for s in range(state.players) for t in state.hand(s))


def blocked_kind(state: TrainRoundState) -> str | None:
    """How the earlier rule ended ``state``: None (a hand emptied), "blocked" or "too soon"."""
    if state.out_seat is not None:
        return None
    return "too soon" if someone_can_play(state) else "blocked"


def play_out(state: TrainRoundState, rng: random.Random) -> None:
    while not state.over:
        state.apply(rng.choice(state.legal_moves()))


def first_seed(kind: str) -> int:
    """The first seed whose first round of a match for two ends as ``kind`` says."""
    from domino_tui.engine import TrainMatch

    for seed in range(10_000):
        match = TrainMatch.from_seed(RULES, seed)
        play_out(match.round, random.Random(seed))
        if blocked_kind(match.round) == kind:
            return seed
    raise SystemExit(f"no seed ends a round {kind}")


def match_at_second_round(seed: int):
    """The match of ``seed`` (moves by random.Random(seed)) a few moves into its second round."""
    from domino_tui.engine import TrainMatch

    match = TrainMatch.from_seed(RULES, seed)
    rng = random.Random(seed)
    play_out(match.round, rng)
    match.next_round()
    for _ in range(6):
        match.round.apply(rng.choice(match.round.legal_moves()))
    return match


def saved_game(seed: int, out: Path) -> dict[str, object]:
    """The app's saved game as that version wrote it (its tui/saved_game.py; this version has no such module): the
    settings, the match seed, every round's deal and moves, and the coach's use per round (none at its train
    table), one line of JSON. The match is dealt as its train table dealt it, from random.Random(seed)."""
    from dataclasses import asdict

    from domino_tui.engine import TrainMatch
    from domino_tui.tui.settings import Settings, rules_of

    settings = Settings(variant="mexicantrain", players=2).with_variant("mexicantrain")
    rules = rules_of(settings)
    assert rules == RULES
    match = TrainMatch(rules, random.Random(seed))
    rng = random.Random(seed)
    play_out(match.round, rng)
    first = match.round
    match.next_round()
    for _ in range(6):
        match.round.apply(rng.choice(match.round.legal_moves()))
    document = {
        "version": 1,
        "settings": {**asdict(settings), "bots": list(settings.bots)},
        "seed": seed,
        "games": [state.to_json() for state in match.rounds],
        "coach": {"hints": {}, "undos": {}},
    }
    out.write_text(json.dumps(document) + "\n", encoding="utf-8")
    return {"first_round_points": list(first.points()), "turn": match.round.turn, "moves": len(match.round.moves)}


async def room_database(path: Path, seeds: dict[str, int]) -> dict[str, object]:
    from domino_tui.net import credentials
    from domino_tui.net.room import Room, check_options
    from domino_tui.net.storage import Storage

    storage = Storage(path)
    said: dict[str, object] = {}
    for code, seed in seeds.items():
        options, creator = check_options({"variant": "mexicantrain", "players": 2, "seats": [None, "random"]}, False)
        room = Room(code, seed, options, None, 1_700_000_000.0)
        await storage.create_room(code, room.created, room.seed, options.to_json(), None)
        entries: list[dict[str, object]] = [
            {"e": "seat", "seat": creator, "kind": "person", "name": "Ann", "token": credentials.token_hash(TOKEN)},
            {"e": "start"},
        ]
        rng = random.Random(seed)
        for entry in entries:
            room.apply(entry)
            await storage.append(code, room.seq - 1, entry)

        async def move(room: Room, code: str, rng: random.Random) -> None:
            match = room.match
            assert match is not None
            move = rng.choice(match.match.round.legal_moves())  # type: ignore[attr-defined]  # a train match
            entry = {"e": "move", "move": move.to_json(), "by": "person" if match.turn == 0 else "bot"}
            room.apply(entry)
            await storage.append(code, room.seq - 1, entry)

        match = room.match
        assert match is not None
        while not match.game_over:
            await move(room, code, rng)
        first = match.match.round
        entry = {"e": "next"}
        room.apply(entry)
        await storage.append(code, room.seq - 1, entry)
        for _ in range(6):
            await move(room, code, rng)
        said[code] = {
            "first_round_points": list(first.points()),
            "first_round_ended": blocked_kind(first),
            "turn": match.turn,
            "entries": room.seq,
            "position": room.position,
        }
    await storage.drain()
    storage.close()
    return said


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    blocked, too_soon = first_seed("blocked"), first_seed("too soon")
    expected: dict[str, object] = {"written_by": "domino-tui 0.1.0 at commit 2f67d62", "token": TOKEN}
    for name, seed in (("round_blocked", blocked), ("round_ended_too_soon", too_soon)):
        from domino_tui.engine import TrainMatch

        match = TrainMatch.from_seed(RULES, seed)
        play_out(match.round, random.Random(seed))
        state = match.round
        (out / f"{name}.json").write_text(json.dumps(state.to_json()))
        expected[name] = {"points": list(state.points()), "moves": len(state.moves), "seed": seed}
        if name == "round_ended_too_soon":
            # Who could still play, and on what: the test checks that this version lets them.
            k = state.kernel
            expected[name]["could_play"] = [
                [s, [t.low, t.high]]
                for s in range(state.players)
                for t in state.hand(s)
                if ({k.ends[k.open_double]} if k.open_double >= 0 else set(k.ends)) & {t.low, t.high}
            ]
    match = match_at_second_round(too_soon)
    (out / "match_ended_too_soon.json").write_text(json.dumps(match.to_json()))
    expected["game_blocked"] = saved_game(blocked, out / "game_blocked.json")
    expected["game_ended_too_soon"] = saved_game(too_soon, out / "game_ended_too_soon.json")
    expected["rooms"] = asyncio.run(room_database(out / "rooms.sqlite", {"AAAA2222": blocked, "BBBB3333": too_soon}))
    (out / "expected.json").write_text(json.dumps(expected, indent=1) + "\n")
    print(json.dumps(expected, indent=1))


if __name__ == "__main__":
    main()
