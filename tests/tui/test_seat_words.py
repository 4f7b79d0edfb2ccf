"""Every sentence a table says of a seat reads right whoever sits where: the seat at the table is "You" and takes
"your" and a plural verb ("your train", "You win"), a bot or a person their name with "'s" and a singular verb.
Random seeded games, every seat's view of every position, with the names a room gives (a person, a bot with its
level, you) and the names at one keyboard; no sentence may say "You's" or "You wins"."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence

from domino_tui.engine import (
    MEXICAN_TRAIN,
    VARIANTS,
    GameState,
    Reason,
    TrainMatch,
    TrainPlay,
    get_rules,
    observe_match,
)
from domino_tui.net.heard import RoomInfo, SeatInfo, TrainRoundOver
from domino_tui.tui.move_words import describe as line_move
from domino_tui.tui.move_words import last_action
from domino_tui.tui.online import match_text, result_text, seat_names
from domino_tui.tui.sentence import possessive, verb
from domino_tui.tui.table_options import local_names
from domino_tui.tui.train_room import round_over_line, round_over_text
from domino_tui.tui.train_words import (
    cannot_go,
    describe,
    fits_no_train,
    train_name,
    where_to_play,
    which_train,
)

# "You" followed by what only a third person takes: a possessive or a verb in -s.
WRONG = re.compile(r"\bYou(?:'s| (?:plays|has|draws|wins|goes|is|passes|leads|was|takes)\b)")
OTHERS = ("Ann", "Rosa (Easy)", "Bo", "Cleo (Hard)", "Dee", "Eli (Easy)", "Fay", "Gus (Medium)")


def room_names(players: int, mine: int | None) -> tuple[str, ...]:
    """The names a room's table gives its seats, as `seat_names` makes them from the room's news."""
    seats = tuple(
        SeatInfo(OTHERS[s], "bot" if "(" in OTHERS[s] else "person", None, True, False) for s in range(players)
    )
    info = RoomInfo("ABCD", "playing", {}, 0, seats, 1, 1, (0,) * players)
    return seat_names(info, players, mine)


def every_naming(players: int, variant: str) -> Iterator[tuple[int | None, tuple[str, ...]]]:
    """(the seat viewing, the names it sees): each seat of a room, a spectator, and the names at this keyboard."""
    for mine in [*range(players), None]:
        yield mine, room_names(players, mine)
    for hot_seat in (False, True):
        for mine in range(players):
            yield mine, local_names(variant, players, hot_seat)


def assert_reads_right(text: str) -> None:
    assert not WRONG.search(text), text


def train_sentences(match: TrainMatch, seat: int, names: Sequence[str]) -> Iterator[str]:
    obs = observe_match(match, seat)
    for train in range(obs.rules.trains):
        yield f"It goes on {train_name(obs, names, train)}."
    yield where_to_play(obs, names)
    for ev in obs.history:
        yield describe(ev, obs.rules, names)
    for tile in obs.hand[:3]:
        yield fits_no_train(obs, names, tile)
        fits = [m.train for m in obs.legal if isinstance(m, TrainPlay) and m.tile == tile]
        yield which_train(obs, names, tile, fits or [obs.rules.mexican])
        yield cannot_go(obs, names, tile, obs.seat)
    yield f"Wait: it is {possessive(names[obs.turn])} turn."
    yield f"{names[obs.turn]} {verb(names[obs.turn], 'is', 'are')} thinking…"


def test_mexican_train_words_read_right_for_every_seat() -> None:
    moves = 0
    for seed in range(4):
        rng = random.Random(seed)
        players = 2 + seed * 2
        rules = MEXICAN_TRAIN.with_players(players)
        match = TrainMatch(rules, random.Random(seed))
        namings = list(every_naming(players, rules.name))
        for _ in range(90):
            if match.round.over:
                break
            match.round.apply(rng.choice(match.round.legal_moves()))
            moves += 1
            for mine, names in namings:
                for seat in range(players) if mine is None else (mine,):
                    for text in train_sentences(match, seat, names):
                        assert_reads_right(text)
        for _, names in namings:
            for out in [None, *range(players)]:
                for winners in [(s,) for s in range(players)] + [(0, players - 1)]:
                    points = tuple(range(players))
                    over = TrainRoundOver(1, 1, points, out, points, True, winners)
                    assert_reads_right(round_over_text(over, names, 13))
                    assert_reads_right(round_over_line(over, names))
    assert moves >= 200


def test_your_train_is_yours_when_another_plays_on_it() -> None:
    """Someone plays on the train of the seat viewing: the log says "your train", never the seat's name."""
    rules = MEXICAN_TRAIN.with_players(4)
    for seed in range(30):
        rng = random.Random(seed)
        match = TrainMatch(rules, random.Random(seed))
        while not match.round.over:
            match.round.apply(rng.choice(match.round.legal_moves()))
        for seat in range(4):
            obs = observe_match(match, seat)
            names = room_names(4, seat)
            for ev in obs.history:
                if ev.train is not None and ev.train == seat and ev.seat != seat:
                    assert describe(ev, rules, names).endswith("on your train")
                    return
    raise AssertionError("no seed had a play on another's train")


def test_line_game_words_read_right_for_every_seat() -> None:
    moves = 0
    for variant in sorted(VARIANTS):
        rules = get_rules(variant)
        for seed in range(2):
            rng = random.Random(seed)
            game = GameState.new(rules, random.Random(seed))
            namings = list(every_naming(rules.players, variant))
            while not game.over:
                game.apply(rng.choice(game.legal_moves()))
                moves += 1
            history = game.history
            for _, names in namings:
                for ev in history:
                    assert_reads_right(line_move(ev, names))
                for seat in range(rules.players):
                    assert_reads_right(last_action(history, seat))
                sides = 2 if rules.partnership else rules.players
                for winner in [None, *range(sides)]:
                    for reason in Reason:
                        out = winner if reason is Reason.OUT else None
                        text = result_text(rules, names, reason, winner, out, (5,) * sides)
                        assert_reads_right(text)
                    scores = tuple(range(sides))
                    assert_reads_right(match_text(rules, names, winner, scores, 100))
    assert moves >= 200
