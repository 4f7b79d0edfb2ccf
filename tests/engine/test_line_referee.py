"""The line games against an independent referee (tests/referee/line_referee.py, written from the rule books and
importing none of the engine's rule code): seeded random matches of every variant, player count and option set,
move by move. After every move the seat to act, the legal moves, the hands, the stock, the open ends, the count and
what each play scored must agree; at each game's end how it ended, who won and the settlement; across a match who
leads the next game, the running scores and when the match is over."""

from __future__ import annotations

import dataclasses
import random

import pytest

from domino_tui.engine import DRAW, Kind, Match, get_rules
from domino_tui.engine.rules import Blocked
from tests.referee.beside import play_beside
from tests.referee.line_referee import LineReferee, next_lead

FIVES_AND_THREES = get_rules("fivesandthrees")
RULE_SETS = {
    "classic": get_rules("classic"),
    "block": get_rules("block"),
    "allfives": get_rules("allfives"),
    "fivesandthrees": FIVES_AND_THREES,
    "fivesandthrees-3": FIVES_AND_THREES.with_players(3),
    "fivesandthrees-4": FIVES_AND_THREES.with_players(4),
    # The house rule: the lighter hand takes a blocked hand's point.
    "fivesandthrees-lighter": dataclasses.replace(FIVES_AND_THREES, blocked=Blocked.LIGHTER_TEAM),
    "fivesandthrees-lighter-4": dataclasses.replace(FIVES_AND_THREES, blocked=Blocked.LIGHTER_TEAM).with_players(4),
    "partnership": get_rules("partnership"),
    "partnership9": get_rules("partnership9"),
}
MATCHES = 150  # per rule set; every match is played to its end (partnership9: 10 games a match)
MATCHES_OF_ONE_GAME = 1500  # classic: a match is one game
GAMES_AT_MOST = 12  # a match stops being followed past this many games (a long All Fives match, say)


def referee_for(game, lead: int | None) -> LineReferee:
    tiles = game.rules.tiles.tiles
    hands, rest = game.deal
    return LineReferee(game.rules, [[tiles[i] for i in h] for h in hands], [tiles[i] for i in rest], lead)


def as_referee_move(move) -> tuple:
    if move.kind is Kind.PLAY:
        return ("play", move.tile, int(move.end))
    return ("draw",) if move == DRAW else ("pass",)


def compare(game, ref: LineReferee, where: str) -> None:
    assert game.over == ref.over, f"{where}: over {game.over}, the referee says {ref.over}"
    for s in range(game.rules.players):
        assert sorted(game.hand(s)) == sorted(ref.hands[s]), f"{where}: seat {s}'s hand"
    assert game.stock_size == len(ref.stock), f"{where}: the stock"
    assert game.board.ends == ref.ends(), f"{where}: the open ends {game.board.ends} v {ref.ends()}"
    assert game.board.count() == ref.count(), f"{where}: the count {game.board.count()} v {ref.count()}"
    played = [e.scored for e in game.history if e.kind is Kind.PLAY]
    assert played == ref.scored, f"{where}: what the plays scored"
    assert list(game.team_points()) == ref.team_points(), f"{where}: the game's points"
    if game.over:
        result = game.result
        assert result.reason.value == ref.reason, f"{where}: ended {result.reason.value}, not {ref.reason}"
        assert result.winner == ref.winner, f"{where}: the winner"
        assert list(result.points) == ref.points, f"{where}: the settlement"
        assert list(result.pips) == ref.pips, f"{where}: the pips left"
        assert result.out_seat == ref.out_seat, f"{where}: the seat that went out"
        return
    assert game.turn == ref.turn, f"{where}: the seat to act"
    engine = {as_referee_move(m) for m in game.legal_moves()}
    assert engine == ref.legal(), f"{where}: legal moves {sorted(map(str, engine))} v {sorted(map(str, ref.legal()))}"


def play_match(rules, seed: int, forfeits: bool) -> int:
    """One match of ``rules`` beside the referee; the games played."""
    games = 10 if rules.games and rules.games > 10 else None
    match = Match(rules, random.Random(seed), games=games)
    rng = random.Random(seed + 1)
    totals = [0] * len(rules.teams)
    ref: LineReferee | None = None
    for index in range(GAMES_AT_MOST):
        game = match.game
        where = f"{rules.name} for {rules.players}, blocked {rules.blocked.name}, seed {seed}, game {index + 1}"
        lead = game.opening.seat
        if ref is None:
            # The first game's lead: the highest double (classic, All Fives, partnership), seat 0 (block), or a
            # seat drawn at random (Fives and Threes, the MC102 judge: by lot).
            assert lead is None or 0 <= lead < rules.players
        else:
            assert lead == next_lead(rules, ref, index - 1), f"{where}: led by {lead}"
        ref = referee_for(game, lead)
        play_beside(game, ref, rng, where, compare, as_referee_move, 0.01 if forfeits else 0.0)
        totals = [t + p for t, p in zip(totals, ref.team_points(), strict=True)]
        assert match.scores == totals, f"{where}: the match's scores"
        target = match.target
        if target is not None:
            # The block books, gambiter: the first side to the target at the end of a game, ahead of the others.
            ends = max(totals) >= target and totals.count(max(totals)) == 1
        else:
            ends = index + 1 >= match.max_games
        assert match.over == ends, f"{where}: the match is over: {match.over}"
        if match.over:
            return index + 1
        match.next_game()
    return GAMES_AT_MOST


@pytest.mark.slow
@pytest.mark.parametrize("name", RULE_SETS)
def test_random_matches_agree_with_the_referee(name):
    rules = RULE_SETS[name]
    matches = MATCHES_OF_ONE_GAME if rules.single_game else MATCHES
    games = sum(play_match(rules, 1000 * i + 7, forfeits=i % 8 == 7) for i in range(matches))
    assert games >= matches


def test_the_referee_tells_a_wrong_engine():
    """The comparison is not a formality: a referee told one thing wrong must object."""
    match = Match(get_rules("allfives"), random.Random(3))
    game = match.game
    ref = referee_for(game, game.opening.seat)
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
    ):
        wrong = referee_for(game, game.opening.seat)
        # The highest double's opening play is the deal's, made by the referee itself.
        for move in game.moves[1:] if game.opening.seat is None else game.moves:
            wrong.apply(as_referee_move(move))
        compare(game, wrong, "replayed")
        spoil(wrong)
        with pytest.raises(AssertionError):
            compare(game, wrong, "spoilt")
