"""A room with no networking: its log replays it exactly, its options and a client's messages are checked with
words for people, and its codes, tokens and passwords are made and kept as they should be."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterable

import pytest

from domino_tui.engine import VARIANTS
from domino_tui.engine.board import Placed
from domino_tui.net import credentials
from domino_tui.net.protocol import Code, Options, ProtocolError, parse
from domino_tui.net.room import Room, check_options
from domino_tui.net.server import open_storage

from .conftest import start_server
from .tables import play_table


async def test_a_room_rebuilt_from_its_log_is_the_room(room_db) -> None:
    running = await start_server(room_db)
    try:
        await play_table(running.client, "allfives")
        live = running.room()
        await running.server.storage.drain()
        reader = open_storage(room_db)  # a store of its own, as a server started again reads it
        (stored,) = reader.rooms()
        reader.close()
        room = Room(stored.code, stored.seed, Options.from_json(stored.options), stored.password, stored.created)
        for entry in stored.entries:
            room.apply(entry)
        assert (room.seq, room.position, room.status, room.matches) == (live.seq, live.position, live.status, 1)
        assert room.match.to_json() == live.match.to_json()
        room.seats[0].present = True  # who is connected is the only thing not in the log
        assert room.info() == live.info()
        assert all(room.observation(s) == live.observation(s) for s in (None, 0, 1))
    finally:
        for c in running.clients:
            await c.close()
        await running.server.stop()


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"variant": "chess"}, "unknown variant"),
        ({"variant": "block", "bots": "Grandmaster"}, "no bot level 'Grandmaster'"),
        ({"variant": "block", "seats": [None, None, None]}, "block has 2 seats, not 3"),
        ({"variant": "block", "seats": ["Easy", "Easy"]}, "the creator needs a seat"),
        ({"variant": "block", "games": 3}, "played to a target"),
        ({"variant": "partnership9", "target": 50}, "played for a number of games"),
    ],
)
def test_options_that_cannot_make_a_room_say_why(options: dict, says: str) -> None:
    with pytest.raises(ProtocolError, match=says):
        check_options({"type": "create", "v": 1, "name": "Ana", **options}, password=False)


def test_options_fill_in_the_variants_own() -> None:
    options, seat = check_options({"variant": "partnership9", "seats": ["Easy", None, None, None]}, False)
    assert seat == 1 and options.games == 10 and options.target is None and options.bots == "Easy"


@pytest.mark.parametrize(
    ("raw", "code", "says"),
    [
        (b"{}", Code.BAD_MESSAGE, "text frames"),
        ("x" * 5000, Code.TOO_BIG, "4096"),
        ("{", Code.BAD_MESSAGE, "not JSON"),
        ("[]", Code.BAD_MESSAGE, "not a JSON object"),
        ('{"type": 1}', Code.BAD_MESSAGE, "unknown message type"),
        ('{"type": "join", "v": 1, "room": "A"}', Code.BAD_MESSAGE, "needs 'name'"),
        ('{"type": "join", "v": 2, "room": "A", "name": "x"}', Code.VERSION, "version 1"),
        ('{"type": "join", "v": 1, "room": "A", "name": " x"}', Code.BAD_MESSAGE, "neither starts"),
        ('{"type": "join", "v": 1, "room": "A", "name": "' + "n" * 25 + '"}', Code.BAD_MESSAGE, "1 to 24"),
        ('{"type": "join", "v": 1, "room": "A", "name": "x\\u0007"}', Code.BAD_MESSAGE, "printable"),
        ('{"type": "join", "v": 1, "room": "A", "name": "x", "admin": true}', Code.BAD_MESSAGE, "no field 'admin'"),
        ('{"type": "move", "position": -1, "move": []}', Code.BAD_MESSAGE, "whole number from 0"),
        ('{"type": "move", "position": true, "move": []}', Code.BAD_MESSAGE, "whole number from 0"),
        ('{"type": "move", "position": 1, "move": "pass"}', Code.BAD_MESSAGE, '["draw"]'),
        ('{"type": "swap", "seats": [1]}', Code.BAD_MESSAGE, "a list of two seats"),
        ('{"type": "swap", "seats": [1, -2]}', Code.BAD_MESSAGE, "a list of two seats"),
        ('{"type": "sit", "seat": "2"}', Code.BAD_MESSAGE, "whole number from 0"),
        ('{"type": "create", "v": 1, "name": "x", "variant": "block", "clock": "5"}', Code.BAD_MESSAGE, "seconds"),
        ('{"type": "create", "v": 1, "name": "x", "variant": "block", "seats": [1]}', Code.BAD_MESSAGE, "level"),
    ],
)
def test_a_client_message_is_read_strictly(raw, code: Code, says: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse(raw)
    assert refused.value.code is code and says in refused.value.message


def test_well_formed_messages_are_read() -> None:
    msg = parse(json.dumps({"type": "move", "position": 3, "move": ["play", [1, 2], 0]}))
    assert msg["move"] == ["play", [1, 2], 0]
    assert parse('{"type": "join", "v": 1, "room": "k7qm-3xpa", "name": "Ana", "password": null}')["name"] == "Ana"


def test_codes_tokens_and_passwords() -> None:
    codes = {credentials.new_room_code() for _ in range(1000)}
    assert len(codes) == 1000 and all(len(c) == 8 and set(c) <= set(credentials.ALPHABET) for c in codes)
    assert not set("01ILO") & set(credentials.ALPHABET)
    token = credentials.new_token()
    assert credentials.same_token(token, credentials.token_hash(token))
    assert not credentials.same_token(token + "x", credentials.token_hash(token))
    stored = credentials.hash_password("open sesame")
    assert "open sesame" not in stored and stored != credentials.hash_password("open sesame")  # salted
    assert credentials.check_password("open sesame", stored)
    assert not credentials.check_password("open sesam", stored)
    assert not credentials.check_password("open sesame", "garbage")


def test_a_move_costs_the_same_however_many_games_the_match_has_behind_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat's observation carries the scores of the games before the one in play: worked out once a game,
    not for every seat on every move (a match to a high target has hundreds of games behind it)."""
    from domino_tui.engine import Match

    options, _ = check_options({"type": "create", "variant": "partnership", "target": 10_000}, False)
    room = Room("ABCDEF", 7, options, None, 0.0)
    for seat in range(4):
        room.apply({"e": "seat", "seat": seat, "kind": "person", "name": f"P{seat}", "creator": seat == 0})
    room.apply({"e": "start"})
    worked_out: list[int] = []
    scores_before = Match.scores_before
    monkeypatch.setattr(Match, "scores_before", lambda m, i: worked_out.append(i) or scores_before(m, i))
    games = moves = 0
    while games < 4:
        if room.status.value == "between":
            room.apply({"e": "next"})
            games += 1
            continue
        seat = room.to_act()
        assert seat is not None
        seen = [room.observation(s) for s in range(4)]
        legal = seen[seat]["obs"]["legal"]  # type: ignore[index]  # an obs message
        room.apply({"e": "move", "move": room.check_move(seat, room.position, legal[0]), "by": "person"})
        moves += 1
    assert moves > 4 * 4
    # Once a game for the observations, and as each game ends (whether the match is over, before the next deal).
    assert len(worked_out) <= 3 * (games + 1)


def test_every_seats_observation_of_a_move_is_its_own_though_they_share_the_table() -> None:
    """The seats' observations of one move share what is every seat's alike; each is still exactly what the
    engine makes of that seat's view, through game ends, next games and a move taken back."""
    from domino_tui.engine import observation_to_json

    options, _ = check_options({"type": "create", "variant": "partnership", "target": 300}, False)
    room = Room("ABCDEF", 11, options, None, 0.0)
    for seat in range(4):
        room.apply({"e": "seat", "seat": seat, "kind": "person", "name": f"P{seat}", "creator": seat == 0})
    room.apply({"e": "start"})
    played = room.match
    assert played is not None
    rewound = False
    for _ in range(120):
        if room.status.value == "between":
            room.apply({"e": "next"})
            continue
        for seat in (2, 0, 3, 1):
            assert played.observation(seat) == observation_to_json(played.observe(seat))  # type: ignore[arg-type]
        seat = room.to_act()
        assert seat is not None
        point = played.undo_point(seat)
        if not rewound and point is not None:
            played.rewind(point)
            rewound = True
            continue
        legal = played.observation(seat)["legal"]
        room.apply({"e": "move", "move": room.check_move(seat, room.position, legal[0]), "by": "person"})  # type: ignore[index]
    assert rewound and room.game_number > 1


@pytest.mark.parametrize("variant", ["partnership", "mexicantrain"])
def test_an_observation_sent_as_text_is_the_observation(variant: str) -> None:
    """The text a seat is sent (what every seat shares encoded once a move) is its observation's, byte for byte."""
    options, _ = check_options({"type": "create", "variant": variant, "players": 4}, False)
    room = Room("ABCDEF", 5, options, None, 0.0)
    room.apply({"e": "seat", "seat": 0, "kind": "person", "name": "Ann", "creator": True})
    room.apply({"e": "start"})  # the other seats bots: Ann alone may take moves back
    can_undo = 0
    for _ in range(40):
        if room.status.value != "playing":
            break
        for seat in (3, 1, 0, 2):
            for undo in (False, True):
                message = room.observation(seat, undo)
                assert room.observation_text(seat, undo) == json.dumps(message, separators=(",", ":"))
            can_undo += "can_undo" in (room.observation(0, True) or {})
        seat = room.to_act()
        assert seat is not None
        legal = room.observation(seat)["obs"]["legal"]  # type: ignore[index]
        room.apply({"e": "move", "move": room.check_move(seat, room.position, legal[0]), "by": "person"})
    assert can_undo


def test_each_event_of_a_games_history_is_encoded_once_for_every_seats_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move's observations cost no more late in a game than early: the history's events already encoded are not
    encoded again, nor the hands a move did not change. The text stays the observation's, byte for byte, across a
    move taken back and the next game."""
    from domino_tui.engine import GameState
    from domino_tui.games import line

    encoded: list[object] = []
    event_text = line._event_text
    monkeypatch.setattr(line, "_event_text", lambda event: encoded.append(event) or event_text(event))
    hands: list[int] = []  # the hands taken from the game, for the observations' texts
    hand = GameState.hand
    monkeypatch.setattr(GameState, "hand", lambda game, seat: hands.append(seat) or hand(game, seat))
    options, _ = check_options({"type": "create", "variant": "partnership", "target": 1000}, False)
    room = Room("ABCDEF", 11, options, None, 0.0)
    room.apply({"e": "seat", "seat": 0, "kind": "person", "name": "Ann", "creator": True})
    room.apply({"e": "start"})
    played = room.match
    assert played is not None
    rewound = just_rewound = False
    seen = None
    while room.game_number < 3:
        if room.status.value == "between":
            room.apply({"e": "next"})
        if room.game_number == 2 and not rewound and (point := played.undo_point(0)) is not None and point > 4:
            room.apply({"e": "undo", "to": point})
            rewound = just_rewound = True
        encoded.clear()
        hands.clear()
        texts = [room.observation_text(each) for each in range(4)]
        game = played.match.game  # type: ignore[attr-defined]  # a line game's
        # Every hand written for a game new or taken back; after a move only the mover's (and the table's own).
        assert len(hands) <= (5 if game is not seen else 2)
        seen = game
        assert texts == [json.dumps(room.observation(each), separators=(",", ":")) for each in range(4)]
        if just_rewound:  # a game taken back is a new one: its history is encoded again, once
            assert len(encoded) == len(played.match.game.history)  # type: ignore[attr-defined]  # a line game's
            just_rewound = False
        else:  # the events the last move added: its own, and the passes forced after it
            assert len(encoded) <= 4
        seat = room.to_act()
        if seat is None:
            continue
        legal = room.observation(seat)["obs"]["legal"]  # type: ignore[index]
        room.apply({"e": "move", "move": room.check_move(seat, room.position, legal[-1]), "by": "person"})
    assert rewound


def test_a_train_games_observations_of_a_move_are_built_once_for_every_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mexican Train's seats share the text of what they all see, as the line games' do: one observation built and
    encoded a move, not one a seat; each seat's text is still its observation's, byte for byte, from round to
    round and after a move taken back."""
    from domino_tui.games import train

    built: list[object] = []
    to_json = train.train_observation_to_json
    monkeypatch.setattr(train, "train_observation_to_json", lambda obs: built.append(obs) or to_json(obs))
    options, _ = check_options({"type": "create", "variant": "mexicantrain", "players": 4, "games": 2}, False)
    room = Room("ABCDEF", 7, options, None, 0.0)
    room.apply({"e": "seat", "seat": 0, "kind": "person", "name": "Ann", "creator": True})
    room.apply({"e": "start"})
    played = room.match
    assert played is not None
    rewound = False
    while room.status.value != "over":
        if room.status.value == "between":
            room.apply({"e": "next"})
        if not rewound and (point := played.undo_point(0)) is not None and point > 4:
            room.apply({"e": "undo", "to": point})
            rewound = True
        built.clear()
        texts = [room.observation_text(seat) for seat in range(4)]
        assert len(built) == 1
        assert texts == [json.dumps(room.observation(seat), separators=(",", ":")) for seat in range(4)]
        seat = room.to_act()
        if seat is None:
            continue
        legal = room.observation(seat)["obs"]["legal"]  # type: ignore[index]
        room.apply({"e": "move", "move": room.check_move(seat, room.position, legal[-1]), "by": "person"})
    assert rewound and room.game_number == 2


def test_a_checked_move_is_read_once_and_a_stored_one_as_ever(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move checked and then applied is not read from its JSON a second time; a move from the log is read."""
    from domino_tui.games.line import LineMatch

    options, _ = check_options({"type": "create", "variant": "partnership"}, False)
    room, again = (Room("ABCDEF", 3, options, None, 0.0) for _ in range(2))
    for r in (room, again):
        r.apply({"e": "seat", "seat": 0, "kind": "person", "name": "Ann", "creator": True})
        r.apply({"e": "start"})
    reads: list[object] = []
    read_move = LineMatch.read_move
    monkeypatch.setattr(LineMatch, "read_move", lambda m, raw: reads.append(raw) or read_move(m, raw))
    seat = room.to_act()
    assert seat is not None
    legal = room.observation(seat)["obs"]["legal"]  # type: ignore[index]
    entry = {"e": "move", "move": room.check_move(seat, room.position, legal[0]), "by": "person"}
    room.apply(entry)
    assert len(reads) == 1
    again.apply(json.loads(json.dumps(entry)))  # as a restarted server reads its log
    assert len(reads) == 2 and again.observation(seat) == room.observation(seat)


def test_a_server_collects_its_garbage_less_often_and_never_scans_what_its_start_made() -> None:
    import gc

    from domino_tui.net import server

    thresholds = gc.get_threshold()
    try:
        server.collect_less()
        assert gc.get_threshold() == server.COLLECT_AFTER and gc.get_threshold()[0] >= 50 * 700  # Python's: 700
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)


def _line_tables() -> list[tuple[str, int, dict[str, object]]]:
    """Every line variant at every number of players it is played by, for several games (played for a number of
    games, or to a target)."""
    tables = []
    for variant in VARIANTS:
        for players in (2, 3, 4):
            for length in ({"games": 5}, {"target": 500}):
                with contextlib.suppress(ProtocolError):
                    check_options({"type": "create", "variant": variant, "players": players, **length}, False)
                    tables.append((variant, players, length))
    return tables


@pytest.mark.parametrize(("variant", "players", "length"), _line_tables())
def test_a_line_games_text_is_its_observation_in_every_variant(
    variant: str, players: int, length: dict[str, object]
) -> None:
    """The text every seat shares is written from the game, not encoded from its observation: it is still the
    observation's encoding byte for byte, whatever the table holds (a spinner's arms, a stock, sleeping tiles),
    game after game."""
    create = {"type": "create", "variant": variant, "players": players, **length}
    options, _ = check_options(create, False)
    room = Room("ABCDEF", 7, options, None, 0.0)
    room.apply({"e": "seat", "seat": 0, "kind": "person", "name": "Ann", "creator": True})
    room.apply({"e": "start"})
    choose = random.Random(3)
    games = set()
    for _ in range(300):
        if room.status.value == "between":
            room.apply({"e": "next"})
        if room.status.value != "playing":
            break
        games.add(room.game_number)
        for seat in range(players):
            assert room.observation_text(seat) == json.dumps(room.observation(seat), separators=(",", ":"))
        seat = room.to_act()
        assert seat is not None
        legal = room.observation(seat)["obs"]["legal"]  # type: ignore[index]
        move = room.check_move(seat, room.position, choose.choice(legal))
        room.apply({"e": "move", "move": move, "by": "person"})
    assert len(games) > 1


def test_a_line_games_text_is_written_without_building_an_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The observations sent as text are written from the game: no Observation is built for them (it copied the
    board and listed the legal moves of the seat it was built for), nor encoded as a whole."""
    from domino_tui.games import line

    options, _ = check_options({"type": "create", "variant": "partnership", "players": 4}, False)
    room = Room("ABCDEF", 5, options, None, 0.0)
    room.apply({"e": "seat", "seat": 0, "kind": "person", "name": "Ann", "creator": True})
    room.apply({"e": "start"})
    built: list[int] = []
    monkeypatch.setattr(line, "observe", lambda *args: built.append(1))
    monkeypatch.setattr(line, "observation_to_json", lambda *args: built.append(1))
    for _ in range(10):
        texts = [room.observation_text(seat) for seat in range(4)]
        seat = room.to_act()
        assert seat is not None
        legal = json.loads(texts[seat])["obs"]["legal"]
        room.apply({"e": "move", "move": room.check_move(seat, room.position, legal[0]), "by": "person"})
    assert built == []


def test_each_tile_of_the_line_is_written_once_for_every_seats_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A move adds a tile at one end of the line: the text every seat shares writes that tile, not the whole line
    again (the text stays the observation's, byte for byte, as the test of every variant shows)."""
    from domino_tui.games import line

    written: list[int] = []
    placed_text = line._placed_text

    def counted(tiles: Iterable[Placed]) -> str:
        tiles = list(tiles)
        written.append(len(tiles))
        return placed_text(tiles)

    monkeypatch.setattr(line, "_placed_text", counted)
    options, _ = check_options({"type": "create", "variant": "partnership", "players": 4}, False)
    room = Room("ABCDEF", 5, options, None, 0.0)
    room.apply({"e": "seat", "seat": 0, "kind": "person", "name": "Ann", "creator": True})
    room.apply({"e": "start"})
    assert room.match is not None
    for _ in range(16):
        texts = [room.observation_text(seat) for seat in range(4)]
        seat = room.to_act()
        assert seat is not None
        legal = json.loads(texts[seat])["obs"]["legal"]
        room.apply({"e": "move", "move": room.check_move(seat, room.position, legal[0]), "by": "person"})
    [room.observation_text(seat) for seat in range(4)]
    game = room.match.match.game  # type: ignore[attr-defined]  # a line game's
    assert not game.over and len(game.board.line) > 8
    assert sum(written) == len(game.board.line)  # the arms of a spinner: none in partnership


def test_a_line_games_texts_of_a_move_encode_nothing_as_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """The legal moves and the history's new events are written as text too: each json encoding sets an encoder up,
    which cost more than writing the few numbers of a move or an event."""
    from domino_tui.games import line

    options, _ = check_options({"type": "create", "variant": "allfives", "players": 2, "target": 500}, False)
    room = Room("ABCDEF", 5, options, None, 0.0)
    room.apply({"e": "seat", "seat": 0, "kind": "person", "name": "Ann", "creator": True})
    room.apply({"e": "start"})
    encoded: list[object] = []
    compact = line._compact
    monkeypatch.setattr(line, "_compact", lambda value: encoded.append(value) or compact(value))
    for _ in range(12):
        texts = [room.observation_text(seat) for seat in range(2)]
        seat = room.to_act()
        assert seat is not None
        legal = json.loads(texts[seat])["obs"]["legal"]
        room.apply({"e": "move", "move": room.check_move(seat, room.position, legal[-1]), "by": "person"})
    assert encoded == []
