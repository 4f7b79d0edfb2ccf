"""The line games against an independent referee (tests/referee/line_referee.py, written from the rule books and
importing none of the engine's rule code or rule data): seeded random matches of every variant, player count and
option set, move by move. The deal must be the book's; after every move the seat to act, the legal moves, the
hands, the stock, the tiles as they lie, the open ends, the count and what each play scored must agree; at each
game's end how it ended, who won and the settlement; across a match who leads the next game, the running scores,
when the match is over and who won it. A few tests give the referee a wrong engine and check that it objects."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from domino_tui.engine import DRAW, Kind, Match, Opening, Tile, get_rules
from domino_tui.engine.rules import Blocked, DrawRule, Scores
from tests.referee.beside import play_beside
from tests.referee.line_referee import (
    BY_LOT,
    FIRST_SEAT,
    HIGHEST_DOUBLE,
    LineReferee,
    book_of,
    match_over,
    match_winner,
    next_lead,
)

FIVES_AND_THREES = get_rules("fivesandthrees")
HOUSE = dataclasses.replace(FIVES_AND_THREES, blocked=Blocked.LIGHTER_TEAM)  # the lighter hand takes a block's go
RULE_SETS = {
    "classic": get_rules("classic"),
    "block": get_rules("block"),
    "allfives": get_rules("allfives"),
    "fivesandthrees": FIVES_AND_THREES,
    "fivesandthrees-3": FIVES_AND_THREES.with_players(3),
    "fivesandthrees-4": FIVES_AND_THREES.with_players(4),
    "fivesandthrees-lighter": HOUSE,
    "fivesandthrees-lighter-3": HOUSE.with_players(3),
    "fivesandthrees-lighter-4": HOUSE.with_players(4),
    "partnership": get_rules("partnership"),
    "partnership9": get_rules("partnership9"),
}
# Match lengths chosen at the table (the settings' target: points where a variant plays to a target, else games).
CHOSEN_LENGTHS = {
    "block to 50": (get_rules("block"), 50, None),
    "partnership to 100": (get_rules("partnership"), 100, None),  # the dominoes library: "usually 100 or 200"
    "classic, 3 games": (get_rules("classic"), None, 3),
}
MATCHES = 150  # per rule set; every match is played to its end or to GAMES_AT_MOST
MATCHES_OF_A_CHOSEN_LENGTH = 60
MATCHES_OF_ONE_GAME = 1500  # classic: a match is one game
GAMES_AT_MOST = 12  # a match stops being followed past this many games (a long All Fives match, say)
TABLE_GAMES = 10  # partnership9's match at the table (the MC102 assignment's is 1,000 games)
WHERE = re.compile(r"seed \d+, game \d+, (dealt|move \d+|at its end)")  # what a disagreement's message must name


def referee_for(game, book) -> LineReferee:
    tiles = game.rules.tiles.tiles
    hands, rest = game.deal
    return LineReferee(book, [[tiles[i] for i in h] for h in hands], [tiles[i] for i in rest], game.opening.seat)


def as_referee_move(move) -> tuple:
    if move.kind is Kind.PLAY:
        return ("play", move.tile, int(move.end))
    return ("draw",) if move == DRAW else ("pass",)


def lying(placed) -> list[tuple[int, int]]:
    return [(p.first, p.second) for p in placed]


def compare(game, ref: LineReferee, where: str) -> None:
    assert game.over == ref.over, f"{where}: over {game.over}, the referee says {ref.over}"
    for s in range(ref.book.players):
        assert sorted(game.hand(s)) == sorted(ref.hands[s]), f"{where}: seat {s}'s hand"
    assert game.stock_size == len(ref.stock), f"{where}: the stock {game.stock_size} v {len(ref.stock)}"
    board = game.board
    assert lying(board.line) == ref.line, f"{where}: the line {lying(board.line)} v {ref.line}"
    assert (lying(board.up), lying(board.down)) == (ref.up, ref.down), f"{where}: the spinner's arms"
    assert board.ends == ref.ends(), f"{where}: the open ends {board.ends} v {ref.ends()}"
    assert board.count() == ref.count(), f"{where}: the count {board.count()} v {ref.count()}"
    played = [e.scored for e in game.history if e.kind is Kind.PLAY]
    assert played == ref.scored, f"{where}: what the plays scored {played} v {ref.scored}"
    assert list(game.team_points()) == ref.team_points(), f"{where}: the game's points"
    if game.over:
        result = game.result
        assert result.reason.value == ref.reason, f"{where}: ended {result.reason.value}, not {ref.reason}"
        assert result.winner == ref.winner, f"{where}: the winner {result.winner} v {ref.winner}"
        assert list(result.points) == ref.points, f"{where}: the settlement {list(result.points)} v {ref.points}"
        assert list(result.pips) == ref.pips, f"{where}: the pips left"
        assert result.out_seat == ref.out_seat, f"{where}: the seat that went out"
        return
    assert game.turn == ref.turn, f"{where}: the seat to act {game.turn} v {ref.turn}"
    engine = {as_referee_move(m) for m in game.legal_moves()}
    assert engine == ref.legal(), f"{where}: legal moves {sorted(map(str, engine))} v {sorted(map(str, ref.legal()))}"


def check_deal(game, book, where: str) -> None:
    """The books' deal: every tile of the set once, ``hand_size`` to each seat, the rest the stock or asleep."""
    tiles = game.rules.tiles.tiles
    hands, rest = game.deal
    assert [len(h) for h in hands] == [book.hand_size] * book.players, f"{where}: the hands dealt"
    dealt = sorted(tiles[i] for i in [*rest, *(i for h in hands for i in h)])
    every = sorted(Tile(low, high) for high in range(book.max_pip + 1) for low in range(high + 1))
    assert dealt == every, f"{where}: the set dealt"


def play_match(
    rules, seed: int, forfeits: bool = False, target: int | None = None, games: int | None = None
) -> tuple[int, int | None]:
    """One match of ``rules`` beside the referee, to ``target`` points or of ``games`` games if given: the games
    played, and who led the first."""
    book = book_of(rules)
    if games is None and book.games and book.games > TABLE_GAMES:
        games = TABLE_GAMES
    match = Match(rules, random.Random(seed), target=target, games=games)
    rng = random.Random(seed + 1)
    totals = [0] * len(book.teams)
    wins = [0] * len(book.teams)
    ref: LineReferee | None = None
    first = match.game.opening.seat
    for index in range(GAMES_AT_MOST):
        game = match.game
        where = f"{rules.name} for {book.players} (blocked: {book.blocked}), seed {seed}, game {index + 1}"
        lead = game.opening.seat
        if ref is None:
            # The first game: the highest double (classic, All Fives, the dominoes library), the first seat (block,
            # our choice), or a seat drawn by lot (gambiter, the MC102 assignment).
            expected = {HIGHEST_DOUBLE: [None], FIRST_SEAT: [0], BY_LOT: range(book.players)}[book.first_lead]
            assert lead in expected, f"{where}, dealt: the first game led by {lead}"
        else:
            assert lead == next_lead(book, ref), f"{where}, dealt: led by {lead}, not {next_lead(book, ref)}"
        check_deal(game, book, f"{where}, dealt")
        ref = referee_for(game, book)
        play_beside(game, ref, rng, where, compare, as_referee_move, 0.01 if forfeits else 0.0)
        totals = [t + p for t, p in zip(totals, ref.team_points(), strict=True)]
        if ref.winner is not None:
            wins[ref.winner] += 1
        assert match.scores == totals, f"{where}, at its end: the match's scores {match.scores} v {totals}"
        over = match_over(book, totals, index + 1, target, games)
        assert match.over == over, f"{where}, at its end: the match is over: {match.over}"
        if over:
            winner = match_winner(book, totals, wins, target, games)
            assert match.winner == winner, f"{where}, at its end: the match won by {match.winner}, not {winner}"
            return index + 1, first
        match.next_game()
    return GAMES_AT_MOST, first


@pytest.mark.slow
@pytest.mark.parametrize("name", RULE_SETS)
def test_random_matches_agree_with_the_referee(name):
    rules = RULE_SETS[name]
    matches = MATCHES_OF_ONE_GAME if rules.single_game else MATCHES
    played = [play_match(rules, 1000 * i + 7, forfeits=i % 8 == 7) for i in range(matches)]
    assert sum(games for games, _ in played) >= matches
    if book_of(rules).first_lead == BY_LOT:
        # gambiter, the MC102 assignment: by lot, so every seat leads a first game sometimes.
        assert {first for _, first in played} == set(range(rules.players))


@pytest.mark.slow
@pytest.mark.parametrize("name", CHOSEN_LENGTHS)
def test_matches_of_a_chosen_length_agree_with_the_referee(name):
    rules, target, games = CHOSEN_LENGTHS[name]
    played = [play_match(rules, 1000 * i + 3, target=target, games=games) for i in range(MATCHES_OF_A_CHOSEN_LENGTH)]
    assert sum(g for g, _ in played) >= MATCHES_OF_A_CHOSEN_LENGTH


def test_the_declared_data_is_the_books():
    """The data a variant declares (the set, the seats, the hand, the sides, the match) is its book's."""
    for name, rules in RULE_SETS.items():
        book = book_of(rules)
        declared = (rules.max_pip, rules.players, rules.hand_size, rules.teams, rules.target)
        assert declared == (book.max_pip, book.players, book.hand_size, book.teams, book.target), name
        assert rules.games == book.games or (rules.games is None and book.target is not None), name


def test_the_referee_refuses_what_no_book_gives():
    with pytest.raises(ValueError, match="blocked Fives and Threes hand"):
        book_of(dataclasses.replace(FIVES_AND_THREES, blocked=Blocked.LIGHTEST_HAND))
    with pytest.raises(ValueError, match="no book seats 3"):
        book_of(dataclasses.replace(get_rules("block"), players=3))
    with pytest.raises(ValueError, match="no book seats"):
        book_of(dataclasses.replace(get_rules("block"), name="sniff"))


def test_the_referee_tells_a_wrong_engine():
    """The comparison is not a formality: a referee told one thing wrong must object."""
    match = Match(get_rules("allfives"), random.Random(3))
    game = match.game
    book = book_of(game.rules)
    ref = referee_for(game, book)
    rng = random.Random(3)
    for _ in range(6):
        move = rng.choice(game.legal_moves())
        game.apply(move)
        ref.apply(as_referee_move(move))
    compare(game, ref, "agreeing")
    for spoil in (
        lambda r: r.fives.__setitem__(0, r.fives[0] + 5),
        lambda r: setattr(r, "turn", 1 - r.turn),
        lambda r: r.hands[0].append(r.stock.pop()),
        lambda r: r.scored.__setitem__(-1, r.scored[-1] + 5),
        lambda r: r.line.__setitem__(0, r.line[0][::-1]),
    ):
        wrong = referee_for(game, book)
        # The highest double's opening play is the deal's, made by the referee itself.
        for move in game.moves[1:] if game.opening.seat is None else game.moves:
            wrong.apply(as_referee_move(move))
        compare(game, wrong, "replayed")
        spoil(wrong)
        with pytest.raises(AssertionError):
            compare(game, wrong, "spoilt")


class Spoilt:
    """An engine's game with some of what it says replaced."""

    def __init__(self, game, **changes) -> None:
        self._game, self._changes = game, changes

    def __getattr__(self, name: str):
        return self._changes[name] if name in self._changes else getattr(self._game, name)


def test_the_referee_objects_to_a_wrong_outcome():
    """A finished game and one in play, each told one thing wrong: the comparison must object to every one."""
    rules = get_rules("partnership")
    book = book_of(rules)
    game = Match(rules, random.Random(11)).game
    ref = referee_for(game, book)
    rng = random.Random(11)
    for _ in range(5):
        move = rng.choice(game.legal_moves())
        game.apply(move)
        ref.apply(as_referee_move(move))
    compare(game, ref, "in play")
    moves = game.legal_moves()
    for wrong in (
        Spoilt(game, legal_moves=lambda: moves[:-1]),
        Spoilt(game, legal_moves=lambda: [*moves, DRAW]),
        Spoilt(game, turn=(game.turn + 2) % 4),
    ):
        with pytest.raises(AssertionError):
            compare(wrong, ref, "spoilt in play")
    while not game.over:
        move = rng.choice(game.legal_moves())
        game.apply(move)
        ref.apply(as_referee_move(move))
    compare(game, ref, "over")
    result = game.result
    for changed in (
        {"points": tuple(p + 1 if p else p for p in result.points) if any(result.points) else (1, 0)},
        {"winner": None if result.winner is not None else 0},
        {"out_seat": None if result.out_seat is not None else 0},
        {"pips": (*result.pips[:-1], result.pips[-1] + 1)},
    ):
        with pytest.raises(AssertionError):
            compare(Spoilt(game, result=dataclasses.replace(result, **changed)), ref, "spoilt result")


def same_leader(rules, result, prev: Opening, leader: int, index: int) -> Opening:
    return Opening(leader)


# Variants declaring one rule wrongly, as the engine would play them: the referee, which reads none of that data,
# must find each within a few matches.
WRONG_VARIANTS = {
    "Fives and Threes with a three worth two": dataclasses.replace(FIVES_AND_THREES, count_scores=((5, 1), (3, 2))),
    "Fives and Threes with no drawing": dataclasses.replace(FIVES_AND_THREES, draw=DrawRule.NONE),
    "All Fives with no spinner": dataclasses.replace(get_rules("allfives"), spinner=False),
    "All Fives unrounded": dataclasses.replace(get_rules("allfives"), scores=Scores.OPPONENTS),
    "block whose blocked game is a draw": dataclasses.replace(get_rules("block"), blocked=Blocked.DRAW),
    "block led by the same seat": dataclasses.replace(get_rules("block"), next_opening=same_leader),
    "partnership scoring the opponents' pips": dataclasses.replace(get_rules("partnership"), scores=Scores.OPPONENTS),
    "partnership9 by the lighter pair": dataclasses.replace(get_rules("partnership9"), blocked=Blocked.LIGHTER_TEAM),
    "classic where one who can play must": dataclasses.replace(get_rules("classic"), must_play=True),
}


@pytest.mark.parametrize("wrong", WRONG_VARIANTS)
def test_a_variant_declaring_a_rule_wrongly_is_caught(wrong):
    rules = WRONG_VARIANTS[wrong]
    for seed in range(20):
        try:
            play_match(rules, seed)
        except AssertionError as disagreement:
            assert WHERE.search(str(disagreement)), f"the message names no seed, game and move: {disagreement}"
            assert rules.name in str(disagreement)
            return
    pytest.fail(f"{wrong}: 20 matches played beside the referee and nothing was found")
