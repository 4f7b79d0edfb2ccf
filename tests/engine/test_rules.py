"""What every rule set shares, from hand-built positions: illegal moves and moves after the end change nothing, counts
that cannot score are refused, the player count is an option, sides are placed by their points. Each variant's
own rules are in tests/engine/test_book_<variant>.py, each case naming its rule book."""

from __future__ import annotations

import dataclasses

import pytest

from domino_tui.engine import (
    DRAW,
    PASS,
    GameOverError,
    IllegalMoveError,
    Move,
    Tile,
    get_rules,
    get_train_rules,
    places_of,
)
from tests.engine.positions import L, U, play, position


def test_a_count_scoring_by_no_positive_divisor_is_refused():

    for bad in (((0, 1),), ((5, -1),), ((2, 1),) * 5):
        with pytest.raises(ValueError, match="positive divisors"):
            _ = dataclasses.replace(get_rules("fivesandthrees"), count_scores=bad).kernel


def test_illegal_moves_change_nothing():
    g = position("block", ["66 56", "55 11"])
    before = g.to_json()
    for bad in (Move.play(Tile(5, 5), L), Move.play(Tile(0, 0), L), DRAW):
        with pytest.raises(IllegalMoveError):
            g.apply(bad)
    assert g.to_json() == before
    play(g, "66")
    with pytest.raises(IllegalMoveError, match="not open"):
        g.apply(Move.play(Tile(1, 1), U))


def test_moves_after_the_end_are_refused():
    g = position("block", ["66", "56"])
    play(g, "66")
    assert g.over and g.legal_moves() == []
    with pytest.raises(GameOverError):
        g.apply(PASS)


def test_the_player_count_is_an_option_of_the_rules() -> None:
    from domino_tui.engine import VARIANTS, ArgumentError

    rules = VARIANTS["fivesandthrees"]
    assert rules.player_counts == (2, 3, 4)
    four = rules.with_players(4)
    assert (four.players, four.hand_size, four.teams, four.partnership) == (4, 5, ((0,), (1,), (2,), (3,)), False)
    assert four.with_players(4) is four and four.with_players(2) is rules and rules.with_players(4) is four
    with pytest.raises(ArgumentError):
        rules.with_players(5)
    with pytest.raises(ArgumentError):
        VARIANTS["block"].with_players(3)


def test_sides_are_placed_by_their_points_the_way_the_rules_count_them() -> None:
    # A line game's points are made, so the most place first; Mexican Train's are the pips left, so the fewest.
    assert not get_rules("fivesandthrees").lowest_wins and get_train_rules("mexicantrain").lowest_wins
    assert places_of((40, 12, 40, 90), lowest_wins=False) == (1, 3, 1, 0)
    assert places_of((40, 12, 40, 90), lowest_wins=True) == (1, 0, 1, 3)  # equal points share a place
    assert places_of((7, 7), lowest_wins=True) == (0, 0)


def test_each_variant_seats_deals_and_plays_to_the_figures_it_is_known_by() -> None:
    # The figures a player knows each variant by, as the README's table of variants lists them: (seats, the set's
    # highest double, tiles each by seats, tiles left undealt, points to win, games a match, games at the table).
    figures = {
        "classic": ((2,), 6, (7,), 14, None, 1, None),
        "block": ((2,), 6, (7,), 14, 100, None, None),
        "allfives": ((2,), 6, (7,), 14, 150, None, None),
        "fivesandthrees": ((2, 3, 4), 6, (7, 5, 5), 14, 61, None, None),
        "partnership": ((4,), 6, (7,), 0, 200, None, None),
        "partnership9": ((4,), 9, (10,), 15, None, 1000, 10),
    }
    for name, (seats, top, hands, aside, target, games, table_games) in figures.items():
        rules = get_rules(name)
        assert rules.player_counts == seats and rules.max_pip == top, name
        assert tuple(rules.with_players(n).hand_size for n in seats) == hands, name
        assert (top + 1) * (top + 2) // 2 - rules.players * rules.hand_size == aside, name
        assert (rules.target, rules.games, rules.table_games) == (target, games, table_games), name
